// The invoice a message carries (issue 36): the outbox keeps the invoice's id, not its PDF. An issued
// invoice never changes, so the sender renders it at send time exactly as it was issued, and the
// outbox row stays small. Same on both dialects. Frozen.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('invoice_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('invoice_id').execute();
}
