// The Settings screen's System and Site tabs against a real API server (see settings.test.tsx).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IDENTITY,
  DEFAULT_SYSTEM_SETTINGS,
  saveBackupStatus,
  saveIdentity,
  getSystemSettings,
} from '@server/settings/settings.repository';
import { fill } from './render';
import { settingsPageTest } from './settings-page';

const page = settingsPageTest();

describe('System', () => {
  it('refuses a blank site name without sending anything', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'System');
    const calls = page.watchCalls('settings.updateSystem');
    await fill(user, within(panel).getByLabelText(/Site Name/), '');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Site name is required')).toBeInTheDocument();
    page.expectNothingSent(calls);
    expect(await getSystemSettings(page.server.env.db)).toEqual(DEFAULT_SYSTEM_SETTINGS);
  });

  it.each(['0', '101', ''])('refuses a maximum upload size of "%s" MB', async (value) => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'System');
    const calls = page.watchCalls('settings.updateSystem');
    await fill(user, within(panel).getByLabelText('Maximum File Upload Size (MB)'), value);
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Max file size must be between 1 and 100 MB')).toBeInTheDocument();
    page.expectNothingSent(calls);
    expect((await getSystemSettings(page.server.env.db)).maxFileSize).toBe(10);
  });

  it('saves the site name, timezone and switches', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'System');
    expect(within(panel).getByText('Temporarily disables public access')).toBeInTheDocument();
    await fill(user, within(panel).getByLabelText(/Site Name/), 'Atlas Expansion Partners');
    // Every IANA zone, found by typing part of its name.
    await fill(user, within(panel).getByRole('combobox', { name: 'Timezone' }), 'los ang');
    await user.click(await screen.findByRole('option', { name: /^America\/Los Angeles \(GMT-[78]\)$/ }));
    await user.click(within(panel).getByRole('switch', { name: /^Maintenance Mode/ }));
    await fill(user, within(panel).getByLabelText('Maximum File Upload Size (MB)'), '25');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('System settings saved')).toBeInTheDocument();
    expect(await getSystemSettings(page.server.env.db)).toMatchObject({
      siteName: 'Atlas Expansion Partners',
      timezone: 'America/Los_Angeles',
      maintenanceMode: true,
      maxFileSize: 25,
    });
  });

  it('saves the give-up time of e-mails and the automatic backups, and shows how the last backup went', async () => {
    await saveBackupStatus(page.server.env.db, { at: '2026-01-10T08:00:00.000Z', ok: false, folder: null, bytes: 0, message: 'No space left on device' });
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'System');
    expect(within(panel).getByText('Last backup failed')).toBeInTheDocument();
    expect(within(panel).getByText(/No space left on device$/)).toBeInTheDocument();
    await fill(user, within(panel).getByLabelText('Give up on an e-mail after (hours)'), '48');
    await user.click(within(panel).getByRole('combobox', { name: 'Back up automatically' }));
    await user.click(await screen.findByRole('option', { name: 'Every day' }));
    await fill(user, within(panel).getByLabelText(/^Backup time/), '02:30');
    await fill(user, within(panel).getByLabelText('Backups to keep'), '14');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('System settings saved')).toBeInTheDocument();
    expect(await getSystemSettings(page.server.env.db)).toMatchObject({
      emailGiveUpHours: 48,
      backupSchedule: 'daily',
      backupTime: '02:30',
      backupKeep: 14,
    });
  });

  it('refuses a give-up time and a number of backups out of range, sending nothing', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'System');
    const calls = page.watchCalls('settings.updateSystem');
    await fill(user, within(panel).getByLabelText('Give up on an e-mail after (hours)'), '0');
    await fill(user, within(panel).getByLabelText('Backups to keep'), '200');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByText('Give up on an e-mail after must be between 1 and 168 hours')).toBeInTheDocument();
    expect(within(panel).getByText('Backups to keep must be between 1 and 90')).toBeInTheDocument();
    page.expectNothingSent(calls);
  });
});

