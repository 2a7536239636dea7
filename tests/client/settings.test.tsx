// The Settings screen (the page, Profile, Security, Notifications; System and Site in
// settings-system.test.tsx, Email and Users in settings-email.test.tsx) against a real API server and real accounts: every validation rule of the
// settings forms stops Save Changes before anything is sent (fetch is watched, not replaced) and nothing
// changes on the server; server refusals show their reason; the SMTP password is never shown; a
// role-user account sees only its own three tabs.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '@server/identity/password';
import { findUserById } from '@server/identity/users.repository';
import { createAccount, TEST_PASSWORD } from '@tests/support/helpers';
import { fill } from './render';
import { settingsPageTest } from './settings-page';

const page = settingsPageTest();

describe('the page', () => {
  it('shows the title, the subtitle and all eleven tabs for an admin', async () => {
    await page.renderSettings();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByText('Manage your admin account and system configuration')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Security',
      'Notifications',
      'System',
      'Site',
      'Billing',
      'Email',
      'Email Log',
      'Single Sign-On',
      'Users',
      'Integrations',
    ]);
  });

  it('shows a role-user account only Profile, Security and Notifications', async () => {
    await page.renderSettings(page.member);
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
    const user = await page.renderSettings();
    const panel = screen.getByRole('tabpanel');
    const calls = page.watchCalls('settings.updateProfile');
    await fill(user, within(panel).getByLabelText(/Full Name/), '   ');
    await fill(user, within(panel).getByLabelText(/Email Address/), 'not-an-email');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Name is required')).toBeInTheDocument();
    expect(within(panel).getByText('Valid email address is required')).toBeInTheDocument();
    page.expectNothingSent(calls);
    expect(screen.queryByText(/Failed to save profile settings/)).not.toBeInTheDocument();
    const stored = await findUserById(page.server.env.db, page.admin.user.id);
    expect([stored?.name, stored?.email]).toEqual(['Ada Admin', 'ada@example.com']);
  });

  it('saves the name and shows the role read-only', async () => {
    const user = await page.renderSettings();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByLabelText('Role')).toHaveValue('Administrator');
    expect(within(panel).getByLabelText('Role')).toHaveAttribute('readonly');
    expect(within(panel).getByText('JPG, GIF or PNG. 1MB max.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Change Avatar' })).toBeInTheDocument();

    const calls = page.watchCalls('settings.updateProfile');
    await fill(user, within(panel).getByLabelText(/Full Name/), 'Ada Lovelace');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile settings saved')).toBeInTheDocument();
    // The two checks the refusal tests rely on do see a save.
    expect(calls()).toBe(1);
    expect(page.queryClient.getMutationCache().getAll()).toHaveLength(1);
    expect((await findUserById(page.server.env.db, page.admin.user.id))?.name).toBe('Ada Lovelace');
    await page.server.env.db.updateTable('users').set({ name: 'Ada Admin' }).where('id', '=', page.admin.user.id).execute();
  });

  it('asks for the current password when the e-mail changes, and says when it is wrong', async () => {
    const user = await page.renderSettings();
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
    expect((await findUserById(page.server.env.db, page.admin.user.id))?.email).toBe('ada@example.com');
  });

  it("shows the server's reason when the e-mail belongs to another account", async () => {
    const user = await page.renderSettings();
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
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Security');
    const calls = page.watchCalls('settings.updateSecurity');
    await fill(user, within(panel).getByLabelText('New Password'), 'short');
    await fill(user, within(panel).getByLabelText('Confirm New Password'), 'different');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Current password is required to set a new password')).toBeInTheDocument();
    expect(within(panel).getByText('New passwords do not match')).toBeInTheDocument();
    expect(within(panel).getByText('New password must be at least 8 characters long')).toBeInTheDocument();
    page.expectNothingSent(calls);
    const stored = await findUserById(page.server.env.db, page.admin.user.id);
    expect(await verifyPassword(stored?.passwordHash ?? '', page.admin.password)).toBe(true);
  });

  it.each(['10', '481', ''])('refuses a session timeout of "%s" minutes', async (value) => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Security');
    const calls = page.watchCalls('settings.updateSecurity');
    await fill(user, within(panel).getByLabelText('Session Timeout (minutes)'), value);
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Session timeout must be between 15 and 480 minutes')).toBeInTheDocument();
    page.expectNothingSent(calls);
    expect((await findUserById(page.server.env.db, page.admin.user.id))?.sessionTimeoutMinutes).toBe(60);
  });

  it("shows the server's 'Current password is incorrect.' under the field and keeps the password", async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Security');
    await fill(user, within(panel).getByLabelText('Current Password'), 'wrong-password');
    await fill(user, within(panel).getByLabelText('New Password'), 'a-new-password-1');
    await fill(user, within(panel).getByLabelText('Confirm New Password'), 'a-new-password-1');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(await screen.findByText('Failed to save security settings: Current password is incorrect.')).toBeInTheDocument();
    const stored = await findUserById(page.server.env.db, page.admin.user.id);
    expect(await verifyPassword(stored?.passwordHash ?? '', page.admin.password)).toBe(true);
  });

  it('changes the password and the timeout, then clears the three password fields', async () => {
    const account = await createAccount(page.server.env.db, 'user');
    const user = await page.renderSettings(account);
    const panel = await page.openTab(user, 'Security');
    await fill(user, within(panel).getByLabelText('Current Password'), account.password);
    await fill(user, within(panel).getByLabelText('New Password'), 'a-new-password-1');
    await fill(user, within(panel).getByLabelText('Confirm New Password'), 'a-new-password-1');
    await fill(user, within(panel).getByLabelText('Session Timeout (minutes)'), '120');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Security settings saved')).toBeInTheDocument();
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(within(panel).getByLabelText(label)).toHaveValue('');
    }
    const stored = await findUserById(page.server.env.db, account.user.id);
    expect(await verifyPassword(stored?.passwordHash ?? '', 'a-new-password-1')).toBe(true);
    expect(stored?.sessionTimeoutMinutes).toBe(120);
  });
});

describe('Notifications', () => {
  it('disables the four topics while e-mail notifications are off and saves them as they are', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Notifications');
    // A switch's name includes its description (Mantine's label wraps both), hence the prefixes.
    const topics = [/^New Bookings/, /^New Contact Messages/, /^System Alerts/, /^Weekly Reports/];
    for (const name of topics) expect(within(panel).getByRole('switch', { name })).toBeEnabled();
    await user.click(within(panel).getByRole('switch', { name: /^Weekly Reports/ }));
    await user.click(within(panel).getByRole('switch', { name: /^Enable Email Notifications/ }));
    for (const name of topics) expect(within(panel).getByRole('switch', { name })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    const stored = await findUserById(page.server.env.db, page.admin.user.id);
    expect(stored).toMatchObject({
      notifyEmail: 0,
      notifyNewBookings: 1,
      notifyNewContacts: 1,
      notifySystemAlerts: 1,
      notifyWeeklyReports: 1,
    });
  });
});
