// npm run db:backup [-- --out DIR]: a checked copy of the live database (SQLite's backup API, every
// page in one step, safe and finishing while the server runs) plus the uploads, in
// DATA_DIR/backups/<time>/ or DIR. Written under a temporary name and renamed only once checked
// (server/backups/backups.service.ts). On PostgreSQL it copies the uploads; the database is backed up with
// pg_dump (docs/operations.md, "When things go wrong").
//
// It never migrates: a backup taken before an upgrade holds the database exactly as the running
// release left it. Beside a running server it copies online, but only for the server of its own
// release (a server of another release is refused: run that release's db:backup); with no server
// running it holds the data folder (db/folder-lock.ts) while it copies, so none starts and updates
// the file mid-copy.
import path from 'node:path';
import { databaseFile, openDatabase } from '@db/database';
import { type DataFolderLock, DataFolderLocked, describeHolder, holderDetails, THIS_RELEASE, lockDataFolder } from '@db/folder-lock';
import { BackupCheckFailed, writeBackup } from '@server/backups/backups.service';
import { loadConfigOrExit } from '@server/core/config';
import { privateUmask } from '@server/core/private-files';
import { loadDotEnv } from '@server/core/env-file';
import { describeDatabaseRelease, parseArgs } from './open-database';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The folder for this backup alone, or null beside a server of this release; refused otherwise. */
function takeOrShare(dataDir: string): DataFolderLock | null {
  try {
    return lockDataFolder(dataDir, { kind: 'backup' });
  } catch (error) {
    if (!(error instanceof DataFolderLocked)) throw error;
    const { holder, earlierRelease } = error;
    if (holder?.kind === 'server' && holder.release === THIS_RELEASE) return null;
    const advice = 'back up with the release that serves the site (npm run db:backup in its folder), or stop it first.';
    if (earlierRelease !== null) fail(`A server of an earlier release is running on ${dataDir} (${holderDetails(earlierRelease)}): ${advice}`);
    if (holder?.kind === 'server') {
      fail(
        `A server of another release is running on ${dataDir} (${holderDetails(holder)}; its latest migration is ${holder.release}, ` +
          `this copy's ${THIS_RELEASE}): ${advice}`,
      );
    }
    fail(`${describeHolder(holder)} holds ${dataDir}: run the backup once it has finished.`.replace(/^./, (first) => first.toUpperCase()));
  }
}

async function main(): Promise<void> {
  privateUmask();
  const args = parseArgs(process.argv.slice(2));
  loadDotEnv();
  const config = loadConfigOrExit();
  const dataDir = path.resolve(config.dataDir);
  const out = args.get('out');
  const folder = typeof out === 'string' ? { folder: path.resolve(out) } : {};
  const postgres = config.databaseUrl !== undefined;
  const lock = postgres ? null : takeOrShare(dataDir);
  // The file as it is: never created, never migrated.
  let opened: ReturnType<typeof openDatabase> | null = null;
  try {
    if (!postgres) {
      try {
        opened = openDatabase(databaseFile(dataDir), { mustExist: true });
      } catch {
        fail(`There is no database at ${databaseFile(dataDir)}: nothing to back up (is DATA_DIR right?).`);
      }
    }
    const result = await writeBackup({ sqlite: opened?.sqlite ?? null, copy: 'one-step', dataDir, ...folder });
    console.log(`Backup written to ${result.folder} (${(result.bytes / 1_000_000).toFixed(1)} MB, ${result.uploads} uploads).`);
    for (const table of result.tables) console.log(`  ${table.name}: ${table.rows} rows`);
    if (opened !== null) console.log(await describeDatabaseRelease(opened.db));
    if (postgres) console.log('The database is in PostgreSQL: back it up with pg_dump (docs/operations.md, "When things go wrong").');
  } catch (error) {
    if (!(error instanceof BackupCheckFailed)) throw error;
    console.error(`The backup failed its check and was not kept: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await opened?.db.destroy();
    lock?.release();
  }
}

await main();
