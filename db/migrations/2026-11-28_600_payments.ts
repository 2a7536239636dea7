// Payments received for paid bookings (issue 36, bank transfer and matching). One row per amount
// that arrived: how much, on which day the bank booked it, by which payment method, and whether
// staff recorded it by hand ('manual') or a bank statement's line matched it ('statement').
// - booking_id has no foreign key on purpose, as the invoices: a payment is an accounting record kept
//   about ten years, so deleting its booking must neither delete it nor fail.
// - statement_line_key: the identity of the statement line that paid it (the bank's entry reference,
//   or a hash of the line), unique, so the same statement uploaded twice pays nothing twice. It
//   holds no text of the line (which may name the payer).
// Both dialects share this builder; the PostgreSQL form (name.postgres.ts) passes its native time type.
// Frozen.
import { type Kysely, sql } from 'kysely';

export interface ColumnTypes {
  time: 'text' | 'timestamptz(3)';
  now: ReturnType<typeof sql>;
}

const SQLITE: ColumnTypes = { time: 'text', now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` };

export async function createPaymentTables(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3`))
    // YYYY-MM-DD: the day the bank booked it (the statement's booking date, or what staff typed).
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('manual', 'statement')`))
    .addColumn('statement_line_key', 'text')
    // Who recorded it (a name kept as text: the audit log has the rest); null for a statement line.
    .addColumn('recorded_by', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .execute();
  // A booking's payments (its detail in the back office, the Payments screen's paid date).
  await db.schema.createIndex('payments_booking_idx').on('payments').columns(['booking_id', 'created_at']).execute();
  await db.schema
    .createIndex('payments_statement_line_idx')
    .on('payments')
    .column('statement_line_key')
    .unique()
    .where(sql.ref('statement_line_key'), 'is not', null)
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await createPaymentTables(db, SQLITE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payments').execute();
}
