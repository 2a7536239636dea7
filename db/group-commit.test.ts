// Group commit on a real SQLite file: bodies that wait together share one transaction, keep their
// own results and errors, and a body that fails leaves nothing behind.
// @module-tag postgres
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DB, openDatabase } from './database';
import { inGroupCommit, replaySafe } from './group-commit';

let dataDir: string;
let file: string;
let db: DB;
/** A second connection, as another process would see the file: it sees only committed rows. */
let outsider: SQLite.Database;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
  file = path.join(dataDir, 'app.db');
  db = openDatabase(file).db;
  await sql`create table notes (name text primary key)`.execute(db);
  outsider = new SQLite(file, { readonly: true });
});

afterEach(async () => {
  outsider.close();
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function addNote(name: string) {
  return inGroupCommit(db, replaySafe(async (trx) => {
    await sql`insert into notes (name) values (${name})`.execute(trx);
    return name;
  }));
}

function committedNotes(): string[] {
  return (outsider.prepare('select name from notes order by name').all() as { name: string }[]).map((row) => row.name);
}

describe('inGroupCommit', () => {
  it('runs bodies that wait together in one transaction, each with its own result', async () => {
    const seenFromOutside: string[][] = [];
    const results = await Promise.all([
      addNote('a'),
      addNote('b'),
      inGroupCommit(db, replaySafe(async (trx) => {
        await sql`insert into notes (name) values ('c')`.execute(trx);
        // Not committed yet although 'a' and 'b' ran before: the three share one commit.
        seenFromOutside.push(committedNotes());
        return 'c';
      })),
    ]);

    expect(results).toEqual(['a', 'b', 'c']);
    expect(seenFromOutside).toEqual([[]]);
    expect(committedNotes()).toEqual(['a', 'b', 'c']);
  });

  it('rolls back only the body that fails, and gives it its own error', async () => {
    const outcomes = await Promise.allSettled([
      addNote('first'),
      inGroupCommit(db, replaySafe(async (trx) => {
        await sql`insert into notes (name) values ('half-done')`.execute(trx);
        throw new Error('The second body changed its mind.');
      })),
      addNote('first'), // a duplicate key: SQLite refuses this statement
      addNote('last'),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    const [, changedMind, duplicate] = outcomes;
    expect(changedMind?.status === 'rejected' && (changedMind.reason as Error).message).toBe('The second body changed its mind.');
    expect(duplicate?.status === 'rejected' && (duplicate.reason as Error).message).toContain('UNIQUE constraint failed: notes.name');
    expect(committedNotes()).toEqual(['first', 'last']);
  });

  it('runs each body once when the whole batch succeeds', async () => {
    const runs = new Map<string, number>();
    const counted = (name: string) =>
      inGroupCommit(db, replaySafe(async (trx) => {
        runs.set(name, (runs.get(name) ?? 0) + 1);
        await sql`insert into notes (name) values (${name})`.execute(trx);
        return name;
      }));

    expect(await Promise.all([counted('a'), counted('b'), counted('c')])).toEqual(['a', 'b', 'c']);
    expect(Object.fromEntries(runs)).toEqual({ a: 1, b: 1, c: 1 });
  });

  it('runs the batch again with savepoints when a body fails, so the others still commit once', async () => {
    const runs = new Map<string, number>();
    const counted = (name: string, fail = false) =>
      inGroupCommit(db, replaySafe(async (trx) => {
        runs.set(name, (runs.get(name) ?? 0) + 1);
        await sql`insert into notes (name) values (${name})`.execute(trx);
        if (fail) throw new Error(`${name} failed.`);
        return name;
      }));

    const outcomes = await Promise.allSettled([counted('before'), counted('broken', true), counted('after')]);

    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as Error).message))).toEqual([
      'before',
      'broken failed.',
      'after',
    ]);
    // The first pass stopped at the failing body; the second ran every body in a savepoint.
    expect(Object.fromEntries(runs)).toEqual({ before: 2, broken: 2, after: 1 });
    expect(committedNotes()).toEqual(['after', 'before']);
  });

  it("gives every body a failing body's own error when SQLite ended the transaction itself (a full disk)", async () => {
    // What SQLite does on a full disk or an I/O error: the transaction is gone, savepoints with it.
    const outcomes = await Promise.allSettled([
      addNote('first'),
      inGroupCommit(db, replaySafe(async (trx) => {
        await sql`insert into notes (name) values ('doomed')`.execute(trx);
        await sql`rollback`.execute(trx);
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      })),
    ]);
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as Error).message : outcome.value))).toEqual([
      'database or disk is full',
      'database or disk is full',
    ]);
    expect(committedNotes()).toEqual([]);
    // The next body finds the database as it should.
    expect(await addNote('next')).toBe('next');
  });

  it('gives a lone body that fails its own error and leaves nothing behind', async () => {
    let runs = 0;
    const lone = inGroupCommit(db, replaySafe(async (trx) => {
      runs += 1;
      await sql`insert into notes (name) values ('lone')`.execute(trx);
      throw new Error('Nothing to keep.');
    }));

    await expect(lone).rejects.toThrow('Nothing to keep.');
    expect(runs).toBe(1);
    expect(committedNotes()).toEqual([]);
  });

  it('runs a body on its own when nothing else is waiting', async () => {
    expect(await addNote('alone')).toBe('alone');
    expect(committedNotes()).toEqual(['alone']);
    expect(await addNote('later')).toBe('later');
    expect(committedNotes()).toEqual(['alone', 'later']);
  });

  it('fails every waiting body when the transaction cannot begin, and serves the next ones', async () => {
    // Another connection holds the write lock past the busy timeout.
    const writer = new SQLite(file);
    writer.pragma('busy_timeout = 0');
    writer.exec('begin immediate');
    await sql`pragma busy_timeout = 0`.execute(db);
    const outcomes = await Promise.allSettled([addNote('x'), addNote('y')]);
    writer.exec('rollback');
    writer.close();

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await addNote('z')).toBe('z');
    expect(committedNotes()).toEqual(['z']);
  });
});

// `npm run typecheck` fails if this compiles: group commit takes only bodies marked replay-safe.
export function unmarkedBodiesDoNotCompile(database: DB): void {
  // @ts-expect-error -- a body that may run twice must be marked with replaySafe
  void inGroupCommit(database, async () => 1);
}
