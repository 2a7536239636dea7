// The Payments screen's list and the dashboard's revenue (issue 36, back office). The list: the paid bookings (payment_status not null),
// newest first, filtered by payment status, by the invoice's date, and searched by the buyer's
// company as well as the participant's name and e-mail (bookings_search already) and the reference
// and invoice number (unique indexes already).
// - bookings_paid_created_idx and bookings_payment_list_idx: the paid bookings only (partial indexes:
//   free bookings, most of the table, are not in them), newest first, and by status then newest
//   first, so a page of every status or of one is read in order.
// - invoices_issue_date_idx: the invoices of a date range, with their booking (covering).
// - payments_paid_on_idx: the dashboard's revenue, the payments of a range of days summed from the
//   index alone (covering: day, currency, amount).
// - bookings_billing_search: the buyer's company in a trigram full-text index like bookings_search
//   (external content, triggers, secure-delete as the other personal indexes). PostgreSQL gets a
//   pg_trgm index instead (the .postgres.ts sibling). Frozen.
import { type Kysely, sql } from 'kysely';

export async function createPaymentListIndexes(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('bookings_paid_created_idx')
    .on('bookings')
    .columns(['created_at', 'id'])
    .where(sql.ref('payment_status'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('bookings_payment_list_idx')
    .on('bookings')
    .columns(['payment_status', 'created_at', 'id'])
    .where(sql.ref('payment_status'), 'is not', null)
    .execute();
  await db.schema.createIndex('invoices_issue_date_idx').on('invoices').columns(['kind', 'issue_date', 'booking_id']).execute();
  await db.schema.createIndex('payments_paid_on_idx').on('payments').columns(['paid_on', 'currency', 'amount_minor']).execute();
}

export async function dropPaymentListIndexes(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_paid_on_idx').execute();
  await db.schema.dropIndex('invoices_issue_date_idx').execute();
  await db.schema.dropIndex('bookings_payment_list_idx').execute();
  await db.schema.dropIndex('bookings_paid_created_idx').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await createPaymentListIndexes(db);
  await sql
    .raw(`create virtual table bookings_billing_search using fts5(billing_company, content='bookings', content_rowid='rowid', tokenize='trigram')`)
    .execute(db);
  await sql.raw(`insert into bookings_billing_search(bookings_billing_search, rank) values ('secure-delete', 1)`).execute(db);
  await sql.raw(`insert into bookings_billing_search(bookings_billing_search) values ('rebuild')`).execute(db);
  await sql
    .raw(
      `create trigger bookings_billing_search_insert after insert on bookings begin
         insert into bookings_billing_search(rowid, billing_company) values (new.rowid, new.billing_company);
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger bookings_billing_search_delete after delete on bookings begin
         insert into bookings_billing_search(bookings_billing_search, rowid, billing_company) values ('delete', old.rowid, old.billing_company);
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger bookings_billing_search_update after update of billing_company on bookings begin
         insert into bookings_billing_search(bookings_billing_search, rowid, billing_company) values ('delete', old.rowid, old.billing_company);
         insert into bookings_billing_search(rowid, billing_company) values (new.rowid, new.billing_company);
       end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const suffix of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists bookings_billing_search_${suffix}`).execute(db);
  await sql.raw('drop table if exists bookings_billing_search').execute(db);
  await dropPaymentListIndexes(db);
}
