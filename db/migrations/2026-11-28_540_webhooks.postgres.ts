// Signed webhooks on PostgreSQL: the same builder with native times and flags. Frozen.
import { type Kysely, sql } from 'kysely';
import { createWebhookTables, dropWebhookTables } from './2026-11-28_540_webhooks';

export async function up(db: Kysely<any>): Promise<void> {
  await createWebhookTables(db, { time: 'timestamptz(3)', flag: 'boolean', now: sql`now()`, yes: sql`true` });
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropWebhookTables(db);
}
