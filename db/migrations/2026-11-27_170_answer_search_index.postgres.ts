// PostgreSQL's form of 2026-11-27_170_answer_search_index: a pg_trgm GIN index on the answers to
// registration questions instead of an FTS5 table. Frozen.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index booking_answers_value_trgm_idx on booking_answers using gin (value gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists booking_answers_value_trgm_idx`.execute(db);
}
