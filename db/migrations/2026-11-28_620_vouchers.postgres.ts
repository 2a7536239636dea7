// Vouchers on PostgreSQL: the same builder with the native time and day types. Frozen.
import { type Kysely, sql } from 'kysely';
import { createVoucherTables } from './2026-11-28_620_vouchers';

export { down } from './2026-11-28_620_vouchers';

export async function up(db: Kysely<any>): Promise<void> {
  await createVoucherTables(db, { time: 'timestamptz(3)', day: 'date', now: sql`now()` });
}
