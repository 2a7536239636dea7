// The dashboard's revenue: the payments of a range of days summed in one currency, read from
// payments_paid_on_idx alone (day, currency, amount); and whether the site takes payments at all.
import { sql } from 'kysely';
import type { DB } from '@db/database';

/** The sum of the payments dated `from` to `to` (YYYY-MM-DD, both included) in `currency`; refunds are negative rows. */
export async function sumPaymentsBetween(db: DB, from: string, to: string, currency: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('payments.amountMinor'), sql<number>`0`).as('total'))
    .where('payments.paidOn', '>=', from)
    .where('payments.paidOn', '<=', to)
    .where('payments.currency', '=', currency)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers a bigint sum as text.
  return Number(row.total);
}

/** Whether a session has a price or a payment was ever recorded: a free-only site shows no revenue. */
export async function takesPayments(db: DB): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('eventSessions').select(sql`1`.as('one')).where('eventSessions.priceAmountMinor', 'is not', null)).as('priced'),
      eb.exists(eb.selectFrom('payments').select(sql`1`.as('one'))).as('paid'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.priced) || Boolean(row.paid);
}
