// PostgreSQL's form of 2026-11-29_120_payments_list: the same two indexes, and a pg_trgm GIN index
// on the buyer's company instead of an FTS5 table. Frozen.
import { type Kysely, sql } from 'kysely';
import { createPaymentListIndexes, dropPaymentListIndexes } from './2026-11-29_120_payments_list';

export async function up(db: Kysely<any>): Promise<void> {
  await createPaymentListIndexes(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index bookings_billing_company_trgm_idx on bookings using gin (billing_company gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bookings_billing_company_trgm_idx`.execute(db);
  await dropPaymentListIndexes(db);
}
