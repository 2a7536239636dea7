// PostgreSQL's form of 2026-11-23_100_title_search_index: pg_trgm GIN indexes on the event and
// session titles instead of FTS5 tables. Frozen.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index events_title_trgm_idx on events using gin (title gin_trgm_ops)`.execute(db);
  await sql`create index event_sessions_title_trgm_idx on event_sessions using gin (title gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists events_title_trgm_idx`.execute(db);
  await sql`drop index if exists event_sessions_title_trgm_idx`.execute(db);
}
