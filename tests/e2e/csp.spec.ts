// The Content-Security-Policy (scripts only from the site, no inline scripts) leaves the built
// client working: the home page and the back office render and report no policy violation.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInThroughUi } from './support';

/** Collects CSP violations reported by the page and by the console. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test('the home page works under the CSP and reports no violation', async ({ page }) => {
  const violations = watchViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('the back office works under the CSP and reports no violation', async ({ page }) => {
  const violations = watchViolations(page);
  await signInThroughUi(page);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/admin/settings');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
