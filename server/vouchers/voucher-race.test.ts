// A voucher's uses hold under racing bookings: 20 visitors book at once with a voucher of 3 uses,
// and exactly 3 bookings use it while the other 17 are told it is used up. Each visitor books a slot
// of their own, so the slot's row lock (the capacity check) does not queue them: only the voucher's
// conditional update keeps the count. On PostgreSQL the visitors are split across two instances (two
// pools, as two processes would have); there a read-then-write of the count lets 20 bookings use
// it. On SQLite one write transaction runs at a time, so the test shows the rule holds there too.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { callerFor, createTestEnv, roleCallers, type TestEnv } from '@tests/support/helpers';
import { onPostgres, secondInstance } from '@tests/support/postgres-env';

const VISITORS = 20;
const USES = 3;

describe('a voucher of 3 uses under 20 racing bookings', () => {
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

  it('is used exactly 3 times; the others are refused and store nothing', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id, { maxParticipants: 50 });
    await env.db.updateTable('eventSessions').set({ priceAmountMinor: 10_000, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
    const slots = await Promise.all(Array.from({ length: VISITORS }, (_, index) => insertSlotRow(env.db, session.id, 30 * 24 + index)));
    const { admin } = await roleCallers(env);
    await admin.vouchers.create({ code: 'RACE', kind: 'percent', percent: 50, maxUses: USES });

    const instances = second === undefined ? [env.deps] : [env.deps, second.deps];
    const outcomes = await Promise.allSettled(
      Array.from({ length: VISITORS }, (_, index) =>
        callerFor(instances[index % instances.length] ?? env.deps, null).bookings.create({
          timeSlotId: slots[index]?.id ?? '',
          participantName: `Visitor ${index}`,
          participantEmail: `visitor${index}@example.com`,
          participantPhone: null,
          answers: {},
          billingCompany: 'Nordlicht GmbH',
          billingAddress: 'Hafenstraße 1',
          billingCountry: 'DE',
          voucherCode: 'RACE',
        }),
      ),
    );
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(USES);
    expect(refusals).toHaveLength(VISITORS - USES);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(TRPCError);
      expect(refusal instanceof TRPCError && refusal.code).toBe('BAD_REQUEST');
    }
    const voucher = await env.db.selectFrom('vouchers').select('usedCount').where('code', '=', 'RACE').executeTakeFirstOrThrow();
    expect(voucher.usedCount).toBe(USES);
    const used = await env.db.selectFrom('bookings').select(['voucherCode', 'chargeDiscountMinor']).execute();
    expect(used).toEqual(Array.from({ length: USES }, () => ({ voucherCode: 'RACE', chargeDiscountMinor: 5000 })));
  });
});
