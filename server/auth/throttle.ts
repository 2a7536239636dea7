// In-memory limits for one server process: sign-in slow-down and public form rate limits.
// A restart forgets them, which is acceptable for a single-box deployment.

export interface ThrottleVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Sign-in slow-down: after `freeFailures` failures for a key, each further attempt must wait
 * 2^(n - freeFailures) seconds after the last failure, capped at `maxDelaySeconds`.
 * Failures are forgotten `forgetAfterMs` after the last one.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, { count: number; lastAt: number }>();

  constructor(
    private readonly freeFailures: number,
    private readonly maxDelaySeconds = 15 * 60,
    private readonly forgetAfterMs = 60 * 60_000,
  ) {}

  check(key: string, now = Date.now()): ThrottleVerdict {
    const entry = this.failures.get(key);
    if (entry === undefined || now - entry.lastAt > this.forgetAfterMs) return { allowed: true, retryAfterSeconds: 0 };
    if (entry.count < this.freeFailures) return { allowed: true, retryAfterSeconds: 0 };
    const delayMs = Math.min(2 ** (entry.count - this.freeFailures) * 1000, this.maxDelaySeconds * 1000);
    const waitMs = entry.lastAt + delayMs - now;
    return waitMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) } : { allowed: true, retryAfterSeconds: 0 };
  }

  recordFailure(key: string, now = Date.now()): void {
    const entry = this.failures.get(key);
    const fresh = entry === undefined || now - entry.lastAt > this.forgetAfterMs;
    this.failures.set(key, { count: fresh ? 1 : entry.count + 1, lastAt: now });
    if (this.failures.size > 50_000) this.prune(now);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  /** Takes back one failure recorded provisionally for an attempt that turned out to succeed. */
  forgive(key: string): void {
    const entry = this.failures.get(key);
    if (entry === undefined) return;
    if (entry.count <= 1) this.failures.delete(key);
    else entry.count -= 1;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.failures) {
      if (now - entry.lastAt > this.forgetAfterMs) this.failures.delete(key);
    }
  }
}

/** Fixed-window counter: at most `limit` hits per key per `windowMs`. */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; startedAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): ThrottleVerdict {
    let window = this.windows.get(key);
    if (window === undefined || now - window.startedAt >= this.windowMs) {
      window = { count: 0, startedAt: now };
      this.windows.set(key, window);
      if (this.windows.size > 50_000) this.prune(now);
    }
    window.count += 1;
    if (window.count <= this.limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.ceil((window.startedAt + this.windowMs - now) / 1000) };
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
