import { z } from 'zod';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '@db/schema';
import { visitInput } from '@server/analytics/analytics.schemas';
import { partnerFilterInput, partnerInput } from '@server/embed/embed.schemas';
import { answersInput, COUNTRY_CODES } from '@server/registration-questions/registration-questions.schemas';
import { idInput, LIMITS, listInputBase, optionalLine, optionalText, requiredEmail, requiredLine, STATUS_REQUIRED, timestamp } from '@server/shared/common.schemas';
import { type KeyedText, keyed } from '@server/shared/i18n/schema-messages';
import { EU_COUNTRY_CODES, hasVatShape, normaliseVatNumber, vatNumberExample } from '@server/shared/vat-numbers';

export { BOOKING_STATUSES };

/**
 * The statuses people see: the stored ones, and "Awaiting payment", a pending booking of a paid
 * session whose money has not arrived (stored as status pending with payment status 'awaiting', so
 * it holds its seat like any pending booking).
 */
export const BOOKING_VIEW_STATUSES = ['pending', 'awaiting-payment', 'confirmed', 'waitlisted', 'cancelled'] as const;
export type BookingViewStatus = (typeof BOOKING_VIEW_STATUSES)[number];

/** The status a booking is shown with (badges, filters, the CSV, stats). */
export function bookingViewStatus(booking: { status: (typeof BOOKING_STATUSES)[number]; paymentStatus: string | null }): BookingViewStatus {
  return booking.status === 'pending' && booking.paymentStatus === 'awaiting' ? 'awaiting-payment' : booking.status;
}

/** The staff's word for each status: back-office lists, filters and the CSV export say these. */
export const BOOKING_STATUS_LABELS = {
  pending: 'Pending',
  'awaiting-payment': 'Awaiting payment',
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
} as const satisfies Record<BookingViewStatus, string>;

/** A paid session's voucher code (server/vouchers): absent or blank is none. */
const voucherCode = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((value) => (value === undefined || value === '' ? null : value));

const participant = {
  participantName: requiredLine(keyed('message.participantNameRequired', 'Participant name is required'), LIMITS.name),
  participantEmail: requiredEmail(),
  participantPhone: optionalLine(LIMITS.phone),
};

const TIME_SLOT_REQUIRED = keyed('message.timeSlotRequired', 'Time slot is required');
const timeSlotId = z.string({ error: TIME_SLOT_REQUIRED }).trim().min(1, TIME_SLOT_REQUIRED).max(64);
const status = z.enum(BOOKING_STATUSES, { error: STATUS_REQUIRED });

/**
 * The billing details a booking of a paid session asks for (a free session's form has none): the
 * company, its address and country are required there, the VAT number is optional and, for an EU
 * country, must have that country's shape. Optional in the schema, since the schema does not know
 * the session; checkBilling holds the rule, on the form and on the server.
 */
const billing = {
  billingCompany: optionalLine(LIMITS.name),
  billingAddress: optionalText(LIMITS.shortText),
  billingCountry: optionalLine(2),
  billingVatNumber: optionalLine(30),
};

export const BILLING_MESSAGES = {
  billingCompany: keyed('message.billingCompanyRequired', 'Company is required'),
  billingAddress: keyed('message.billingAddressRequired', 'Billing address is required'),
  billingCountry: keyed('message.billingCountryRequired', 'Please choose the billing country'),
} as const;

/** Each EU country's message, naming the shape expected ('... looks like DE123456789'). */
const VAT_SHAPE_MESSAGES: ReadonlyMap<string, KeyedText> = new Map(
  EU_COUNTRY_CODES.map((country) => {
    const example = vatNumberExample(country) ?? '';
    return [country, keyed('message.vatNumberShape', `A VAT number from this country looks like ${example}`, { example })];
  }),
);

/** The billing details as a paid booking stores them: the country upper-cased, the VAT number normalised. */
export interface BillingDetails {
  company: string;
  address: string;
  country: string;
  vatNumber: string | null;
}

type BillingFields = { [K in keyof typeof billing]?: string | null | undefined };

