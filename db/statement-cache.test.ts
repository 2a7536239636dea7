// Kysely's queries reuse prepared statements: the same SQL gets the same statement, the number kept
// is bounded, and reuse gives the right rows after a schema change.
// @module-tag postgres
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { withStatementCache } from './database';

let sqlite: SQLite.Database;

beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (a integer)');
});

afterEach(() => {
  sqlite.close();
});

it('prepares each SQL text once', () => {
  const cached = withStatementCache(sqlite);
  const first = cached.prepare('select a from t where a = ?');
  expect(cached.prepare('select a from t where a = ?')).toBe(first);
  expect(cached.prepare('select a from t where a > ?')).not.toBe(first);
});

it('keeps at most the given number, dropping the oldest', () => {
  const cached = withStatementCache(sqlite, 2);
  const oldest = cached.prepare('select 1');
  cached.prepare('select 2');
  cached.prepare('select 3');
  expect(cached.prepare('select 1')).not.toBe(oldest);
});

it('still answers correctly after the schema changes', () => {
  const cached = withStatementCache(sqlite);
  sqlite.exec('insert into t values (1)');
  expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
  sqlite.exec('alter table t add column b text');
  sqlite.exec("update t set b = 'x'");
  expect(cached.prepare('select * from t').all([])).toEqual([{ a: 1, b: 'x' }]);
});
