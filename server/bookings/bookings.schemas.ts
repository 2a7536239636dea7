import { z } from 'zod';
import { BOOKING_STATUSES } from '@db/schema';
import { visitInput } from '@server/analytics/analytics.schemas';
import { answersInput } from '@server/registration-questions/registration-questions.schemas';
import { idInput, LIMITS, listInputBase, optionalLine, requiredEmail, requiredLine, STATUS_REQUIRED, timestamp } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';

export { BOOKING_STATUSES };

/** The staff's word for each status: back-office lists, filters and the CSV export say these. */
export const BOOKING_STATUS_LABELS = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
} as const satisfies Record<(typeof BOOKING_STATUSES)[number], string>;

const participant = {
  participantName: requiredLine(keyed('message.participantNameRequired', 'Participant name is required'), LIMITS.name),
  participantEmail: requiredEmail(),
  participantPhone: optionalLine(LIMITS.phone),
};

const TIME_SLOT_REQUIRED = keyed('message.timeSlotRequired', 'Time slot is required');
const timeSlotId = z.string({ error: TIME_SLOT_REQUIRED }).trim().min(1, TIME_SLOT_REQUIRED).max(64);
const status = z.enum(BOOKING_STATUSES, { error: STATUS_REQUIRED });

/**
 * The public form sends the slot, the participant and the answers to the event's registration
 * questions (by question id); the server derives event and session.
 */
export const createBookingInput = z.object({ timeSlotId, ...participant, answers: answersInput, visit: visitInput });
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
  status: z.enum(['all', ...BOOKING_STATUSES]).default('all'),
  eventId: idInput.optional(),
  sessionId: idInput.optional(),
  timeSlotId: idInput.optional(),
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
  ...Object.fromEntries(BOOKING_STATUSES.map((name) => [name, z.number().int()])) as Record<(typeof BOOKING_STATUSES)[number], z.ZodNumber>,
});
