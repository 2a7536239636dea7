// npm run db:backup [-- --out DIR]: a checked copy of the live database (SQLite's backup API, every
// page in one step, safe and finishing while the server runs) plus the uploads, in
// DATA_DIR/backups/<time>/ or DIR. Written under a temporary name and renamed only once checked
// (server/backups/backups.service.ts). On PostgreSQL it copies the uploads; the database is backed up with
// pg_dump (docs/operations.md, "When things go wrong").
import path from 'node:path';
import { BackupCheckFailed, writeBackup } from '@server/backups/backups.service';
import { privateUmask } from '@server/core/private-files';
import { openConfiguredDatabase, parseArgs } from './open-database';

async function main(): Promise<void> {
  privateUmask();
  const args = parseArgs(process.argv.slice(2));
  const opened = await openConfiguredDatabase();
  const dataDir = path.resolve(opened.config.dataDir);
  const out = args.get('out');
  try {
    const result = await writeBackup({
      sqlite: opened.dialect === 'sqlite' ? opened.sqlite : null,
      copy: 'one-step',
      dataDir,
      ...(typeof out === 'string' ? { folder: path.resolve(out) } : {}),
    });
    console.log(`Backup written to ${result.folder} (${(result.bytes / 1_000_000).toFixed(1)} MB, ${result.uploads} uploads).`);
    for (const table of result.tables) console.log(`  ${table.name}: ${table.rows} rows`);
    if (opened.dialect === 'postgres') {
      console.log('The database is in PostgreSQL: back it up with pg_dump (docs/operations.md, "When things go wrong").');
    }
  } catch (error) {
    if (!(error instanceof BackupCheckFailed)) throw error;
    console.error(`The backup failed its check and was not kept: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await opened.db.destroy();
  }
}

await main();
