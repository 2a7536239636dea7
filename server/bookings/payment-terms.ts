// The terms of a paid booking, fixed when it is made: the charge (priceBreakdown of the session's
// price for one seat, the same rounding the invoice uses), frozen with its currency and tax rate;
// the billing details; the payment method and its reference; and the deadline, N days after the
// booking (Settings, System, Prices) but never after the session starts. A waitlisted booking keeps
// its terms without a deadline until it gets a seat. Nothing here asks which payment method it is.
import type { BookingRow } from '@db/schema';
import { InvalidInputError } from '@server/core/errors';
import { messageOfKeyed } from '@server/shared/i18n/schema-messages';
import { basisPointsToPercent, priceBreakdown } from '@server/shared/money';
import { getSystemSettings } from '@server/settings/settings.repository';
import { DEFAULT_PAYMENT_METHOD, paymentMethod } from '@server/payments/payment-methods';
import { type BillingDetails, checkBilling } from './bookings.schemas';
import type { BookingTransaction, PublicBookingInput } from './bookings.service';
import type { SlotContext } from './bookings.repository';
import { type PaymentTermsRow, setPaymentDueRow, setPaymentTermsRow } from './paid-bookings.repository';

const DAY_MS = 86_400_000;

/** When a booking made (or given its seat) at `from` must be paid: `days` later, or at the start if sooner. */
export function paymentDeadline(from: Date, days: number, startTime: string): string {
  return new Date(Math.min(from.getTime() + days * DAY_MS, Date.parse(startTime))).toISOString();
}

/** A priced slot's price, or null for a free session. */
function priceOf(slot: SlotContext) {
  if (slot.priceAmountMinor === null || slot.priceCurrency === null || slot.taxRateBasisPoints === null) return null;
  return { amountMinor: slot.priceAmountMinor, currency: slot.priceCurrency, taxRateBasisPoints: slot.taxRateBasisPoints };
}

export function isPaidSlot(slot: SlotContext): boolean {
  return priceOf(slot) !== null;
}

/**
 * The billing details of a public booking of a paid session, required there: each missing or wrong
 * field is named (BAD_REQUEST), before the duplicate rule, so a held address is refused alike.
 */
export function requireBilling(input: PublicBookingInput): BillingDetails {
  const { details, errors } = checkBilling(input);
  if (details !== null) return details;
  const fields = Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, messageOfKeyed(text)]));
  throw new InvalidInputError('message.billingRefused', { fields });
}

/**
 * The terms of a new paid booking of `slot`: the charge, computed once here, the method's reference
 * and, when it holds a seat, its deadline. Null for a free session.
 */
export async function paymentTermsFor(
  trx: BookingTransaction,
  slot: SlotContext,
  billing: BillingDetails,
  holdsSeat: boolean,
  now: Date,
): Promise<PaymentTermsRow | null> {
  const price = priceOf(slot);
  if (price === null) return null;
  const settings = await getSystemSettings(trx);
  const charge = priceBreakdown({ amountMinor: price.amountMinor, taxRatePercent: basisPointsToPercent(price.taxRateBasisPoints) }, 1, settings.pricesIncludeTax);
  const method = paymentMethod(DEFAULT_PAYMENT_METHOD);
  return {
    paymentMethod: method.id,
    paymentReference: method.start().reference,
    paymentDueAt: holdsSeat ? paymentDeadline(now, settings.paymentDeadlineDays, slot.startTime) : null,
    chargeNetMinor: charge.netMinor,
    chargeTaxMinor: charge.taxMinor,
    chargeGrossMinor: charge.grossMinor,
    chargeCurrency: price.currency,
    chargeTaxRateBasisPoints: price.taxRateBasisPoints,
    billingCompany: billing.company,
    billingAddress: billing.address,
    billingCountry: billing.country,
    billingVatNumber: billing.vatNumber,
  };
}

export function savePaymentTerms(trx: BookingTransaction, booking: BookingRow, terms: PaymentTermsRow): Promise<BookingRow> {
  return setPaymentTermsRow(trx, booking.id, terms);
}

/**
 * An awaiting booking that has just got a seat (promoted from the waitlist, an offer taken, staff
 * moving it up) starts its payment clock now. Any other booking is returned as it is.
 */
export async function holdSeatUntilPaid(trx: BookingTransaction, booking: BookingRow, startTime: string, now = new Date()): Promise<BookingRow> {
  if (booking.paymentStatus !== 'awaiting' || booking.status !== 'pending' || booking.paymentDueAt !== null) return booking;
  const { paymentDeadlineDays } = await getSystemSettings(trx);
  return (await setPaymentDueRow(trx, booking.id, paymentDeadline(now, paymentDeadlineDays, startTime))) ?? booking;
}
