// The free-time rules as a pure function: hours in each consultant's zone across daylight-saving
// changes, buffers, notice, horizon, the daily maximum and date overrides. No database.
import { describe, expect, it } from 'vitest';
import { type ConsultantHours, type FreeTimesQuery, freeTimes, type TypeRules } from './free-times.service';
import { futureYear, isoDay } from '@tests/dates';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const RULES: TypeRules = { durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeHours: 0, horizonDays: 3650, maxPerDay: null };
const EVERY_DAY = (ranges: { startMinute: number; endMinute: number }[]) => new Map([0, 1, 2, 3, 4, 5, 6].map((day) => [day, ranges]));
const NINE_TO_TEN = [{ startMinute: 540, endMinute: 600 }];

function consultant(id: string, timeZone: string, weekly = EVERY_DAY(NINE_TO_TEN), overrides = new Map()): ConsultantHours {
  return { id, timeZone, weekly, overrides };
}

/** The n-th Sunday (1-based; -1 the last) of a month, as a date of `year`. */
function sunday(year: number, month: number, nth: number): number {
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return 1 + ((7 - first) % 7) + (nth - 1) * 7;
  }
  const last = new Date(Date.UTC(year, month, 0));
  return last.getUTCDate() - last.getUTCDay();
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function query(overrides: Partial<FreeTimesQuery>): FreeTimesQuery {
  const year = futureYear();
  const from = Date.parse(`${isoDay(year, 6, 1)}T00:00:00Z`);
  return { rules: RULES, consultants: [], busy: [], now: from - 30 * DAY, from, to: from + 7 * DAY, ...overrides };
}

describe('free times across daylight-saving changes', () => {
  it('keeps 09:00 local in New York before and after the spring change', () => {
    const year = futureYear(3, 1);
    const change = sunday(year, 3, 2);
    const from = Date.parse(`${isoDay(year, 3, change - 2)}T00:00:00Z`);
    const found = freeTimes(query({ consultants: [consultant('ny', 'America/New_York')], from, to: from + 4 * DAY, now: from - DAY }));
    expect(found.map((time) => iso(time.startsAt))).toEqual([
      `${isoDay(year, 3, change - 2)}T14:00:00.000Z`,
      `${isoDay(year, 3, change - 1)}T14:00:00.000Z`,
      `${isoDay(year, 3, change)}T13:00:00.000Z`,
      `${isoDay(year, 3, change + 1)}T13:00:00.000Z`,
    ]);
  });

  it('keeps 09:00 local in London across the spring change, and back in the autumn', () => {
    const year = futureYear(3, 1);
    const spring = sunday(year, 3, -1);
    const from = Date.parse(`${isoDay(year, 3, spring - 1)}T00:00:00Z`);
    const london = [consultant('uk', 'Europe/London')];
    expect(freeTimes(query({ consultants: london, from, to: from + 2 * DAY, now: from - DAY })).map((time) => iso(time.startsAt))).toEqual([
      `${isoDay(year, 3, spring - 1)}T09:00:00.000Z`,
      `${isoDay(year, 3, spring)}T08:00:00.000Z`,
    ]);
    const autumn = sunday(year, 10, -1);
    const autumnFrom = Date.parse(`${isoDay(year, 10, autumn - 1)}T00:00:00Z`);
    expect(freeTimes(query({ consultants: london, from: autumnFrom, to: autumnFrom + 2 * DAY, now: from })).map((time) => iso(time.startsAt))).toEqual([
      `${isoDay(year, 10, autumn - 1)}T08:00:00.000Z`,
      `${isoDay(year, 10, autumn)}T09:00:00.000Z`,
    ]);
  });

  it('offers a New York consultant to a visitor in Tokyo at the same instants, the next local day', () => {
    // The function answers instants; a Tokyo visitor's window is their own midnight to midnight.
    const year = futureYear(6, 1);
    const tokyoMidnight = Date.parse(`${isoDay(year, 6, 10)}T00:00:00+09:00`);
    const found = freeTimes(query({ consultants: [consultant('ny', 'America/New_York')], from: tokyoMidnight, to: tokyoMidnight + DAY }));
    // 09:00 EDT on June 9 is 13:00Z, 22:00 in Tokyo on June 9: outside; June 10 09:00 EDT is 22:00 Tokyo on the 10th.
    expect(found.map((time) => iso(time.startsAt))).toEqual([`${isoDay(year, 6, 10)}T13:00:00.000Z`]);
  });
});

