// API tokens on PostgreSQL: the same builder with native times (timestamptz). Frozen.
import { type Kysely, sql } from 'kysely';
import { createApiTokenTable } from './2026-11-28_430_api_tokens';

export async function up(db: Kysely<any>): Promise<void> {
  await createApiTokenTable(db, { time: 'timestamptz(3)', now: sql`now()` });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
