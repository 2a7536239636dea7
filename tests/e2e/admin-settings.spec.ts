// The Settings screen end to end: what is saved there shows up where it should (the public header,
// the profile after a reload, the next sign-in, the avatar), and a role-user account sees only its
// own three tabs.
import { expect, test } from './fixtures';
import { createAccountViaApi, readDatabase, signInThroughApi, signInThroughUi } from './support';

/** A real 2x2 PNG (red pixels), small enough for the 1 MB avatar limit. */
const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin renames the site in System and the public header shows the new name', async ({ page, request }) => {
  const admin = await createAccountViaApi(request, 'admin');
  await signInThroughApi(page, admin);
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'System' }).click();
  const siteName = page.getByRole('textbox', { name: 'Site Name' });
  await siteName.fill('Meridian Expansion Partners');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('System settings saved')).toBeVisible();
  // The back office header follows at once (settings.public is refreshed after the save).
  await expect(page.getByRole('banner').getByText('Meridian Expansion Partners')).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: /Meridian Expansion Partners/ })).toBeVisible();
});

test('a profile name change persists after a reload', async ({ page, request }) => {
  const account = await createAccountViaApi(request, 'user');
  await signInThroughApi(page, account);
  await page.goto('/admin/settings');
  const name = page.getByRole('textbox', { name: 'Full Name' });
  await expect(name).not.toHaveValue('');
  await name.fill('Renamed Person');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Renamed Person');
  await expect(page.getByRole('banner').getByText('Renamed Person (User)')).toBeVisible();
});

test('a password changed under Security is the one that signs in next time', async ({ page, request }) => {
  const account = await createAccountViaApi(request, 'user');
  await signInThroughApi(page, account);
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Current Password', { exact: true }).fill(account.password);
  await panel.getByLabel('New Password', { exact: true }).fill('brand-new-password-9');
  await panel.getByLabel('Confirm New Password', { exact: true }).fill('brand-new-password-9');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Security settings saved')).toBeVisible();
  await expect(panel.getByLabel('New Password', { exact: true })).toHaveValue('');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
  // The old password no longer works...
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  // ...and the new one does.
  await signInThroughUi(page, { email: account.email, password: 'brand-new-password-9' });
});

test('an uploaded avatar is shown again after a reload', async ({ page, request }) => {
  const account = await createAccountViaApi(request, 'user');
  await signInThroughApi(page, account);
  await page.goto('/admin/settings');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('JPG, GIF or PNG. 1MB max.')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Change Avatar' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_2X2 });
  const picture = panel.getByRole('img', { name: /^Avatar of / });
  await expect(picture).toHaveAttribute('src', /^\/uploads\/[0-9a-f]+\.png$/);
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile settings saved')).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole('tabpanel').getByRole('img', { name: /^Avatar of / });
  await expect(reloaded).toHaveAttribute('src', /^\/uploads\/[0-9a-f]+\.png$/);
  const src = await reloaded.getAttribute('src');
  const stored = readDatabase((db) => db.prepare('select avatar_url from users where email = ?').get(account.email)) as {
    avatar_url: string | null;
  };
  expect(stored.avatar_url).toBe(src);
  // The file is really served back as a PNG.
  const served = await page.request.get(src ?? '');
  expect(served.headers()['content-type']).toBe('image/png');
  // Stored re-encoded without its metadata: still a PNG of the same 2 x 2 pixels (IHDR width, height).
  const body = Buffer.from(await served.body());
  expect(body.subarray(0, 8)).toEqual(PNG_2X2.subarray(0, 8));
  expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([2, 2]);
});

test('a role-user account sees no System, Email or Users tabs', async ({ page, request }) => {
  const account = await createAccountViaApi(request, 'user');
  await signInThroughApi(page, account);
  await page.goto('/admin/settings');
  await expect(page.getByRole('tab')).toHaveText(['Profile', 'Security', 'Notifications']);
  await expect(page.getByRole('textbox', { name: 'Role' })).toHaveValue('User');
});

test('an admin makes an API token in Integrations that a tool can use until it is revoked', async ({ page, request }) => {
  const admin = await createAccountViaApi(request, 'admin');
  await signInThroughApi(page, admin);
  await page.goto('/admin/settings?tab=integrations');
  await page.getByRole('button', { name: 'New Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API Token' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('CRM sync');
  await dialog.getByRole('checkbox', { name: 'Read bookings (bookings:read)' }).check();
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  const token = (await page.getByRole('dialog', { name: 'Copy Your API Token' }).getByLabel('API token').textContent()) ?? '';
  expect(token).toMatch(/^api_[a-z2-7]{32}$/);
  await page.getByRole('button', { name: 'Done' }).click();

  // A tool calls from elsewhere: no cookie, its own origin.
  const asTool = { headers: { authorization: `Bearer ${token}`, origin: 'https://crm.example.com' } };
  expect((await request.get('/api/trpc/bookings.stats', asTool)).status()).toBe(200);
  expect((await request.get('/api/trpc/contacts.stats', asTool)).status()).toBe(403);

  await page.getByRole('button', { name: 'Revoke CRM sync' }).click();
  await page.getByRole('dialog', { name: 'Revoke API Token' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('table', { name: 'API tokens' }).getByText('Revoked')).toBeVisible();
  expect((await request.get('/api/trpc/bookings.stats', asTool)).status()).toBe(401);
});
