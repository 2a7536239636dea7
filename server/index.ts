// Entry point: read the configuration, open, check and migrate the database, prepare the first run,
// listen, and shut down cleanly on SIGTERM / SIGINT. A start-up failure logs one line naming the
// problem and what to do (server/core/startup.ts) and exits with code 1. Everything it prints is a
// line of the one log (server/core/log.ts): JSON, or text at a terminal.
import os from 'node:os';
import path from 'node:path';
import { databaseFile, type DB, openAppDatabaseOf, openDatabase } from '@db/database';
import { type DataFolderLock, DataFolderLocked, lockDataFolderWaitingForBackup } from '@db/folder-lock';
import { migrateToLatest } from '@db/migrate';
import { buildApp } from './app';
import { deleteExpiredSessions } from './identity/session.service';
import { sweepPartialUploads } from './uploads/uploads.route';
import { ConfigError, loadConfig, type Config } from './core/config';
import { createLog, defaultLogFormat, lifecycleLog, type Log } from './core/log';
import { createDeps } from './core/deps';
import { privateUmask } from './core/private-files';
import { MigrationProgress } from './core/migration-progress';
import { listenWhileUpdating, type UpdatingServer } from './monitoring/updating-server';
import { loadDotEnv, projectRoot } from './core/env-file';
import { clearServerRunning, noteServerStart, systemAlertHooks } from './monitoring/system-alerts.service';
import { startEmailSender } from './email/sender';
import { startScheduler } from './scheduler/scheduler';
import { startWebhookSender } from './webhooks/webhook-sender';
import { prepareFirstRun } from './identity/first-run.service';
import {
  checkDatabaseFile,
  checkDataDir,
  checkPostgresConnection,
  describeFolderLocked,
  describeListenFailure,
  describeMigrationFailure,
  describeOpenFailure,
  StartupError,
} from './core/startup';

/** Requests in flight and a message being sent get this long to finish after SIGTERM / SIGINT. */
export const SHUTDOWN_GRACE_MS = 10_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Until the configuration is read: info and up, in the format LOG_FORMAT asks for if it is valid. */
let lifecycle: Log = createLog({
  logLevel: 'info',
  logFormat: process.env.LOG_FORMAT === 'json' || process.env.LOG_FORMAT === 'text' ? process.env.LOG_FORMAT : defaultLogFormat(),
});

/** SQLite: the data folder for this process alone (db/folder-lock.ts), waiting out a backup that holds it. */
async function takeDataFolder(dataDir: string, port: number): Promise<DataFolderLock> {
  try {
    return await lockDataFolderWaitingForBackup(dataDir, { kind: 'server', port }, { waitMs: 60_000, log: (line) => lifecycle.info(line) });
  } catch (error) {
    if (error instanceof DataFolderLocked) throw describeFolderLocked(error);
    throw error;
  }
}

