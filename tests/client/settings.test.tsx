// The Settings screen against a real API server and real accounts: every validation rule of the
// settings forms stops Save Changes before anything is sent (fetch is watched, not replaced) and nothing
// changes on the server; server refusals show their reason; the SMTP password is never shown; a
// role-user account sees only its own three tabs.
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '@client/features/admin/settings/SettingsPage';
import { verifyPassword } from '@server/identity/password';
import {
  DEFAULT_EMAIL_SETTINGS,
  DEFAULT_SYSTEM_SETTINGS,
  saveBackupStatus,
  getEmailSettings,
  getSystemSettings,
  saveEmailSettings,
} from '@server/settings/settings.repository';
import { findUserById } from '@server/identity/users.repository';
import { createAccount, TEST_PASSWORD, type TestAccount } from '@tests/support/helpers';
import { startSmtpServer } from '@tests/support/smtp';
import { fill, renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;
let member: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin', { name: 'Ada Admin', email: 'ada@example.com' });
  member = await createAccount(server.env.db, 'user', { name: 'Uma User', email: 'uma@example.com' });
});

beforeEach(async () => {
  await server.env.db.deleteFrom('settings').execute();
});

afterEach(() => {
  // Toasts live in a module-level store: without this, earlier tests' toasts queue up later ones.
  notifications.clean();
});

/** Watches (does not replace) fetch and counts the calls that carry `procedure`. */
function watchCalls(procedure: string): () => number {
  const spy = vi.spyOn(globalThis, 'fetch');
  return () => spy.mock.calls.filter(([url]) => String(url instanceof Request ? url.url : url).includes(procedure)).length;
}

let queryClient: QueryClient;

async function renderSettings(account: TestAccount = admin) {
  const user = userEvent.setup();
  ({ queryClient } = renderWithProviders(<SettingsPage />, { baseUrl: server.baseUrl, sessionToken: account.token }));
  await screen.findByRole('tab', { name: 'Profile' });
  return user;
}

/** Opens a tab and returns its (visible) panel. */
async function openTab(user: ReturnType<typeof userEvent.setup>, name: string): Promise<HTMLElement> {
  await user.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}

/**
 * A refused form started no save at all: the query client holds no mutation (a form calls mutate
 * only when its checks pass, and the mutation is recorded at once, before any request), and fetch
 * never carried the procedure. Nothing to wait for: there is no request in flight.
 */
function expectNothingSent(calls: () => number): void {
  expect(queryClient.getMutationCache().getAll()).toEqual([]);
  expect(calls()).toBe(0);
}

describe('the page', () => {
  it('shows the title, the subtitle and all nine tabs for an admin', async () => {
    await renderSettings();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByText('Manage your admin account and system configuration')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Security',
      'Notifications',
      'System',
      'Site',
      'Email',
      'Email Log',
      'Single Sign-On',
      'Users',
      'Integrations',
    ]);
  });

  it('shows a role-user account only Profile, Security and Notifications', async () => {
    await renderSettings(member);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Security', 'Notifications']);
    expect(screen.queryByRole('tab', { name: 'System' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('SMTP Host')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Site Name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toHaveValue('User');
  });
});

describe('Profile', () => {
  it('refuses a blank name and a bad e-mail without sending anything', async () => {
    const user = await renderSettings();
    const panel = screen.getByRole('tabpanel');
    const calls = watchCalls('settings.updateProfile');
    await fill(user, within(panel).getByLabelText(/Full Name/), '   ');
    await fill(user, within(panel).getByLabelText(/Email Address/), 'not-an-email');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Name is required')).toBeInTheDocument();
    expect(within(panel).getByText('Valid email address is required')).toBeInTheDocument();
    expectNothingSent(calls);
    expect(screen.queryByText(/Failed to save profile settings/)).not.toBeInTheDocument();
    const stored = await findUserById(server.env.db, admin.user.id);
    expect([stored?.name, stored?.email]).toEqual(['Ada Admin', 'ada@example.com']);
  });

  it('saves the name and shows the role read-only', async () => {
    const user = await renderSettings();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByLabelText('Role')).toHaveValue('Administrator');
    expect(within(panel).getByLabelText('Role')).toHaveAttribute('readonly');
    expect(within(panel).getByText('JPG, GIF or PNG. 1MB max.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Change Avatar' })).toBeInTheDocument();

    const calls = watchCalls('settings.updateProfile');
    await fill(user, within(panel).getByLabelText(/Full Name/), 'Ada Lovelace');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile settings saved')).toBeInTheDocument();
    // The two checks the refusal tests rely on do see a save.
    expect(calls()).toBe(1);
    expect(queryClient.getMutationCache().getAll()).toHaveLength(1);
    expect((await findUserById(server.env.db, admin.user.id))?.name).toBe('Ada Lovelace');
    await server.env.db.updateTable('users').set({ name: 'Ada Admin' }).where('id', '=', admin.user.id).execute();
  });

  it('asks for the current password when the e-mail changes, and says when it is wrong', async () => {
    const user = await renderSettings();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).queryByLabelText(/Current Password/)).not.toBeInTheDocument();
    await fill(user, within(panel).getByLabelText(/Email Address/), 'ada.new@example.com');
    const password = within(panel).getByLabelText(/Current Password/);
    expect(password).toHaveAccessibleDescription(
      'Your e-mail address is how you sign in: confirm the change with your password. ada@example.com will be told.',
    );
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByText('Enter your current password to change your sign-in e-mail.')).toBeInTheDocument();
    await fill(user, password, 'not-the-password');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByText('Current password is incorrect.')).toBeInTheDocument();
    expect((await findUserById(server.env.db, admin.user.id))?.email).toBe('ada@example.com');
  });

  it("shows the server's reason when the e-mail belongs to another account", async () => {
    const user = await renderSettings();
    const panel = screen.getByRole('tabpanel');
    await fill(user, within(panel).getByLabelText(/Email Address/), 'uma@example.com');
    await fill(user, within(panel).getByLabelText(/Current Password/), TEST_PASSWORD);
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Failed to save profile settings: An account with this email already exists.'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('An account with this email already exists.')).toBeInTheDocument();
  });
});

