// Entry point: read the configuration, open, check and migrate the database, prepare the first run,
// listen, and shut down cleanly on SIGTERM / SIGINT. A start-up failure prints one line naming the
// problem and what to do (server/core/startup.ts) and exits with code 1.
import os from 'node:os';
import path from 'node:path';
import { databaseFile, type DB, openAppDatabaseOf, openDatabase } from '@db/database';
import { type DataFolderLock, DataFolderLocked, lockDataFolderWaitingForBackup } from '@db/folder-lock';
import { migrateToLatest } from '@db/migrate';
import { buildApp } from './app';
import { deleteExpiredSessions } from './identity/session.service';
import { sweepPartialUploads } from './uploads/uploads.route';
import { type Config, loadConfigOrExit } from './core/config';
import { createDeps } from './core/deps';
import { MigrationProgress } from './core/migration-progress';
import { listenWhileUpdating, type UpdatingServer } from './monitoring/updating-server';
import { loadDotEnv, projectRoot } from './core/env-file';
import { clearServerRunning, noteServerStart, systemAlertHooks } from './monitoring/system-alerts.service';
import { startEmailSender } from './email/sender';
import { startScheduler } from './scheduler/scheduler';
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

/** SQLite: the data folder for this process alone (db/folder-lock.ts), waiting out a backup that holds it. */
async function takeDataFolder(dataDir: string, port: number): Promise<DataFolderLock> {
  try {
    return await lockDataFolderWaitingForBackup(dataDir, { kind: 'server', port }, { waitMs: 60_000, log: (line) => console.log(line) });
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
      await checkPostgresConnection(db, config.databaseUrl, { waitMs: config.databaseWaitMs, log: (line) => console.log(line) });
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
  loadDotEnv();
  const config = loadConfigOrExit();
  // This instance's name among several on one database: the same after a restart, different beside another.
  const instance = `${os.hostname()}:${config.port}`;

  checkDataDir(config.dataDir);
  // SQLite: one process per data folder, taken before anything opens the database. PostgreSQL's
  // instances share the folder (uploads) and the database takes its own locks.
  const folderLock = config.databaseUrl === undefined ? await takeDataFolder(config.dataDir, config.port) : null;

  // A stop asked while starting: the migration running finishes, none other starts, and the
  // process ends cleanly once start-up reaches a safe point (the rest runs at the next start).
  const progress = new MigrationProgress((line) => console.log(line));
  let stopAsked: string | null = null;
  const stopWhileStarting = (signal: string) => {
    if (stopAsked !== null) return;
    stopAsked = signal;
    progress.stop();
    const running = progress.running;
    console.log(`${signal} received while starting${running === null ? '' : `: finishing migration ${running} first`}`);
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
    console.log('Stopped.');
    process.exit(0);
  }
  // A throttled sign-in raises a system alert to the admins (server/monitoring/system-alerts.service.ts).
  const alerts = systemAlertHooks(db, config.publicOrigin, (error: unknown) => console.error('System alert failed:', error));
  const deps = createDeps(db, config, undefined, alerts.hooks);
  const clientDir = path.resolve(config.clientDir ?? path.join(projectRoot, 'dist', 'client'));
  const app = await buildApp(deps, { clientDir });
  // Several instances (PostgreSQL) share the uploads folder: only leftovers older than an hour go.
  await sweepPartialUploads(deps.uploadsDir, config.databaseUrl === undefined ? 0 : 3_600_000);

  const firstRun = await prepareFirstRun(deps);
  if (firstRun.kind === 'admin-created') app.log.info(`Created the first admin account ${firstRun.email}.`);

  // The outbox sender: sends what changes wrote to the outbox, including what waited through a restart.
  const emailSender = startEmailSender(deps, { onError: (error: unknown) => app.log.error({ err: error }, 'e-mail sender failed') });

  // Reminders and outbox retention, checked every minute.
  const scheduler = startScheduler(deps, { onError: (error: unknown) => app.log.error({ err: error }, 'scheduler failed') });

  const sweep = setInterval(() => void deleteExpiredSessions(db).catch((error: unknown) => app.log.error(error)), 3_600_000);
  sweep.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Lifecycle lines go to standard output whatever LOG_LEVEL says: operators and scripts read them.
    console.log(`${signal} received, shutting down`);
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
    console.log('Stopped.');
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
    await db.destroy();
    folderLock?.release();
    throw describeListenFailure(error, config.host, config.port);
  }
  // A marker row says the server is running; still set from the previous run means that run
  // stopped uncleanly, and the admins are alerted. The clean shutdown above clears it.
  await noteServerStart(db, config.publicOrigin, instance).catch((error: unknown) => app.log.error({ err: error }, 'start-up alert failed'));
  // Printed once the port is ours, so a start that fails prints only its one line.
  if (firstRun.kind === 'setup-link') {
    console.log(`\nNo account exists yet. Create the first admin here (one-time link):\n  ${firstRun.url}\n`);
  }
  console.log(`Site running at ${config.publicOrigin} (process ${process.pid})`);
}

try {
  await main();
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
