// Payments' rows: the payments a booking received, and a booking's payment status as it changes.
import type { DB } from '@db/database';
import type { BookingRow, PaymentRow, PaymentStatus } from '@db/schema';

/** A payment as it is inserted: every column, the time it was recorded included. */
export type NewPayment = PaymentRow;

export async function insertPayment(db: DB, payment: NewPayment): Promise<PaymentRow> {
  return db.insertInto('payments').values(payment).returningAll().executeTakeFirstOrThrow();
}

/** A booking's payments, oldest first. */
export function listPaymentsOfBooking(db: DB, bookingId: string): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('bookingId', '=', bookingId).orderBy('createdAt').orderBy('id').execute();
}

/** Moves a booking's payment status from `from` to `to`; undefined when it no longer was `from` (another change came first). */
export function setPaymentStatusRow(db: DB, bookingId: string, from: PaymentStatus, to: PaymentStatus): Promise<BookingRow | undefined> {
  return db.updateTable('bookings').set({ paymentStatus: to }).where('id', '=', bookingId).where('paymentStatus', '=', from).returningAll().executeTakeFirst();
}

/** Whether a statement line with this identity has already paid a booking. */
export async function hasStatementLine(db: DB, key: string): Promise<boolean> {
  return (await db.selectFrom('payments').select('id').where('statementLineKey', '=', key).executeTakeFirst()) !== undefined;
}

/** The booking whose payment reference is `reference` (normalised: 'RF' + digits, no spaces). */
export async function findBookingIdByReference(db: DB, reference: string): Promise<string | undefined> {
  return (await db.selectFrom('bookings').select('id').where('paymentReference', '=', reference).executeTakeFirst())?.id;
}