describe('Security', () => {
  it('refuses a new password without the current one, a mismatch and a short one, sending nothing', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Security');
    const calls = watchCalls('settings.updateSecurity');
    await fill(user, within(panel).getByLabelText('New Password'), 'short');
    await fill(user, within(panel).getByLabelText('Confirm New Password'), 'different');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Current password is required to set a new password')).toBeInTheDocument();
    expect(within(panel).getByText('New passwords do not match')).toBeInTheDocument();
    expect(within(panel).getByText('New password must be at least 8 characters long')).toBeInTheDocument();
    expectNothingSent(calls);
    const stored = await findUserById(server.env.db, admin.user.id);
    expect(await verifyPassword(stored?.passwordHash ?? '', admin.password)).toBe(true);
  });

  it.each(['10', '481', ''])('refuses a session timeout of "%s" minutes', async (value) => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Security');
    const calls = watchCalls('settings.updateSecurity');
    await fill(user, within(panel).getByLabelText('Session Timeout (minutes)'), value);
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Session timeout must be between 15 and 480 minutes')).toBeInTheDocument();
    expectNothingSent(calls);
    expect((await findUserById(server.env.db, admin.user.id))?.sessionTimeoutMinutes).toBe(60);
  });

  it("shows the server's 'Current password is incorrect.' under the field and keeps the password", async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Security');
    await fill(user, within(panel).getByLabelText('Current Password'), 'wrong-password');
    await fill(user, within(panel).getByLabelText('New Password'), 'a-new-password-1');
    await fill(user, within(panel).getByLabelText('Confirm New Password'), 'a-new-password-1');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(await screen.findByText('Failed to save security settings: Current password is incorrect.')).toBeInTheDocument();
    const stored = await findUserById(server.env.db, admin.user.id);
    expect(await verifyPassword(stored?.passwordHash ?? '', admin.password)).toBe(true);
  });

  it('changes the password and the timeout, then clears the three password fields', async () => {
    const account = await createAccount(server.env.db, 'user');
    const user = await renderSettings(account);
    const panel = await openTab(user, 'Security');
    await fill(user, within(panel).getByLabelText('Current Password'), account.password);
    await fill(user, within(panel).getByLabelText('New Password'), 'a-new-password-1');
    await fill(user, within(panel).getByLabelText('Confirm New Password'), 'a-new-password-1');
    await fill(user, within(panel).getByLabelText('Session Timeout (minutes)'), '120');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Security settings saved')).toBeInTheDocument();
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(within(panel).getByLabelText(label)).toHaveValue('');
    }
    const stored = await findUserById(server.env.db, account.user.id);
    expect(await verifyPassword(stored?.passwordHash ?? '', 'a-new-password-1')).toBe(true);
    expect(stored?.sessionTimeoutMinutes).toBe(120);
  });
});

