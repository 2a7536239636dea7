// The calendar screen's place as URL search params (/admin/calendar?view=month&date=2026-11-23), so a
// reload or a shared link shows the same week or month. Read by hand, not with zod: router.tsx is in
// the first bundle every visitor downloads. Anything malformed is dropped (today's week).

export type CalendarView = 'week' | 'month';

export interface CalendarSearch {
  view?: CalendarView | undefined;
  /** Any day of the week or month shown, YYYY-MM-DD in the site's timezone. */
  date?: string | undefined;
}

export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function validateCalendarSearch(raw: Record<string, unknown>): CalendarSearch {
  const search: CalendarSearch = {
    view: raw.view === 'month' || raw.view === 'week' ? raw.view : undefined,
    date: isDay(raw.date) ? raw.date : undefined,
  };
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as CalendarSearch;
}
