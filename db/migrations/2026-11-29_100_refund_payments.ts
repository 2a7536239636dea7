// Refunds as payment rows (issue 36): money sent back to a buyer is recorded as a payment of a
// negative amount (payments.markRefunded), so a booking's payments sum to what the firm holds. The
// check on amount_minor becomes "not zero" instead of "more than zero". SQLite cannot alter a check:
// the table is rebuilt with the same columns and indexes. Frozen once merged.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_booking_idx').execute();
  await db.schema.dropIndex('payments_statement_line_idx').execute();
  await db.schema.alterTable('payments').renameTo('payments_before_refunds').execute();
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    // Negative: a refund sent back to the buyer.
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor <> 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3`))
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('manual', 'statement')`))
    .addColumn('statement_line_key', 'text')
    .addColumn('recorded_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`))
    .execute();
  await sql`insert into payments select id, booking_id, amount_minor, currency, paid_on, method, source, statement_line_key, recorded_by, created_at from payments_before_refunds`.execute(db);
  await db.schema.dropTable('payments_before_refunds').execute();
  await db.schema.createIndex('payments_booking_idx').on('payments').columns(['booking_id', 'created_at']).execute();
  await db.schema.createIndex('payments_statement_line_idx').on('payments').column('statement_line_key').unique().where(sql.ref('statement_line_key'), 'is not', null).execute();
}

export async function down(): Promise<void> {
  // Refund rows could not go back under the old check; nothing to undo without losing them.
}