describe('Notifications', () => {
  it('disables the four topics while e-mail notifications are off and saves them as they are', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Notifications');
    // A switch's name includes its description (Mantine's label wraps both), hence the prefixes.
    const topics = [/^New Bookings/, /^New Contact Messages/, /^System Alerts/, /^Weekly Reports/];
    for (const name of topics) expect(within(panel).getByRole('switch', { name })).toBeEnabled();
    await user.click(within(panel).getByRole('switch', { name: /^Weekly Reports/ }));
    await user.click(within(panel).getByRole('switch', { name: /^Enable Email Notifications/ }));
    for (const name of topics) expect(within(panel).getByRole('switch', { name })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    const stored = await findUserById(server.env.db, admin.user.id);
    expect(stored).toMatchObject({
      notifyEmail: 0,
      notifyNewBookings: 1,
      notifyNewContacts: 1,
      notifySystemAlerts: 1,
      notifyWeeklyReports: 1,
    });
  });
});

describe('System', () => {
  it('refuses a blank site name without sending anything', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'System');
    const calls = watchCalls('settings.updateSystem');
    await fill(user, within(panel).getByLabelText(/Site Name/), '');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Site name is required')).toBeInTheDocument();
    expectNothingSent(calls);
    expect(await getSystemSettings(server.env.db)).toEqual(DEFAULT_SYSTEM_SETTINGS);
  });

  it.each(['0', '101', ''])('refuses a maximum upload size of "%s" MB', async (value) => {
    const user = await renderSettings();
    const panel = await openTab(user, 'System');
    const calls = watchCalls('settings.updateSystem');
    await fill(user, within(panel).getByLabelText('Maximum File Upload Size (MB)'), value);
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Max file size must be between 1 and 100 MB')).toBeInTheDocument();
    expectNothingSent(calls);
    expect((await getSystemSettings(server.env.db)).maxFileSize).toBe(10);
  });

  it('saves the site name, timezone and switches', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'System');
    expect(within(panel).getByText('Temporarily disables public access')).toBeInTheDocument();
    await fill(user, within(panel).getByLabelText(/Site Name/), 'Atlas Expansion Partners');
    // Every IANA zone, found by typing part of its name.
    await fill(user, within(panel).getByRole('combobox', { name: 'Timezone' }), 'los ang');
    await user.click(await screen.findByRole('option', { name: /^America\/Los Angeles \(GMT-[78]\)$/ }));
    await user.click(within(panel).getByRole('switch', { name: /^Maintenance Mode/ }));
    await fill(user, within(panel).getByLabelText('Maximum File Upload Size (MB)'), '25');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('System settings saved')).toBeInTheDocument();
    expect(await getSystemSettings(server.env.db)).toMatchObject({
      siteName: 'Atlas Expansion Partners',
      timezone: 'America/Los_Angeles',
      maintenanceMode: true,
      maxFileSize: 25,
    });
  });

  it('saves the give-up time of e-mails and the automatic backups, and shows how the last backup went', async () => {
    await saveBackupStatus(server.env.db, { at: '2026-01-10T08:00:00.000Z', ok: false, folder: null, bytes: 0, message: 'No space left on device' });
    const user = await renderSettings();
    const panel = await openTab(user, 'System');
    expect(within(panel).getByText('Last backup failed')).toBeInTheDocument();
    expect(within(panel).getByText(/No space left on device$/)).toBeInTheDocument();
    await fill(user, within(panel).getByLabelText('Give up on an e-mail after (hours)'), '48');
    await user.click(within(panel).getByRole('combobox', { name: 'Back up automatically' }));
    await user.click(await screen.findByRole('option', { name: 'Every day' }));
    await fill(user, within(panel).getByLabelText(/^Backup time/), '02:30');
    await fill(user, within(panel).getByLabelText('Backups to keep'), '14');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('System settings saved')).toBeInTheDocument();
    expect(await getSystemSettings(server.env.db)).toMatchObject({
      emailGiveUpHours: 48,
      backupSchedule: 'daily',
      backupTime: '02:30',
      backupKeep: 14,
    });
  });

  it('refuses a give-up time and a number of backups out of range, sending nothing', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'System');
    const calls = watchCalls('settings.updateSystem');
    await fill(user, within(panel).getByLabelText('Give up on an e-mail after (hours)'), '0');
    await fill(user, within(panel).getByLabelText('Backups to keep'), '200');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByText('Give up on an e-mail after must be between 1 and 168 hours')).toBeInTheDocument();
    expect(within(panel).getByText('Backups to keep must be between 1 and 90')).toBeInTheDocument();
    expectNothingSent(calls);
  });
});

