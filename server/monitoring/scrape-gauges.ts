// The gauges and counters of /metrics that describe stored state and the process, read when
// Prometheus scrapes, never on a request's path: the outbox, the webhook deliveries, readiness, the
// PostgreSQL pool, the release, requests in flight, the public-read cache, the last backup, SQLite's
// log and lock waits.
// Every label value comes from a fixed list.
import fs from 'node:fs';
import path from 'node:path';
import { Counter, Gauge, type Registry } from 'prom-client';
import { type DB, lockWaitsOf, sqliteOf } from '@db/database';
import { isPostgres, poolOf } from '@db/postgres';
import { EMAIL_KINDS } from '@db/schema';
import { projectRoot } from '@server/core/env-file';
import type { PublicReadCache } from '@server/http/public-read-cache';
import { listBackups, readManifest } from '@server/backups/backups.service';
import { countOutboxByStateAndKind, oldestWaitingCreatedAt, type OutboxState } from '@server/email/outbox-stats.repository';
import { countDeliveriesByStatus } from '@server/webhooks/webhooks.repository';

export interface ScrapeGaugeOptions {
  db: DB;
  /**
   * Runs the scrape's own queries (the outbox counts): on a connection beside the app's pool, so
   * they neither wait behind the app's queries nor count in site_db_pool_waiting. By default on `db`.
   */
  query?: <T>(work: (db: DB) => Promise<T>) => Promise<T>;
  /** The data folder: its backups/ say when the last backup was made. */
  dataDir?: string;
  /** The public-read cache, whose hits and rebuilds are reported. */
  publicReads?: PublicReadCache;
  /** Whether the site is ready (server/monitoring/readiness.service.ts), read at each scrape. */
  ready?: () => Promise<boolean>;
  /** The clock, for the oldest waiting message's age (tests inject one). */
  now?: () => number;
  /** Requests being answered now. */
  inFlight: () => number;
}

/** The site's version, from package.json (read once). */
function siteVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** When the newest finished backup under `dataDir/backups` was made (its manifest), or null. */
async function lastBackupAt(dataDir: string): Promise<number | null> {
  const root = path.join(dataDir, 'backups');
  for (const name of await listBackups(root)) {
    try {
      return Date.parse(readManifest(path.join(root, name)).createdAt);
    } catch {
      // an unreadable manifest: the next older backup
    }
  }
  return null;
}

