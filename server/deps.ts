// The long-lived things every request needs: database, configuration, limits, first-run state.
// Built once per app; tests build their own around a fresh database.
import path from 'node:path';
import type { DB } from '@db/database';
import { FailureThrottle, RateLimiter } from './auth/throttle';
import type { Config } from './config';
import { PublicReadCache } from './http/public-read-cache';

export interface Limits {
  /** Sign-in failures per e-mail address before answers slow down. */
  signInByEmail: FailureThrottle;
  /** Sign-in failures per client address (higher: offices share one address). */
  signInByIp: FailureThrottle;
  /** Public bookings and contact messages per client address per window. */
  publicForms: RateLimiter;
}

export interface LimitOptions {
  signInFreeFailuresPerEmail?: number;
  signInFreeFailuresPerIp?: number;
  publicFormsPerWindow?: number;
  publicFormsWindowMs?: number;
}

export interface FirstRunState {
  /** One-time token for /admin/setup while no account exists; null once an admin is created. */
  setupToken: string | null;
}

export interface AppDeps {
  db: DB;
  config: Config;
  limits: Limits;
  firstRun: FirstRunState;
  uploadsDir: string;
  /** Answers of anonymous public reads, kept until the next write (server/http/public-read-cache.ts). */
  publicReads: PublicReadCache;
}

/** What services that write e-mails need: the database and the public origin for links. */
export type ServiceDeps = Pick<AppDeps, 'db' | 'config'>;

export function createLimits(options: LimitOptions = {}): Limits {
  return {
    signInByEmail: new FailureThrottle(options.signInFreeFailuresPerEmail ?? 5),
    signInByIp: new FailureThrottle(options.signInFreeFailuresPerIp ?? 20),
    publicForms: new RateLimiter(options.publicFormsPerWindow ?? 20, options.publicFormsWindowMs ?? 10 * 60_000),
  };
}

export function createDeps(db: DB, config: Config, limitOptions?: LimitOptions): AppDeps {
  return {
    db,
    config,
    limits: createLimits(limitOptions),
    firstRun: { setupToken: null },
    uploadsDir: path.resolve(config.dataDir, 'uploads'),
    publicReads: new PublicReadCache(),
  };
}
