// Inputs of the consultation procedures: types, availability, free times, booking, the manage link
// and the staff list. Zod only: the client's forms validate with the same schemas.
import { z } from 'zod';
import { visitInput } from '@server/analytics/analytics.schemas';
import { partnerFilterInput, partnerInput } from '@server/embed/embed.schemas';
import { CONSULTATION_LOCATION_KINDS, CONSULTATION_STATUSES, MEETING_LINK_KINDS } from '@db/schema';
import { idInput, LIMITS, listInputBase, NAME_REQUIRED, optionalLine, optionalText, requiredEmail, requiredLine, timestamp, TITLE_REQUIRED } from '@server/shared/common.schemas';
import { isCalendarDate } from '@server/bookings/bookings.schemas';
import { translationsInput } from '@server/shared/i18n/translations.schemas';
import { keyed, type KeyedText } from '@server/shared/i18n/schema-messages';
import type { KeyTaking } from '@server/shared/i18n/message';

export { CONSULTATION_LOCATION_KINDS, CONSULTATION_STATUSES, MEETING_LINK_KINDS };

export const MAX_FREE_TIME_DAYS = 31;
const DURATION = { min: 15, max: 240 } as const;
const DURATION_MESSAGE = keyed('api.consultations.duration', `Duration must be between ${DURATION.min} and ${DURATION.max} minutes`, DURATION);
const TIME_ZONE_MESSAGE = keyed('message.timeZoneInvalid', 'Please choose a valid time zone');
const RANGE_TOO_LONG = keyed('message.rangeTooLong', `Please ask for at most ${MAX_FREE_TIME_DAYS} days`, { days: MAX_FREE_TIME_DAYS });
const DATE_MESSAGE = keyed('message.dateInvalid', 'Please enter a date as YYYY-MM-DD');
const RANGE_ORDER_MESSAGE = keyed('message.rangeOrder', 'The start of a range must be before its end');
const CHOOSE_TIME = keyed('message.chooseTime', 'Please choose a time');
const FREE_TIMES_REACH_MESSAGE = keyed('message.freeTimesReach', 'Please ask for dates from a year ago to two years ahead');

