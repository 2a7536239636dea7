// A day's time ranges as a form holds them ('HH:mm' from a time picker) and as the API stores them
// (minutes from midnight), and what is wrong with one range of a day: blank, ending before it starts,
// or overlapping another; and a date with other hours listed twice. Pure and shared: the hours editor
// says these under the range or date at fault.
import { keyed, type KeyedText } from './i18n/schema-messages';

export interface ClockRange {
  start: string;
  end: string;
}

export interface MinuteRange {
  startMinute: number;
  endMinute: number;
}

const MINUTES_A_DAY = 24 * 60;

const BLANK = keyed('validation.timeRange.required', 'Enter a start and an end time');
const END_BEFORE_START = keyed('validation.timeRange.endBeforeStart', 'The end must be after the start');
const OVERLAP = keyed('validation.timeRange.overlap', 'This range overlaps another one of the same day');
const DATE_TWICE = keyed('validation.timeRange.dateTwice', 'This date is already in the list');

/** 'HH:mm' for a minute of the day; the day's end (1440) reads 00:00, as a time picker writes it. */
export function clockOf(minute: number): string {
  const within = minute % MINUTES_A_DAY;
  return `${String(Math.floor(within / 60)).padStart(2, '0')}:${String(within % 60).padStart(2, '0')}`;
}

/** The minute of 'HH:mm', or null when it does not read as a time of day. */
function minuteOf(clock: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(clock.trim());
  if (match === null) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

export function clockRangeOf(range: MinuteRange): ClockRange {
  return { start: clockOf(range.startMinute), end: clockOf(range.endMinute) };
}

/** A range in minutes; an end at 00:00 is the day's end (a range runs to midnight). Null when unreadable. */
export function minuteRangeOf(range: ClockRange): MinuteRange | null {
  const start = minuteOf(range.start);
  const end = minuteOf(range.end);
  if (start === null || end === null) return null;
  return { startMinute: start, endMinute: end === 0 ? MINUTES_A_DAY : end };
}

/** For each range of one day, what is wrong with it, or null: the first of two that overlap is kept. */
export function timeRangeProblems(ranges: readonly ClockRange[]): (KeyedText | null)[] {
  const read = ranges.map(minuteRangeOf);
  return read.map((range, index) => {
    if (range === null) return BLANK;
    if (range.endMinute <= range.startMinute) return END_BEFORE_START;
    const overlaps = read.slice(0, index).some((other) => other !== null && other.endMinute > other.startMinute && other.startMinute < range.endMinute && range.startMinute < other.endMinute);
    return overlaps ? OVERLAP : null;
  });
}

/** For each date of a list of dates with other hours ('yyyy-mm-dd'), a message when an earlier one is the same date. */
export function repeatedDateProblems(dates: readonly string[]): (KeyedText | null)[] {
  return dates.map((date, index) => (dates.indexOf(date) < index ? DATE_TWICE : null));
}
