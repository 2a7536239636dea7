// Languages: a booking remembers the language it was made in (its messages and calendar files use it),
// and each staff member has the language of the notices they receive. Rows before this are English.
// Frozen.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('language', 'text', (c) => c.notNull().defaultTo('en')).execute();
  await db.schema.alterTable('users').addColumn('language', 'text', (c) => c.notNull().defaultTo('en')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
  await db.schema.alterTable('bookings').dropColumn('language').execute();
}
