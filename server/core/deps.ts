// The long-lived things every request needs: database, configuration, limits, first-run state.
// Built once per app; tests build their own around a fresh database.
import path from 'node:path';
import type { DB } from '@db/database';
import { poolOf } from '@db/postgres';
import { openSideConnection } from '@db/side-connection';
import { type LimitHooks, type LimitOptions, type Limits, createLimits } from './rate-limits';
import type { Config } from './config';
import { PublicReadCache } from '@server/http/public-read-cache';
import { SiteMetrics } from '@server/monitoring/site-metrics';
import { createFaultReporter, type FaultReporter } from './faults';
import { Readiness } from '@server/monitoring/readiness.service';
import { createLog, type Log } from './log';

export type { LimitOptions, Limits } from './rate-limits';
export { createLimits } from './rate-limits';

export interface FirstRunState {
  /**
   * The one-time /admin/setup token this instance printed while no account existed (null otherwise).
   * The database keeps its hash beside those of other instances; that, not this field, is what a
   * setup request is checked against.
   */
  setupToken: string | null;
}

export interface AppDeps {
  db: DB;
  config: Config;
  limits: Limits;
  firstRun: FirstRunState;
  uploadsDir: string;
  /** Answers of anonymous public reads, kept until a change to what they show (server/http/public-read-cache.ts). */
  publicReads: PublicReadCache;
  /** A full disk or an unreachable database: logged, alerted, answered 503 (server/core/faults.ts). */
  faults: FaultReporter;
  /** What GET /readyz answers (server/monitoring/readiness.service.ts); drained at shutdown. */
  readiness: Readiness;
  /** The counters and gauges of GET /metrics (server/monitoring/site-metrics.ts). */
  metrics: SiteMetrics;
  /** The server's log: one JSON object a line (server/core/log.ts); silent in tests. */
  log: Log;
}

/**
 * What services need: the database, the public origin for links in e-mails, the public-read
 * cache, which a change to what visitors see tells (server/core/public-changes.ts), the metrics, and
 * the log for work no request asked for (the automatic backup).
 */
export type ServiceDeps = Pick<AppDeps, 'db' | 'config' | 'publicReads' | 'metrics' | 'log'>;

// The scrape's site_ready gauge reuses a readiness answer this young (a proxy probing /readyz, or
// the previous scrape); Prometheus scrapes every 15 s or so, so it almost always checks afresh.
const SCRAPE_READINESS_MAX_AGE_MS = 5_000;

export function createDeps(db: DB, config: Config, limitOptions?: LimitOptions, hooks: LimitHooks = {}, log: Log = createLog(config)): AppDeps {
  const dataDir = path.resolve(config.dataDir);
  // Readiness and the scrape's counts ask through a connection of their own, not the app's pool.
  const side = openSideConnection(db);
  const readiness = new Readiness({
    db,
    side,
    dataDir,
    log: config.logLevel === 'silent' ? undefined : (level, line) => log[level](line),
  });
  const publicReads = new PublicReadCache();
  const metrics = new SiteMetrics({ db, query: (work) => side.use(work), dataDir, publicReads, ready: async () => (await readiness.recent(SCRAPE_READINESS_MAX_AGE_MS)).ready });
  return {
    db,
    config,
    // hooks.onSignInThrottled: called once when one account's sign-in failures from one address
    // pass the limit (for alerts); every refusal is counted in the metrics.
    limits: createLimits(limitOptions, { ...hooks, onRefused: (limit) => metrics.limitRefused(limit) }, poolOf(db)),
    firstRun: { setupToken: null },
    uploadsDir: path.resolve(config.dataDir, 'uploads'),
    publicReads,
    readiness,
    metrics,
    log,
    faults: createFaultReporter({
      db,
      dataDir,
      publicOrigin: config.publicOrigin,
      // At error: operators read it whatever LOG_LEVEL says short of silent.
      log: (line) => log.error(line),
    }),
  };
}
