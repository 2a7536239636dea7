// A consultation remembers the language it was booked in, like a booking: its visitor's messages
// and calendar files use it. Consultations before this are English. Frozen.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consultations').addColumn('language', 'text', (c) => c.notNull().defaultTo('en')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consultations').dropColumn('language').execute();
}
