// The outbox counted by status and kind for /metrics (server/email/outbox-stats.repository.ts): with this
// index the count of 50,000 waiting messages reads the index alone instead of every row. Frozen.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('email_outbox_status_kind_idx').on('email_outbox').columns(['status', 'kind']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('email_outbox_status_kind_idx').execute();
}