/** The zone's own name as Intl spells it ('europe/LONDON' is 'Europe/London'), or null when Intl knows no such zone ('Mars/Olympus'). */
export function canonicalTimeZone(value: string): string | null {
  if (value.length === 0 || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * A time zone, turned into its canonical name: the code after the schema sees one spelling per
 * zone, so what it keeps per zone (formatters) cannot grow with the spellings a caller invents.
 */
export const timeZoneInput = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .transform((value, context) => {
    const zone = canonicalTimeZone(value);
    if (zone === null) {
      context.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
      return z.NEVER;
    }
    return zone;
  });

const calendarDate = z.string({ error: DATE_MESSAGE }).trim().refine(isCalendarDate, DATE_MESSAGE);

/** A whole number from `min` to `max`, whose every failure says '<label> must be a whole number from <min> to <max>'. */
function wholeMinutes(key: KeyTaking<'min' | 'max'>, label: string, min: number, max: number) {
  const message: KeyedText = keyed(key, `${label} must be a whole number from ${min} to ${max}`, { min, max });
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

const typeFields = z.object({
  title: requiredLine(TITLE_REQUIRED, LIMITS.title),
  description: optionalText(LIMITS.longText),
  /** The title and description in the other languages (French), each optional. */
  translations: translationsInput({ title: optionalLine(LIMITS.title), description: optionalText(LIMITS.longText) }),
  durationMinutes: z.number({ error: DURATION_MESSAGE }).int(DURATION_MESSAGE).min(DURATION.min, DURATION_MESSAGE).max(DURATION.max, DURATION_MESSAGE),
  locationKind: z.enum(CONSULTATION_LOCATION_KINDS, { error: keyed('api.consultations.locationRequired', 'Please choose a location') }),
  locationDetail: optionalLine(LIMITS.url),
  /** A video call: one fixed link (locationDetail) for everyone, or a room per consultation from the settings' meeting base URL. */
  meetingLinks: z.enum(MEETING_LINK_KINDS, { error: keyed('api.consultations.meetingLinks', 'Please choose how meeting links are made') }).default('fixed'),
  bufferBeforeMinutes: wholeMinutes('api.consultations.bufferBefore', 'Buffer before', 0, 240).default(0),
  bufferAfterMinutes: wholeMinutes('api.consultations.bufferAfter', 'Buffer after', 0, 240).default(0),
  minNoticeHours: wholeMinutes('api.consultations.minNotice', 'Minimum notice', 0, 720).default(0),
  horizonDays: wholeMinutes('api.consultations.horizon', 'Booking horizon', 1, 365).default(60),
  maxPerDay: wholeMinutes('api.consultations.maxPerDay', 'Daily maximum', 1, 48).nullable().default(null),
  isActive: z.boolean().default(true),
  allowPickConsultant: z.boolean().default(false),
  staffIds: z.array(idInput).max(100).default([]),
});

const VIDEO_LINK_MESSAGE = keyed('api.consultations.videoLink', 'Please enter the video-call link (https://...)');
const ADDRESS_MESSAGE = keyed('api.consultations.address', 'Please enter the address');

/** A video call needs its link; an in-person one its address. */
function withLocationRule<T extends z.ZodType<{ locationKind: string; locationDetail: string | null; meetingLinks: string }>>(schema: T) {
  return schema.superRefine((value, context) => {
    const fixedLink = value.meetingLinks === 'fixed';
    if (value.locationKind === 'video' && fixedLink && (value.locationDetail === null || !/^https?:\/\/\S+$/.test(value.locationDetail))) {
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

const minuteRange = z
  .object({ startMinute: wholeMinutes('api.consultations.rangeStart', 'Start', 0, 1440), endMinute: wholeMinutes('api.consultations.rangeEnd', 'End', 0, 1440) })
  .refine((range) => range.startMinute < range.endMinute, {
    message: keyed('api.consultations.rangeEndsAfterStart', 'A range must end after it starts'),
    path: ['endMinute'],
  });

export const availabilityInput = z.object({
  /** Whose hours; absent: the caller's own. */
  userId: idInput.optional(),
  timeZone: timeZoneInput,
  weekly: z
    .array(minuteRange.extend({ weekday: wholeMinutes('api.consultations.weekday', 'Weekday', 0, 6) }))
    .max(100, keyed('api.consultations.mostRanges', 'At most 100 ranges', { max: 100 })),
  overrides: z
    .array(
      z.object({
        date: calendarDate,
        /** Empty: a day off. */
        ranges: z.array(minuteRange).max(10, keyed('api.consultations.mostRangesADate', 'At most 10 ranges a date', { max: 10 })),
      }),
    )
    .max(400, keyed('api.consultations.mostDates', 'At most 400 dates', { max: 400 })),
});

export const availabilityOfInput = z.object({ userId: idInput.optional() });

const DAY_MS = 86_400_000;

function daySpan(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * Whether a date is one free times could be asked for: none exist before today or past the longest
 * booking horizon (365 days), and a calendar shows a month either side. Anything further is refused.
 */
function withinFreeTimesReach(date: string): boolean {
  const day = Date.parse(`${date}T00:00:00Z`);
  const now = Date.now();
  return day >= now - 366 * DAY_MS && day <= now + 2 * 366 * DAY_MS;
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
    if (!withinFreeTimesReach(value.from)) context.addIssue({ code: 'custom', path: ['from'], message: FREE_TIMES_REACH_MESSAGE });
    if (!withinFreeTimesReach(value.to)) {
      context.addIssue({ code: 'custom', path: ['to'], message: FREE_TIMES_REACH_MESSAGE });
      return;
    }
    const days = daySpan(value.from, value.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: RANGE_ORDER_MESSAGE });
    else if (days > MAX_FREE_TIME_DAYS) context.addIssue({ code: 'custom', path: ['to'], message: RANGE_TOO_LONG });
  });

export const bookConsultationInput = z.object({
  typeId: idInput,
  startsAt: timestamp(CHOOSE_TIME),
  timeZone: timeZoneInput,
  consultantId: idInput.optional(),
  visitorName: requiredLine(NAME_REQUIRED, LIMITS.name),
  visitorEmail: requiredEmail(),
  visitorPhone: optionalLine(LIMITS.phone),
  visitorCompany: optionalLine(LIMITS.name),
  message: optionalText(LIMITS.longText),
  visit: visitInput,
  partner: partnerInput,
});

const TOKEN_REQUIRED = keyed('message.tokenRequired', 'Token is required');
export const manageConsultationInput = z.object({ token: z.string({ error: TOKEN_REQUIRED }).trim().min(1, TOKEN_REQUIRED).max(200) });
export const rescheduleByTokenInput = manageConsultationInput.extend({ startsAt: timestamp(CHOOSE_TIME) });

export const staffMoveInput = z.object({ id: idInput, startsAt: timestamp(CHOOSE_TIME) });

export const consultationListInput = listInputBase.extend({
  /** upcoming: not yet ended, soonest first; past: ended, latest first. */
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  /** A consultant's id; absent for a user: their own; 'all' (admins and staff alike) for everyone. */
  consultantId: z.union([idInput, z.literal('all')]).optional(),
  typeId: idInput.optional(),
  status: z.enum(CONSULTATION_STATUSES).optional(),
  /** Only the consultations booked in this partner site's widget (its origin, https://partner.example). */
  partner: partnerFilterInput,
});

/** A consultation of the staff list as the API answers it (server/http/rest-api.route.ts documents it). */
export const staffConsultationOutput = z.object({
  id: z.string(),
  typeId: z.string(),
  typeTitle: z.string(),
  consultantId: z.string(),
  consultantName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  visitorName: z.string(),
  visitorEmail: z.string(),
  visitorPhone: z.string().nullable(),
  visitorCompany: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(CONSULTATION_STATUSES),
  createdAt: z.string(),
  /** The partner site whose booking widget it was booked in (https://partner.example); null: booked here. */
  partner: z.string().nullable(),
  /** How its write to the consultant's own calendar went; null: none was asked. */
  calendarWrite: z
    .object({ state: z.enum(['pending', 'written', 'removed', 'failed']), attempts: z.number().int(), error: z.string().nullable() })
    .nullable(),
});

/** The back-office calendar's consultations in a range (at most its cap; truncated when more). */
export const consultationCalendarOutput = z.object({
  consultations: z.array(
    z.object({
      id: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      typeTitle: z.string(),
      consultantName: z.string(),
      consultantId: z.string(),
      visitorName: z.string(),
    }),
  ),
  truncated: z.boolean(),
});
