// npm run db:restore -- <backup folder> [--keep-sending]: puts a backup made by npm run db:backup (or
// the automatic backup) back in place. It checks the backup first (plain files and folders only: a
// link is refused), holds the data folder (no server may run on it, none may start meanwhile:
// db/folder-lock.ts), refuses a backup of a later release, moves the database and uploads it
// replaces to DATA_DIR/replaced-<time>/ (nothing is deleted), then copies the backup in, for the
// site's user only (folders 0700, files 0600), and checks the result. SQLite only: on PostgreSQL
// the database is restored with pg_restore (docs/operations.md, "When things go wrong").
//
// The restored copy starts with e-mail sending paused (server/email/sending-pause.service.ts): its
// outbox is the one of the site it was copied from, and a copy made to test a backup must not send
// that mail a second time. An admin resumes it in the back office; --keep-sending skips the pause.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { databaseFile, openDatabase } from '@db/database';
import { type DataFolderLock, DataFolderLocked, describeHolder, holderDetails, lockDataFolder } from '@db/folder-lock';
import { MIGRATION_NAMES } from '@db/migrate';
import { loadConfigOrExit } from '@server/core/config';
import { loadDotEnv } from '@server/core/env-file';
import { BackupCheckFailed, backupStamp, checkBackupFile, checkPlainFiles, readManifest } from '@server/backups/backups.service';
import { makePrivateDir, makeTreePrivate, privateUmask } from '@server/core/private-files';
import { pauseSending } from '@server/email/sending-pause.service';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function takeFolder(dataDir: string): DataFolderLock {
  try {
    return lockDataFolder(dataDir, { kind: 'restore' });
  } catch (error) {
    if (!(error instanceof DataFolderLocked)) throw error;
    const { holder, earlierRelease } = error;
    const server = earlierRelease ?? (holder?.kind === 'server' ? holder : null);
    if (server !== null) fail(`A server is running on ${dataDir} (${holderDetails(server)}): stop it first, then run the restore again.`);
    fail(`${describeHolder(holder).replace(/^./, (first) => first.toUpperCase())} holds ${dataDir}: run the restore once it has finished.`);
  }
}

/** Migrations the backup's database ran that this release does not know: a later release made it. */
function laterMigrations(file: string): string[] {
  const backup = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const ran = (backup.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((row) => row.name);
    return ran.filter((name) => !MIGRATION_NAMES.includes(name));
  } finally {
    backup.close();
  }
}

async function main(): Promise<void> {
  privateUmask();
  loadDotEnv();
  const config = loadConfigOrExit();
  const argv = process.argv.slice(2);
  const from = argv.find((arg) => !arg.startsWith('--'));
  if (from === undefined) fail('Name the backup folder: npm run db:restore -- DATA_DIR/backups/<time>');
  const keepSending = argv.includes('--keep-sending');
  const folder = path.resolve(from);
  if (config.databaseUrl !== undefined) {
    fail(
      'This site keeps its data in PostgreSQL: restore the database with pg_restore and copy the uploads/ of the backup into ' +
        'DATA_DIR/uploads/ (docs/operations.md, "When things go wrong").',
    );
  }
  const dataDir = path.resolve(config.dataDir);
  let tables: { name: string; rows: number }[];
  try {
    checkPlainFiles(folder);
    const manifest = readManifest(folder);
    if (manifest.contents !== 'sqlite') fail(`${folder} holds uploads only (a PostgreSQL site's backup): nothing to restore into SQLite.`);
    tables = checkBackupFile(path.join(folder, 'app.db'));
  } catch (error) {
    if (error instanceof BackupCheckFailed) fail(`The backup cannot be restored: ${error.message}.`);
    throw error;
  }
  const later = laterMigrations(path.join(folder, 'app.db'));
  if (later.length > 0) {
    fail(`This backup was made by a later release (its database ran ${later.join(', ')}, which this copy does not know): restore it with that release.`);
  }
  // Held to the end: no server starts on a half-restored folder.
  const lock = takeFolder(dataDir);

  const live = databaseFile(dataDir);
  const replaced = path.join(dataDir, `replaced-${backupStamp(new Date())}`);
  makePrivateDir(replaced);
  for (const name of ['app.db', 'app.db-wal', 'app.db-shm', 'uploads']) {
    const current = path.join(dataDir, name);
    if (fs.existsSync(current)) fs.renameSync(current, path.join(replaced, name));
  }
  fs.copyFileSync(path.join(folder, 'app.db'), live);
  const uploads = path.join(folder, 'uploads');
  if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(dataDir, 'uploads'), { recursive: true });
  else makePrivateDir(path.join(dataDir, 'uploads'));
  await makeTreePrivate(live);
  await makeTreePrivate(path.join(dataDir, 'uploads'));
  if (!keepSending) {
    const restored = openDatabase(live, { mustExist: true });
    try {
      await pauseSending(restored.db, `This copy was restored from the backup ${path.basename(folder)}; its outbox came with it.`);
    } finally {
      await restored.db.destroy();
    }
  }
  checkBackupFile(live);
  lock.release();

  console.log(`Restored ${folder} into ${dataDir}:`);
  for (const table of tables) console.log(`  ${table.name}: ${table.rows} rows`);
  console.log(`The database and uploads it replaced are in ${replaced}. Start the server again.`);
  if (!keepSending) {
    const waiting = unsent(live);
    console.log(
      `E-mail sending is paused in the restored copy: its outbox holds ${waiting} unsent message${waiting === 1 ? '' : 's'} of the site it was copied from. ` +
        'Once this copy is the live site, resume it in the back office (Settings > Email Log, Resume sending); ' +
        'to restore without the pause, run the restore again with --keep-sending.',
    );
  }
}

/** Unsent messages in the restored outbox (read straight from the file: the script prints it). */
function unsent(file: string): number {
  const restored = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (restored.prepare("select count(*) as n from email_outbox where status in ('pending', 'sending')").get() as { n: number }).n;
  } finally {
    restored.close();
  }
}

await main();
