// The free start times of a consultation type: a pure function of the consultants' hours, their
// overrides, the consultations they already have, the clock and the type's rules, so it is tested
// and measured without a database. Hours are wall-clock minutes in each consultant's own zone and
// are turned into instants per date, so a daylight-saving change keeps local hours (09:00 in New
// York is 09:00 before and after it).
import type { MinuteRange } from './consultations.repository';
import { utcToZonedParts, zonedDateTimeToUtc } from '@server/shared/time';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;


export interface ConsultantHours {
  id: string;
  timeZone: string;
  /** Ranges by weekday (0 Sunday ... 6 Saturday). */
  weekly: ReadonlyMap<number, readonly MinuteRange[]>;
  /** A date's own ranges (YYYY-MM-DD in the consultant's zone); an empty list is a day off. */
  overrides: ReadonlyMap<string, readonly MinuteRange[]>;
}

/** A consultation a consultant already has: the span it blocks and when it starts. */
export interface BusySpan {
  consultantId: string;
  startsAt: number;
  blockedFrom: number;
  blockedUntil: number;
}

/** A time the consultant's own calendar is busy (server/calendars/): blocks, never counts toward the daily maximum. */
export interface CalendarBusySpan {
  consultantId: string;
  from: number;
  until: number;
}

export interface TypeRules {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeHours: number;
  horizonDays: number;
  maxPerDay: number | null;
}

export interface FreeTimesQuery {
  rules: TypeRules;
  consultants: readonly ConsultantHours[];
  busy: readonly BusySpan[];
  /** Busy times from the consultants' calendars; absent: none. */
  calendarBusy?: readonly CalendarBusySpan[];
  now: number;
  /** The instants asked about: starts at or after `from` and before `to`. */
  from: number;
  to: number;
}

export interface FreeTime {
  startsAt: number;
  /** The consultants free at that time, in the order they were given. */
  consultantIds: string[];
}

/** Start times are offered every this many minutes from the start of a range (at most 30). */
export function stepMinutes(durationMinutes: number): number {
  return Math.min(durationMinutes, 30);
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

function minuteToUtc(date: string, minute: number, timeZone: string): number {
  // 24:00 is the next date's midnight (a range that runs to the end of the day).
  if (minute >= 1440) return minuteToUtc(nextDate(date), minute - 1440, timeZone);
  const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return Date.parse(zonedDateTimeToUtc(date, time, timeZone));
}

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The consultant's ranges on one local date: the override's, else the weekday's. */
export function rangesOn(consultant: ConsultantHours, date: string): readonly MinuteRange[] {
  return consultant.overrides.get(date) ?? consultant.weekly.get(weekdayOf(date)) ?? [];
}

/** The consultant's own free starts within the query, ascending. */
export function consultantFreeStarts(query: FreeTimesQuery, consultant: ConsultantHours): number[] {
  const { rules, now } = query;
  const durationMs = rules.durationMinutes * MINUTE_MS;
  const stepMs = stepMinutes(rules.durationMinutes) * MINUTE_MS;
  const earliest = Math.max(query.from, now + rules.minNoticeHours * HOUR_MS);
  const latest = Math.min(query.to, now + rules.horizonDays * DAY_MS);
  if (earliest >= latest) return [];

  const busy = query.busy.filter((span) => span.consultantId === consultant.id);
  const perDay = new Map<string, number>();
  if (rules.maxPerDay !== null) {
    for (const span of busy) {
      const day = utcToZonedParts(new Date(span.startsAt).toISOString(), consultant.timeZone).date;
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
  }
  const before = rules.bufferBeforeMinutes * MINUTE_MS;
  const after = rules.bufferAfterMinutes * MINUTE_MS;
  const blocked = new BlockedTimes([
    ...busy.map((span) => ({ from: span.blockedFrom, until: span.blockedUntil })),
    ...(query.calendarBusy ?? []).filter((span) => span.consultantId === consultant.id),
  ]);
  // The consultation with its buffers must stay clear of every busy span.
  const overlapsBusy = (start: number): boolean => blocked.meets(start - before, start + durationMs + after);

  const starts: number[] = [];
  // Local dates a day either side of the window cover every zone's offset.
  const lastDate = utcToZonedParts(new Date(latest + DAY_MS).toISOString(), consultant.timeZone).date;
  for (let date = utcToZonedParts(new Date(earliest - DAY_MS).toISOString(), consultant.timeZone).date; date <= lastDate; date = nextDate(date)) {
    const ranges = rangesOn(consultant, date);
    if (ranges.length === 0) continue;
    if (rules.maxPerDay !== null && (perDay.get(date) ?? 0) >= rules.maxPerDay) continue;
    for (const range of ranges) {
      const rangeStart = minuteToUtc(date, range.startMinute, consultant.timeZone);
      const rangeEnd = minuteToUtc(date, range.endMinute, consultant.timeZone);
      for (let start = rangeStart; start + durationMs <= rangeEnd; start += stepMs) {
        if (start < earliest) continue;
        if (start >= latest) break;
        if (!overlapsBusy(start)) starts.push(start);
      }
    }
  }
  return starts.sort((a, b) => a - b);
}

/**
 * Spans sorted by start with the running maximum of their ends: whether any meets [from, until) is
 * two binary-search steps, so a consultant with a calendar of hundreds of events costs little more
 * than one without.
 */
class BlockedTimes {
  private readonly starts: number[];
  private readonly maxEnds: number[];

  constructor(spans: readonly { from: number; until: number }[]) {
    const sorted = [...spans].sort((a, b) => a.from - b.from);
    this.starts = sorted.map((span) => span.from);
    let max = Number.NEGATIVE_INFINITY;
    this.maxEnds = sorted.map((span) => (max = Math.max(max, span.until)));
  }

  meets(from: number, until: number): boolean {
    // Spans starting before `until`: the first `count` of them; one of those meets when its end passes `from`.
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.starts[middle] ?? 0) < until) low = middle + 1;
      else high = middle;
    }
    return low > 0 && (this.maxEnds[low - 1] ?? Number.NEGATIVE_INFINITY) > from;
  }
}

/** Every start time at which at least one consultant is free, ascending, with who is free then. */
export function freeTimes(query: FreeTimesQuery): FreeTime[] {
  const byStart = new Map<number, string[]>();
  for (const consultant of query.consultants) {
    for (const start of consultantFreeStarts(query, consultant)) {
      const ids = byStart.get(start);
      if (ids === undefined) byStart.set(start, [consultant.id]);
      else if (!ids.includes(consultant.id)) ids.push(consultant.id);
    }
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([startsAt, consultantIds]) => ({ startsAt, consultantIds }));
}
