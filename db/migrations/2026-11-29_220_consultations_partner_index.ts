// The Consultations screen filters by partner site (the booking widget a consultation was booked in)
// and offers the partners seen so far, as the Bookings screen does with bookings_partner_idx: an
// index on (partner, starts_at) serves both the filter in the list's order and the distinct list.
// Most consultations have no partner; the index's entries for them cost a consultation booking one
// page. Frozen.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('consultations_partner_idx').on('consultations').columns(['partner', 'starts_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('consultations_partner_idx').execute();
}