describe('free-time rules', () => {
  const year = futureYear(6, 1);
  const day = (d: number, time: string) => Date.parse(`${isoDay(year, 6, d)}T${time}:00Z`);
  const utcDay = [consultant('a', 'UTC', EVERY_DAY([{ startMinute: 540, endMinute: 720 }]))];

  it('steps through a range by the duration (at most 30 minutes) and stops where the duration no longer fits', () => {
    const found = freeTimes(query({ consultants: utcDay, from: day(1, '00:00'), to: day(2, '00:00') }));
    expect(found.map((time) => iso(time.startsAt).slice(11, 16))).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
  });

  it('keeps the buffers of both consultations clear', () => {
    const rules = { ...RULES, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };
    // A consultation 10:00-11:00 with 15-minute buffers blocks 09:45-11:15.
    const busy = [{ consultantId: 'a', startsAt: day(1, '10:00'), blockedFrom: day(1, '09:45'), blockedUntil: day(1, '11:15') }];
    const found = freeTimes(query({ rules, consultants: utcDay, busy, from: day(1, '00:00'), to: day(2, '00:00') }));
    // Every 60-minute start from 09:00 to 11:00 has a widened span that meets 09:45-11:15.
    expect(found.map((time) => iso(time.startsAt).slice(11, 16))).toEqual([]);
    const shorter = freeTimes(query({ rules: { ...rules, durationMinutes: 30 }, consultants: utcDay, busy, from: day(1, '00:00'), to: day(2, '00:00') }));
    // A 30-minute one: 09:00 blocks 08:45-09:45 (clear); 09:30 blocks 09:15-10:15 (meets the busy span); 11:30 blocks 11:15-12:15 (clear).
    expect(shorter.map((time) => iso(time.startsAt).slice(11, 16))).toEqual(['09:00', '11:30']);
  });

  it('respects the minimum notice and the horizon', () => {
    const rules = { ...RULES, minNoticeHours: 24, horizonDays: 2 };
    const now = day(1, '10:00');
    const found = freeTimes(query({ rules, consultants: utcDay, now, from: day(1, '00:00'), to: day(5, '00:00') }));
    // From June 2 10:00 (notice) to June 3 10:00 (horizon).
    expect(found.map((time) => iso(time.startsAt))).toEqual([
      iso(day(2, '10:00')),
      iso(day(2, '10:30')),
      iso(day(2, '11:00')),
      iso(day(3, '09:00')),
      iso(day(3, '09:30')),
    ]);
  });

  it('offers nothing more on a day that has reached the daily maximum', () => {
    const rules = { ...RULES, maxPerDay: 1 };
    const busy = [{ consultantId: 'a', startsAt: day(1, '09:00'), blockedFrom: day(1, '09:00'), blockedUntil: day(1, '10:00') }];
    const found = freeTimes(query({ rules, consultants: utcDay, busy, from: day(1, '00:00'), to: day(3, '00:00') }));
    expect(found.map((time) => iso(time.startsAt).slice(0, 10))).toEqual(Array(5).fill(isoDay(year, 6, 2)));
  });

  it('takes a date override over the weekly hours: a day off, or other hours', () => {
    const overrides = new Map([
      [isoDay(year, 6, 1), []],
      [isoDay(year, 6, 2), [{ startMinute: 900, endMinute: 960 }]],
    ]);
    const withOverrides = [consultant('a', 'UTC', EVERY_DAY([{ startMinute: 540, endMinute: 600 }]), overrides)];
    const found = freeTimes(query({ consultants: withOverrides, from: day(1, '00:00'), to: day(4, '00:00') }));
    expect(found.map((time) => iso(time.startsAt))).toEqual([iso(day(2, '15:00')), iso(day(3, '09:00'))]);
  });

  it('lists a time once with every consultant free then', () => {
    const two = [consultant('a', 'UTC'), consultant('b', 'UTC')];
    const busy = [{ consultantId: 'a', startsAt: day(2, '09:00'), blockedFrom: day(2, '09:00'), blockedUntil: day(2, '10:00') }];
    const found = freeTimes(query({ consultants: two, busy, from: day(1, '00:00'), to: day(3, '00:00') }));
    expect(found.map((time) => [iso(time.startsAt), time.consultantIds])).toEqual([
      [iso(day(1, '09:00')), ['a', 'b']],
      [iso(day(2, '09:00')), ['b']],
    ]);
  });
});
