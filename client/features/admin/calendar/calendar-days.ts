// Calendar arithmetic on YYYY-MM-DD days (weeks start on Monday), the range headings, and which
// site-zone day a slot falls on. Days are plain dates: only "today" and slot times involve a zone.
import type { DateFormatter } from '@server/shared/format-date';
import { utcToZonedParts } from '@server/shared/time';
import type { CalendarView } from './calendar-search';

const DAY_MS = 86_400_000;

function toDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, count: number): string {
  return toDay(new Date(toDate(day).getTime() + count * DAY_MS));
}

/** The Monday on or before `day`. */
export function weekStart(day: string): string {
  const weekday = (toDate(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

function monthEnd(day: string): string {
  const first = toDate(monthStart(day));
  return toDay(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)));
}

/** `count` days from `from`, in order. */
export function daysFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(from, index));
}

export interface CalendarRange {
  /** First and last day asked of the server, both included. */
  from: string;
  to: string;
  /** The days on screen: 7 for a week; whole weeks around the month for a month (28 to 42). */
  days: string[];
}

export function calendarRange(view: CalendarView, day: string): CalendarRange {
  if (view === 'week') {
    const from = weekStart(day);
    return { from, to: addDays(from, 6), days: daysFrom(from, 7) };
  }
  const from = weekStart(monthStart(day));
  const to = addDays(weekStart(monthEnd(day)), 6);
  const count = Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS) + 1;
  return { from, to, days: daysFrom(from, count) };
}

/** The day one week or one month before (-1) or after (+1); a month move lands on the 1st. */
export function moveDay(view: CalendarView, day: string, step: -1 | 1): string {
  if (view === 'week') return addDays(day, 7 * step);
  const date = toDate(monthStart(day));
  return toDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + step, 1)));
}

export function isSameMonth(day: string, other: string): boolean {
  return day.slice(0, 7) === other.slice(0, 7);
}

// The headings and day names are the page's date formatter's (server/shared/format-date.ts), in
// the page's language: a YYYY-MM-DD day is that date at UTC midnight, whatever the zone.

/** 'November 23 – 29, 2026', 'November 30 – December 6, 2026' ('23–29 novembre 2026'). */
export function weekHeading(dates: DateFormatter, from: string, to: string): string {
  return dates.dateSpan(`${from}T00:00:00.000Z`, `${to}T00:00:00.000Z`, 'UTC');
}

/** 'November 2026' ('novembre 2026'). */
export function monthHeading(dates: DateFormatter, day: string): string {
  return dates.monthTitle(day.slice(0, 7));
}

/** 'Mon' ('lun.'). */
export function weekdayShort(dates: DateFormatter, day: string): string {
  const weekday = (toDate(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return dates.weekdays()[weekday]?.[0] ?? '';
}

export function dayOfMonth(day: string): number {
  return toDate(day).getUTCDate();
}

/** The site-zone day an instant falls on. */
export function zonedDay(iso: string, timeZone: string): string {
  return utcToZonedParts(iso, timeZone).date;
}

/** Today in the site's zone. */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  return zonedDay(new Date(now).toISOString(), timeZone);
}