describe('Site', () => {
  it('refuses a bad e-mail and a LinkedIn link elsewhere without sending anything', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Site');
    const calls = watchCalls('settings.updateIdentity');
    await fill(user, within(panel).getByLabelText('Email Address'), 'not-an-address');
    await fill(user, within(panel).getByLabelText('LinkedIn'), 'https://linkedin.example.com/kestrel');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(panel).getByText('Please enter an https:// LinkedIn link on linkedin.com')).toBeInTheDocument();
    expectNothingSent(calls);
  });

  it('refuses a colour pair that fails WCAG AA, saying the ratio, without sending anything', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Site');
    const calls = watchCalls('settings.updateIdentity');
    await fill(user, within(panel).getByLabelText(/Primary colour/), '#3b82f6');
    await fill(user, within(panel).getByLabelText(/Accent colour/), '#93c5fd');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(panel).findByText('White text on the primary colour has a contrast of 3.67:1; body text needs at least 4.5:1. Choose a darker primary colour.'),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText('Primary-coloured text on the accent colour has a contrast of 2.03:1; body text needs at least 4.5:1. Choose a lighter accent colour.'),
    ).toBeInTheDocument();
    expectNothingSent(calls);
  });

  it('previews the header, footer and an e-mail with the unsaved values, and links to the live site', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Site');
    const calls = watchCalls('settings.updateIdentity');
    await fill(user, within(panel).getByLabelText(/Site Name/), 'Kestrel & Finch');
    await fill(user, within(panel).getByLabelText('Phone Number'), '+44 161 496 0000');
    await fill(user, within(panel).getByLabelText(/^Footer text/), 'Registered in England.');
    await fill(user, within(panel).getByLabelText(/Primary colour/), '#1d4ed8');

    const header = within(panel).getByTestId('preview-header');
    expect(header).toHaveTextContent('KFKestrel & Finch');
    expect(header).toHaveStyle({ borderBottom: '3px solid #1d4ed8' });
    const footer = within(panel).getByTestId('preview-footer');
    expect(footer).toHaveTextContent('+44 161 496 0000');
    expect(footer).toHaveTextContent('Registered in England.');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Kestrel & Finch. All rights reserved.`);
    const email = within(panel).getByRole('region', { name: 'E-mail preview' }).innerHTML;
    expect(email).toContain('background:#1d4ed8;color:#ffffff;');
    expect(email).toContain('Kestrel &amp; Finch<br>+44 161 496 0000</p>');
    expect(within(panel).getByRole('region', { name: 'E-mail preview' })).toHaveTextContent('Thank you for booking with Kestrel & Finch.');
    expect(within(panel).getByRole('link', { name: 'Open the live site (new tab)' })).toHaveAttribute('href', '/');
    // Nothing was saved.
    expect(calls()).toBe(0);
  });

  it('asks for the point of a map', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Site');
    await user.click(within(panel).getByText('Link only'));
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByText('Latitude is required for the map')).toBeInTheDocument();
    expect(within(panel).getByText('Longitude is required for the map')).toBeInTheDocument();
  });

  it('saves the identity, and the System tab shows the new name', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Site');
    await fill(user, within(panel).getByLabelText(/Site Name/), 'Kestrel & Finch');
    await fill(user, within(panel).getByLabelText(/^Tagline/), 'Export advice for makers.');
    await fill(user, within(panel).getByLabelText('Email Address'), 'hello@kestrel.example');
    await fill(user, within(panel).getByLabelText('Phone Number'), '+44 161 496 0000');
    await fill(user, within(panel).getByLabelText(/^Address/), '12 Mill Lane\nManchester');
    await user.click(within(panel).getByText('OpenStreetMap view'));
    await fill(user, within(panel).getByLabelText(/Latitude/), '53.48');
    await fill(user, within(panel).getByLabelText(/Longitude/), '-2.24');
    await fill(user, within(panel).getByLabelText('Instagram'), 'https://www.instagram.com/kestrel');
    await fill(user, within(panel).getByLabelText(/Primary colour/), '#1d4ed8');
    await fill(user, within(panel).getByLabelText(/Accent colour/), '#fde68a');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Site settings saved')).toBeInTheDocument();
    const saved = await server.env.deps.db.selectFrom('settings').select('value').where('key', '=', 'identity').executeTakeFirstOrThrow();
    expect(JSON.parse(saved.value)).toMatchObject({
      tagline: 'Export advice for makers.',
      contactEmail: 'hello@kestrel.example',
      contactPhone: '+44 161 496 0000',
      addressLines: ['12 Mill Lane', 'Manchester'],
      mapMode: 'embed',
      mapLatitude: 53.48,
      mapLongitude: -2.24,
      social: { instagram: 'https://www.instagram.com/kestrel', linkedin: null },
      primaryColor: '#1d4ed8',
      accentColor: '#fde68a',
    });
    // The open back office takes the new colours at once.
    expect(document.getElementById('brand-colours')?.textContent).toContain('--mantine-color-navy-8:#1d4ed8');
    expect((await getSystemSettings(server.env.db)).siteName).toBe('Kestrel & Finch');
    const system = await openTab(user, 'System');
    expect(within(system).getByLabelText(/Site Name/)).toHaveValue('Kestrel & Finch');
  });
});

describe('Email', () => {
  it.each([
    ['', 'blank'],
    ['70000', 'too high'],
  ])('refuses a port of "%s" (%s) when a host is set, and a bad from address, sending nothing', async (port) => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Email');
    const calls = watchCalls('settings.updateEmail');
    await fill(user, within(panel).getByLabelText('SMTP Host'), 'smtp.example.com');
    await fill(user, within(panel).getByLabelText('Port'), port);
    await fill(user, within(panel).getByLabelText('From Email'), 'not-an-address');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Valid SMTP port is required (1-65535)')).toBeInTheDocument();
    expect(within(panel).getByText('Valid from email address is required')).toBeInTheDocument();
    expectNothingSent(calls);
    expect(await getEmailSettings(server.env.db)).toEqual(DEFAULT_EMAIL_SETTINGS);
  });

  it('never shows the stored SMTP password, keeps it when left blank and removes it on request', async () => {
    const secret = 'stored-smtp-secret-42';
    await saveEmailSettings(server.env.db, {
      ...DEFAULT_EMAIL_SETTINGS,
      smtpHost: 'smtp.example.com',
      smtpUser: 'mailer',
      smtpPassword: secret,
      fromEmail: 'desk@example.com',
    });
    const user = await renderSettings();
    const panel = await openTab(user, 'Email');
    const password = within(panel).getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'Saved password (leave blank to keep)');
    expect(document.body.innerHTML).not.toContain(secret);
    expect(within(panel).getByLabelText('Port')).toHaveValue('587');

    await fill(user, within(panel).getByLabelText('From Name'), 'Bookings Desk');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Email settings saved')).toBeInTheDocument();
    expect(await getEmailSettings(server.env.db)).toMatchObject({ fromName: 'Bookings Desk', smtpPassword: secret });
    expect(document.body.innerHTML).not.toContain(secret);

    await user.click(within(panel).getByRole('checkbox', { name: 'Remove the saved password' }));
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    await waitFor(async () => expect((await getEmailSettings(server.env.db)).smtpPassword).toBeNull());
    await waitFor(() => expect(within(panel).queryByRole('checkbox', { name: 'Remove the saved password' })).not.toBeInTheDocument());
    expect(within(panel).getByLabelText('Password')).not.toHaveAttribute('placeholder');
  });

  it('sends a typed password only when one is typed', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Email');
    await fill(user, within(panel).getByLabelText('SMTP Host'), 'smtp.example.com');
    await fill(user, within(panel).getByLabelText('Password'), 'typed-secret');
    await fill(user, within(panel).getByLabelText('From Email'), 'desk@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Email settings saved')).toBeInTheDocument();
    expect(await getEmailSettings(server.env.db)).toMatchObject({ smtpHost: 'smtp.example.com', smtpPassword: 'typed-secret' });
    expect(within(panel).getByLabelText('Password')).toHaveValue('');
    expect(within(panel).getByLabelText('Password')).toHaveAttribute('placeholder', 'Saved password (leave blank to keep)');
  });

  it("asks for SMTP settings before testing (the server's words)", async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Email');
    await user.click(within(panel).getByRole('button', { name: 'Test Email Configuration' }));
    expect(await screen.findByText('Please configure SMTP settings before testing')).toBeInTheDocument();
  });

  it('sends a real test message with the values on screen, unsaved', async () => {
    const smtp = await startSmtpServer();
    try {
      const user = await renderSettings();
      const panel = await openTab(user, 'Email');
      await fill(user, within(panel).getByLabelText('SMTP Host'), '127.0.0.1');
      await fill(user, within(panel).getByLabelText('Port'), String(smtp.port));
      await fill(user, within(panel).getByLabelText('From Email'), 'desk@example.com');
      await user.click(within(panel).getByRole('button', { name: 'Test Email Configuration' }));

      expect(await screen.findByText('Test email sent to ada@example.com')).toBeInTheDocument();
      expect(smtp.received.map((mail) => mail.rcptTo)).toEqual([['ada@example.com']]);
      expect(await getEmailSettings(server.env.db)).toEqual(DEFAULT_EMAIL_SETTINGS);
    } finally {
      await smtp.close();
    }
  });

  it('asks for the stored password again, under its field, before testing another server', async () => {
    await saveEmailSettings(server.env.db, {
      ...DEFAULT_EMAIL_SETTINGS,
      smtpHost: 'smtp.example.com',
      smtpUser: 'mailer',
      smtpPassword: 'stored-smtp-secret-42',
      fromEmail: 'desk@example.com',
    });
    const user = await renderSettings();
    const panel = await openTab(user, 'Email');
    await fill(user, within(panel).getByLabelText('SMTP Host'), 'smtp.elsewhere.example');
    await user.click(within(panel).getByRole('button', { name: 'Test Email Configuration' }));
    const message = 'Enter the SMTP password again: the server or user changed.';
    expect(await within(panel).findByText(message)).toBeInTheDocument();
    expect(within(panel).getByLabelText('Password')).toHaveAccessibleDescription(message);
  });

  it('reports a failed test message with the reason', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Email');
    await fill(user, within(panel).getByLabelText('SMTP Host'), '127.0.0.1');
    await fill(user, within(panel).getByLabelText('Port'), '9');
    await fill(user, within(panel).getByLabelText('From Email'), 'desk@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Test Email Configuration' }));
    expect(await screen.findByText(/^Failed to send test email: .+/, undefined, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('Users', () => {
  it('lists accounts, adds one and deletes it after confirmation', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Users');
    const table = await within(panel).findByRole('table', { name: 'User accounts' });
    await within(table).findByText('uma@example.com');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Email',
      'Role',
      'Last Sign-In',
      'Actions',
    ]);

    await user.click(within(panel).getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await fill(user, within(dialog).getByLabelText(/Full Name/), 'Nia New');
    await fill(user, within(dialog).getByLabelText(/Email Address/), 'nia@example.com');
    await fill(user, within(dialog).getByLabelText(/^Password/), 'nia-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User Nia New added successfully')).toBeInTheDocument();
    const row = (await within(table).findByText('nia@example.com')).closest('tr');
    if (row === null) throw new Error('no row for the new account');
    expect(within(row).getByText('User')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Delete Nia New' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete User' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User Nia New deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('nia@example.com')).not.toBeInTheDocument());
    const left = await server.env.db.selectFrom('users').select('email').where('email', '=', 'nia@example.com').execute();
    expect(left).toEqual([]);
  });

  it('searches on the server', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Users');
    const table = await within(panel).findByRole('table', { name: 'User accounts' });
    await within(table).findByText('uma@example.com');
    await fill(user, within(panel).getByLabelText('Search users'), 'uma');
    await waitFor(() => expect(within(table).queryByText('ada@example.com')).not.toBeInTheDocument());
    expect(within(table).getByText('uma@example.com')).toBeInTheDocument();
    await fill(user, within(panel).getByLabelText('Search users'), 'uma-nobody');
    expect(await within(table).findByText('No users found')).toBeInTheDocument();
  });

  it('changes another account and disables your own role with a hint', async () => {
    const user = await renderSettings();
    const panel = await openTab(user, 'Users');
    const table = await within(panel).findByRole('table', { name: 'User accounts' });
    await within(table).findByText('ada@example.com');

    await user.click(within(table).getByRole('button', { name: 'Edit Ada Admin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByRole('combobox', { name: /Role/ })).toBeDisabled();
    expect(within(dialog).getByText('You cannot change your own role.')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete Ada Admin' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(table).getByRole('button', { name: 'Edit Uma User' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Administrator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update User' }));
    expect(await screen.findByText('User Uma User updated successfully')).toBeInTheDocument();
    expect((await findUserById(server.env.db, member.user.id))?.role).toBe('admin');
    await server.env.db.updateTable('users').set({ role: 'user' }).where('id', '=', member.user.id).execute();
  });
});
