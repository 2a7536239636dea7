// Waitlist offers: a session may offer a freed seat to the first waitlisted person for some hours
// (offer_hours, 1 to 168; null: promote at once, the earlier behaviour) instead of promoting them
// at once. A waitlisted booking with offer_expires_at holds the seat until then. Frozen.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('event_sessions')
    .addColumn('offer_hours', 'integer', (c) => c.check(sql`offer_hours is null or (offer_hours between 1 and 168)`))
    .execute();
  await db.schema.alterTable('bookings').addColumn('offer_expires_at', 'text').execute();
  // The scheduler's look for offers that have run out, and the seat count's open offers of a slot.
  await db.schema.createIndex('bookings_offer_expires_idx').on('bookings').columns(['offer_expires_at', 'time_slot_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_offer_expires_idx').execute();
  await db.schema.alterTable('bookings').dropColumn('offer_expires_at').execute();
  await db.schema.alterTable('event_sessions').dropColumn('offer_hours').execute();
}
