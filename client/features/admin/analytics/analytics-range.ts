// The analytics screen's ranges: whole UTC days, as the daily aggregates are kept. A preset is the
// last N days up to today; a custom range is two dates a person picks.

export const RANGE_PRESETS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'custom', label: 'Custom' },
] as const;

export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

const DAY_MS = 86_400_000;

/** The UTC day `days` after `day` (yyyy-mm-dd; negative goes back). */
export function addUtcDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today's UTC day. */
export function utcToday(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The last `days` days, today included. */
export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  const to = utcToday(now);
  return { from: addUtcDays(to, -(days - 1)), to };
}

/** How many days a range holds, both ends included. */
export function daysIn(range: { from: string; to: string }): number {
  return Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1;
}

/**
 * The change from `before` to `now` as a person reads it: '+12%', '-3%', 'no change', or 'new' when
 * there was nothing before to compare with.
 */
export function changeText(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'new';
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return 'no change';
  return `${percent > 0 ? '+' : ''}${percent}%`;
}
