// Transactions begin immediately and count the times another connection held the write lock: none
// without contention, and a wait that ends in SQLITE_BUSY is counted as a wait and a refusal.
// @module-tag postgres
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type DB, lockWaitsOf, openDatabase } from './database';

let folder: string;
let db: DB;
let other: SQLite.Database;

beforeEach(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-waits-'));
  const file = path.join(folder, 'app.db');
  ({ db } = openDatabase(file, { busyTimeoutMs: 50 }));
  await sql`create table t (a integer)`.execute(db);
  // The other connection does not wait: it only holds the lock, or fails at once.
  other = new SQLite(file, { timeout: 0 });
});

afterEach(async () => {
  other.close();
  await db.destroy();
  fs.rmSync(folder, { recursive: true, force: true });
});

it('counts no wait when nobody else holds the lock', async () => {
  await db.transaction().execute(async (trx) => {
    await sql`insert into t values (1)`.execute(trx);
  });
  expect(lockWaitsOf(db)).toEqual({ waits: 0, waitSeconds: 0, refused: 0 });
});

it('counts a transaction that waited for another connection and was refused', async () => {
  other.exec('begin immediate');
  await expect(db.transaction().execute(async () => undefined)).rejects.toThrow('database is locked');
  other.exec('rollback');
  const locks = lockWaitsOf(db);
  expect(locks).toMatchObject({ waits: 1, refused: 1 });
  expect(locks?.waitSeconds).toBeGreaterThan(0);
  // Taken at the start: the next transaction finds the lock free and counts nothing more.
  await db.transaction().execute(async (trx) => {
    await sql`insert into t values (2)`.execute(trx);
  });
  expect(lockWaitsOf(db)).toMatchObject({ waits: 1, refused: 1 });
});

it('takes the write lock when the transaction begins, not at its first write', async () => {
  await db.transaction().execute(async () => {
    // Another connection cannot start writing while this transaction is open, even before it writes.
    expect(() => other.exec('begin immediate')).toThrow('database is locked');
  });
});
