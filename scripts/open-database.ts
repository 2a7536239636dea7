// Shared start of the scripts that write: configuration from the environment (and .env), then the
// migrated database the server uses (PostgreSQL when DATABASE_URL is set, else DATA_DIR/app.db).
import { sql } from 'kysely';
import { type AppDatabase, type DB, openAppDatabaseOf } from '@db/database';
import { folderHolder, holderDetails, THIS_RELEASE } from '@db/folder-lock';
import { MIGRATION_NAMES, migrateToLatest } from '@db/migrate';
import { type Config, loadConfigOrExit } from '@server/core/config';
import { loadDotEnv } from '@server/core/env-file';

/**
 * A script that writes (seed, user:create) works beside a server of its own release, or on a
 * stopped site, which it migrates as the server would. Beside a server of another release it would
 * update the database under that server, and during a restore it would write into the file being
 * replaced: both are refused with a line saying why.
 */
function refuseBesideOtherRelease(dataDir: string): void {
  const held = folderHolder(dataDir);
  if (held === null) return;
  const { holder, earlierRelease } = held;
  if (holder?.kind === 'server' && holder.release === THIS_RELEASE) return;
  if (holder?.kind === 'backup') return;
  const who =
    earlierRelease !== null
      ? `a server of an earlier release (${holderDetails(earlierRelease)})`
      : holder?.kind === 'server'
        ? `a server of another release (${holderDetails(holder)}; its latest migration is ${holder.release}, this copy's ${THIS_RELEASE})`
        : holder?.kind === 'restore'
          ? `a restore (${holderDetails(holder)})`
          : 'another process';
  console.error(`${who.replace(/^./, (first) => first.toUpperCase())} holds ${held.dataDir}: run this with the release that serves the site, or once it has stopped.`);
  process.exit(1);
}

/** The database the server uses: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR; migrated. */
export async function openConfiguredDatabase(): Promise<AppDatabase & { config: Config }> {
  loadDotEnv();
  const config = loadConfigOrExit();
  if (config.databaseUrl === undefined) refuseBesideOtherRelease(config.dataDir);
  const opened = openAppDatabaseOf(config);
  await migrateToLatest(opened.db);
  return { ...opened, config };
}

/** One line on the database's migrations against this release's, for backup and restore output. */
export async function describeDatabaseRelease(db: DB): Promise<string> {
  const ran = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name));
  const unknown = [...ran].filter((name) => !MIGRATION_NAMES.includes(name));
  if (unknown.length > 0) return `The database is of a later release than this copy (it ran ${unknown.sort().join(', ')}).`;
  const missing = MIGRATION_NAMES.filter((name) => !ran.has(name));
  if (missing.length === 0) return `The database is this release's (latest migration ${THIS_RELEASE}).`;
  return `The database is of an earlier release: this release's next start runs ${missing.length} migration${missing.length === 1 ? '' : 's'} on it (${missing[0]} to ${missing.at(-1)}).`;
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
