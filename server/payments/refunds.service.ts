// Refunds. `refund` is the back office's way to give a paid booking's money back: the booking is
// cancelled through the usual cancellation (its seat freed for the waitlist, the participant told,
// the credit note issued and attached), which leaves it 'refund-due'. When the money has gone back
// to the buyer, `markRefunded` records it as a payment of the negative amount (so a booking's
// payments sum to what the firm holds) and the booking becomes 'refunded', with a `payment.refunded`
// webhook event. Both are audited; both re-read the booking locked, so racing clicks do it once.
import { replaySafe } from '@db/group-commit';
import type { BookingRow, PaymentRow } from '@db/schema';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { ConflictError, InvalidInputError, NotFoundError, PreconditionError } from '@server/core/errors';
import { newId } from '@server/core/ids';
import type { ServiceContext } from '@server/core/service-context';
import { changeBookingStatus, inBookingTransaction, runBookingChange, type BookingTransaction } from '@server/bookings/bookings.service';
import { findBookingForUpdate } from '@server/bookings/bookings.repository';
import { listInvoicesOfBooking } from '@server/invoices/invoices.repository';
import { enqueueRefundWebhook } from '@server/webhooks/webhook-events.service';
import { getSystemSettings } from '@server/settings/settings.repository';
import { message } from '@server/shared/i18n/message';
import { formatMoney } from '@server/shared/money';
import { utcToZonedParts } from '@server/shared/time';
import type { MarkRefundedInput, PaymentDto, RefundInput } from './payments.schemas';
import { insertPayment, setPaymentStatusRow } from './payments.repository';

async function requirePaidBooking(trx: BookingTransaction, bookingId: string): Promise<BookingRow> {
  const booking = await findBookingForUpdate(trx, bookingId);
  if (booking === undefined) throw new NotFoundError('message.payments.notFound');
  if (booking.paymentStatus === 'refund-due' || booking.paymentStatus === 'refunded') throw new ConflictError('message.payments.alreadyRefunded');
  if (booking.paymentStatus !== 'paid') throw new PreconditionError('message.payments.notRefundable');
  return booking;
}

/** Cancels a paid booking to give its money back: credit note, 'refund-due', the participant told (audited). */
export async function refundBooking(deps: ServiceContext, { bookingId }: RefundInput): Promise<{ bookingId: string; creditNoteNumber: string | null }> {
  const actor = actorOf(deps);
  const outcome = await runBookingChange(deps, async (trx) => {
    const before = await requirePaidBooking(trx, bookingId);
    const cancelled = await changeBookingStatus(trx, bookingId, 'cancelled');
    const credit = (await listInvoicesOfBooking(trx, bookingId)).filter((document) => document.kind === 'credit-note').at(-1);
    const promoted = cancelled.promoted === undefined ? '' : `; waitlisted booking ${cancelled.promoted.id} promoted`;
    await recordAudit(trx, actor, {
      action: 'status',
      entity: 'booking',
      entityId: bookingId,
      summary: `refund: status ${before.status} → cancelled; payment: paid → refund-due; credit note ${credit?.number ?? 'none'}${promoted}`,
    });
    return cancelled;
  });
  const credit = (await listInvoicesOfBooking(deps.db, bookingId)).filter((document) => document.kind === 'credit-note').at(-1);
  return { bookingId: outcome.booking.id, creditNoteNumber: credit?.number ?? null };
}

/** Records that the money of a 'refund-due' booking went back: a negative payment, 'refunded' (audited). */
export async function markRefunded(deps: ServiceContext, input: MarkRefundedInput): Promise<PaymentDto> {
  const actor = actorOf(deps);
  const now = new Date();
  const body = replaySafe(async (trx: BookingTransaction): Promise<PaymentRow> => {
    const booking = await findBookingForUpdate(trx, input.bookingId);
    if (booking === undefined) throw new NotFoundError('message.payments.notFound');
    if (booking.paymentStatus === 'refunded') throw new ConflictError('message.payments.alreadyRefunded');
    if (booking.paymentStatus !== 'refund-due') throw new ConflictError('message.payments.notRefundDue');
    const today = utcToZonedParts(now.toISOString(), (await getSystemSettings(trx)).timezone).date;
    if (input.refundedOn > today) {
      throw new InvalidInputError('message.payments.markRefundedRefused', { fields: { refundedOn: message('message.payments.refundedOnFuture', { today }) } });
    }
    const payment = await insertPayment(trx, {
      id: newId(),
      bookingId: booking.id,
      amountMinor: -(booking.chargeGrossMinor ?? 0),
      currency: booking.chargeCurrency ?? '',
      paidOn: input.refundedOn,
      method: 'bank_transfer',
      source: 'manual',
      statementLineKey: null,
      recordedBy: actor.name,
      createdAt: now.toISOString(),
    });
    if ((await setPaymentStatusRow(trx, booking.id, 'refund-due', 'refunded')) === undefined) throw new ConflictError('message.payments.alreadyRefunded');
    await enqueueRefundWebhook(trx, payment, booking.paymentReference, now);
    const amount = formatMoney(-payment.amountMinor, payment.currency, 'en');
    await recordAudit(trx, actor, { action: 'status', entity: 'booking', entityId: booking.id, summary: `payment: refund-due → refunded (${amount} sent back on ${payment.paidOn})` });
    return payment;
  });
  const { statementLineKey: _key, ...payment } = await inBookingTransaction(deps.db, body);
  return payment;
}
