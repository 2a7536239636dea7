// Invoices' rows: the per-year counters, the documents and their lines. There is no update or
// delete here, on purpose: an issued invoice never changes (the database's triggers refuse it too).
import type { DB } from '@db/database';
import type { InvoiceKind, InvoicesTable } from '@db/schema';
import type { Insertable, Selectable } from 'kysely';

export type InvoiceRow = Selectable<InvoicesTable>;

/**
 * The next number of `kind` in `year`: one upsert that adds 1 to the counter row and returns it.
 * Run inside the issuing transaction, it holds the row (SQLite's write lock, PostgreSQL's row lock)
 * until the commit, so concurrent issues wait for each other, and a rollback gives the number back.
 */
export async function takeNextSequence(trx: DB, kind: InvoiceKind, year: number): Promise<number> {
  const row = await trx
    .insertInto('invoiceCounters')
    .values({ kind, year, lastNumber: 1 })
    .onConflict((conflict) => conflict.columns(['kind', 'year']).doUpdateSet((eb) => ({ lastNumber: eb('invoiceCounters.lastNumber', '+', 1) })))
    .returning('lastNumber')
    .executeTakeFirstOrThrow();
  return row.lastNumber;
}

export interface NewInvoiceLine {
  description: string;
  quantity: number;
  unitPriceMinor: number;
  taxRateBasisPoints: number;
  amountMinor: number;
}

export async function insertInvoice(trx: DB, invoice: Insertable<InvoicesTable>, lines: readonly NewInvoiceLine[]): Promise<InvoiceRow> {
  const row = await trx.insertInto('invoices').values(invoice).returningAll().executeTakeFirstOrThrow();
  await trx
    .insertInto('invoiceLines')
    .values(lines.map((line, index) => ({ invoiceId: row.id, position: index + 1, ...line })))
    .execute();
  return row;
}

export function findInvoiceById(db: DB, id: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInvoiceByNumber(db: DB, number: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('number', '=', number).executeTakeFirst();
}

export function findCreditNoteOf(db: DB, invoiceId: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('invoices').select('id').where('creditedInvoiceId', '=', invoiceId).executeTakeFirst();
}

export function listInvoiceLines(db: DB, invoiceId: string) {
  return db
    .selectFrom('invoiceLines')
    .select(['position', 'description', 'quantity', 'unitPriceMinor', 'taxRateBasisPoints', 'amountMinor'])
    .where('invoiceId', '=', invoiceId)
    .orderBy('position')
    .execute();
}

/** A booking's invoices and credit notes, oldest first. */
export function listInvoicesOfBooking(db: DB, bookingId: string): Promise<InvoiceRow[]> {
  return db.selectFrom('invoices').selectAll().where('bookingId', '=', bookingId).orderBy('issuedAt').orderBy('kind').orderBy('sequence').execute();
}

/** The invoice (not a credit note) of a booking, if it has one. */
export async function invoiceIdOfBooking(db: DB, bookingId: string): Promise<string | null> {
  const row = await db.selectFrom('invoices').select('id').where('bookingId', '=', bookingId).where('kind', '=', 'invoice').executeTakeFirst();
  return row?.id ?? null;
}

/** Whether any booking whose `column` is `value` has an invoice or credit note (a delete must keep them). */
export async function hasInvoicedBooking(db: DB, column: 'id' | 'timeSlotId' | 'sessionId' | 'eventId', value: string): Promise<boolean> {
  const row = await db
    .selectFrom('invoices')
    .innerJoin('bookings', 'bookings.id', 'invoices.bookingId')
    .select('invoices.id')
    .where(`bookings.${column}`, '=', value)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A booking's invoices that no credit note cancels yet (a cancellation credits each, once). */
export function listUncreditedInvoiceIds(db: DB, bookingId: string): Promise<{ id: string }[]> {
  return db
    .selectFrom('invoices as invoice')
    .select('invoice.id')
    .where('invoice.bookingId', '=', bookingId)
    .where('invoice.kind', '=', 'invoice')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('invoices as credit').select('credit.id').whereRef('credit.creditedInvoiceId', '=', 'invoice.id'))))
    .orderBy('invoice.sequence')
    .execute();
}

/** A booking's newest credit note, if it has one (the cancellation e-mail carries it). */
export async function latestCreditNoteIdOfBooking(db: DB, bookingId: string): Promise<string | null> {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('bookingId', '=', bookingId)
    .where('kind', '=', 'credit-note')
    .orderBy('issuedAt', 'desc')
    .orderBy('sequence', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The id of the booking whose manage token has this SHA-256, if one has it now. */
export async function findBookingIdByManageTokenHash(db: DB, hash: string): Promise<string | undefined> {
  const row = await db.selectFrom('bookings').select('id').where('manageTokenHash', '=', hash).executeTakeFirst();
  return row?.id;
}
