// The limits module on rate-limiter-flexible: fixed windows per key, and memory that holds only the
// keys of the current windows (each key expires on its own timer; nothing scans the others).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RATE_LIMITS, createLimits } from './rate-limits';

/** The memory store's key count: read from the library's store, for this test only. */
function storedKeys(limiter: RateLimiterAbstract): number {
  return (limiter as unknown as { _memoryStorage: { _storage: Map<string, unknown> } })._memoryStorage._storage.size;
}

beforeEach(() => {
  // Only Date: the store's per-key expiry timers stay real (unref'd) unless a test fakes them.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-01-01T00:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('limits', () => {
  it('names every limit in one place', () => {
    expect(Object.keys(RATE_LIMITS).sort()).toEqual([
      'apiTokens',
      'appCodesPerAccount',
      'beacons',
      'credentialsPerAccount',
      'credentialsPerAccountAndAddress',
      'credentialsPerAddress',
      'publicForms',
      'publicReads',
    ]);
    expect(RATE_LIMITS.credentialsPerAccount).toEqual({ points: 10, windowSeconds: 3600, blockSeconds: 0 });
    expect(RATE_LIMITS.publicReads).toEqual({ points: 60, windowSeconds: 60, blockSeconds: 0 });
    expect(RATE_LIMITS.apiTokens).toEqual({ points: 600, windowSeconds: 60, blockSeconds: 0 });
    expect(RATE_LIMITS.beacons).toEqual({ points: 120, windowSeconds: 60, blockSeconds: 0 });
    expect(RATE_LIMITS.appCodesPerAccount).toEqual({ points: 10, windowSeconds: 3600, blockSeconds: 3600 });
    expect(RATE_LIMITS.credentialsPerAccountAndAddress).toEqual({ points: 5, windowSeconds: 900, blockSeconds: 900 });
  });

  it('still answers after 100,000 distinct keys', async () => {
    const limits = createLimits();
    for (let i = 0; i < 100_000; i += 1) {
      const verdict = await limits.publicForms.hit(`booking:10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      if (!verdict.allowed) throw new Error(`key ${i} was refused`);
    }
    expect(storedKeys(limits.publicForms.limiter)).toBe(100_000);
    for (let i = 0; i < 20; i += 1) expect((await limits.publicForms.hit('booking:198.51.100.1')).allowed).toBe(true);
    expect(await limits.publicForms.hit('booking:198.51.100.1')).toEqual({ allowed: false, retryAfterSeconds: 600 });
    expect((await limits.publicForms.hit('booking:198.51.100.2')).allowed).toBe(true);
  });

  it('forgets every key when its window ends, without any request scanning', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const limits = createLimits();
    for (let i = 0; i < 2_000; i += 1) await limits.publicForms.hit(`contact:10.0.${i >> 8}.${i & 255}`);
    expect(storedKeys(limits.publicForms.limiter)).toBe(2_000);
    vi.advanceTimersByTime(RATE_LIMITS.publicForms.windowSeconds * 1000 + 1);
    expect(storedKeys(limits.publicForms.limiter)).toBe(0);
  });

  it('keeps credential failures per account and address apart, and blocks for the block time', async () => {
    const limits = createLimits();
    for (let i = 0; i < 5; i += 1) expect((await limits.credentials.attempt('a@example.com', '203.0.113.1')).allowed).toBe(true);
    expect(await limits.credentials.attempt('a@example.com', '203.0.113.1')).toEqual({ allowed: false, retryAfterSeconds: 900 });
    expect((await limits.credentials.attempt('a@example.com', '203.0.113.2')).allowed).toBe(true);
    expect((await limits.credentials.attempt('b@example.com', '203.0.113.1')).allowed).toBe(true);
    vi.advanceTimersByTime(900_000 + 1);
    expect((await limits.credentials.attempt('a@example.com', '203.0.113.1')).allowed).toBe(true);
  });
});
