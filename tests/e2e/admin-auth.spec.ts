// Signing in and out of the back office through the real built client and server: the session
// really ends on the server, the guard sends visitors to the sign-in page and back, and a wrong
// password is reported in the banner.
import { SESSION_COOKIE } from '@server/identity/session.service';
import { E2E_ADMIN } from './env';
import { expect, test } from './fixtures';
import { query, signInThroughUi } from './support';

test('an admin signs in and out; afterwards the old session cookie no longer works', async ({ page, context }) => {
  await signInThroughUi(page);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  const session = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(session?.value).toMatch(/^[a-z2-7]{32}$/); // 20 random bytes in lower-case base32
  expect(await query<{ email: string } | null>(page.request, 'auth.me')).toMatchObject({ email: E2E_ADMIN.email });

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();

  await page.goto('/admin/dashboard');
  await page.waitForURL(/\/admin\/login\?redirect=%2Fadmin%2Fdashboard$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await query(page.request, 'auth.me')).toBeNull();

  // The server ended the session: even the old cookie, sent again, is nobody.
  if (session === undefined) throw new Error('no session cookie after signing in');
  await context.addCookies([session]);
  expect(await query(page.request, 'auth.me')).toBeNull();
});

test('the guard sends a visitor to the sign-in page and back to the page asked for', async ({ page }) => {
  await page.goto('/admin/contacts');
  await page.waitForURL(/\/admin\/login\?redirect=%2Fadmin%2Fcontacts$/);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin\/contacts$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Already signed in: the sign-in page goes straight to the dashboard.
  await page.goto('/admin/login');
  await page.waitForURL(/\/admin\/dashboard$/);
});

test('a wrong password shows the banner and stays on the sign-in page', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-admin-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await query(page.request, 'auth.me')).toBeNull();
});
