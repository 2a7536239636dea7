// What the beacon collector writes: the day's salt, today's visitor hashes and the daily sums.
import { type Selectable, sql } from 'kysely';
import type { DB } from '@db/database';
import type { AnalyticsDailyTable } from '@db/schema';

/** One day's sums for one combination of dimensions, as the collector adds them: a row of the table. */
export type DailySums = Selectable<AnalyticsDailyTable>;

const DIMENSIONS = ['day', 'path', 'step', 'eventId', 'source', 'utmSource', 'utmMedium', 'utmCampaign', 'language', 'device'] as const;

/** Rows per statement: 13 values a row stays far below both dialects' limit on parameters. */
const CHUNK = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

/** The day's salt: the one stored, else `fresh`, stored first by whichever instance asks first. */
export async function daySalt(db: DB, day: string, fresh: string): Promise<string> {
  await db.insertInto('analyticsSalts').values({ day, salt: fresh }).onConflict((oc) => oc.column('day').doNothing()).execute();
  const row = await db.selectFrom('analyticsSalts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Forgets the salts and visitor hashes of the days before `day`. */
export async function forgetDaysBefore(db: DB, day: string): Promise<void> {
  await db.deleteFrom('analyticsSalts').where('day', '<', day).execute();
  await db.deleteFrom('analyticsVisitors').where('day', '<', day).execute();
}

/** Records visitor hashes of a day; answers those no instance had recorded before. */
export async function claimVisitors(db: DB, day: string, hashes: readonly string[]): Promise<Set<string>> {
  const claimed = new Set<string>();
  for (const part of chunks(hashes)) {
    const rows = await db
      .insertInto('analyticsVisitors')
      .values(part.map((hash) => ({ day, hash })))
      .onConflict((oc) => oc.columns(['day', 'hash']).doNothing())
      .returning('hash')
      .execute();
    for (const row of rows) claimed.add(row.hash);
  }
  return claimed;
}

/** Adds sums to the stored ones (an upsert that adds, so every instance's sums add up). */
export async function addDailySums(db: DB, sums: readonly DailySums[]): Promise<void> {
  for (const part of chunks(sums)) {
    await db
      .insertInto('analyticsDaily')
      .values(part)
      .onConflict((oc) =>
        oc.columns([...DIMENSIONS]).doUpdateSet({
          hits: sql`analytics_daily.hits + excluded.hits`,
          visitors: sql`analytics_daily.visitors + excluded.visitors`,
          entries: sql`analytics_daily.entries + excluded.entries`,
        }),
      )
      .execute();
  }
}
