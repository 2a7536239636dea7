// Single sign-on through the real built client and server, with a real OpenID provider started
// here on loopback (oidc-provider): an admin sets it up on the Single Sign-On tab, a colleague sees
// "Sign in with Firm account" on the sign-in page (looked at on a phone and a desktop) and signs in
// through the provider. Single sign-on is turned off again after, for the other specs.
import { expect, test } from './fixtures';
import { E2E_BASE_URL } from './env';
import { createAccountViaApi, mutate, query, signInAsAdmin, signInThroughApi } from './support';
import { startTestProvider, type TestProvider } from '@tests/support/oidc-provider';

let provider: TestProvider;

test.beforeAll(async () => {
  provider = await startTestProvider({ redirectUri: `${E2E_BASE_URL}/auth/sso/callback` });
});
test.afterAll(async ({ request }) => {
  await signInAsAdmin(request);
  await mutate(request, 'settings.updateSso', { issuer: '', clientId: '', buttonLabel: '', allowedDomains: [], passwordSignIn: true });
  await provider.close();
});

test('an admin sets up single sign-on and a colleague signs in with it', async ({ page, browser, request }) => {
  await signInThroughApi(page);
  await page.goto('/admin/settings?tab=sso');
  await page.getByLabel('Issuer').fill(provider.issuer);
  await page.getByLabel('Client ID').fill(provider.clientId);
  await page.getByLabel('Client Secret').fill(provider.clientSecret);
  await page.getByLabel('Button Label').fill('Firm account');
  await expect(page.getByText(`${E2E_BASE_URL}/auth/sso/callback`)).toBeVisible();
  await page.screenshot({ path: 'test-results/sso-settings-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByLabel('Button Label')).toBeVisible();
  // The back office re-lays itself out for a phone after the resize (the navigation folds into the
  // burger): wait for that, under load it is not at once.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'test-results/sso-settings-375.png', fullPage: true });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Single sign-on settings saved')).toBeVisible();

  const colleague = await createAccountViaApi(request, 'user');
  provider.accounts.set('colleague', { email: colleague.email, emailVerified: true, name: 'Colleague' });
  provider.nextLogin = { accountId: 'colleague' };
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const visitor = await context.newPage();
    await visitor.goto(`${E2E_BASE_URL}/admin/login`);
    const button = visitor.getByRole('link', { name: 'Sign in with Firm account' });
    await expect(button).toBeVisible();
    await expect(visitor.getByLabel('Email')).toBeVisible();
    const box = await button.boundingBox();
    expect(box === null ? 0 : box.x + box.width).toBeLessThanOrEqual(width);
    await visitor.screenshot({ path: `test-results/sso-sign-in-${width}.png`, fullPage: true });
    await button.click();
    await visitor.waitForURL(/\/admin\/dashboard$/);
    expect(await query<{ email: string } | null>(visitor.request, 'auth.me')).toMatchObject({ email: colleague.email });
    await context.close();
  }
});
