// A `page` that can only reach the site under test: anything else (e.g. the map tiles of the
// OpenStreetMap embed) is aborted, so tests never depend on the outside world. Each test is a
// visitor of its own: its requests carry an address of their own in X-Forwarded-For (the server
// under test trusts the loopback proxy, tests/e2e/serve.ts), so per-address limits count per test.
//
// `siteTimezone` (set with test.use) puts the site in another timezone for a test and puts the
// previous one back in a fixture's teardown (restoreAfterTest's, below). A `finally` inside the test would not do: when a
// test times out, its own request context is closed before the finally runs, and every later spec
// would then see the other timezone. For the same reason `restoreAfterTest(restore)` runs `restore`
// (with a request context signed in as the admin) in the fixture's teardown: a test that changes a
// setting every later test relies on registers how to put it back before changing it.
import { type APIRequestContext, test as base, expect } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { setSiteTimezone, signInAsAdmin } from './support';

let testsInWorker = 0;

interface Options {
  siteTimezone: string | undefined;
}

type Restore = (request: APIRequestContext) => Promise<unknown>;

export const test = base.extend<Options & { siteTimezoneSet: void; restoreAfterTest: (restore: Restore) => void }>({
  restoreAfterTest: async ({ playwright, extraHTTPHeaders }, use) => {
    const restores: Restore[] = [];
    await use((restore) => {
      restores.push(restore);
    });
    if (restores.length === 0) return;
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders });
    try {
      await signInAsAdmin(request);
      for (const restore of restores.reverse()) await restore(request);
    } finally {
      await request.dispose();
    }
  },
  siteTimezone: [undefined, { option: true }],
  siteTimezoneSet: [
    async ({ siteTimezone, playwright, extraHTTPHeaders, restoreAfterTest }, use) => {
      if (siteTimezone === undefined) return use();
      const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders });
      try {
        const previous = await setSiteTimezone(request, siteTimezone);
        restoreAfterTest((admin) => setSiteTimezone(admin, previous));
      } finally {
        await request.dispose();
      }
      await use();
    },
    { auto: true },
  ],
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
