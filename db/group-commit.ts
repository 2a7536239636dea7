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
// Each body keeps its own outcome: one that throws is rolled back to its savepoint and gets its
// error, and the others still commit. A failing COMMIT fails every body of the batch.
import { SqliteAdapter, sql, type Transaction } from 'kysely';
import type { Database } from './schema';
import type { DB } from './database';

type Body<T> = (trx: Transaction<Database>) => Promise<T>;

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
        const results: Outcome[] = [];
        for (const waiting of batch) results.push(await inSavepoint(trx, waiting.body));
        return results;
      });
    } catch (error) {
      // A transaction that could not even begin fails those it would have taken.
      if (batch.length === 0) batch = this.queue.splice(0, MAX_BATCH);
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    outcomes.forEach((outcome, index) => {
      const waiting = batch[index];
      if (waiting === undefined) return;
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }
}

async function inSavepoint(trx: Transaction<Database>, body: Body<unknown>): Promise<Outcome> {
  await sql`savepoint grouped`.execute(trx);
  try {
    const value = await body(trx);
    await sql`release savepoint grouped`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    await sql`rollback to savepoint grouped`.execute(trx);
    await sql`release savepoint grouped`.execute(trx);
    return { ok: false, error };
  }
}

/** One committer per database handle: tests open many databases in one process. */
const committers = new WeakMap<DB, GroupCommitter>();

/**
 * Runs `body` in a write transaction that may be shared with other bodies waiting at the same time
 * (see the top of this file). The body must do only database work on `trx` and must not depend on
 * another body of the batch having committed.
 */
export function inGroupCommit<T>(db: DB, body: Body<T>): Promise<T> {
  // Only SQLite's single writer gains; a server with concurrent transactions runs each on its own.
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return db.transaction().execute(body);
  let committer = committers.get(db);
  if (committer === undefined) {
    committer = new GroupCommitter(db);
    committers.set(db, committer);
  }
  return committer.run(body);
}
