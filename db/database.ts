// Opens the SQLite file with the pragmas the app relies on and wraps it in Kysely.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import { OutboxWakeChannel } from './outbox-wake';
import { isPostgresUrl, openPostgres, type PgPool } from './postgres';
import type { Database } from './schema';

export type DB = Kysely<Database>;

export interface OpenedDatabase {
  db: DB;
  sqlite: SQLite.Database;
}

/** Opens (creating it unless `mustExist`) the SQLite file. */
export function openDatabase(file: string, options: { mustExist?: boolean } = {}): OpenedDatabase {
  if (file !== ':memory:' && options.mustExist !== true) fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file, { fileMustExist: options.mustExist === true });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Writers wait for each other instead of failing with SQLITE_BUSY (scripts run beside the server).
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    // A wake channel of this database's own for the outbox senders (db/outbox-wake.ts).
    plugins: [new CamelCasePlugin(), new OutboxWakeChannel()],
  });
  handles.set(db, sqlite);
  return { db, sqlite };
}

const handles = new WeakMap<DB, SQLite.Database>();

/** The better-sqlite3 connection under a database opened by openDatabase (the automatic backup copies through it). */
export function sqliteOf(db: DB): SQLite.Database | undefined {
  return handles.get(db);
}

/**
 * Kysely prepares every query it runs; SQLite's prepare costs as much as a simple query. The queries
 * an app runs are few and repeat, so each prepared statement is kept for its SQL text (up to `max`;
 * past that the oldest goes). Reuse is safe because Kysely runs one query at a time on the single
 * connection, and SQLite re-prepares a kept statement by itself after a schema change.
 */
export function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      if (sql === 'rollback') return rollbackIfOpen(sqlite);
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        if (statements.size >= max) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Kysely rolls back a transaction whose COMMIT failed. SQLite has already rolled it back by then
 * when the COMMIT failed for lack of disk space or an I/O error, and a second ROLLBACK throws 'cannot
 * rollback - no transaction is active', which would replace the real error (a full disk) with a
 * meaningless one, once per waiting request. The rollback runs only while a transaction is open.
 */
function rollbackIfOpen(sqlite: SQLite.Database): SqliteStatement {
  return {
    reader: false,
    all: () => [],
    run: () => (sqlite.inTransaction ? sqlite.prepare('rollback').run() : { changes: 0, lastInsertRowid: 0 }),
    iterate: () => [][Symbol.iterator](),
  };
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'app.db');
}

/** Where the data lives: SQLite in the data folder, or PostgreSQL when a postgres:// URL is given. */
export type AppDatabase =
  | { dialect: 'sqlite'; db: DB; sqlite: SQLite.Database; file: string }
  | { dialect: 'postgres'; db: DB; pool: PgPool; url: string };

/** Opens what the configuration names (DATABASE_URL, else DATA_DIR/app.db) without migrating it. */
export function openAppDatabaseOf(target: { dataDir: string; databaseUrl?: string | undefined }): AppDatabase {
  if (isPostgresUrl(target.databaseUrl)) {
    const { db, pool } = openPostgres(target.databaseUrl);
    return { dialect: 'postgres', db, pool, url: target.databaseUrl };
  }
  const file = databaseFile(path.resolve(target.dataDir));
  const { db, sqlite } = openDatabase(file);
  return { dialect: 'sqlite', db, sqlite, file };
}
