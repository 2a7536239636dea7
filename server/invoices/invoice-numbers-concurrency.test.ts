// Fifty invoices issued at once, each in a transaction of its own as fifty paid bookings would
// issue them: on SQLite through the real database helper, on PostgreSQL through two instances (two
// pools on one server, 25 each). Every fifth transaction fails after taking its number and rolls
// back. The numbers that remain run 00001 to 00040 without a gap or a duplicate.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '@db/database';
import { createTestEnv, type TestEnv } from '@tests/support/helpers';
import { bookingWithToken, paidSeatsInvoice } from '@tests/support/invoices';
import { onPostgres, secondInstance } from '@tests/support/postgres-env';
import { issueInvoice } from './invoices.service';

const ISSUES = 50;

describe('invoice numbers under concurrent issues', () => {
  let env: TestEnv;
  let second: ReturnType<typeof secondInstance> | undefined;

  beforeEach(async () => {
    env = await createTestEnv();
    second = onPostgres() ? secondInstance(env) : undefined;
  });

  afterEach(async () => {
    await second?.close();
    await env.close();
  });

  it('gives 50 racing issues, 10 of them rolled back, the numbers 1 to 40 exactly once', async () => {
    const { bookingId } = await bookingWithToken(env.db);
    // On PostgreSQL, half the issues go through the second instance's pool.
    const databases: DB[] = second === undefined ? [env.db] : [env.db, second.db];
    const outcomes = await Promise.allSettled(
      Array.from({ length: ISSUES }, (_, index) => {
        const db = databases[index % databases.length] ?? env.db;
        return db.transaction().execute(async (trx) => {
          const issued = await issueInvoice(trx, paidSeatsInvoice(bookingId));
          if (index % 5 === 4) throw new Error('booking failed');
          return issued.number;
        });
      }),
    );
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(failed.map((outcome) => String(outcome.reason))).toEqual(Array.from({ length: 10 }, () => 'Error: booking failed'));
    const answered = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const expected = Array.from({ length: 40 }, (_, index) => `INV-2031-${String(index + 1).padStart(5, '0')}`);
    expect([...answered].sort()).toEqual(expected);
    const stored = await env.db.selectFrom('invoices').select('number').orderBy('sequence').execute();
    expect(stored.map((row) => row.number)).toEqual(expected);
    expect(await env.db.selectFrom('invoiceCounters').selectAll().execute()).toEqual([{ kind: 'invoice', year: 2031, lastNumber: 40 }]);
  });
});