/** PostgreSQL reachable, or the SQLite file opened and checked; one line naming the problem otherwise. */
async function openChecked(config: Config): Promise<DB> {
  if (config.databaseUrl !== undefined) {
    // PostgreSQL (several instances may share it): reachable, or one line naming what to check.
    const { db } = openAppDatabaseOf(config);
    try {
      await checkPostgresConnection(db, config.databaseUrl, { waitMs: config.databaseWaitMs, log: (line) => lifecycle.warn(line) });
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return db;
  }
  const file = databaseFile(path.resolve(config.dataDir));
  let opened: ReturnType<typeof openDatabase>;
  try {
    opened = openDatabase(file);
  } catch (error) {
    throw describeOpenFailure(error, file);
  }
  try {
    checkDatabaseFile(opened.sqlite, file);
  } catch (error) {
    opened.sqlite.close();
    throw error;
  }
  return opened.db;
}

async function main(): Promise<void> {
  // Whatever it writes under DATA_DIR is for its own user only (server/core/private-files.ts).
  privateUmask();
  loadDotEnv();
  const config = loadConfig();
  const log = createLog(config);
  // Lifecycle lines (listening, the setup link, shutting down) whatever LOG_LEVEL says.
  lifecycle = lifecycleLog(log);
  // This instance's name among several on one database: the same after a restart, different beside another.
  const instance = `${os.hostname()}:${config.port}`;

  checkDataDir(config.dataDir);
  // SQLite: one process per data folder, taken before anything opens the database. PostgreSQL's
  // instances share the folder (uploads) and the database takes its own locks.
  const folderLock = config.databaseUrl === undefined ? await takeDataFolder(config.dataDir, config.port) : null;

  // A stop asked while starting: the migration running finishes, none other starts, and the
  // process ends cleanly once start-up reaches a safe point (the rest runs at the next start).
  const progress = new MigrationProgress((line) => lifecycle.info(line));
  let stopAsked: string | null = null;
  const stopWhileStarting = (signal: string) => {
    if (stopAsked !== null) return;
    stopAsked = signal;
    progress.stop();
    const running = progress.running;
    lifecycle.info(`${signal} received while starting${running === null ? '' : `: finishing migration ${running} first`}`);
  };
  const onStartTerm = () => stopWhileStarting('SIGTERM');
  const onStartInt = () => stopWhileStarting('SIGINT');
  process.on('SIGTERM', onStartTerm);
  process.on('SIGINT', onStartInt);

  // The port first: a start that cannot listen fails before it touches the database, and while the
  // database is opened and updated the port answers /healthz 200, /readyz 503 and an "updating" page.
  let updating: UpdatingServer;
  try {
    updating = await listenWhileUpdating(config.host, config.port, progress);
  } catch (error) {
    folderLock?.release();
    throw describeListenFailure(error, config.host, config.port);
  }
  const abandon = async (db?: DB) => {
    await updating.close();
    await db?.destroy();
    folderLock?.release();
  };

  let db: DB;
  try {
    db = await openChecked(config);
  } catch (error) {
    await abandon();
    throw error;
  }
  try {
    const run = await migrateToLatest(db, progress);
    progress.finished(run.stopped);
  } catch (error) {
    await abandon(db);
    throw describeMigrationFailure(error);
  }
  if (stopAsked !== null) {
    await abandon(db);
    lifecycle.info('Stopped.');
    process.exit(0);
  }
  // A throttled sign-in raises a system alert to the admins (server/monitoring/system-alerts.service.ts).
  const alerts = systemAlertHooks(db, config.publicOrigin, (error: unknown) => log.error({ err: error }, 'system alert failed'));
  const deps = createDeps(db, config, undefined, alerts.hooks, log);
  const clientDir = path.resolve(config.clientDir ?? path.join(projectRoot, 'dist', 'client'));
  const app = await buildApp(deps, { clientDir });
  // Several instances (PostgreSQL) share the uploads folder: only leftovers older than an hour go.
  await sweepPartialUploads(deps.uploadsDir, config.databaseUrl === undefined ? 0 : 3_600_000);

  const firstRun = await prepareFirstRun(deps);
  if (firstRun.kind === 'admin-created') lifecycle.info(`Created the first admin account ${firstRun.email}.`);

  // The outbox sender: sends what changes wrote to the outbox, including what waited through a restart.
  // A failure that repeats (SMTP settings fine but the database gone) is one line a minute, and one when it works again.
  const emailSender = startEmailSender(deps, {
    onError: (error: unknown) => app.repeatedErrors.failed('e-mail sender', error),
    onPassDone: () => app.repeatedErrors.recovered('e-mail sender'),
    // Under load e-mail waits a moment: visitors first (server/http/load-shedding.ts).
    serverBusy: () => app.loadShedding.busy(),
  });

  // Reminders and outbox retention, checked every minute.
  const scheduler = startScheduler(deps, {
    onError: (error: unknown) => app.repeatedErrors.failed('scheduler', error),
    onRunDone: () => app.repeatedErrors.recovered('scheduler'),
  });

  // Webhook deliveries: what changes wrote to the webhooks' outbox, every few seconds.
  const webhookSender = startWebhookSender(deps, {
    onError: (error: unknown) => app.repeatedErrors.failed('webhook sender', error),
    onPassDone: () => app.repeatedErrors.recovered('webhook sender'),
  });

  const sweep = setInterval(() => void deleteExpiredSessions(db).catch((error: unknown) => app.repeatedErrors.failed('session sweep', error)), 3_600_000);
  sweep.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Lifecycle lines are written whatever LOG_LEVEL says: operators and scripts read them.
    lifecycle.info(`${signal} received, shutting down`);
    clearInterval(sweep);
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    // GET /readyz answers 503 from now on, so a proxy stops sending requests here; those already
    // in flight are answered before the server stops listening (a rolling deploy loses none).
    deps.readiness.drain();
    await within(app.requestsInFlight.settled(), SHUTDOWN_GRACE_MS);
    // Stops accepting connections, closes idle ones and waits for requests still running.
    if ((await within(app.close(), Math.max(0, deadline - Date.now()))) === 'timeout') {
      app.log.warn('requests still running after 10 seconds; closing their connections');
      app.server.closeAllConnections();
    }
    // After the API is closed no new messages arrive; the message being sent now is finished and recorded.
    await scheduler.stop();
    await within(webhookSender.stop(), Math.max(0, deadline - Date.now()));
    if ((await within(emailSender.stop(), Math.max(0, deadline - Date.now()))) === 'timeout') {
      app.log.warn('an e-mail was still being sent after 10 seconds; it will be retried at the next start');
    }
    await alerts.settled();
    await clearServerRunning(db, instance);
    await deps.faults.settled();
    await deps.readiness.close();
    await db.destroy();
    // Last: until the database is closed, no other process may open it.
    folderLock?.release();
    lifecycle.info('Stopped.');
    process.exit(0);
  };
  process.off('SIGTERM', onStartTerm);
  process.off('SIGINT', onStartInt);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  if (stopAsked !== null) {
    await updating.close();
    await shutdown(stopAsked);
    return;
  }

  // The app takes the port over from the updating answers (closed first: they share the address).
  await updating.close();
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await emailSender.stop();
    await webhookSender.stop();
    await db.destroy();
    folderLock?.release();
    throw describeListenFailure(error, config.host, config.port);
  }
  // A marker row says the server is running; still set from the previous run means that run
  // stopped uncleanly, and the admins are alerted. The clean shutdown above clears it.
  await noteServerStart(db, config.publicOrigin, instance).catch((error: unknown) => app.log.error({ err: error }, 'start-up alert failed'));
  // Printed once the port is ours, so a start that fails prints only its one line.
  if (firstRun.kind === 'setup-link') {
    lifecycle.info(`No account exists yet. Create the first admin here (one-time link): ${firstRun.url}`);
  }
  lifecycle.info({ origin: config.publicOrigin }, `Site running at ${config.publicOrigin} (process ${process.pid})`);
}

// An error nothing caught ends the process as before, but as one line of the log, not a bare stack.
process.on('uncaughtException', (error) => {
  lifecycle.fatal({ err: error }, `Stopping after an uncaught error: ${error.message}`);
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  lifecycle.fatal({ err: reason }, `Stopping after an unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
  process.exit(1);
});

try {
  await main();
} catch (error) {
  // A bad setting or a start-up failure: one line naming it and what to do, then exit code 1.
  if (error instanceof StartupError || error instanceof ConfigError) lifecycle.fatal(error.message);
  else lifecycle.fatal({ err: error }, `Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
