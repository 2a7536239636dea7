// Refunds as payment rows on PostgreSQL: the check on amount_minor (named by PostgreSQL after its
// table and column) becomes "not zero". Frozen once merged.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payments drop constraint payments_amount_minor_check`.execute(db);
  await sql`alter table payments add constraint payments_amount_minor_check check (amount_minor <> 0)`.execute(db);
}

export async function down(): Promise<void> {
  // As on SQLite: refund rows would break the old check.
}
