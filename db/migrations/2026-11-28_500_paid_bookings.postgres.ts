// Paid bookings on PostgreSQL: the same builder with the native time type (timestamptz). Frozen.
import type { Kysely } from 'kysely';
import { addPaidBookingColumns } from './2026-11-28_500_paid_bookings';

export { down } from './2026-11-28_500_paid_bookings';

export async function up(db: Kysely<any>): Promise<void> {
  await addPaidBookingColumns(db, 'timestamptz(3)');
}
