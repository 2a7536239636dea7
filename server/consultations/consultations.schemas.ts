// Inputs of the consultation procedures: types, availability, free times, booking, the manage link
// and the staff list. Zod only: the client's forms validate with the same schemas.
import { z } from 'zod';
import { isTimeZone } from '@server/shared/time';
import { CONSULTATION_LOCATION_KINDS, CONSULTATION_STATUSES } from '@db/schema';
import { idInput, LIMITS, listInputBase, optionalLine, optionalText, requiredEmail, requiredLine, timestamp } from '@server/shared/common.schemas';
import { isCalendarDate } from '@server/bookings/bookings.schemas';
import { translationsInput } from '@server/shared/i18n/translations.schemas';

export { CONSULTATION_LOCATION_KINDS, CONSULTATION_STATUSES };

export const DURATION_MESSAGE = 'Duration must be between 15 and 240 minutes';
export const TIME_ZONE_MESSAGE = 'Please choose a valid time zone';
export const RANGE_TOO_LONG = 'Please ask for at most 31 days';
export const DATE_MESSAGE = 'Please enter a date as YYYY-MM-DD';
export const RANGE_ORDER_MESSAGE = 'The start of a range must be before its end';
export const MAX_FREE_TIME_DAYS = 31;

export const timeZoneInput = z.string({ error: TIME_ZONE_MESSAGE }).trim().refine(isTimeZone, TIME_ZONE_MESSAGE);

const calendarDate = z.string({ error: DATE_MESSAGE }).trim().refine(isCalendarDate, DATE_MESSAGE);

function wholeMinutes(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

const typeFields = z.object({
  title: requiredLine('Title is required', LIMITS.title),
  description: optionalText(LIMITS.longText),
  /** The title and description in the other languages (French), each optional. */
  translations: translationsInput({ title: optionalLine(LIMITS.title), description: optionalText(LIMITS.longText) }),
  durationMinutes: z.number({ error: DURATION_MESSAGE }).int(DURATION_MESSAGE).min(15, DURATION_MESSAGE).max(240, DURATION_MESSAGE),
  locationKind: z.enum(CONSULTATION_LOCATION_KINDS, { error: 'Please choose a location' }),
  locationDetail: optionalLine(LIMITS.url),
  bufferBeforeMinutes: wholeMinutes('Buffer before', 0, 240).default(0),
  bufferAfterMinutes: wholeMinutes('Buffer after', 0, 240).default(0),
  minNoticeHours: wholeMinutes('Minimum notice', 0, 720).default(0),
  horizonDays: wholeMinutes('Booking horizon', 1, 365).default(60),
  maxPerDay: wholeMinutes('Daily maximum', 1, 48).nullable().default(null),
  isActive: z.boolean().default(true),
  allowPickConsultant: z.boolean().default(false),
  staffIds: z.array(idInput).max(100).default([]),
});

const VIDEO_LINK_MESSAGE = 'Please enter the video-call link (https://...)';
const ADDRESS_MESSAGE = 'Please enter the address';

/** A video call needs its link; an in-person one its address. */
function withLocationRule<T extends z.ZodType<{ locationKind: string; locationDetail: string | null }>>(schema: T) {
  return schema.superRefine((value, context) => {
    if (value.locationKind === 'video' && (value.locationDetail === null || !/^https?:\/\/\S+$/.test(value.locationDetail))) {
      context.addIssue({ code: 'custom', path: ['locationDetail'], message: VIDEO_LINK_MESSAGE });
    }
    if (value.locationKind === 'address' && value.locationDetail === null) {
      context.addIssue({ code: 'custom', path: ['locationDetail'], message: ADDRESS_MESSAGE });
    }
  });
}

export const consultationTypeInput = withLocationRule(typeFields);
export type ConsultationTypeInput = z.input<typeof consultationTypeInput>;
export const updateConsultationTypeInput = withLocationRule(typeFields.extend({ id: idInput }));

const minuteOfDay = (label: string) => wholeMinutes(label, 0, 1440);
const minuteRange = z
  .object({ startMinute: minuteOfDay('Start'), endMinute: minuteOfDay('End') })
  .refine((range) => range.startMinute < range.endMinute, { message: 'A range must end after it starts', path: ['endMinute'] });

export const availabilityInput = z.object({
  /** Whose hours; absent: the caller's own. */
  userId: idInput.optional(),
  timeZone: timeZoneInput,
  weekly: z
    .array(minuteRange.extend({ weekday: wholeMinutes('Weekday', 0, 6) }))
    .max(100, 'At most 100 ranges'),
  overrides: z
    .array(
      z.object({
        date: calendarDate,
        /** Empty: a day off. */
        ranges: z.array(minuteRange).max(10, 'At most 10 ranges a date'),
      }),
    )
    .max(400, 'At most 400 dates'),
});

export const availabilityOfInput = z.object({ userId: idInput.optional() });

function daySpan(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const freeTimesInput = z
  .object({
    typeId: idInput,
    /** First and last date (both included) in `timeZone`. */
    from: calendarDate,
    to: calendarDate,
    timeZone: timeZoneInput,
    /** A consultation being moved: its own time counts as free. Only with its manage token. */
    manageToken: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((value, context) => {
    if (!isCalendarDate(value.from) || !isCalendarDate(value.to)) return;
    const days = daySpan(value.from, value.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: RANGE_ORDER_MESSAGE });
    else if (days > MAX_FREE_TIME_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: RANGE_TOO_LONG });
  });

export const bookConsultationInput = z.object({
  typeId: idInput,
  startsAt: timestamp('Please choose a time'),
  timeZone: timeZoneInput,
  consultantId: idInput.optional(),
  visitorName: requiredLine('Name is required', LIMITS.name),
  visitorEmail: requiredEmail('Email is required', 'Please enter a valid email address'),
  visitorPhone: optionalLine(LIMITS.phone),
  visitorCompany: optionalLine(LIMITS.name),
  message: optionalText(LIMITS.longText),
});

export const manageConsultationInput = z.object({ token: z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200) });
export const rescheduleByTokenInput = manageConsultationInput.extend({ startsAt: timestamp('Please choose a time') });

export const staffMoveInput = z.object({ id: idInput, startsAt: timestamp('Please choose a time') });

export const consultationListInput = listInputBase.extend({
  /** upcoming: not yet ended, soonest first; past: ended, latest first. */
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  /** A consultant's id; absent for a user: their own; 'all' (admins and staff alike) for everyone. */
  consultantId: z.union([idInput, z.literal('all')]).optional(),
  typeId: idInput.optional(),
  status: z.enum(CONSULTATION_STATUSES).optional(),
});
