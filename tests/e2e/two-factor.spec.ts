// Two-factor through the real built client and server: a new account enrols on the Security tab
// (the code is computed here from the key the dialog shows), signs out, and signs in again with
// the password and then a code from the app.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { expect, test } from './fixtures';
import { createAccountViaApi, query, signInThroughUi } from './support';

/** The code of the 30-second step `offset` steps from now. */
function codeFor(secret: string, offset = 0): string {
  const step = Math.floor(Date.now() / 30_000) + offset;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

test('a user enrols in two-factor, then signs in with the password and a code', async ({ page, request }) => {
  const credentials = await createAccountViaApi(request, 'user');
  await signInThroughUi(page, credentials);
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('switch', { name: /^Two-Factor Authentication/ }).click({ force: true });

  const dialog = page.getByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.getByTestId('two-factor-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByLabel(/^Verification Code/).fill(codeFor(secret, -1));
  await dialog.getByLabel(/^Current Password/).fill(credentials.password);
  await dialog.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('switch', { name: /^Two-Factor Authentication/ })).toBeChecked();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-Factor Verification' })).toBeVisible();
  expect(await page.context().cookies()).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: 'two_factor_challenge', httpOnly: true })]),
  );
  // A step later than the enrolment's code: that one has been used.
  await page.getByLabel('Verification Code').fill(codeFor(secret, 0));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  expect(await query<{ email: string } | null>(page.request, 'auth.me')).toMatchObject({ email: credentials.email });
});