describe('Site', () => {
  it('refuses a bad e-mail and a LinkedIn link elsewhere without sending anything', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Site');
    const calls = page.watchCalls('settings.updateIdentity');
    await fill(user, within(panel).getByLabelText('Email Address'), 'not-an-address');
    await fill(user, within(panel).getByLabelText('LinkedIn'), 'https://linkedin.example.com/kestrel');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(panel).getByText('Please enter an https:// LinkedIn link on linkedin.com')).toBeInTheDocument();
    page.expectNothingSent(calls);
  });

  it('refuses a colour pair that fails WCAG AA, saying the ratio, without sending anything', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Site');
    const calls = page.watchCalls('settings.updateIdentity');
    await fill(user, within(panel).getByLabelText(/Primary colour/), '#3b82f6');
    await fill(user, within(panel).getByLabelText(/Accent colour/), '#93c5fd');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(panel).findByText('White text on the primary colour has a contrast of 3.67:1; body text needs at least 4.5:1. Choose a darker primary colour.'),
    ).toBeInTheDocument();
    expect(
      within(panel).getByText('Primary-coloured text on the accent colour has a contrast of 2.03:1; body text needs at least 4.5:1. Choose a lighter accent colour.'),
    ).toBeInTheDocument();
    page.expectNothingSent(calls);
  });

  it('previews the header, footer and an e-mail with the unsaved values, and links to the live site', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Site');
    const calls = page.watchCalls('settings.updateIdentity');
    await fill(user, within(panel).getByLabelText(/Site Name/), 'Kestrel & Finch');
    await fill(user, within(panel).getByLabelText('Phone Number'), '+44 161 496 0000');
    await fill(user, within(panel).getByLabelText(/^Footer text/), 'Registered in England.');
    await fill(user, within(panel).getByLabelText(/Primary colour/), '#1d4ed8');

    // The preview says once what it is (its own line, not the section's as well).
    expect(within(panel).getAllByText(/will look|unsaved\./)).toEqual([within(panel).getByText('How the site and its e-mails will look with these values, before you save.')]);
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
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Site');
    await user.click(within(panel).getByText('Link only'));
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByText('Latitude is required for the map')).toBeInTheDocument();
    expect(within(panel).getByText('Longitude is required for the map')).toBeInTheDocument();
  });

  it('takes the tagline and reply promise in French on their French tabs, says which are missing, and saves them', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Site');
    const siteTexts = within(panel).getByRole('tablist', { name: 'Site texts: language' });
    // Nothing is translated yet: each French tab says so.
    expect(within(siteTexts).getByRole('tab', { name: 'French (texts missing)' })).toBeInTheDocument();
    await user.click(within(siteTexts).getByRole('tab', { name: 'French (texts missing)' }));
    const frenchSite = within(panel).getByRole('tabpanel', { name: 'French (texts missing)' });
    expect(within(frenchSite).getByLabelText('French tagline')).toHaveAccessibleDescription('Missing: the French pages show the English one.');
    await fill(user, within(frenchSite).getByLabelText('French tagline'), 'Conseil à l’export pour les fabricants.');
    await fill(user, within(frenchSite).getByLabelText('French footer text'), 'Immatriculée en Angleterre.');

    const contactTexts = within(panel).getByRole('tablist', { name: 'Contact texts: language' });
    await user.click(within(contactTexts).getByRole('tab', { name: 'French (texts missing)' }));
    await fill(user, within(panel).getByLabelText('French reply promise'), 'Nous répondons sous 24 heures.');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Site settings saved')).toBeInTheDocument();
    const saved = await page.server.env.deps.db.selectFrom('settings').select('value').where('key', '=', 'identity').executeTakeFirstOrThrow();
    expect(JSON.parse(saved.value)).toMatchObject({
      tagline: null,
      replyPromise: null,
      translations: {
        fr: {
          tagline: 'Conseil à l’export pour les fabricants.',
          siteDescription: null,
          footerText: 'Immatriculée en Angleterre.',
          openingHours: null,
          replyPromise: 'Nous répondons sous 24 heures.',
        },
      },
    });
  });

  it('refuses an over-long French tagline on its tab, which says it has errors, without sending anything', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Site');
    const calls = page.watchCalls('settings.updateIdentity');
    const siteTexts = within(panel).getByRole('tablist', { name: 'Site texts: language' });
    await user.click(within(siteTexts).getByRole('tab', { name: /^French/ }));
    const french = within(panel).getByRole('tabpanel', { name: /^French/ });
    await user.click(within(french).getByLabelText('French tagline'));
    await user.paste('x'.repeat(201));
    // Back to English: the French tab still says it has an error.
    await user.click(within(siteTexts).getByRole('tab', { name: 'English' }));
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(siteTexts).findByRole('tab', { name: 'French (has errors)' })).toBeInTheDocument();
    await user.click(within(siteTexts).getByRole('tab', { name: 'French (has errors)' }));
    expect(within(panel).getByText('Must be at most 200 characters')).toBeInTheDocument();
    page.expectNothingSent(calls);
  });

  it('offers one way to remove the logo, which brings the initials back once saved', async () => {
    await saveIdentity(page.server.env.db, { ...DEFAULT_IDENTITY, logoUrl: `/uploads/${'a'.repeat(32)}.png` });
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Site');
    expect((await within(panel).findAllByRole('button', { name: /^Remove logo/ })).map((button) => button.textContent)).toEqual(['Remove logo']);
    await user.click(within(panel).getByRole('button', { name: 'Remove logo' }));
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Site settings saved')).toBeInTheDocument();
    const saved = await page.server.env.deps.db.selectFrom('settings').select('value').where('key', '=', 'identity').executeTakeFirstOrThrow();
    expect((JSON.parse(saved.value) as { logoUrl: string | null }).logoUrl).toBeNull();
  });

  it('saves the identity, and the System tab shows the new name', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Site');
    await fill(user, within(panel).getByLabelText(/Site Name/), 'Kestrel & Finch');
    await fill(user, within(panel).getByLabelText(/^Tagline/), 'Export advice for makers.');
    await fill(user, within(panel).getByLabelText('Email Address'), 'hello@kestrel.example');
    await fill(user, within(panel).getByLabelText('Phone Number'), '+44 161 496 0000');
    await fill(user, within(panel).getByLabelText(/^Address/), '12 Mill Lane\nManchester');
    await user.click(within(panel).getByText('OpenStreetMap view'));
    // The keyboard's way to the point, beside the map's click.
    await user.click(within(panel).getByRole('button', { name: 'Enter coordinates' }));
    await fill(user, within(panel).getByLabelText(/Latitude/), '53.48');
    await fill(user, within(panel).getByLabelText(/Longitude/), '-2.24');
    await fill(user, within(panel).getByLabelText('Instagram'), 'https://www.instagram.com/kestrel');
    await fill(user, within(panel).getByLabelText(/Primary colour/), '#1d4ed8');
    await fill(user, within(panel).getByLabelText(/Accent colour/), '#fde68a');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Site settings saved')).toBeInTheDocument();
    const saved = await page.server.env.deps.db.selectFrom('settings').select('value').where('key', '=', 'identity').executeTakeFirstOrThrow();
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
    expect((await getSystemSettings(page.server.env.db)).siteName).toBe('Kestrel & Finch');
    const system = await page.openTab(user, 'System');
    expect(within(system).getByLabelText(/Site Name/)).toHaveValue('Kestrel & Finch');
  });
});
