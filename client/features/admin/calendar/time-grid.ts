// Placement of items on the week view's time grid (hours down the side, days across), in the
// site's time zone: each item sits at its start and is as tall as it lasts; items that overlap
// share the day's width side by side, as Google Calendar and Cal.com show them.
import { utcToZonedParts } from '@server/shared/time';

export interface GridItem {
  id: string;
  startTime: string;
  endTime: string;
}

export interface PlacedItem<T extends GridItem> {
  item: T;
  /** The site-zone day (YYYY-MM-DD) the item starts on. */
  day: string;
  /** Minutes from the top of the grid (its first hour) to the start and end. */
  top: number;
  height: number;
  /** Side-by-side position among overlapping items: column `column` of `columns`. */
  column: number;
  columns: number;
}

export interface GridHours {
  /** First and last hour shown, 0..24: from the earliest to the latest item, at least 08-18. */
  first: number;
  last: number;
}

const MINUTES_PER_DAY = 1440;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

interface Span {
  day: string;
  start: number;
  end: number;
}

/** Start and end in minutes of the start day, site zone; an item past midnight ends at 24:00. */
function spanOf(item: GridItem, timeZone: string): Span {
  const start = utcToZonedParts(item.startTime, timeZone);
  const end = utcToZonedParts(item.endTime, timeZone);
  const startMinutes = minutesOf(start.time);
  const endMinutes = end.date === start.date ? minutesOf(end.time) : MINUTES_PER_DAY;
  return { day: start.date, start: startMinutes, end: Math.max(endMinutes, startMinutes + 15) };
}

export function gridHours(items: readonly GridItem[], timeZone: string): GridHours {
  let first = 8;
  let last = 18;
  for (const item of items) {
    const span = spanOf(item, timeZone);
    first = Math.min(first, Math.floor(span.start / 60));
    last = Math.max(last, Math.ceil(span.end / 60));
  }
  return { first, last: Math.min(last, 24) };
}

/**
 * Each item's day, top and height (minutes from `hours.first`), and its column: items of a day are
 * grouped into clusters of overlapping items; each takes the first column free at its start, and
 * every item of a cluster shares the cluster's column count.
 */
export function placeItems<T extends GridItem>(
  items: readonly T[],
  timeZone: string,
  hours: GridHours,
): PlacedItem<T>[] {
  const spans = items
    .map((item) => ({ item, span: spanOf(item, timeZone) }))
    .sort((a, b) => a.span.day.localeCompare(b.span.day) || a.span.start - b.span.start || b.span.end - a.span.end);
  const placed: PlacedItem<T>[] = [];
  let cluster: PlacedItem<T>[] = [];
  let columnEnds: number[] = [];
  let clusterDay = '';
  let clusterEnd = -1;
  const closeCluster = () => {
    for (const entry of cluster) entry.columns = columnEnds.length;
    cluster = [];
    columnEnds = [];
  };
  for (const { item, span } of spans) {
    if (span.day !== clusterDay || span.start >= clusterEnd) {
      closeCluster();
      clusterDay = span.day;
      clusterEnd = -1;
    }
    let column = columnEnds.findIndex((end) => end <= span.start);
    if (column === -1) column = columnEnds.push(span.end) - 1;
    else columnEnds[column] = span.end;
    clusterEnd = Math.max(clusterEnd, span.end);
    const entry: PlacedItem<T> = {
      item,
      day: span.day,
      top: span.start - hours.first * 60,
      height: span.end - span.start,
      column,
      columns: 1,
    };
    cluster.push(entry);
    placed.push(entry);
  }
  closeCluster();
  return placed;
}

/**
 * Where the current-time line goes: on the column of now's day in the site's zone, `top` minutes
 * below the grid's first hour; null when that day is not one of `days` or now is outside the hours shown.
 */
export function nowLine(now: number, timeZone: string, days: readonly string[], hours: GridHours): { day: string; top: number } | null {
  const parts = utcToZonedParts(new Date(now).toISOString(), timeZone);
  const minute = minutesOf(parts.time);
  if (!days.includes(parts.date) || minute < hours.first * 60 || minute >= hours.last * 60) return null;
  return { day: parts.date, top: minute - hours.first * 60 };
}
