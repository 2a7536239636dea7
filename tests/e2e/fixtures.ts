// A `page` that can only reach the site under test: anything else (e.g. the map tiles of the
// OpenStreetMap embed) is aborted, so tests never depend on the outside world. Each test is a
// visitor of its own: its requests carry an address of their own in X-Forwarded-For (the server
// under test trusts the loopback proxy, tests/e2e/serve.ts), so per-address limits count per test.
import { test as base, expect } from '@playwright/test';
import { E2E_BASE_URL } from './env';

let testsInWorker = 0;

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    testsInWorker += 1;
    const address = `10.${testInfo.workerIndex % 250}.${Math.floor(testsInWorker / 250) % 250}.${(testsInWorker % 250) + 1}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  page: async ({ page }, use) => {
    await page.route('**/*', (route) =>
      route.request().url().startsWith(E2E_BASE_URL) ? route.continue() : route.abort('blockedbyclient'),
    );
    await use(page);
  },
});

export { expect };
