// Test dates that never expire. A test that needs a fixed calendar date (to check how a Friday in
// March prints, or which zone abbreviation winter gives) takes its year from here: the first year at
// least two years after the clock's in which that date falls on the wanted weekday. So the date is
// always in the future, whatever year the suite runs in (CI also runs it five years ahead), and the
// texts the test expects stay exact.

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A year ahead of the clock in which `month`-`day` (1-based) is a `weekday`, when one is given. */
export function futureYear(month = 1, day = 1, weekday?: Weekday, now: number = Date.now()): number {
  const first = new Date(now).getUTCFullYear() + 2;
  for (let year = first; year < first + 28; year += 1) {
    if (weekday === undefined || WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] === weekday) return year;
  }
  // The Gregorian calendar repeats every 28 years between century leap-year exceptions.
  throw new Error(`${month}-${day} is never a ${weekday ?? ''}`);
}

/** `yyyy-MM-dd` text of the same day in `year`, for building ISO times: `${isoDay(y, 3, 14)}T14:00:00.000Z`. */
export function isoDay(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
