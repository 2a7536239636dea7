// Runs before each server test file. Files share their worker (isolate: false in vitest.config.ts),
// and Vitest's restoreMocks does not undo fake timers: a test that fakes the clock and forgets to
// put it back would move Date for every later file in that worker (a PostgreSQL test comparing
// now() with Date.now() once failed two hours apart, after the API-token expiry test). Real timers
// come back after every test, whatever the test did.
import { afterEach, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
});
