// PostgreSQL's form of 2026-11-23_060_search_index: where SQLite gets FTS5 trigram tables, PostgreSQL
// gets a pg_trgm GIN index per column, which the searches' ILIKE '%text%' uses by itself. Frozen.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index bookings_participant_name_trgm_idx on bookings using gin (participant_name gin_trgm_ops)`.execute(db);
  await sql`create index bookings_participant_email_trgm_idx on bookings using gin (participant_email gin_trgm_ops)`.execute(db);
  await sql`create index bookings_participant_phone_trgm_idx on bookings using gin (participant_phone gin_trgm_ops)`.execute(db);
  await sql`create index contact_forms_name_trgm_idx on contact_forms using gin (name gin_trgm_ops)`.execute(db);
  await sql`create index contact_forms_email_trgm_idx on contact_forms using gin (email gin_trgm_ops)`.execute(db);
  await sql`create index contact_forms_company_trgm_idx on contact_forms using gin (company gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bookings_participant_name_trgm_idx`.execute(db);
  await sql`drop index if exists bookings_participant_email_trgm_idx`.execute(db);
  await sql`drop index if exists bookings_participant_phone_trgm_idx`.execute(db);
  await sql`drop index if exists contact_forms_name_trgm_idx`.execute(db);
  await sql`drop index if exists contact_forms_email_trgm_idx`.execute(db);
  await sql`drop index if exists contact_forms_company_trgm_idx`.execute(db);
}
