// Invoices and credit notes (issue 36). Frozen once merged.
// - invoice_counters: one row per (kind, year) holding the last number given. Taking a number is one
//   upsert that adds 1 and returns it, inside the transaction that stores the document: the row's lock
//   (SQLite's write lock, PostgreSQL's row lock) serialises concurrent issues, and a transaction that
//   rolls back gives its number back, so numbers have no gaps and no duplicates.
// - invoices: an issued document (kind 'invoice' or 'credit-note') with its own copy of everything it
//   prints: the issuer's billing details and the buyer's as they were at issue (JSON), the totals
//   computed once, the tax per rate. booking_id has no foreign key on purpose: an invoice is a legal
//   record kept for about ten years, so deleting its booking (or the booking's event) must neither
//   delete it nor fail.
// - invoice_lines: its lines, in order.
// Triggers refuse any UPDATE or DELETE of both tables: an issued invoice never changes; a correction
// is a credit note. Both dialects share this builder; the PostgreSQL form (name.postgres.ts) passes
// its native times and its trigger syntax.
import { type Kysely, sql } from 'kysely';

export interface ColumnTypes {
  time: 'text' | 'timestamptz(3)';
  now: ReturnType<typeof sql>;
}

const SQLITE: ColumnTypes = { time: 'text', now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` };

export async function createInvoiceTables(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('invoice_counters')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull().check(sql`last_number > 0`))
    .addPrimaryKeyConstraint('invoice_counters_pk', ['kind', 'year'])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('invoice', 'credit-note')`))
    // INV-2026-00042: prefix, year, sequence of five digits (or more past 99999).
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    // A credit note: the invoice it cancels (and its number, printed).
    .addColumn('credited_invoice_id', 'text', (c) => c.references('invoices.id'))
    .addColumn('credited_invoice_number', 'text')
    .addColumn('reason', 'text')
    .addColumn('issued_at', types.time, (c) => c.notNull())
    // YYYY-MM-DD in the site's time zone, as printed.
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('payment_reference', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3`))
    // Whether the lines' unit prices include tax (as the site's prices were entered when issued).
    .addColumn('amounts_include_tax', 'integer', (c) => c.notNull())
    .addColumn('net_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_minor', 'integer', (c) => c.notNull())
    .addColumn('gross_minor', 'integer', (c) => c.notNull())
    // JSON [{ratePercent, netMinor, taxMinor, grossMinor}], one per tax rate.
    .addColumn('tax_breakdown', 'text', (c) => c.notNull())
    // JSON: the buyer's billing details and the issuer's billing settings at issue.
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    // The language it is printed in: the booking's.
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .addUniqueConstraint('invoices_kind_year_sequence_unique', ['kind', 'year', 'sequence'])
    .execute();
  // A booking's documents (the back office, the manage link's check).
  await db.schema.createIndex('invoices_booking_idx').on('invoices').column('booking_id').execute();
  // One credit note per invoice: two cancellations racing cannot both credit it.
  await db.schema.createIndex('invoices_credited_idx').on('invoices').column('credited_invoice_id').unique().execute();

  await db.schema
    .createTable('invoice_lines')
    .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    // Net, or including tax when the invoice's amounts_include_tax; negative on a credit note.
    .addColumn('unit_price_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_rate_basis_points', 'integer', (c) => c.notNull().check(sql`tax_rate_basis_points between 0 and 10000`))
    // quantity * unit price, in the same terms (net or including tax).
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_lines_pk', ['invoice_id', 'position'])
    .execute();
}

const IMMUTABLE_TABLES = ['invoices', 'invoice_lines'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await createInvoiceTables(db, SQLITE);
  for (const table of IMMUTABLE_TABLES) {
    for (const operation of ['update', 'delete'] as const) {
      await sql
        .raw(
          `create trigger ${table}_no_${operation} before ${operation} on ${table} ` +
            `begin select raise(abort, 'An issued invoice never changes: issue a credit note instead.'); end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_lines').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
}
