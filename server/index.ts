// Entry point: read the configuration, open and migrate the database, prepare the first run,
// listen, and shut down cleanly on SIGTERM / SIGINT.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseFile, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { buildApp } from './app';
import { deleteExpiredSessions } from './auth/session';
import { ConfigError, loadConfig } from './config';
import { createDeps } from './deps';
import { prepareFirstRun } from './services/first-run';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function loadDotEnv(): void {
  try {
    process.loadEnvFile(path.join(projectRoot, '.env'));
  } catch {
    // no .env file: the environment alone configures the server
  }
}

async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const { db } = openDatabase(databaseFile(path.resolve(config.dataDir)));
  await migrateToLatest(db);
  const deps = createDeps(db, config);
  const app = await buildApp(deps, { clientDir: path.join(projectRoot, 'dist', 'client') });

  const firstRun = await prepareFirstRun(deps);
  if (firstRun.kind === 'admin-created') app.log.info(`Created the first admin account ${firstRun.email}.`);
  if (firstRun.kind === 'setup-link') {
    console.log(`\nNo account exists yet. Create the first admin here (one-time link):\n  ${firstRun.url}\n`);
  }

  const sweep = setInterval(() => void deleteExpiredSessions(db).catch((error: unknown) => app.log.error(error)), 3_600_000);
  sweep.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    clearInterval(sweep);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Site running at ${config.publicOrigin}`);
}

await main();
