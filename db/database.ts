// Opens the SQLite file with the pragmas the app relies on and wraps it in Kysely.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import { performance } from 'node:perf_hooks';
import { OutboxWakeChannel } from './outbox-wake';
import { isPostgresUrl, openPostgres, type PgPool } from './postgres';
import type { Database } from './schema';

export type DB = Kysely<Database>;

export interface OpenedDatabase {
  db: DB;
  sqlite: SQLite.Database;
}

/** How long a write waits for another connection's write lock before SQLite refuses it (SQLITE_BUSY). */
export const BUSY_TIMEOUT_MS = 5000;

/** The database and its side files are for the site's own user: they hold secrets and people's data. */
const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the database file 0600 (SQLite gives its -wal and -shm files the database's mode) and
 * gives an existing one, and its side files, that mode: one made before this was 0644. A file of
 * another user that cannot be changed is left as it is. With `mustExist` nothing is created: a
 * missing file is left for SQLite to refuse.
 */
function keepPrivate(file: string, mustExist: boolean): void {
  if (!mustExist) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  }
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((fs.statSync(name).mode & 0o777) !== PRIVATE_FILE_MODE) fs.chmodSync(name, PRIVATE_FILE_MODE);
    } catch {
      // Missing (no -wal yet) or not ours to change.
    }
  }
}

export interface OpenDatabaseOptions {
  /** Refuse a missing file instead of creating it (a restore, a backup, a check of an existing site). */
  mustExist?: boolean;
  busyTimeoutMs?: number;
}

/** Opens (creating it, private, unless `mustExist`) the SQLite file. */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): OpenedDatabase {
  const busyTimeoutMs = options.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  const mustExist = options.mustExist === true;
  if (file !== ':memory:') keepPrivate(file, mustExist);
  const sqlite = new SQLite(file, { fileMustExist: mustExist });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Writers wait for each other instead of failing with SQLITE_BUSY (scripts run beside the server).
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  sqlite.pragma('synchronous = NORMAL');
  // What is deleted or overwritten is overwritten with zeros, not left in free space: an erased
  // person's name must not stay in the file (nor in the backups copied from it page by page).
  sqlite.pragma('secure_delete = ON');
  const locks: LockWaits = { waits: 0, waitSeconds: 0, refused: 0 };
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, 500, { locks, busyTimeoutMs }) }),
    // A wake channel of this database's own for the outbox senders (db/outbox-wake.ts).
    plugins: [new CamelCasePlugin(), new OutboxWakeChannel()],
  });
  handles.set(db, { sqlite, locks });
  return { db, sqlite };
}

const handles = new WeakMap<DB, { sqlite: SQLite.Database; locks: LockWaits }>();

/** The better-sqlite3 connection under a database opened by openDatabase (the automatic backup copies through it). */
export function sqliteOf(db: DB): SQLite.Database | undefined {
  return handles.get(db)?.sqlite;
}

/**
 * Transactions that found the write lock held by another connection (a script, a backup, another
 * process), counted where they take it: how many waited, how long in all, how many gave up after
 * the busy timeout. For /metrics.
 */
export interface LockWaits {
  waits: number;
  waitSeconds: number;
  refused: number;
}

export function lockWaitsOf(db: DB): Readonly<LockWaits> | undefined {
  return handles.get(db)?.locks;
}

/**
 * Kysely prepares every query it runs; SQLite's prepare costs as much as a simple query. The queries
 * an app runs are few and repeat, so each prepared statement is kept for its SQL text (up to `max`;
 * past that the oldest goes). Reuse is safe because Kysely runs one query at a time on the single
 * connection, and SQLite re-prepares a kept statement by itself after a schema change.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  max = 500,
  counted?: { locks: LockWaits; busyTimeoutMs: number },
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  let begin: SqliteStatement | undefined;
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      if (sql === 'rollback') return rollbackIfOpen(sqlite);
      if (sql === 'begin' && counted !== undefined) return (begin ??= beginImmediate(sqlite, counted.locks, counted.busyTimeoutMs));
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

function isBusy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && String(error.code).startsWith('SQLITE_BUSY');
}

/**
 * Kysely's transactions begin with BEGIN IMMEDIATE, which takes the write lock at once: a transaction
 * that reads and then writes can no longer fail on its first write because another connection wrote
 * meanwhile (SQLite does not wait there), and the one place a transaction can wait for the lock is
 * its start, where the wait is counted. The first try does not wait (busy_timeout 0, a prepared
 * pragma: microseconds); only when the lock is held does it wait as before, up to the busy timeout.
 */
function beginImmediate(sqlite: SQLite.Database, locks: LockWaits, busyTimeoutMs: number): SqliteStatement {
  const noWait = sqlite.prepare('pragma busy_timeout = 0');
  const wait = sqlite.prepare(`pragma busy_timeout = ${busyTimeoutMs}`);
  const begin = sqlite.prepare('begin immediate');
  return {
    reader: false,
    all: () => [],
    iterate: () => [][Symbol.iterator](),
    run: () => {
      noWait.run();
      try {
        return begin.run();
      } catch (error) {
        if (!isBusy(error)) throw error;
        locks.waits += 1;
        const started = performance.now();
        try {
          wait.run();
          return begin.run();
        } catch (failure) {
          if (isBusy(failure)) locks.refused += 1;
          throw failure;
        } finally {
          locks.waitSeconds += (performance.now() - started) / 1000;
        }
      } finally {
        wait.run();
      }
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

/**
 * Copies the write-ahead log into the database file and empties it (SQLite; nothing on PostgreSQL).
 * After an erasure: the log still holds the pages as they were before, the person's data with them,
 * until the next automatic checkpoint, which only overwrites it bit by bit. A reader (a backup in
 * another process) may keep part of it for now; the next checkpoint finishes the job.
 */
export function checkpointWal(db: DB): void {
  handles.get(db)?.sqlite.pragma('wal_checkpoint(TRUNCATE)');
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
