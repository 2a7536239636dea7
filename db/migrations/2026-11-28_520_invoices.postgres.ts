// Invoices and credit notes on PostgreSQL: the same builder with native times, and a trigger
// function that refuses any UPDATE or DELETE of an issued invoice or its lines. Frozen once merged.
import { type Kysely, sql } from 'kysely';
import { createInvoiceTables } from './2026-11-28_520_invoices';

export async function up(db: Kysely<any>): Promise<void> {
  await createInvoiceTables(db, { time: 'timestamptz(3)', now: sql`now()` });
  await sql`
    create function invoices_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'An issued invoice never changes: issue a credit note instead.';
    end
    $$`.execute(db);
  for (const table of ['invoices', 'invoice_lines']) {
    await sql.raw(`create trigger ${table}_immutable before update or delete on ${table} for each row execute function invoices_refuse_change()`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_lines').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
  await sql`drop function invoices_refuse_change()`.execute(db);
}
