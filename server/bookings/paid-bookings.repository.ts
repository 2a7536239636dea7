// The paid part of bookings (migration 500): what a booking of a priced session was charged, its
// billing details, payment method and reference, and the deadline by which its money must arrive.
// An awaiting booking is status pending with payment status 'awaiting'.
import type { DB } from '@db/database';
import type { BookingRow } from '@db/schema';

/** What a paid booking stores beside the booking itself. */
export interface PaymentTermsRow {
  paymentMethod: string;
  paymentReference: string;
  /** Null while the booking is on the waitlist: the clock starts when it gets a seat. */
  paymentDueAt: string | null;
  chargeNetMinor: number;
  chargeTaxMinor: number;
  chargeGrossMinor: number;
  chargeCurrency: string;
  chargeTaxRateBasisPoints: number;
  billingCompany: string;
  billingAddress: string;
  billingCountry: string;
  billingVatNumber: string | null;
  /** The voucher it used (migration 620), its code and what it took off the line; null: none. */
  voucherId: string | null;
  voucherCode: string | null;
  chargeDiscountMinor: number | null;
}

/** Writes a new paid booking's terms (in the transaction that inserted it): it now awaits payment. */
export async function setPaymentTermsRow(db: DB, id: string, terms: PaymentTermsRow): Promise<BookingRow> {
  return db.updateTable('bookings').set({ ...terms, paymentStatus: 'awaiting' }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** A booking a voucher made free keeps which voucher it used and what it took off; it owes nothing. */
export async function setFreeVoucherRow(db: DB, id: string, voucher: { voucherId: string; voucherCode: string; chargeDiscountMinor: number }): Promise<BookingRow> {
  return db.updateTable('bookings').set(voucher).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Starts the payment clock of an awaiting booking that has just got a seat, if its deadline is still
 * `wasDueAt` (null: it had none), so two changes racing start it once.
 */
export async function setPaymentDueRow(db: DB, id: string, wasDueAt: string | null, dueAt: string): Promise<BookingRow | undefined> {
  return db
    .updateTable('bookings')
    .set({ paymentDueAt: dueAt })
    .where('id', '=', id)
    .where('paymentStatus', '=', 'awaiting')
    .where('paymentDueAt', wasDueAt === null ? 'is' : '=', wasDueAt)
    .returningAll()
    .executeTakeFirst();
}

/** A booking that gave its seat back while it still owed its payment owes nothing while it waits. */
export async function clearPaymentDueRow(db: DB, id: string): Promise<BookingRow | undefined> {
  return db.updateTable('bookings').set({ paymentDueAt: null }).where('id', '=', id).where('paymentStatus', '=', 'awaiting').returningAll().executeTakeFirst();
}

/** A paid booking just cancelled: the money it paid is now owed back. Undefined when it was not paid. */
export function setRefundDueRow(db: DB, id: string): Promise<BookingRow | undefined> {
  return db.updateTable('bookings').set({ paymentStatus: 'refund-due' }).where('id', '=', id).where('paymentStatus', '=', 'paid').returningAll().executeTakeFirst();
}

export interface UnpaidBooking {
  id: string;
  paymentDueAt: string | null;
  createdAt: string;
}

/** Awaiting bookings holding a seat whose deadline is in [fromIso, untilIso], soonest first, at most 500. */
export function listUnpaidDueBetween(db: DB, fromIso: string | null, untilIso: string): Promise<UnpaidBooking[]> {
  let query = db
    .selectFrom('bookings')
    .select(['id', 'paymentDueAt', 'createdAt'])
    .where('paymentStatus', '=', 'awaiting')
    .where('paymentDueAt', '<=', untilIso)
    .where('status', '=', 'pending');
  if (fromIso !== null) query = query.where('paymentDueAt', '>', fromIso);
  return query.orderBy('paymentDueAt').orderBy('id').limit(500).execute();
}

/** The event's and the session's titles of a booking, for its invoice line. */
export async function bookingTitlesRow(db: DB, sessionId: string): Promise<{ eventTitle: string; sessionTitle: string } | undefined> {
  return db
    .selectFrom('eventSessions')
    .innerJoin('events', 'events.id', 'eventSessions.eventId')
    .select(['events.title as eventTitle', 'eventSessions.title as sessionTitle'])
    .where('eventSessions.id', '=', sessionId)
    .executeTakeFirst();
}
