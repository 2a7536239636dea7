// The back-office calendar: the range names days in the site's timezone, which become UTC instants
// here (stored slot times are UTC), so a slot lands on the day the site's staff see on their clock.
import type { z } from 'zod';
import type { ServiceContext } from '@server/core/service-context';
import { type CalendarSlot, firstSlotStartFrom, listCalendarSlots } from './slot-calendar.repository';
import { getSystemSettings } from '@server/settings/settings.repository';
import type { calendarInput } from './slot-calendar.schemas';
import { zonedDateTimeToUtc } from '@server/shared/time';
import { nextDay } from '@server/bookings/booking-list.service';

/** Six weeks of a busy site stay well under this; past it the screen says the view is cut short. */
export const CALENDAR_MAX_SLOTS = 2000;

export interface SlotCalendar {
  /** The site's timezone the days were read in. */
  timezone: string;
  slots: CalendarSlot[];
  /** More slots start in the range than were returned. */
  truncated: boolean;
  /** When the range has no slot: the start of the first slot after it (null: none, or the range has slots). */
  nextStart: string | null;
}

export async function slotCalendar({ db }: Pick<ServiceContext, 'db'>, range: z.output<typeof calendarInput>): Promise<SlotCalendar> {
  const { timezone } = await getSystemSettings(db);
  const startFrom = zonedDateTimeToUtc(range.from, '00:00', timezone);
  const startBefore = zonedDateTimeToUtc(nextDay(range.to), '00:00', timezone);
  const slots = await listCalendarSlots(db, startFrom, startBefore, CALENDAR_MAX_SLOTS + 1);
  // An empty week points to the next one with a session, so the screen is not a dead end.
  const nextStart = slots.length === 0 ? await firstSlotStartFrom(db, startBefore) : null;
  return { timezone, slots: slots.slice(0, CALENDAR_MAX_SLOTS), truncated: slots.length > CALENDAR_MAX_SLOTS, nextStart };
}
