// The analytics screen: a range's figures against the range before, by day, top pages, sources and
// campaigns, the funnels, and the CSV export. Staff only; reads of the daily aggregates and of the
// bookings stored.
import type { ServiceContext } from '@server/core/service-context';
import {
  CONSULTATION_FUNNEL,
  EVENT_FUNNEL,
  type AnalyticsFilterInput,
  type FunnelInput,
} from './analytics.schemas';
import { bookedRows, type BookedRow, stepVisitors, topPages, trafficByDay, visitsBy } from './analytics.repository';

type ReadContext = Pick<ServiceContext, 'db'>;

const DAY_MS = 86_400_000;
const TOP = 20;

function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The range of the same length that ends the day before `from`. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const length = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  return { from: dayAfter(from, -length), to: dayAfter(from, -1) };
}

/** Every day of a range, so the chart has a point (zero) for days nobody came. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = dayAfter(day, 1)) days.push(day);
  return days;
}

function bookedFilter(input: AnalyticsFilterInput) {
  return { from: input.from, to: input.to, eventId: input.eventId, source: input.source, language: input.language };
}

const sumBookings = (rows: BookedRow[]) => rows.reduce((sum, row) => sum + row.bookings, 0);

interface Totals {
  visitors: number;
  pageviews: number;
  bookings: number;
  /** Bookings per visitor, in percent with one decimal; null with no visitors. */
  conversion: number | null;
}

function totalsOf(traffic: { visitors: number; pageviews: number }[], booked: BookedRow[]): Totals {
  const visitors = traffic.reduce((sum, day) => sum + day.visitors, 0);
  const pageviews = traffic.reduce((sum, day) => sum + day.pageviews, 0);
  const bookings = sumBookings(booked);
  return { visitors, pageviews, bookings, conversion: visitors === 0 ? null : Math.round((bookings / visitors) * 1000) / 10 };
}

/** Totals of the range and of the one before, and the range day by day. */
export async function analyticsSummary({ db }: ReadContext, input: AnalyticsFilterInput) {
  const previous = { ...input, ...previousRange(input.from, input.to) };
  const [traffic, booked, previousTraffic, previousBooked] = await Promise.all([
    trafficByDay(db, input),
    bookedRows(db, bookedFilter(input)),
    trafficByDay(db, previous),
    bookedRows(db, bookedFilter(previous)),
  ]);
  const byDay = new Map(traffic.map((day) => [day.day, day]));
  const bookingsByDay = new Map<string, number>();
  for (const row of booked) bookingsByDay.set(row.day, (bookingsByDay.get(row.day) ?? 0) + row.bookings);
  return {
    current: totalsOf(traffic, booked),
    previous: totalsOf(previousTraffic, previousBooked),
    previousRange: { from: previous.from, to: previous.to },
    days: daysOf(input.from, input.to).map((day) => ({
      day,
      visitors: byDay.get(day)?.visitors ?? 0,
      pageviews: byDay.get(day)?.pageviews ?? 0,
      bookings: bookingsByDay.get(day) ?? 0,
    })),
  };
}

export function analyticsPages({ db }: ReadContext, input: AnalyticsFilterInput) {
  return topPages(db, input, TOP);
}

/** Visits and bookings by source, and by campaign. */
export async function analyticsSources({ db }: ReadContext, input: AnalyticsFilterInput) {
  const [sources, campaigns, booked] = await Promise.all([
    visitsBy(db, input, 'source', TOP),
    visitsBy(db, input, 'campaign', TOP),
    bookedRows(db, bookedFilter(input)),
  ]);
  const bookingsBy = (key: (row: BookedRow) => string) => {
    const counts = new Map<string, number>();
    for (const row of booked) counts.set(key(row), (counts.get(key(row)) ?? 0) + row.bookings);
    return counts;
  };
  const bySource = bookingsBy((row) => row.source);
  const byCampaign = bookingsBy((row) => row.campaign);
  return {
    sources: sources.map((row) => ({ source: row.key, visitors: row.visitors, bookings: bySource.get(row.key) ?? 0 })),
    campaigns: campaigns.map((row) => ({ campaign: row.key, visitors: row.visitors, bookings: byCampaign.get(row.key) ?? 0 })),
  };
}

/**
 * An event's funnel (or the consultations', without `eventId`): the distinct visitors who reached
 * each step, the last being the bookings stored, with the share lost since the step before.
 */
export async function analyticsFunnel({ db }: ReadContext, input: FunnelInput) {
  const steps = input.eventId === undefined ? CONSULTATION_FUNNEL : EVENT_FUNNEL;
  const beaconSteps = steps.filter((step) => step !== 'booked');
  const [reached, booked] = await Promise.all([
    stepVisitors(db, input, input.eventId ?? '', beaconSteps),
    bookedRows(db, input.eventId === undefined ? { from: input.from, to: input.to, consultationsOnly: true } : { from: input.from, to: input.to, eventId: input.eventId }),
  ]);
  let before: number | null = null;
  return {
    steps: steps.map((step) => {
      const count = step === 'booked' ? sumBookings(booked) : (reached.get(step) ?? 0);
      const dropOff = before === null || before === 0 ? null : Math.round(((before - count) / before) * 1000) / 10;
      before = count;
      return { step, count, dropOff };
    }),
  };
}

function csvCell(value: string | number): string {
  const text = String(value);
  // A leading =, +, - or @ would be a formula to a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The range day by day, then the top pages and sources, as CSV. */
export async function analyticsCsv(ctx: ReadContext, input: AnalyticsFilterInput) {
  const [summary, pages, sources] = await Promise.all([analyticsSummary(ctx, input), analyticsPages(ctx, input), analyticsSources(ctx, input)]);
  const lines: (string | number)[][] = [['day', 'visitors', 'pageviews', 'bookings']];
  for (const day of summary.days) lines.push([day.day, day.visitors, day.pageviews, day.bookings]);
  lines.push([], ['page', 'visitors', 'pageviews']);
  for (const page of pages) lines.push([page.path, page.visitors, page.pageviews]);
  lines.push([], ['source', 'visitors', 'bookings']);
  for (const source of sources.sources) lines.push([source.source, source.visitors, source.bookings]);
  lines.push([], ['campaign', 'visitors', 'bookings']);
  for (const campaign of sources.campaigns) lines.push([campaign.campaign, campaign.visitors, campaign.bookings]);
  return {
    filename: `analytics-${input.from}-${input.to}.csv`,
    csv: `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`,
  };
}
