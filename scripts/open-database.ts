// Shared start of every script: configuration from the environment (and .env), then the migrated
// database at DATA_DIR/app.db, the same file the server uses (scripts that also work on PostgreSQL
// use openConfiguredDatabase, which follows DATABASE_URL like the server).
import path from 'node:path';
import { type AppDatabase, databaseFile, type OpenedDatabase, openAppDatabaseOf, openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import { type Config, loadConfigOrExit } from '@server/core/config';
import { loadDotEnv } from '@server/core/env-file';

export async function openAppDatabase(): Promise<OpenedDatabase & { config: Config; file: string }> {
  loadDotEnv();
  const config = loadConfigOrExit();
  const file = databaseFile(path.resolve(config.dataDir));
  const opened = openDatabase(file);
  await migrateToLatest(opened.db);
  return { ...opened, config, file };
}

/** The database the server uses: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR; migrated. */
export async function openConfiguredDatabase(): Promise<AppDatabase & { config: Config }> {
  loadDotEnv();
  const config = loadConfigOrExit();
  const opened = openAppDatabaseOf(config);
  await migrateToLatest(opened.db);
  return { ...opened, config };
}

/** Reads `--name value` pairs and bare `--flag`s from argv. */
export function parseArgs(argv: string[]): Map<string, string | true> {
  const args = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) args.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) {
      args.set(name, next);
      i += 1;
    } else args.set(name, true);
  }
  return args;
}
