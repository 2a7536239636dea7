// A connection of its own beside the app's, for the questions monitoring asks (GET /readyz, the
// scrape's outbox counts): under load the app's connections are all busy and dozens of queries
// wait for one, and a probe that queued behind them missed its budget and took a healthy instance
// out of rotation. Only a real fault (the database down, the file unreadable) makes it fail.
// - PostgreSQL: a pool of one connection with the app pool's settings (its schema, its parsers),
//   closed when idle for a minute and never holding the process open. It costs the server one
//   connection more per instance while probes come.
// - SQLite: a read-only connection to the same file (a WAL reader never waits for the writer, and
//   the app's connection serves one query at a time), kept while used and closed when idle for a
//   minute, or at once when the file it reads is no longer the site's.
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { type DB, sqliteOf } from './database';
import { poolOf } from './postgres';
import type { Database } from './schema';

export interface SideConnection {
  /** Runs `work` on the side connection (or on the app's, for a database in memory). */
  use<T>(work: (db: DB) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const IDLE_CLOSE_MS = 60_000;

function postgresSide(pool: pg.Pool): SideConnection {
  let side: { pool: pg.Pool; db: DB } | undefined;
  const open = () => {
    const own = new pg.Pool({ ...pool.options, max: 1, idleTimeoutMillis: IDLE_CLOSE_MS, allowExitOnIdle: true });
    // As for the app's pool (db/postgres.ts): a dropped connection fails its query, never the process.
    own.on('error', () => undefined);
    own.on('connect', (client) => client.on('error', () => undefined));
    return { pool: own, db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: own }), plugins: [new CamelCasePlugin()] }) };
  };
  return {
    use(work) {
      side ??= open();
      return work(side.db);
    },
    async close() {
      const closing = side;
      side = undefined;
      await closing?.db.destroy();
    },
  };
}

function sqliteSide(file: string): SideConnection {
  let side: { db: DB; inode: number; idle: NodeJS.Timeout } | undefined;
  const drop = async () => {
    const closing = side;
    side = undefined;
    if (closing === undefined) return;
    clearTimeout(closing.idle);
    await closing.db.destroy();
  };
  return {
    async use(work) {
      // Kept open between uses (opening reads the whole schema: a few milliseconds a scrape spent
      // four times), but never on a file that is no longer the site's: removed or replaced, the
      // kept connection would still answer from the old one, so it is dropped and opened again
      // (which fails, as it should, when the file is gone).
      const inode = fs.statSync(file, { throwIfNoEntry: false })?.ino;
      if (side !== undefined && side.inode !== inode) await drop();
      if (side === undefined) {
        const connection = new SQLite(file, { readonly: true, fileMustExist: true });
        connection.pragma('busy_timeout = 1000');
        const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }), plugins: [new CamelCasePlugin()] });
        side = { db, inode: inode ?? -1, idle: setTimeout(() => void drop(), IDLE_CLOSE_MS) };
      }
      side.idle.refresh();
      side.idle.unref();
      return work(side.db);
    },
    close: drop,
  };
}

export function openSideConnection(db: DB): SideConnection {
  const pool = poolOf(db);
  if (pool !== undefined) return postgresSide(pool);
  const sqlite = sqliteOf(db);
  if (sqlite !== undefined && !sqlite.memory) return sqliteSide(sqlite.name);
  return { use: (work) => work(db), close: () => Promise.resolve() };
}
