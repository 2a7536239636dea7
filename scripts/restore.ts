// npm run db:restore -- <backup folder>: puts a backup made by npm run db:backup (or the automatic
// backup) back in place. It checks the backup first (plain files and folders only: a link is
// refused), refuses while a server runs on the data folder, moves the database and uploads it
// replaces to DATA_DIR/replaced-<time>/ (nothing is deleted), then copies the backup in, for the
// site's user only (folders 0700, files 0600), and checks the result. SQLite only: on PostgreSQL
// the database is restored with pg_restore (docs/operations.md, "When things go wrong").
import fs from 'node:fs';
import path from 'node:path';
import { databaseFile } from '@db/database';
import { loadConfigOrExit } from '@server/core/config';
import { loadDotEnv } from '@server/core/env-file';
import { runningServer } from '@server/core/run-lock';
import { BackupCheckFailed, backupStamp, checkBackupFile, checkPlainFiles, readManifest } from '@server/backups/backups.service';
import { makePrivateDir, makeTreePrivate, privateUmask } from '@server/core/private-files';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  privateUmask();
  loadDotEnv();
  const config = loadConfigOrExit();
  const from = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  if (from === undefined) fail('Name the backup folder: npm run db:restore -- DATA_DIR/backups/<time>');
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
  const server = runningServer(dataDir);
  if (server !== null) {
    fail(`A server is running on ${dataDir} (process ${server.pid}, port ${server.port}): stop it first, then run the restore again.`);
  }

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
  checkBackupFile(live);

  console.log(`Restored ${folder} into ${dataDir}:`);
  for (const table of tables) console.log(`  ${table.name}: ${table.rows} rows`);
  console.log(`The database and uploads it replaced are in ${replaced}. Start the server again.`);
}

await main();