export function registerScrapeGauges(registry: Registry, options: ScrapeGaugeOptions): void {
  const { db, ready, publicReads, dataDir } = options;
  const query = options.query ?? ((work) => work(db));
  const now = options.now ?? Date.now;
  new Gauge({
    name: 'site_build_info',
    help: "Always 1; the labels say which release runs: its version (package.json) and the database (Node.js's is nodejs_version_info).",
    labelNames: ['version', 'database'] as const,
    registers: [registry],
  }).set({ version: siteVersion(), database: isPostgres(db) ? 'postgresql' : 'sqlite' }, 1);

  const inFlightNow = options.inFlight;
  new Gauge({
    name: 'site_http_requests_in_flight',
    help: 'Requests being answered now, from arrival to answer (load shedding starts past a bound).',
    registers: [registry],
    collect() {
      this.set(inFlightNow());
    },
  });

  if (publicReads !== undefined) {
    new Counter({
      name: 'site_public_cache_hits_total',
      help: 'Anonymous public reads and pages answered from memory, by kind (api: a tRPC answer; page: a server-rendered page or value).',
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ kind: 'api' }, publicReads.stats.apiHits);
        this.inc({ kind: 'page' }, publicReads.stats.valueHits);
      },
    });
    new Counter({
      name: 'site_public_cache_rebuilds_total',
      help: 'Answers and pages computed afresh because none was kept or a change made the kept one stale, by kind.',
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ kind: 'api' }, publicReads.stats.apiRebuilds);
        this.inc({ kind: 'page' }, publicReads.stats.valueRebuilds);
      },
    });
    new Gauge({
      name: 'site_public_cache_bytes',
      help: 'Bytes of answers and pages kept in memory (bounded: least recently used go first).',
      registers: [registry],
      collect() {
        this.set(publicReads.bytes);
      },
    });
  }

  if (dataDir !== undefined) {
    new Gauge({
      name: 'site_backup_last_success_timestamp_seconds',
      help: 'When the newest finished backup in DATA_DIR/backups was made (Unix time; 0 when there is none).',
      registers: [registry],
      async collect() {
        const at = await lastBackupAt(dataDir).catch(() => null);
        this.set(at === null ? 0 : at / 1000);
      },
    });
  }

  const sqlite = sqliteOf(db);
  const locks = lockWaitsOf(db);
  if (sqlite !== undefined && locks !== undefined) {
    new Gauge({
      name: 'site_sqlite_wal_bytes',
      help: "Size of SQLite's write-ahead log (app.db-wal); it grows while a long read keeps checkpoints from finishing.",
      registers: [registry],
      collect() {
        try {
          this.set(fs.statSync(`${sqlite.name}-wal`).size);
        } catch {
          this.set(0);
        }
      },
    });
    new Counter({
      name: 'site_sqlite_busy_waits_total',
      help: "Transactions that found SQLite's write lock held by another connection (a script, a backup) and waited for it.",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(locks.waits);
      },
    });
    new Counter({
      name: 'site_sqlite_busy_wait_seconds_total',
      help: "Time transactions spent waiting for SQLite's write lock.",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(locks.waitSeconds);
      },
    });
    new Counter({
      name: 'site_sqlite_busy_refusals_total',
      help: 'Transactions refused (database is locked) after waiting the whole busy timeout (5 s).',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(locks.refused);
      },
    });
  }

  new Gauge({
    name: 'site_outbox_messages',
    help: 'E-mails in the outbox by state (waiting to go out, sending: claimed by a sender now, or failed: given up) and kind.',
    labelNames: ['state', 'kind'] as const,
    registers: [registry],
    async collect() {
      // The database down is when a monitor needs the rest of the page most: these series are left
      // out of that scrape (site_ready says why) rather than failing it.
      const counts = await query(countOutboxByStateAndKind).catch(() => null);
      this.reset();
      if (counts === null) return;
      const byKey = new Map(counts.map((row) => [`${row.state} ${row.kind}`, row.count]));
      const states: OutboxState[] = ['waiting', 'sending', 'failed'];
      // Every pair is written, zero included, so the series never disappear between scrapes.
      for (const state of states) {
        for (const kind of EMAIL_KINDS) this.set({ state, kind }, byKey.get(`${state} ${kind}`) ?? 0);
      }
    },
  });

  new Gauge({
    name: 'site_webhook_deliveries',
    help: 'Webhook deliveries by state (waiting: to be sent or retried, failed: given up after a day).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const counts = await query(countDeliveriesByStatus).catch(() => null);
      this.reset();
      if (counts === null) return;
      this.set({ state: 'waiting' }, counts.pending);
      this.set({ state: 'failed' }, counts.failed);
    },
  });

  new Gauge({
    name: 'site_outbox_oldest_waiting_seconds',
    help: 'Age of the oldest e-mail still waiting to go out (0 when none waits).',
    registers: [registry],
    async collect() {
      const oldest = await query(oldestWaitingCreatedAt).catch(() => undefined);
      this.reset();
      if (oldest === undefined) return;
      this.set(oldest === null ? 0 : Math.max(0, (now() - Date.parse(oldest)) / 1000));
    },
  });

  if (ready !== undefined) {
    new Gauge({
      name: 'site_ready',
      help: 'Whether the site is ready to serve (1) or not (0), as GET /readyz answers (an answer at most 5 s old).',
      registers: [registry],
      async collect() {
        this.set((await ready()) ? 1 : 0);
      },
    });
  }

  const pool = poolOf(db);
  if (pool !== undefined) {
    new Gauge({
      name: 'site_db_pool_connections',
      help: 'PostgreSQL connections of this instance, by state (in use by a query or transaction, or idle).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'site_db_pool_waiting',
      help: 'Queries of this instance waiting for a free PostgreSQL connection.',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
}