/** The billing details of a paid booking, or the message of each field that is missing or wrong. */
export function checkBilling(values: BillingFields): { details: BillingDetails | null; errors: Partial<Record<keyof typeof billing, KeyedText>> } {
  const company = values.billingCompany?.trim() ?? '';
  const address = values.billingAddress?.trim() ?? '';
  const country = values.billingCountry?.trim().toUpperCase() ?? '';
  const vat = values.billingVatNumber?.trim() ?? '';
  const errors: Partial<Record<keyof typeof billing, KeyedText>> = {};
  if (company === '') errors.billingCompany = BILLING_MESSAGES.billingCompany;
  if (address === '') errors.billingAddress = BILLING_MESSAGES.billingAddress;
  if (!COUNTRY_CODES.includes(country)) errors.billingCountry = BILLING_MESSAGES.billingCountry;
  else if (vat !== '' && !hasVatShape(vat, country)) errors.billingVatNumber = VAT_SHAPE_MESSAGES.get(country);
  if (Object.keys(errors).length > 0) return { details: null, errors };
  return { details: { company, address, country, vatNumber: vat === '' ? null : normaliseVatNumber(vat, country) }, errors };
}

/**
 * The public form sends the slot, the participant and the answers to the event's registration
 * questions (by question id); the server derives event and session. A paid session's form adds the
 * billing details.
 */
export const createBookingInput = z.object({ timeSlotId, ...participant, answers: answersInput, visit: visitInput, partner: partnerInput, ...billing, voucherCode });
export type CreateBookingInput = z.input<typeof createBookingInput>;

/** Staff booking modal. */
const adminBookingFields = z.object({
  timeSlotId,
  status,
  bookingDate: timestamp(keyed('api.bookings.dateRequired', 'Booking date is required')).optional(),
  ...participant,
});
export const adminCreateBookingInput = adminBookingFields;

export const updateBookingInput = adminBookingFields.extend({ id: idInput });

export const setBookingStatusInput = z.object({ id: idInput, status });

export const INVALID_LIST_DATE = keyed('message.dateInvalid', 'Please enter a date as YYYY-MM-DD');
export const LIST_RANGE_REVERSED = keyed('api.bookings.rangeReversed', 'The end date must be on or after the start date');
const CHOOSE_ONE = keyed('api.bookings.chooseOne', 'Choose at least one booking.');

/** A calendar day in the site's timezone, as YYYY-MM-DD (the form of an HTML date input); blank is none. */
const listDate = z
  .string({ error: INVALID_LIST_DATE })
  .trim()
  .refine((value) => value === '' || isCalendarDate(value), INVALID_LIST_DATE)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * A real date written YYYY-MM-DD. The last year, 9999, is refused: ranges end at the day after
 * their last date, and 10000-01-01 has no four-digit form, so the searches and calendars could
 * not compute it (it answered 500).
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('9999')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The staff bookings filters (also the CSV export's). `from`/`to`: days in the site's timezone,
 * both included, matched against the start of the booking's time slot (when the participant
 * comes), not the day the booking was made.
 */
export const bookingFilterFields = listInputBase.omit({ page: true, pageSize: true }).extend({
  /** Only these bookings (the rows chosen on the screen): a list, or comma-separated in a query string. */
  ids: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split(',').filter((id) => id !== '') : value),
      z
        .array(idInput, { error: keyed('api.bookings.chooseById', 'Choose the bookings by id.') })
        .min(1, CHOOSE_ONE)
        .max(100, keyed('api.bookings.chooseAtMost', 'Choose at most 100 bookings at a time.', { max: 100 })),
    )
    .optional(),
  status: z.enum(['all', ...BOOKING_VIEW_STATUSES]).default('all'),
  eventId: idInput.optional(),
  sessionId: idInput.optional(),
  timeSlotId: idInput.optional(),
  /** Only the bookings made in this partner site's widget (its origin, https://partner.example). */
  partner: partnerFilterInput,
  from: listDate,
  to: listDate,
});

/** A range that ends before it starts is a mistake worth saying, not an empty list. */
export function rangeInOrder(input: { from?: string | undefined; to?: string | undefined }): boolean {
  return input.from === undefined || input.to === undefined || input.from <= input.to;
}
const rangeError = { message: LIST_RANGE_REVERSED, path: ['to'] };

export const bookingExportInput = bookingFilterFields.refine(rangeInOrder, rangeError);

export const bookingListInput = listInputBase.extend(bookingFilterFields.shape).refine(rangeInOrder, rangeError);

