// Payments: the inputs of the staff procedures (mark paid by hand, a booking's payments), what
// they answer, and how references and statuses are shown. Zod only: the client imports it too.
import { z } from 'zod';
import { idInput } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';
import { isCalendarDate } from '@server/bookings/bookings.schemas';
import { PAYMENT_SOURCES, type PaymentStatus } from '@db/schema';

/** The most one payment may be (minor units): a hundred million of the currency's units. */
export const MAX_PAYMENT_MINOR = 10_000_000_000;

const AMOUNT_INVALID = keyed('api.payments.amountInvalid', 'Enter the amount received, more than zero');
const PAID_ON_INVALID = keyed('api.payments.paidOnInvalid', 'Enter the day the money arrived as YYYY-MM-DD');

export const markPaidInput = z.object({
  bookingId: idInput,
  /** What arrived, in minor units (cents): it must be the booking's total (see markPaid). */
  amountMinor: z.number({ error: AMOUNT_INVALID }).int(AMOUNT_INVALID).min(1, AMOUNT_INVALID).max(MAX_PAYMENT_MINOR, AMOUNT_INVALID),
  /** The day the bank booked it, YYYY-MM-DD; not after today in the site's time zone. */
  paidOn: z.string({ error: PAID_ON_INVALID }).trim().refine(isCalendarDate, PAID_ON_INVALID),
});
export type MarkPaidInput = z.output<typeof markPaidInput>;

const REFUNDED_ON_INVALID = keyed('api.payments.refundedOnInvalid', 'Enter the day the money went back as YYYY-MM-DD');

/** payments.refund: the paid booking to cancel and give its money back. */
export const refundInput = z.object({ bookingId: idInput });
export type RefundInput = z.output<typeof refundInput>;

export const refundOutput = z.object({ bookingId: z.string(), creditNoteNumber: z.string().nullable() });

/** payments.markRefunded: the booking whose refund went out, and the day it did (not after today). */
export const markRefundedInput = z.object({
  bookingId: idInput,
  refundedOn: z.string({ error: REFUNDED_ON_INVALID }).trim().refine(isCalendarDate, REFUNDED_ON_INVALID),
});
export type MarkRefundedInput = z.output<typeof markRefundedInput>;

export const paymentsForBookingInput = z.object({ bookingId: idInput });

/** One payment as staff see it in a booking. */
export const paymentOutput = z.object({
  id: z.string(),
  bookingId: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  paidOn: z.string(),
  method: z.string(),
  source: z.enum(PAYMENT_SOURCES),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentDto = z.output<typeof paymentOutput>;

/** The staff's word for where a paid booking's money stands. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  awaiting: 'Awaiting payment',
  paid: 'Paid',
  'refund-due': 'Refund due',
  refunded: 'Refunded',
};

/** As a person types it: spaces dropped and letters upper-cased ('rf71 2345 67890' -> 'RF71234567890'). */
export function normalisePaymentReference(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/** Grouped by four, as printed on an invoice and in an e-mail: 'RF71 2345 6789 0'. */
export function formatPaymentReference(reference: string): string {
  return normalisePaymentReference(reference).replace(/(.{4})(?=.)/g, '$1 ');
}

/** Why a statement line paid nothing and waits for a person. */
export const UNMATCHED_REASONS = ['unreadable', 'no-reference', 'invalid-reference', 'unknown-reference', 'amount-mismatch', 'already-paid', 'not-payable'] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

export const UNMATCHED_REASON_LABELS: Record<UnmatchedReason, string> = {
  unreadable: 'Its date or amount could not be read',
  'no-reference': 'No payment reference in the text',
  'invalid-reference': 'A reference whose check digits do not match (a typo?)',
  'unknown-reference': 'No booking has this reference',
  'amount-mismatch': "The amount is not the booking's total",
  'already-paid': 'The booking is already paid',
  'not-payable': 'The booking is not awaiting payment (cancelled or waitlisted)',
};

const statementLineOutput = z.object({
  /** 1-based: the entry of the CAMT file, the row of the CSV after its header. */
  position: z.number().int(),
  bookedOn: z.string().nullable(),
  amountMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** The valid reference found in its text, or the first one found. */
  reference: z.string().nullable(),
  bookingId: z.string().nullable(),
  text: z.string(),
});

/** What an upload did: how many lines, how many paid a booking, and the lines left for a person. */
export const statementImportOutput = z.object({
  format: z.enum(['camt053', 'csv']),
  lines: z.number().int(),
  paid: z.array(statementLineOutput),
  /** Lines a previous upload already recorded: nothing is paid twice. */
  alreadyImported: z.number().int(),
  /** Money out (debits): not payments for bookings. */
  outgoing: z.number().int(),
  unmatched: z.array(statementLineOutput.extend({ reason: z.enum(UNMATCHED_REASONS) })),
});
export type StatementImportResult = z.output<typeof statementImportOutput>;
