import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './tests/e2e/env';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real built
// server on a temporary database, started by tests/e2e/serve.ts.
// CI runs the end-to-end tests in two halves at once, one at the end of each lane (.ci/run), split
// by measured time rather than by count: E2E_HALF=first runs these specs (the accessibility walk
// alone is a third of the whole), E2E_HALF=second every other one, so a new spec lands there.
// Lane 1's Vitest suite and lane 2's static checks, tests on PostgreSQL and release take about the
// same time (679 s and 650 s in the last measured run) but the halves took 295 s and 500 s, so the
// first half also takes three specs of the second (about 85 s of it).
const FIRST_HALF = [
  'accessibility.spec.ts',
  'page-styles.spec.ts',
  'keyboard-booking.spec.ts',
  'admin-tables.spec.ts',
  'invoices.spec.ts',
  'webhooks.spec.ts',
].map((file) => `**/${file}`);
const half = process.env.E2E_HALF;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: half === 'first' ? FIRST_HALF : '**/*.spec.ts',
  testIgnore: half === 'second' ? FIRST_HALF : [],
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
    // As a visitor who asked their system for less motion: Mantine's transitions (modals, menus,
    // notifications) then take no time (the theme's respectReducedMotion), so no action waits for an
    // element to stop moving. The motion itself is cosmetic and untested.
    reducedMotion: 'reduce',
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
