// The back-office calendar's range: site-zone days, both included, a month grid at most.
import { z } from 'zod';
import { INVALID_LIST_DATE, isCalendarDate, LIST_RANGE_REVERSED } from '@server/bookings/bookings.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';

/** Six weeks: the most a month grid spans (Monday before the 1st to Sunday after the last day). */
export const CALENDAR_MAX_DAYS = 42;
export const CALENDAR_RANGE_TOO_LONG = keyed('api.calendar.tooLong', `The calendar shows at most ${CALENDAR_MAX_DAYS} days at a time`, { max: CALENDAR_MAX_DAYS });

const DAY_MS = 86_400_000;

const calendarDay = z.string({ error: INVALID_LIST_DATE }).trim().refine(isCalendarDate, INVALID_LIST_DATE);

/** Days between two YYYY-MM-DD dates, both included (calendar arithmetic, no timezone involved). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export const calendarInput = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((range) => range.from <= range.to, { message: LIST_RANGE_REVERSED, path: ['to'] })
  .refine((range) => range.from > range.to || daysInRange(range.from, range.to) <= CALENDAR_MAX_DAYS, {
    message: CALENDAR_RANGE_TOO_LONG,
    path: ['to'],
  });
