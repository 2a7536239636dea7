// The firm's own texts in other languages: an event's title and description per language as JSON
// ({"fr":{"title":…,"description":…}}), so a language added later needs no migration. Frozen.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('translations').execute();
}
