// Payments on PostgreSQL: the same builder with the native time type. Frozen.
import { type Kysely, sql } from 'kysely';
import { createPaymentTables } from './2026-11-28_600_payments';

export { down } from './2026-11-28_600_payments';

export async function up(db: Kysely<any>): Promise<void> {
  await createPaymentTables(db, { time: 'timestamptz(3)', now: sql`now()` });
}
