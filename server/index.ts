// Entry point: read the configuration, open and migrate the database, prepare the first run,
// listen, and shut down cleanly on SIGTERM / SIGINT.
import path from 'node:path';
import { databaseFile, openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import { buildApp } from './app';
import { deleteExpiredSessions } from './auth/session';
import { sweepPartialUploads } from './http/uploads';
import { loadConfigOrExit } from './config';
import { createDeps } from './deps';
import { loadDotEnv, projectRoot } from './env-file';
import { startEmailSender } from './services/email/sender';
import { startNotificationScheduler } from './services/email/scheduler';
import { prepareFirstRun } from './services/first-run';

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfigOrExit();

  const { db } = openDatabase(databaseFile(path.resolve(config.dataDir)));
  await migrateToLatest(db);
  const deps = createDeps(db, config);
  const clientDir = path.resolve(config.clientDir ?? path.join(projectRoot, 'dist', 'client'));
  const app = await buildApp(deps, { clientDir });
  await sweepPartialUploads(deps.uploadsDir);

  const firstRun = await prepareFirstRun(deps);
  if (firstRun.kind === 'admin-created') app.log.info(`Created the first admin account ${firstRun.email}.`);
  if (firstRun.kind === 'setup-link') {
    console.log(`\nNo account exists yet. Create the first admin here (one-time link):\n  ${firstRun.url}\n`);
  }

  // The outbox sender: sends what changes wrote to the outbox, including what waited through a restart.
  const emailSender = startEmailSender(deps, { onError: (error: unknown) => app.log.error({ err: error }, 'e-mail sender failed') });

  // Reminders and outbox retention, checked every minute.
  const scheduler = startNotificationScheduler(deps, { onError: (error: unknown) => app.log.error({ err: error }, 'e-mail scheduler failed') });

  const sweep = setInterval(() => void deleteExpiredSessions(db).catch((error: unknown) => app.log.error(error)), 3_600_000);
  sweep.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    clearInterval(sweep);
    await app.close();
    // After the API is closed no new messages arrive; the message being sent now is finished and recorded.
    await scheduler.stop();
    await emailSender.stop();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Site running at ${config.publicOrigin}`);
}

await main();
