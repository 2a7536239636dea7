// Whether this instance should be sent requests (GET /readyz): its database answers a trivial query
// within a second, every migration this build knows has run, and the data folder takes a write. A
// process that is alive but not ready is kept out of rotation by the proxy, not restarted (that is
// /healthz's job, which touches nothing).
//
// The questions go through a connection of their own (db/side-connection.ts), never the app's pool:
// a pool busy with bookings, queries queued for it, is load, not a fault, and must not take the
// instance out of rotation.
//
// Probes that arrive together share one run of the checks, so a proxy and a monitor polling at
// once never double the work. The log gets one line when the answer turns unready (naming what
// failed) and one when it is ready again, not one per probe.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DB } from '@db/database';
import { openSideConnection, type SideConnection } from '@db/side-connection';
import { MIGRATION_NAMES } from '@db/migrate';
import { appliedMigrationNames, pingDatabase } from './health.repository';

export const READINESS_TIMEOUT_MS = 1000;

export interface CheckResult {
  ok: boolean;
  /** Why it failed: a short sentence with an error code at most, never a path or an address. */
  error?: string;
}

export type CheckName = 'database' | 'migrations' | 'dataDir' | 'shutdown';

export interface ReadinessReport {
  ready: boolean;
  checks: Partial<Record<CheckName, CheckResult>>;
}

export interface ReadinessOptions {
  db: DB;
  /** Where the checks run; by default a side connection of `db`'s own (closed by close()). */
  side?: SideConnection;
  dataDir: string;
  timeoutMs?: number;
  /** Where the lines on turning unready and ready again go. */
  log?: (level: 'warn' | 'info', line: string) => void;
  /** The clock that ages answers for recent() (tests inject one). */
  now?: () => number;
}

/** A system error's code (ENOSPC, ECONNREFUSED, 57P01), which names the trouble without naming a path or host. */
function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,32}$/.test(code) ? code : null;
}

function failure(what: string, error: unknown): CheckResult {
  const code = codeOf(error);
  return { ok: false, error: code === null ? what : `${what} (${code})` };
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(2))} s`;
}

/** `promise`, or 'timeout' after `ms`; the timer never holds the process open. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export class Readiness {
  private draining = false;
  private running: Promise<ReadinessReport> | undefined;
  private lastReady: boolean | undefined;
  private last: { report: ReadinessReport; at: number } | undefined;
  private readonly timeoutMs: number;
  private readonly side: SideConnection;
  private readonly now: () => number;

  constructor(private readonly options: ReadinessOptions) {
    this.timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
    this.side = options.side ?? openSideConnection(options.db);
  }

  /** Closes the checks' own connection (the server's shutdown, after drain()). */
  close(): Promise<void> {
    return this.side.close();
  }

  /** From now on the answer is unready: the server is stopping and finishes what it has. */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * The last answer if it is at most `maxAgeMs` old, else a fresh one: for the scrape's site_ready
   * gauge, which must answer quickly under load (the data-folder check goes through the thread pool,
   * behind the server's own file and compression work), while /readyz always checks afresh.
   */
  async recent(maxAgeMs: number): Promise<ReadinessReport> {
    const last = this.last;
    if (!this.draining && last !== undefined && this.now() - last.at <= maxAgeMs) return last.report;
    return this.check();
  }

  /** The checks, run once for every caller that asks while they run. */
  check(): Promise<ReadinessReport> {
    if (this.draining) return Promise.resolve({ ready: false, checks: { shutdown: { ok: false, error: 'the server is shutting down' } } });
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(): Promise<ReadinessReport> {
    const [database, dataDir] = await Promise.all([this.checkDatabase(), this.checkDataDir()]);
    const migrations: CheckResult = database.ok ? await this.checkMigrations() : { ok: false, error: 'not checked: the database did not answer' };
    const checks = { database, migrations, dataDir };
    const ready = database.ok && migrations.ok && dataDir.ok;
    this.noteChange(ready, checks);
    const report = { ready, checks };
    this.last = { report, at: this.now() };
    return report;
  }

  private async checkDatabase(): Promise<CheckResult> {
    try {
      const answer = await within(this.side.use(pingDatabase), this.timeoutMs);
      return answer === 'timeout' ? { ok: false, error: `no answer within ${seconds(this.timeoutMs)}` } : { ok: true };
    } catch (error) {
      return failure('the database did not answer', error);
    }
  }

  private async checkMigrations(): Promise<CheckResult> {
    try {
      const answer = await within(this.side.use(appliedMigrationNames), this.timeoutMs);
      if (answer === 'timeout') return { ok: false, error: `no answer within ${seconds(this.timeoutMs)}` };
      const done = new Set(answer);
      const missing = MIGRATION_NAMES.filter((name) => !done.has(name));
      if (missing.length === 0) return { ok: true };
      return { ok: false, error: `${missing.length} migration${missing.length === 1 ? ' has' : 's have'} not run: ${missing.join(', ')}` };
    } catch (error) {
      return failure('the migrations could not be read', error);
    }
  }

  private async checkDataDir(): Promise<CheckResult> {
    // A dot-file of its own per probe: several instances share the folder on PostgreSQL.
    const probe = path.join(this.options.dataDir, `.readyz-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe, { force: true });
      return { ok: true };
    } catch (error) {
      await fs.rm(probe, { force: true }).catch(() => undefined);
      return failure('the data folder is not writable', error);
    }
  }

  private noteChange(ready: boolean, checks: Record<string, CheckResult>): void {
    const previous = this.lastReady;
    this.lastReady = ready;
    if (ready === previous || (ready && previous === undefined)) return;
    if (ready) {
      this.options.log?.('info', 'Ready again: every readiness check passes.');
      return;
    }
    const failed = Object.entries(checks)
      .filter(([, result]) => !result.ok)
      .map(([name, result]) => `${name}: ${result.error ?? 'failed'}`);
    this.options.log?.('warn', `Not ready: ${failed.join('; ')}.`);
  }
}
