// What cancelling an invoiced booking does to its money, in the cancellation's own transaction,
// whichever path cancelled it (staff, the bulk status change, the visitor's manage link, the unpaid
// deadline, a seat offer running out, a refund): each invoice the booking has that no credit note
// cancels yet gets one, and a booking that had paid now has its money owed back ('refund-due').
// An issued invoice never changes, so the credit note is how the books say "this sale is undone".
// Idempotent: a booking already credited gets nothing more, so two cancellations racing (each
// re-reads the booking locked, and the unique index on credited_invoice_id is the backstop) issue
// one credit note between them.
import type { BookingRow } from '@db/schema';
import { issueCreditNote } from '@server/invoices/invoices.service';
import { listUncreditedInvoiceIds } from '@server/invoices/invoices.repository';
import { i18nOf } from '@server/shared/i18n/catalogs';
import { DEFAULT_LANGUAGE, isLanguage } from '@server/shared/i18n/languages';
import type { BookingTransaction } from './bookings.service';
import { clearPaymentDueRow, setRefundDueRow } from './paid-bookings.repository';

/**
 * Credits `booking` (just changed, read in `trx`) when it no longer owes for a seat, and returns it
 * as it now is: cancelled (a paid one's money is then owed back), or moved back to the waitlist
 * while still awaiting its payment (its deadline goes too: a waitlisted booking owes nothing, and
 * gets a new invoice and deadline when it has a seat again, server/bookings/payment-terms.ts). A
 * free booking, or any other change, is returned unchanged.
 */
export async function creditCancelledBooking(trx: BookingTransaction, booking: BookingRow, now = new Date()): Promise<BookingRow> {
  const backOnWaitlist = booking.status === 'waitlisted' && booking.paymentStatus === 'awaiting';
  if (booking.status !== 'cancelled' && !backOnWaitlist) return booking;
  const uncredited = await listUncreditedInvoiceIds(trx, booking.id);
  const language = isLanguage(booking.language) ? booking.language : DEFAULT_LANGUAGE;
  const reason = i18nOf(language)._(backOnWaitlist ? 'invoice.creditNoteReason.waitlisted' : 'invoice.creditNoteReason.cancelled');
  for (const { id } of uncredited) {
    await issueCreditNote(trx, { invoiceId: id, issuedAt: now.toISOString(), reason });
  }
  if (backOnWaitlist) return (await clearPaymentDueRow(trx, booking.id)) ?? booking;
  return (await setRefundDueRow(trx, booking.id)) ?? booking;
}
