// The partner booking widget (issue 37): a booking or a consultation made inside a partner's page
// remembers that partner's site (its origin, https://partner.example), checked against the allowed
// partner sites when it was made; null for every other. Bookings are filtered by it (the index).
// Plain text on both dialects, so one form serves both. Frozen.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('partner', 'text').execute();
  await db.schema.alterTable('consultations').addColumn('partner', 'text').execute();
  await db.schema.createIndex('bookings_partner_idx').on('bookings').columns(['partner', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_partner_idx').execute();
  await db.schema.alterTable('consultations').dropColumn('partner').execute();
  await db.schema.alterTable('bookings').dropColumn('partner').execute();
}
