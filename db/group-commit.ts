// Group commit for SQLite: transactions that arrive while another is running wait and then run
// together inside one transaction, each in a savepoint of its own, and share one COMMIT.
//
// Why: SQLite has one writer and better-sqlite3 blocks the event loop while it writes; a COMMIT
// writes the WAL frames to disk, which costs more than everything else a booking does. Under a
// burst (50 people booking at once) the queue fills while one transaction runs, so the next batch
// takes them all and the disk write is paid once per batch instead of once per booking. With no
// concurrency a batch holds one body and behaves as a plain transaction. No timer is involved:
// nothing waits for company that is not already waiting.
//
// Each body keeps its own outcome. A batch first runs its bodies one after the other in plain
// sequence: savepoints cost (SQLite's full-text index writes out what it holds at each one), and
// nearly every batch succeeds whole. When a body throws, that transaction is rolled back and the
// batch runs again, each body in a savepoint of its own: the one that throws is rolled back to its
// savepoint and gets its error, and the others still commit. So a body may run twice, and must do
// nothing but database work on `trx` (as a transaction retried after a deadlock must). A failing
// COMMIT fails every body of the batch.
import { SqliteAdapter, sql, type Transaction } from 'kysely';
import type { Database } from './schema';
import type { DB } from './database';

type Body<T> = (trx: Transaction<Database>) => Promise<T>;

declare const REPLAY_SAFE: unique symbol;

/**
 * A transaction body that may run more than once (this file's retry in savepoints, PostgreSQL's
 * deadlock retry): it does only database work on `trx` and hands everything it learns back in its
 * result, writing nothing outside itself, so a second run leaves no trace of the first. Only
 * `replaySafe` makes one, so each body that group commit may replay is marked where it is written.
 */
export type ReplaySafeBody<T> = Body<T> & { readonly [REPLAY_SAFE]: true };

/** Marks `body` as replay-safe (see ReplaySafeBody): a promise its author makes and a reviewer checks. */
export function replaySafe<T>(body: Body<T>): ReplaySafeBody<T> {
  return body as ReplaySafeBody<T>;
}

interface Waiting {
  body: Body<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Bodies per transaction: enough to share the disk write, few enough to keep each wait short. */
const MAX_BATCH = 64;

class GroupCommitter {
  private readonly queue: Waiting[] = [];
  private draining = false;

  constructor(private readonly db: DB) {}

  run<T>(body: Body<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ body, resolve: resolve as (value: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        // One turn of the event loop first, so that requests already read off their sockets reach
        // the queue and join this batch (a turn, not a timer: nothing waits when nothing is there).
        await new Promise((resolve) => setImmediate(resolve));
        await this.runBatch();
      }
    } finally {
      this.draining = false;
    }
  }

  private async runBatch(): Promise<void> {
    let batch: Waiting[] = [];
    let outcomes: Outcome[];
    try {
      outcomes = await this.db.transaction().execute(async (trx) => {
        // Taken once the transaction holds the connection: whoever queued while it waited joins.
        batch = this.queue.splice(0, MAX_BATCH);
        return runInSequence(trx, batch);
      });
    } catch (error) {
      // A transaction that could not even begin fails those it would have taken.
      if (batch.length === 0) batch = this.queue.splice(0, MAX_BATCH);
      if (!(error instanceof BodyFailed)) return rejectAll(batch, error);
      if (batch.length === 1) return rejectAll(batch, error.cause);
      // Again, each body in a savepoint, so that only the bodies that throw fail.
      try {
        outcomes = await this.db.transaction().execute((trx) => runInSavepoints(trx, batch));
      } catch (failure) {
        return rejectAll(batch, failure);
      }
    }
    outcomes.forEach((outcome, index) => {
      const waiting = batch[index];
      if (waiting === undefined) return;
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }
}

function rejectAll(batch: Waiting[], error: unknown): void {
  for (const waiting of batch) waiting.reject(error);
}

/** A body of the batch threw: the transaction is rolled back (its error is `cause`). */
class BodyFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('A body of the batch failed.');
  }
}

async function runInSequence(trx: Transaction<Database>, batch: Waiting[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const waiting of batch) {
    try {
      outcomes.push({ ok: true, value: await waiting.body(trx) });
    } catch (error) {
      throw new BodyFailed(error);
    }
  }
  return outcomes;
}

async function runInSavepoints(trx: Transaction<Database>, batch: Waiting[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const waiting of batch) outcomes.push(await inSavepoint(trx, waiting.body));
  return outcomes;
}

async function inSavepoint(trx: Transaction<Database>, body: Body<unknown>): Promise<Outcome> {
  await sql`savepoint grouped`.execute(trx);
  try {
    const value = await body(trx);
    await sql`release savepoint grouped`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    try {
      await sql`rollback to savepoint grouped`.execute(trx);
      await sql`release savepoint grouped`.execute(trx);
    } catch {
      // SQLite rolled the whole transaction back itself (a full disk, an I/O error): there is no
      // savepoint left, and the body's own error is what every body of the batch must hear.
      throw error;
    }
    return { ok: false, error };
  }
}

/** One committer per database handle: tests open many databases in one process. */
const committers = new WeakMap<DB, GroupCommitter>();

/**
 * Runs `body` in a write transaction that may be shared with other bodies waiting at the same time
 * (see the top of this file). The body may be run twice (ReplaySafeBody) and must not depend on
 * another body of the batch having committed.
 */
export function inGroupCommit<T>(db: DB, body: ReplaySafeBody<T>): Promise<T> {
  // Only SQLite's single writer gains; a server with concurrent transactions runs each on its own.
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return db.transaction().execute(body);
  let committer = committers.get(db);
  if (committer === undefined) {
    committer = new GroupCommitter(db);
    committers.set(db, committer);
  }
  return committer.run(body);
}
