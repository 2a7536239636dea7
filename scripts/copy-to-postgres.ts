// `npm run db:copy-to-postgres`: moves a site from SQLite to PostgreSQL. Reads DATA_DIR/app.db (or
// --from FILE) and copies every table into the empty PostgreSQL database of DATABASE_URL (or --to
// URL), then compares the row counts. Refuses a target that already has data. Stop the site first,
// so nothing is written to the SQLite file during the copy.
import fs from 'node:fs';
import path from 'node:path';
import { databaseFile, openDatabase } from '@db/database';
import { CopyRefusedError, copySqliteToPostgres } from '@db/copy-to-postgres';
import { isPostgresUrl, openPostgres } from '@db/postgres';
import { loadConfigOrExit } from '@server/core/config';
import { loadDotEnv } from '@server/core/env-file';
import { describePostgresUrl } from '@server/core/startup';
import { parseArgs } from './open-database';

async function main(): Promise<number> {
  loadDotEnv();
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfigOrExit();
  const from = typeof args.get('from') === 'string' ? String(args.get('from')) : databaseFile(path.resolve(config.dataDir));
  const to = typeof args.get('to') === 'string' ? String(args.get('to')) : config.databaseUrl;
  if (!isPostgresUrl(to)) {
    console.error('Name the PostgreSQL database: set DATABASE_URL=postgres://... or pass --to postgres://...');
    return 2;
  }
  if (!fs.existsSync(from)) {
    console.error(`No SQLite database at ${from}: set DATA_DIR or pass --from FILE.`);
    return 2;
  }
  const source = openDatabase(from);
  const target = openPostgres(to);
  try {
    console.log(`Copying ${from} into PostgreSQL at ${describePostgresUrl(to)}...`);
    const { counts } = await copySqliteToPostgres(source, target);
    for (const [table, rows] of Object.entries(counts)) console.log(`  ${table.padEnd(28)} ${rows}`);
    console.log('Row counts match. Uploaded files stay in DATA_DIR/uploads: give every instance that folder (docs/operations.md, "PostgreSQL and several instances").');
    return 0;
  } catch (error) {
    if (error instanceof CopyRefusedError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await source.db.destroy();
    await target.db.destroy();
  }
}

process.exitCode = await main();
