// Contact messages deleted by retention N months after their last change (server/repositories/
// retention.ts): the daily read finds them by this index instead of every row. Frozen.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('contact_forms_updated_idx').on('contact_forms').column('updated_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_forms_updated_idx').execute();
}
