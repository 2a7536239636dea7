// Payments received for paid bookings. A payment is recorded only when it settles an awaiting
// booking in full: the amount must be the booking's frozen total, as an accountant reconciling
// transfers against invoices expects (a partial or different transfer is a question for a person,
// not a payment to book against the invoice). Recording one, in one transaction: the payment row,
// the booking confirmed (its seat was already held) and marked paid, the receipt e-mailed in the
// booking's language (it is also the confirmation), and a `payment.received` webhook event. Staff
// record one by hand (markPaid, audited); the bank statement import records its matched lines the
// same way (recordPayment).
import { replaySafe } from '@db/group-commit';
import type { BookingRow, PaymentRow, PaymentSource } from '@db/schema';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { ConflictError, InvalidInputError, NotFoundError, PreconditionError } from '@server/core/errors';
import { newId } from '@server/core/ids';
import type { ServiceContext } from '@server/core/service-context';
import { changeBookingStatus, inBookingTransaction, type BookingTransaction } from '@server/bookings/bookings.service';
import { findBookingForUpdate } from '@server/bookings/bookings.repository';
import { enqueuePaymentReceipt } from '@server/bookings/booking-messages';
import { enqueueBookingWebhooks, enqueuePaymentWebhook } from '@server/webhooks/webhook-events.service';
import { getSystemSettings } from '@server/settings/settings.repository';
import { message } from '@server/shared/i18n/message';
import { formatMoney } from '@server/shared/money';
import { utcToZonedParts } from '@server/shared/time';
import type { MarkPaidInput, PaymentDto } from './payments.schemas';
import { insertPayment, listPaymentsOfBooking, setPaymentStatusRow } from './payments.repository';

/** Why an amount cannot be recorded against a booking; null when it can. */
export type PaymentRefusal = 'not-found' | 'already-paid' | 'not-payable' | 'amount-mismatch';

/**
 * Whether `amountMinor` settles `booking`: it must exist, hold its seat (pending or confirmed) while
 * awaiting payment, and the amount must be its total. A waitlisted booking owes nothing yet, and a
 * cancelled one (expired unpaid) may have lost its seat: a person decides.
 */
export function paymentRefusal(booking: BookingRow | undefined, amountMinor: number): PaymentRefusal | null {
  if (booking === undefined) return 'not-found';
  if (booking.paymentStatus === 'paid' || booking.paymentStatus === 'refund-due' || booking.paymentStatus === 'refunded') return 'already-paid';
  if (booking.paymentStatus !== 'awaiting' || (booking.status !== 'pending' && booking.status !== 'confirmed')) return 'not-payable';
  if (booking.chargeGrossMinor !== amountMinor) return 'amount-mismatch';
  return null;
}

export interface ArrivedPayment {
  amountMinor: number;
  /** YYYY-MM-DD. */
  paidOn: string;
  source: PaymentSource;
  statementLineKey: string | null;
  recordedBy: string | null;
}

/**
 * Records `arrived` for `booking` (checked by paymentRefusal, read for update) inside `trx`: the
 * payment, the booking confirmed and paid, the receipt and the webhook event. Returns the payment.
 */
export async function recordPayment(trx: BookingTransaction, publicOrigin: string, booking: BookingRow, arrived: ArrivedPayment, now = new Date()): Promise<PaymentRow> {
  const payment = await insertPayment(trx, {
    id: newId(),
    bookingId: booking.id,
    amountMinor: arrived.amountMinor,
    currency: booking.chargeCurrency ?? '',
    paidOn: arrived.paidOn,
    method: booking.paymentMethod ?? '',
    source: arrived.source,
    statementLineKey: arrived.statementLineKey,
    recordedBy: arrived.recordedBy,
    createdAt: now.toISOString(),
  });
  if (booking.status !== 'confirmed') {
    // Through the booking change, so the rules and the status webhook are the usual ones; its seat
    // was already held, so no capacity check refuses it and no one is promoted.
    const outcome = await changeBookingStatus(trx, booking.id, 'confirmed');
    await enqueueBookingWebhooks(trx, outcome);
  }
  if ((await setPaymentStatusRow(trx, booking.id, 'awaiting', 'paid')) === undefined) throw new ConflictError('message.payments.alreadyPaid');
  await enqueuePaymentReceipt(trx, publicOrigin, booking.id, { amountMinor: payment.amountMinor, currency: payment.currency, paidOn: payment.paidOn, reference: booking.paymentReference });
  await enqueuePaymentWebhook(trx, payment, booking.paymentReference, now);
  return payment;
}

function toPaymentDto(row: PaymentRow): PaymentDto {
  const { statementLineKey: _key, ...dto } = row;
  return dto;
}

/** The refusal a person reads in the mark-paid form. */
function refusedToMarkPaid(refusal: PaymentRefusal, booking: BookingRow | undefined): Error {
  if (refusal === 'not-found' || booking === undefined) return new NotFoundError('message.payments.notFound');
  if (refusal === 'already-paid') return new ConflictError('message.payments.alreadyPaid');
  if (refusal === 'not-payable') return new PreconditionError('message.payments.notPayable');
  const total = formatMoney(booking.chargeGrossMinor ?? 0, booking.chargeCurrency ?? 'EUR', 'en');
  return new InvalidInputError('message.payments.markPaidRefused', { fields: { amountMinor: message('message.payments.amountMismatch', { total }) } });
}

/** Staff record a transfer by hand: the booking's full total, on a day not after today (audited). */
export async function markPaid(deps: ServiceContext, input: MarkPaidInput): Promise<PaymentDto> {
  const actor = actorOf(deps);
  const now = new Date();
  const body = replaySafe(async (trx: BookingTransaction) => {
    const booking = await findBookingForUpdate(trx, input.bookingId);
    const refusal = paymentRefusal(booking, input.amountMinor);
    if (refusal !== null || booking === undefined) throw refusedToMarkPaid(refusal ?? 'not-found', booking);
    const today = utcToZonedParts(now.toISOString(), (await getSystemSettings(trx)).timezone).date;
    if (input.paidOn > today) {
      throw new InvalidInputError('message.payments.markPaidRefused', { fields: { paidOn: message('message.payments.paidOnFuture', { today }) } });
    }
    const payment = await recordPayment(trx, deps.config.publicOrigin, booking, { ...input, source: 'manual', statementLineKey: null, recordedBy: actor.name }, now);
    const confirmed = booking.status === 'confirmed' ? '' : '; status: pending → confirmed';
    const amount = formatMoney(payment.amountMinor, payment.currency, 'en');
    await recordAudit(trx, actor, { action: 'status', entity: 'booking', entityId: booking.id, summary: `payment: awaiting → paid (${amount} received on ${payment.paidOn}, by hand)${confirmed}` });
    return payment;
  });
  const payment = await inBookingTransaction(deps.db, body);
  deps.publicReads.invalidate(['slots'], { pages: 'revalidate' });
  return toPaymentDto(payment);
}

/** A booking's payments, oldest first (its detail in the back office). */
export async function paymentsForBooking(deps: Pick<ServiceContext, 'db'>, { bookingId }: { bookingId: string }): Promise<PaymentDto[]> {
  return (await listPaymentsOfBooking(deps.db, bookingId)).map(toPaymentDto);
}
