// The analytics screen's reads: sums of the daily aggregates over a range, and the bookings and
// consultations the database stored with the visit they came from ("booked" counts rows, not beacons).
import { type ExpressionBuilder, sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '@db/database';
import type { Database } from '@db/schema';
import { isPostgres } from '@db/postgres';

export interface AggregateFilter {
  from: string;
  to: string;
  eventId?: string | undefined;
  source?: string | undefined;
  language?: string | undefined;
  device?: string | undefined;
}

type Daily = SelectQueryBuilder<Database, 'analyticsDaily', object>;

function filtered(db: DB, filter: AggregateFilter): Daily {
  let query: Daily = db.selectFrom('analyticsDaily').where('day', '>=', filter.from).where('day', '<=', filter.to);
  if (filter.eventId !== undefined) query = query.where('eventId', '=', filter.eventId);
  if (filter.source !== undefined) query = query.where('source', '=', filter.source);
  if (filter.language !== undefined) query = query.where('language', '=', filter.language);
  if (filter.device !== undefined) query = query.where('device', '=', filter.device);
  return query;
}

const total = (column: 'hits' | 'visitors' | 'entries') => (eb: ExpressionBuilder<Database, 'analyticsDaily'>) =>
  eb.fn.coalesce(eb.fn.sum<number>(column), sql<number>`0`);

export interface DayTraffic {
  day: string;
  visitors: number;
  pageviews: number;
}

/** Visitors (visits begun) and page views by day. */
export async function trafficByDay(db: DB, filter: AggregateFilter): Promise<DayTraffic[]> {
  const rows = await filtered(db, filter)
    .where('step', '=', 'pageview')
    .select((eb) => ['day', total('entries')(eb).as('visitors'), total('hits')(eb).as('pageviews')])
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, visitors: Number(row.visitors), pageviews: Number(row.pageviews) }));
}

export interface PageRow {
  path: string;
  visitors: number;
  pageviews: number;
}

export async function topPages(db: DB, filter: AggregateFilter, limit: number): Promise<PageRow[]> {
  const rows = await filtered(db, filter)
    .where('step', '=', 'pageview')
    .select((eb) => ['path', total('visitors')(eb).as('visitors'), total('hits')(eb).as('pageviews')])
    .groupBy('path')
    .orderBy('visitors', 'desc')
    .orderBy('path')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ path: row.path, visitors: Number(row.visitors), pageviews: Number(row.pageviews) }));
}

/** Visits begun by source, or by campaign (utm_source / utm_medium / utm_campaign). */
export async function visitsBy(db: DB, filter: AggregateFilter, by: 'source' | 'campaign', limit: number) {
  const base = filtered(db, filter).where('step', '=', 'pageview');
  const query =
    by === 'source'
      ? base.select((eb) => [eb.ref('source').as('key'), total('entries')(eb).as('visitors')]).groupBy('source')
      : base
          .where((eb) => eb.or([eb('utmSource', '<>', ''), eb('utmCampaign', '<>', '')]))
          .select((eb) => [sql<string>`utm_source || ' / ' || utm_medium || ' / ' || utm_campaign`.as('key'), total('entries')(eb).as('visitors')])
          .groupBy(['utmSource', 'utmMedium', 'utmCampaign']);
  const rows = await query.orderBy('visitors', 'desc').orderBy('key').limit(limit).execute();
  return rows.filter((row) => Number(row.visitors) > 0).map((row) => ({ key: row.key, visitors: Number(row.visitors) }));
}

/** Distinct visitors who reached each step of an event ('' : the consultations' steps). */
export async function stepVisitors(db: DB, filter: AggregateFilter, eventId: string, steps: readonly string[]): Promise<Map<string, number>> {
  const rows = await filtered(db, { from: filter.from, to: filter.to })
    .where('eventId', '=', eventId)
    .where('step', 'in', [...steps])
    .select((eb) => ['step', total('visitors')(eb).as('visitors')])
    .groupBy('step')
    .execute();
  return new Map(rows.map((row) => [row.step, Number(row.visitors)]));
}

export interface BookedFilter {
  from: string;
  to: string;
  /** Only this event's bookings (and no consultations). */
  eventId?: string | undefined;
  /** Consultations only. */
  consultationsOnly?: boolean;
  source?: string | undefined;
  language?: string | undefined;
}

export interface BookedRow {
  day: string;
  source: string;
  campaign: string;
  bookings: number;
}

/** The day of a stored time, in UTC, as the aggregates count days. */
function dayOf(db: DB) {
  return isPostgres(db) ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')` : sql<string>`substr(created_at, 1, 10)`;
}

/**
 * Bookings and consultations made through the public site with the beacon script (their visit
 * recorded), by day, source and campaign. Staff bookings, and visitors who asked not to be
 * counted, have no visit and are left out.
 */
export async function bookedRows(db: DB, filter: BookedFilter): Promise<BookedRow[]> {
  const start = `${filter.from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + 86_400_000).toISOString();
  const campaign = sql<string>`coalesce(visit_utm_source, '') || ' / ' || coalesce(visit_utm_medium, '') || ' / ' || coalesce(visit_utm_campaign, '')`;
  const out: BookedRow[] = [];
  if (filter.consultationsOnly !== true) {
    let query = db.selectFrom('bookings').where('visitSource', 'is not', null).where('createdAt', '>=', start).where('createdAt', '<', end);
    if (filter.eventId !== undefined) query = query.where('eventId', '=', filter.eventId);
    if (filter.source !== undefined) query = query.where('visitSource', '=', filter.source);
    if (filter.language !== undefined) query = query.where('language', '=', filter.language);
    const rows = await query
      .select((eb) => [dayOf(db).as('day'), 'visitSource', campaign.as('campaign'), eb.fn.countAll<number>().as('bookings')])
      .groupBy([dayOf(db), 'visitSource', 'visitUtmSource', 'visitUtmMedium', 'visitUtmCampaign'])
      .execute();
    for (const row of rows) out.push({ day: row.day, source: row.visitSource ?? '', campaign: row.campaign, bookings: Number(row.bookings) });
  }
  if (filter.eventId === undefined) {
    let query = db.selectFrom('consultations').where('visitSource', 'is not', null).where('createdAt', '>=', start).where('createdAt', '<', end);
    if (filter.source !== undefined) query = query.where('visitSource', '=', filter.source);
    if (filter.language !== undefined) query = query.where('language', '=', filter.language);
    const rows = await query
      .select((eb) => [dayOf(db).as('day'), 'visitSource', campaign.as('campaign'), eb.fn.countAll<number>().as('bookings')])
      .groupBy([dayOf(db), 'visitSource', 'visitUtmSource', 'visitUtmMedium', 'visitUtmCampaign'])
      .execute();
    for (const row of rows) out.push({ day: row.day, source: row.visitSource ?? '', campaign: row.campaign, bookings: Number(row.bookings) });
  }
  return out;
}

/** Deletes the daily aggregates of the days before `day` (retention). */
export async function deleteAggregatesBefore(db: DB, day: string): Promise<number> {
  const result = await db.deleteFrom('analyticsDaily').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}
