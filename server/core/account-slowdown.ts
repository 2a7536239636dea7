// The per-account slowdown of password checks. The limits per account and address and per address
// (rate-limits.ts) stop one client; a guesser with many addresses gets five guesses from each. Past
// RATE_LIMITS.credentialsPerAccount failures for one account from every address together, each
// further password check for it waits its turn: one every ACCOUNT_CHECK_SPACING_MS, so many
// addresses guess no faster than one. Nothing is refused for the account as such, so its owner is
// never locked out: the right password still signs in, after a wait, and from a network that signed
// in to the account before (auth.service.ts decides) at once. An attempt that would wait longer than
// ACCOUNT_MAX_WAIT_MS is refused for now (its retry says when), never counted.
//
// The count lives in the limits' store (shared by instances on PostgreSQL); the turns are kept in
// this process, so with several instances each paces its own share.
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { clientNetwork } from './client-network';
import type { RefusalListener, SignInThrottledEvent } from './rate-limits';
import { BoundedCache } from '@server/shared/bounded-cache';

/** The least time between two password checks of a slowed account (in this process). */
export const ACCOUNT_CHECK_SPACING_MS = 2_000;
/** An attempt whose turn is further away than this is refused for now instead of waiting. */
export const ACCOUNT_MAX_WAIT_MS = 10_000;
/** Slowed accounts whose turns are kept; an account typed by a guesser must not grow memory for ever. */
const MAX_PACED_ACCOUNTS = 10_000;

/** A slowed account's check: it waits `waitMs` for its turn, or is refused for now when that is too long. */
export type AccountTurn = { allowed: true; waitMs: number } | { allowed: false; retryAfterSeconds: number };

export class AccountSlowdown {
  /** When the next check of each slowed account may start (epoch ms). */
  private readonly nextCheckAt = new BoundedCache<string, { at: number }>(MAX_PACED_ACCOUNTS);

  constructor(
    readonly failures: RateLimiterAbstract,
    private readonly onSlowed?: (event: SignInThrottledEvent) => void,
    private readonly onRefused?: RefusalListener,
  ) {}

  /**
   * Counts one password check of `account` before it runs (so a parallel burst cannot slip past);
   * answers whether the account's failures passed its free count, so the check must wait its turn.
   * The first attempt past the count is reported (an alert to admins) with its address.
   */
  async count(account: string, ip: string): Promise<boolean> {
    const key = account.toLowerCase();
    let consumed: number;
    try {
      consumed = (await this.failures.consume(key)).consumedPoints;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      consumed = rejection.consumedPoints;
    }
    if (consumed === this.failures.points + 1) this.onSlowed?.({ email: key, addresses: [ip], step: 'spread' });
    return consumed > this.failures.points;
  }

  /** Takes the next turn of a slowed account's checks (in this process). */
  turn(account: string): AccountTurn {
    const now = Date.now();
    const next = this.nextCheckAt.getOrMake(account.toLowerCase(), () => ({ at: now }));
    const at = Math.max(now, next.at);
    if (at - now > ACCOUNT_MAX_WAIT_MS) {
      this.onRefused?.(`${this.failures.keyPrefix}-wait`);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((at - now - ACCOUNT_MAX_WAIT_MS) / 1000)) };
    }
    next.at = at + ACCOUNT_CHECK_SPACING_MS;
    return { allowed: true, waitMs: at - now };
  }

  /** The check was not run, or its password was right: it is not a failure. The account's other failures stay counted. */
  async notAFailure(account: string): Promise<void> {
    await this.failures.reward(account.toLowerCase());
  }
}

/** Whether `ip` is in one of the networks of `addresses` (a /64 for IPv6). */
export function inKnownNetwork(ip: string, addresses: readonly string[]): boolean {
  const network = clientNetwork(ip);
  return addresses.some((address) => clientNetwork(address) === network);
}

