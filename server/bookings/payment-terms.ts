// The terms of a paid booking, fixed when it is made: the charge (priceBreakdown of the session's
// price for one seat, the same rounding the invoice uses), frozen with its currency and tax rate;
// the billing details; the payment method and its reference; and the deadline, N days after the
// booking (Settings, System, Prices) but never after the session starts. A waitlisted booking keeps
// its terms without a deadline until it gets a seat. Nothing here asks which payment method it is.
import type { BookingRow } from '@db/schema';
import { InvalidInputError } from '@server/core/errors';
import { messageOfKeyed } from '@server/shared/i18n/schema-messages';
import { basisPointsToPercent } from '@server/shared/money';
import { i18nOf } from '@server/shared/i18n/catalogs';
import { discountedBreakdown } from '@server/vouchers/vouchers.schemas';
import type { RedeemedVoucher } from '@server/vouchers/vouchers.service';
import { getSystemSettings } from '@server/settings/settings.repository';
import { DEFAULT_PAYMENT_METHOD, paymentMethod } from '@server/payments/payment-methods';
import { type BillingDetails, checkBilling } from './bookings.schemas';
import type { BookingTransaction, PublicBookingInput } from './bookings.service';
import type { SlotContext } from './bookings.repository';
import { listUncreditedInvoiceIds } from '@server/invoices/invoices.repository';
import { bookingTitlesRow, type PaymentTermsRow, setFreeVoucherRow, setPaymentDueRow, setPaymentTermsRow } from './paid-bookings.repository';
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

/** What a seat of a paid `slot` is charged with `voucher` (or none) off, at the settings' rounding. */
export async function chargeFor(trx: BookingTransaction, slot: SlotContext, voucher: RedeemedVoucher | null) {
  const price = priceOf(slot);
  if (price === null) return null;
  const { pricesIncludeTax } = await getSystemSettings(trx);
  const taxRatePercent = basisPointsToPercent(price.taxRateBasisPoints);
  return { price, ...discountedBreakdown({ amountMinor: price.amountMinor, taxRatePercent }, 1, pricesIncludeTax, voucher?.discount ?? null) };
}

/**
 * The terms of a new paid booking of `slot`: the charge, computed once here (with the voucher's
 * discount, if any), the method's reference and, when it holds a seat, its deadline. Null for a
 * free session.
 */
export async function paymentTermsFor(
  trx: BookingTransaction,
  slot: SlotContext,
  billing: BillingDetails,
  holdsSeat: boolean,
  now: Date,
  voucher: RedeemedVoucher | null = null,
): Promise<PaymentTermsRow | null> {
  const charge = await chargeFor(trx, slot, voucher);
  if (charge === null) return null;
  const { price } = charge;
  const settings = await getSystemSettings(trx);
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
    voucherId: voucher?.voucherId ?? null,
    voucherCode: voucher?.code ?? null,
    chargeDiscountMinor: voucher === null ? null : charge.discountMinor,
  };
}

export async function savePaymentTerms(trx: BookingTransaction, booking: BookingRow, terms: PaymentTermsRow, now = new Date()): Promise<BookingRow> {
  const saved = await setPaymentTermsRow(trx, booking.id, terms);
  if (saved.paymentDueAt !== null) await invoiceHeldSeat(trx, saved, now);
  return saved;
}

/**
 * A booking a voucher made free: it records the voucher and its discount, and nothing else of a
 * paid booking (no payment status, reference, deadline or invoice).
 */
export async function saveFreeVoucherUse(trx: BookingTransaction, booking: BookingRow, terms: PaymentTermsRow): Promise<BookingRow> {
  if (terms.voucherId === null || terms.voucherCode === null) return booking;
  return setFreeVoucherRow(trx, booking.id, { voucherId: terms.voucherId, voucherCode: terms.voucherCode, chargeDiscountMinor: terms.chargeDiscountMinor ?? 0 });
}

/**
 * An awaiting booking that has just got a seat (promoted from the waitlist, an offer taken, staff
 * moving it up or reinstating it) starts its payment clock now, with an invoice. One that held a
 * seat before and whose invoice was credited since (it was cancelled, or moved back to the
 * waitlist) owes afresh: a new invoice and a new deadline, never the old one, which may have
 * passed. Any other booking is returned as it is.
 */
export async function holdSeatUntilPaid(trx: BookingTransaction, booking: BookingRow, startTime: string, now = new Date()): Promise<BookingRow> {
  if (booking.paymentStatus !== 'awaiting' || booking.status !== 'pending') return booking;
  if (booking.paymentDueAt !== null && (await listUncreditedInvoiceIds(trx, booking.id)).length > 0) return booking;
  const { paymentDeadlineDays } = await getSystemSettings(trx);
  const held = await setPaymentDueRow(trx, booking.id, booking.paymentDueAt, paymentDeadline(now, paymentDeadlineDays, startTime));
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
  const language = isLanguage(booking.language) ? booking.language : DEFAULT_LANGUAGE;
  const taxRatePercent = basisPointsToPercent(rate);
  // The seat at its full price, then the voucher's discount as a negative line at the same rate: the
  // invoice's tax, computed once on their sum, is the booking's charge to the cent.
  const discountMinor = booking.chargeDiscountMinor ?? 0;
  const charged = pricesIncludeTax ? chargeGrossMinor : chargeNetMinor;
  const unit = (amountMinor: number) => (pricesIncludeTax ? { unitGrossMinor: amountMinor } : { unitNetMinor: amountMinor });
  const discountLines =
    discountMinor > 0
      ? [{ description: i18nOf(language)._('invoice.voucherLine', { code: booking.voucherCode ?? '' }), quantity: 1, taxRatePercent, ...unit(-discountMinor) }]
      : [];
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
        taxRatePercent,
        ...unit(charged + discountMinor),
      },
      ...discountLines,
    ],
    currency: chargeCurrency,
    paymentReference,
    dueDate: utcToZonedParts(paymentDueAt, timezone).date,
    language,
  });
}
