// A `page` that can only reach the site under test: anything else (e.g. the map tiles of the
// OpenStreetMap embed) is aborted, so tests never depend on the outside world.
import { test as base, expect } from '@playwright/test';
import { E2E_BASE_URL } from './env';

export const test = base.extend({
  page: async ({ page }, use) => {
    await page.route('**/*', (route) =>
      route.request().url().startsWith(E2E_BASE_URL) ? route.continue() : route.abort('blockedbyclient'),
    );
    await use(page);
  },
});

export { expect };
