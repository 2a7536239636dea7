// Every rate limit of the server, named in one place (RATE_LIMITS), on rate-limiter-flexible. A
// limit per client counts its network (client-network.ts): an IPv4 address, or an IPv6 /64.
//
// On SQLite the counters live in RateLimiterMemory: one process serves the site. Each key expires on
// its own timer when its window ends, so memory holds only the keys of the current windows and no
// request ever scans the others. On PostgreSQL, where several instances may serve the site, they
// live in the database (RateLimiterPostgres, same API), so a limit holds across instances.
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { PgPool } from '@db/postgres';
import { AccountSlowdown } from './account-slowdown';
import { clientNetwork } from './client-network';

export interface LimitRule {
  /** Attempts allowed per key within `windowSeconds`. */
  points: number;
  windowSeconds: number;
  /** Once the points are spent, the key is refused for this long (0: until the window ends). */
  blockSeconds: number;
}

/** The limits and their reasons. Tests may lower points (LimitOptions in server/core/deps.ts). */
export const RATE_LIMITS = {
  /**
   * Failed credential checks for one account from one client address: sign-in passwords, sign-in
   * codes, the current password of a password change, and turning two-factor off. Counting per
   * account AND address means a stranger guessing elsewhere never locks the owner out.
   */
  credentialsPerAccountAndAddress: { points: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  /** Failed credential checks from one client address over all accounts (higher: offices share one address). */
  credentialsPerAddress: { points: 20, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  /**
   * Wrong passwords for one account from every address together, before its checks are slowed to
   * one every two seconds (account-slowdown.ts). Slowed, not refused: the owner still signs in.
   */
  credentialsPerAccount: { points: 10, windowSeconds: 60 * 60, blockSeconds: 0 },
  /** Public bookings, contact messages and manage-link calls per client address and form. */
  publicForms: { points: 20, windowSeconds: 10 * 60, blockSeconds: 0 },
  /**
   * Public reads that compute on every call instead of coming from the public-read cache (a
   * consultation type's free times), per client address and read. A visitor moving through months
   * and zones asks a few a minute; a script asking thousands only spends the server's time.
   */
  publicReads: { points: 60, windowSeconds: 60, blockSeconds: 0 },
  /**
   * Wrong authenticator-app codes for one account from every address together. Only someone who
   * knows the password reaches the code step; with many addresses they would otherwise get 5 guesses
   * each. Past this, app codes for the account wait an hour, but recovery codes (far too many to
   * guess) still sign its owner in, so the cap cannot lock the owner out.
   */
  appCodesPerAccount: { points: 10, windowSeconds: 60 * 60, blockSeconds: 60 * 60 },
  /**
   * Calls per API token (a CRM's sync), whatever its address: enough for a sync of thousands of
   * records a minute, not for a runaway script to take the server's time from visitors.
   */
  apiTokens: { points: 600, windowSeconds: 60, blockSeconds: 0 },
  /**
   * Analytics beacons per client network (server/analytics/beacon.route.ts). A visitor sends a page
   * view and a few booking steps a minute, an office behind one address a few dozen; a script
   * sending thousands of made-up pages would fill the daily totals. Counted in each instance's
   * memory, also on PostgreSQL: a beacon must cost less than a database round trip, and one
   * instance's count is enough to stop such a script.
   */
  beacons: { points: 120, windowSeconds: 60, blockSeconds: 0 },
} as const satisfies Record<string, LimitRule>;

export interface Verdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

const ALLOWED: Verdict = { allowed: true, retryAfterSeconds: 0 };

/** The one place that picks the store. */
/**
 * In memory for one process; in PostgreSQL's rate_limits table (migration 080) when the site runs on
 * PostgreSQL, so a limit holds however many instances share the database. All limits share the one
 * table (keys carry the limit's name): the store's prepared statements are named per query, not per
 * table, so several tables on one connection would clash.
 */
function createStore(name: string, rule: LimitRule, pool?: PgPool): RateLimiterAbstract {
  if (pool !== undefined) {
    return new RateLimiterPostgres({
      storeClient: pool,
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: name,
      points: rule.points,
      duration: rule.windowSeconds,
      blockDuration: rule.blockSeconds,
    });
  }
  return new RateLimiterMemory({
    keyPrefix: name,
    points: rule.points,
    duration: rule.windowSeconds,
    blockDuration: rule.blockSeconds,
  });
}

function refusal(res: RateLimiterRes): Verdict {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}

/** Told of every refusal, with the limit's name (its store's key prefix), for the metrics. */
export type RefusalListener = (limit: string) => void;

/** Consumes one point; a refusal of the limiter is a verdict, a failing store is an error. */
async function consume(limiter: RateLimiterAbstract, key: string, onRefused?: RefusalListener): Promise<Verdict & { firstRefusal: boolean }> {
  try {
    await limiter.consume(key);
    return { ...ALLOWED, firstRefusal: false };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    onRefused?.(limiter.keyPrefix);
    return { ...refusal(rejection), firstRefusal: rejection.consumedPoints === limiter.points + 1 };
  }
}

/** Fixed window: at most `points` hits per key per window. */
export class WindowLimit {
  constructor(
    readonly limiter: RateLimiterAbstract,
    private readonly onRefused?: RefusalListener,
  ) {}

  async hit(key: string): Promise<Verdict> {
    const { allowed, retryAfterSeconds } = await consume(this.limiter, key, this.onRefused);
    return { allowed, retryAfterSeconds };
  }

  /** One hit of `scope` ('contact', 'freeTimes'...) from the client at `ip`, counted by its network. */
  hitFrom(scope: string, ip: string): Promise<Verdict> {
    return this.hit(`${scope}:${clientNetwork(ip)}`);
  }
}

export interface SignInThrottledEvent {
  /** The account's e-mail address as typed (lower case). */
  email: string;
  /** The client addresses refused for this account at this moment. */
  addresses: string[];
  /**
   * 'code': the account's wrong app codes passed their cap, so someone who knows its password is
   * guessing codes; 'spread': wrong passwords from many addresses passed the account's own count.
   */
  step?: 'password' | 'code' | 'spread';
}

/**
 * Failed credential checks, per account and address together and per address (each counted by the
 * address's network). An attempt is counted as a failure before the (slow) check runs, in the same
 * tick as the limit check, so a burst of parallel guesses cannot slip past; `succeeded` takes it back.
 */
export class CredentialLimit {
  constructor(
    readonly perAccountAndAddress: RateLimiterAbstract,
    readonly perAddress: RateLimiterAbstract,
    private readonly onThrottled?: (event: SignInThrottledEvent) => void,
    private readonly onRefused?: RefusalListener,
  ) {}

  private static pairKey(account: string, ip: string): string {
    return `${account.toLowerCase()}|${clientNetwork(ip)}`;
  }

  /** Counts one attempt; a refusal means the check must not run. */
  async attempt(account: string, ip: string): Promise<Verdict> {
    const byAddress = await consume(this.perAddress, clientNetwork(ip), this.onRefused);
    if (!byAddress.allowed) return { allowed: false, retryAfterSeconds: byAddress.retryAfterSeconds };
    const byPair = await consume(this.perAccountAndAddress, CredentialLimit.pairKey(account, ip), this.onRefused);
    if (!byPair.allowed) {
      // Not a guess that was checked: only the pair's refusal counts.
      await this.perAddress.reward(clientNetwork(ip));
      if (byPair.firstRefusal) this.onThrottled?.({ email: account.toLowerCase(), addresses: [ip] });
      return { allowed: false, retryAfterSeconds: byPair.retryAfterSeconds };
    }
    return ALLOWED;
  }

  /** The whole check passed: the account's count from this address starts over, the address gets its point back. */
  async succeeded(account: string, ip: string): Promise<void> {
    await this.perAccountAndAddress.delete(CredentialLimit.pairKey(account, ip));
    await this.perAddress.reward(clientNetwork(ip));
  }

  /**
   * One step of a longer check passed (the password before the code): the attempt is taken back,
   * but earlier failures stay, so alternating a known password with guessed codes gains nothing.
   */
  async stepPassed(account: string, ip: string): Promise<void> {
    await this.perAccountAndAddress.reward(CredentialLimit.pairKey(account, ip));
    await this.perAddress.reward(clientNetwork(ip));
  }
}

/** Failed app codes per account (RATE_LIMITS.appCodesPerAccount). */
export class AppCodeLimit {
  constructor(
    readonly limiter: RateLimiterAbstract,
    private readonly onCapped?: (event: SignInThrottledEvent) => void,
    private readonly onRefused?: RefusalListener,
  ) {}

  /** Whether app codes may be tried for the account now (nothing is counted). */
  async check(account: string): Promise<Verdict> {
    const res = await this.limiter.get(account.toLowerCase());
    if (res === null || res.consumedPoints < this.limiter.points) return ALLOWED;
    this.onRefused?.(this.limiter.keyPrefix);
    return refusal(res);
  }

  /** Counts one wrong app code; the one that reaches the cap is reported (an alert to admins). */
  async failed(account: string, ip: string): Promise<void> {
    try {
      const res = await this.limiter.consume(account.toLowerCase());
      if (res.consumedPoints === this.limiter.points) this.onCapped?.({ email: account.toLowerCase(), addresses: [ip], step: 'code' });
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    }
  }

  async succeeded(account: string): Promise<void> {
    await this.limiter.delete(account.toLowerCase());
  }
}

export interface Limits {
  /** Sign-in (password and code), change password, turning two-factor off. */
  credentials: CredentialLimit;
  /** Wrong app codes for one account from any address. */
  appCodes: AppCodeLimit;
  /** Wrong passwords for one account from every address: past its count, checks wait their turn. */
  accountSlowdown: AccountSlowdown;
  /** Public bookings and contact messages per client address per window. */
  publicForms: WindowLimit;
  /** Public reads that compute (free times) per client address per window. */
  publicReads: WindowLimit;
  /** Calls per API token per window. */
  apiTokens: WindowLimit;
  /** Analytics beacons per client network per window, in this instance's memory. */
  beacons: WindowLimit;
}

export interface LimitOptions {
  /** Failures per account and address (default RATE_LIMITS.credentialsPerAccountAndAddress.points). */
  signInFreeFailuresPerEmail?: number;
  /** Failures per address (default RATE_LIMITS.credentialsPerAddress.points). */
  signInFreeFailuresPerIp?: number;
  /** Wrong passwords per account from every address before its checks are slowed (default RATE_LIMITS.credentialsPerAccount.points). */
  signInFreeFailuresPerAccount?: number;
  publicFormsPerWindow?: number;
  publicFormsWindowMs?: number;
  /** Calls per address (default RATE_LIMITS.publicReads.points). */
  publicReadsPerWindow?: number;
  /** Calls per API token (default RATE_LIMITS.apiTokens.points). */
  apiTokensPerWindow?: number;
  /** Beacons per client network (default RATE_LIMITS.beacons.points). */
  beaconsPerWindow?: number;
}

export interface LimitHooks {
  /** Called once when one account's failures from one address (or from every address together) pass the limit. */
  onSignInThrottled?: (event: SignInThrottledEvent) => void;
  /** Called at every refusal with the limit's name (for the metrics). */
  onRefused?: RefusalListener;
}

export function createLimits(options: LimitOptions = {}, hooks: LimitHooks = {}, pool?: PgPool): Limits {
  const pair = RATE_LIMITS.credentialsPerAccountAndAddress;
  const address = RATE_LIMITS.credentialsPerAddress;
  const forms = RATE_LIMITS.publicForms;
  return {
    credentials: new CredentialLimit(
      createStore('credentials-account-address', { ...pair, points: options.signInFreeFailuresPerEmail ?? pair.points }, pool),
      createStore('credentials-address', { ...address, points: options.signInFreeFailuresPerIp ?? address.points }, pool),
      hooks.onSignInThrottled,
      hooks.onRefused,
    ),
    appCodes: new AppCodeLimit(createStore('app-codes-account', RATE_LIMITS.appCodesPerAccount, pool), hooks.onSignInThrottled, hooks.onRefused),
    accountSlowdown: new AccountSlowdown(
      createStore('credentials-account', { ...RATE_LIMITS.credentialsPerAccount, points: options.signInFreeFailuresPerAccount ?? RATE_LIMITS.credentialsPerAccount.points }, pool),
      hooks.onSignInThrottled,
      hooks.onRefused,
    ),
    publicForms: new WindowLimit(
      createStore('public-forms', {
        ...forms,
        points: options.publicFormsPerWindow ?? forms.points,
        windowSeconds: options.publicFormsWindowMs === undefined ? forms.windowSeconds : Math.ceil(options.publicFormsWindowMs / 1000),
      }, pool),
      hooks.onRefused,
    ),
    publicReads: new WindowLimit(
      createStore('public-reads', { ...RATE_LIMITS.publicReads, points: options.publicReadsPerWindow ?? RATE_LIMITS.publicReads.points }, pool),
      hooks.onRefused,
    ),
    apiTokens: new WindowLimit(
      createStore('api-tokens', { ...RATE_LIMITS.apiTokens, points: options.apiTokensPerWindow ?? RATE_LIMITS.apiTokens.points }, pool),
      hooks.onRefused,
    ),
    beacons: new WindowLimit(createStore('beacons', { ...RATE_LIMITS.beacons, points: options.beaconsPerWindow ?? RATE_LIMITS.beacons.points }), hooks.onRefused),
  };
}
