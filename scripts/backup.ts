// npm run db:backup [-- --out DIR]: a consistent copy of the live database (SQLite online backup,
// safe while the server runs) plus the uploads folder, in DIR (default DATA_DIR/backups/<time>).
import fs from 'node:fs';
import path from 'node:path';
import { openAppDatabase, parseArgs } from './open-database';

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const { db, sqlite, config } = await openAppDatabase();
  const dataDir = path.resolve(config.dataDir);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = args.get('out');
  const target = path.resolve(typeof out === 'string' ? out : path.join(dataDir, 'backups', stamp));
  fs.mkdirSync(target, { recursive: true });
  try {
    await sqlite.backup(path.join(target, 'app.db'));
    const uploads = path.join(dataDir, 'uploads');
    if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(target, 'uploads'), { recursive: true });
    console.log(`Backup written to ${target}`);
  } finally {
    await db.destroy();
  }
}

await main();