/** Bookings chosen one by one: at most a page of them. */
export const BULK_MAX_CHOSEN = 100;
/** Bookings matching a filter that one bulk change may touch. */
export const BULK_MAX_MATCHING = 1000;
export const BULK_CHOOSE_MESSAGE = keyed('api.bookings.chooseOrFilter', 'Choose the bookings, or a filter they match.');

/**
 * A status for several bookings: the ones chosen (`ids`) or every one a filter matches (`filter`,
 * the list's filters). Each is changed as one change would be, so capacity rules, messages and the
 * audit row hold for each.
 */
export const setBookingStatusManyInput = z
  .object({
    ids: z
      .array(idInput)
      .min(1, CHOOSE_ONE)
      .max(BULK_MAX_CHOSEN, keyed('api.bookings.chooseAtMost', `Choose at most ${BULK_MAX_CHOSEN} bookings at a time.`, { max: BULK_MAX_CHOSEN }))
      .optional(),
    filter: bookingFilterFields.refine(rangeInOrder, rangeError).optional(),
    status,
  })
  .refine((input) => (input.ids === undefined) !== (input.filter === undefined), { message: BULK_CHOOSE_MESSAGE, path: ['ids'] });

const MANAGE_LINK_INVALID = keyed('message.manageLinkInvalid', 'This booking link is not valid.');

/** The token from /booking/manage/{token}; any malformed one reads as an invalid link. */
export const manageBookingInput = z.object({
  token: z.string({ error: MANAGE_LINK_INVALID }).trim().min(1, MANAGE_LINK_INVALID).max(200, MANAGE_LINK_INVALID),
});

/** What a delete dialog is about: exactly one of a booking, time slot, session or event. */
export const affectedParticipantsInput = z
  .object({
    bookingId: idInput.optional(),
    timeSlotId: idInput.optional(),
    sessionId: idInput.optional(),
    eventId: idInput.optional(),
  })
  .refine((value) => Object.values(value).filter((id) => id !== undefined).length === 1, {
    message: keyed('api.bookings.affectedOne', 'Give exactly one of bookingId, timeSlotId, sessionId or eventId'),
    path: ['bookingId'],
  });

/** A booking as the API answers it: what the REST face documents (server/http/rest-api.route.ts). */
export const bookingOutput = z.object({
  id: z.string(),
  timeSlotId: z.string(),
  eventId: z.string(),
  sessionId: z.string(),
  bookingDate: z.string(),
  participantName: z.string(),
  participantEmail: z.string(),
  participantPhone: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  /** A waitlisted booking offered a freed seat holds it until then; null: no open offer. */
  offerExpiresAt: z.string().nullable(),
  /** A paid seat: 'awaiting' until the money arrives; null for a free booking. */
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  paymentMethod: z.string().nullable(),
  /** The reference the bank transfer must carry (an RF creditor reference). */
  paymentReference: z.string().nullable(),
  /** An awaiting booking holds its seat until then. */
  paymentDueAt: z.string().nullable(),
  /** What was charged, frozen at booking time, in minor units (net + tax = gross). */
  chargeNetMinor: z.number().int().nullable(),
  chargeTaxMinor: z.number().int().nullable(),
  chargeGrossMinor: z.number().int().nullable(),
  chargeCurrency: z.string().nullable(),
  chargeTaxRateBasisPoints: z.number().int().nullable(),
  billingCompany: z.string().nullable(),
  billingAddress: z.string().nullable(),
  billingCountry: z.string().nullable(),
  billingVatNumber: z.string().nullable(),
  /** The voucher a paid booking used, its code and what it took off (minor units). */
  voucherId: z.string().nullable(),
  voucherCode: z.string().nullable(),
  chargeDiscountMinor: z.number().int().nullable(),
  /** The partner site whose booking widget it was made in (https://partner.example); null: made here. */
  partner: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A booking of the staff list: with its attendance and the titles and times of its slot. */
export const bookingListItemOutput = bookingOutput.extend({
  attendance: z.enum(['attended', 'no-show']).nullable(),
  eventTitle: z.string(),
  sessionTitle: z.string(),
  slotStartTime: z.string(),
  slotEndTime: z.string(),
});

export const bookingStatsOutput = z.object({
  total: z.number().int(),
  ...(Object.fromEntries(BOOKING_VIEW_STATUSES.map((name) => [name, z.number().int()])) as Record<BookingViewStatus, z.ZodNumber>),
});
