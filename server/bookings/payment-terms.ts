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
import { bookingTitlesRow, type PaymentTermsRow, setPaymentDueRow, setPaymentTermsRow } from './paid-bookings.repository';
import { issueInvoice } from '@server/invoices/invoices.service';
import { DEFAULT_LANGUAGE, isLanguage } from '@server/shared/i18n/languages';
import { utcToZonedParts } from '@server/shared/time';

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

export async function savePaymentTerms(trx: BookingTransaction, booking: BookingRow, terms: PaymentTermsRow, now = new Date()): Promise<BookingRow> {
  const saved = await setPaymentTermsRow(trx, booking.id, terms);
  if (saved.paymentDueAt !== null) await invoiceHeldSeat(trx, saved, now);
  return saved;
}

/**
 * An awaiting booking that has just got a seat (promoted from the waitlist, an offer taken, staff
 * moving it up) starts its payment clock now. Any other booking is returned as it is.
 */
export async function holdSeatUntilPaid(trx: BookingTransaction, booking: BookingRow, startTime: string, now = new Date()): Promise<BookingRow> {
  if (booking.paymentStatus !== 'awaiting' || booking.status !== 'pending' || booking.paymentDueAt !== null) return booking;
  const { paymentDeadlineDays } = await getSystemSettings(trx);
  const held = await setPaymentDueRow(trx, booking.id, paymentDeadline(now, paymentDeadlineDays, startTime));
  if (held === undefined) return booking;
  await invoiceHeldSeat(trx, held, now);
  return held;
}

/**
 * A paid booking's invoice, issued once in the transaction that starts its payment clock: when it is
 * made with a seat, or when a waitlisted one gets a seat (a waitlisted booking may never owe
 * anything, so it has no invoice until then). The invoice keeps its own copy of the charge, in the
 * way prices are entered (a gross unit price when they include tax, so the total is the charge).
 */
async function invoiceHeldSeat(trx: BookingTransaction, booking: BookingRow, now: Date): Promise<void> {
  const { paymentDueAt, paymentReference, chargeNetMinor, chargeGrossMinor, chargeCurrency, chargeTaxRateBasisPoints: rate } = booking;
  if (paymentDueAt === null || paymentReference === null || chargeCurrency === null || rate === null) return;
  if (chargeNetMinor === null || chargeGrossMinor === null) return;
  const { timezone, pricesIncludeTax } = await getSystemSettings(trx);
  const titles = await bookingTitlesRow(trx, booking.sessionId);
  await issueInvoice(trx, {
    bookingId: booking.id,
    issuedAt: now.toISOString(),
    buyer: {
      company: booking.billingCompany,
      name: booking.participantName,
      email: booking.participantEmail,
      // The form takes the address as lines of text (street, postcode and city, ...): printed as given.
      addressLines: (booking.billingAddress ?? '').split('\n').map((line) => line.trim()).filter((line) => line !== ''),
      postcode: '',
      city: '',
      country: booking.billingCountry ?? '',
      vatNumber: booking.billingVatNumber,
    },
    lines: [
      {
        description: titles === undefined ? booking.sessionId : `${titles.eventTitle}: ${titles.sessionTitle}`,
        quantity: 1,
        taxRatePercent: basisPointsToPercent(rate),
        ...(pricesIncludeTax ? { unitGrossMinor: chargeGrossMinor } : { unitNetMinor: chargeNetMinor }),
      },
    ],
    currency: chargeCurrency,
    paymentReference,
    dueDate: utcToZonedParts(paymentDueAt, timezone).date,
    language: isLanguage(booking.language) ? booking.language : DEFAULT_LANGUAGE,
  });
}
