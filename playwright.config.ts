import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './tests/e2e/env';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real built
// server on a temporary database, started by tests/e2e/serve.ts.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI === undefined ? 'list' : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // The browser's own time zone shows in the booking form (the visitor's clock beside the
    // event's): fixed, so the texts do not depend on the machine's zone. A spec may set another.
    timezoneId: 'UTC',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npx tsx tests/e2e/serve.ts',
    url: `${E2E_BASE_URL}/api/trpc/settings.public`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
