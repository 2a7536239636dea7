// The Payments screen's list and the accountant's CSV: their filters and what a row says. Zod only:
// the client imports it too.
import { z } from 'zod';
import { listInputBase, pageOutput } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';
import { INVALID_LIST_DATE, isCalendarDate, LIST_RANGE_REVERSED } from '@server/bookings/bookings.schemas';
import { PAYMENT_LIST_STATUSES, PAYMENT_ROW_STATUSES } from './payment-list-statuses.schemas';

/** A calendar day (YYYY-MM-DD, the form of a date input) matched against the invoice's date; blank is none. */
const invoiceDay = z
  .string({ error: INVALID_LIST_DATE })
  .trim()
  .refine((value) => value === '' || isCalendarDate(value), INVALID_LIST_DATE)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const STATUS_INVALID = keyed('api.payments.listStatusInvalid', 'Choose a payment status from the list');

/**
 * The list's filters (also the CSV export's). `search`: the participant's name or e-mail, the buyer's
 * company, the payment reference (spaces and case ignored) or the invoice number. `from`/`to`: the
 * invoice's date (the site's time zone, as printed on it), both included.
 */
export const paymentListFilterFields = listInputBase.omit({ page: true, pageSize: true }).extend({
  status: z.enum(['all', ...PAYMENT_LIST_STATUSES], { error: STATUS_INVALID }).default('all'),
  from: invoiceDay,
  to: invoiceDay,
});

function rangeInOrder(input: { from?: string | undefined; to?: string | undefined }): boolean {
  return input.from === undefined || input.to === undefined || input.from <= input.to;
}
const rangeError = { message: LIST_RANGE_REVERSED, path: ['to'] };

export const paymentListInput = listInputBase.extend(paymentListFilterFields.shape).refine(rangeInOrder, rangeError);
export type PaymentListInput = z.output<typeof paymentListInput>;

export const paymentExportInput = paymentListFilterFields.refine(rangeInOrder, rangeError);
export type PaymentListFilter = z.output<typeof paymentExportInput>;

/** One paid booking on the Payments screen. Amounts in minor units, as frozen at booking time. */
export const paymentListItem = z.object({
  bookingId: z.string(),
  participantName: z.string(),
  participantEmail: z.string(),
  billingCompany: z.string().nullable(),
  eventTitle: z.string(),
  sessionTitle: z.string(),
  slotStartTime: z.string(),
  /** The booking's invoice (none for a booking made before invoices were issued). */
  invoiceNumber: z.string().nullable(),
  /** YYYY-MM-DD, the invoice's date as printed. */
  invoiceDate: z.string().nullable(),
  /** The credit note that cancelled the invoice, if any. */
  creditNoteNumber: z.string().nullable(),
  netMinor: z.number().int(),
  taxMinor: z.number().int(),
  grossMinor: z.number().int(),
  currency: z.string(),
  reference: z.string().nullable(),
  /** The payment deadline (an instant). */
  dueAt: z.string().nullable(),
  /** YYYY-MM-DD, the day the latest payment arrived. */
  paidOn: z.string().nullable(),
  status: z.enum(PAYMENT_ROW_STATUSES),
});
export type PaymentListItem = z.output<typeof paymentListItem>;

export const paymentListOutput = pageOutput(paymentListItem);
