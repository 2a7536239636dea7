// The daily aggregates are kept ANALYTICS_RETENTION_MONTHS, then deleted by the scheduler once a day
// (one instance does it: a claim per day). Totals hold no personal data; the limit keeps the table
// and the screen's reads bounded.
import type { DB } from '@db/database';
import { claimOnce } from '@server/scheduler/claims.repository';
import { deleteAggregatesBefore } from './analytics.repository';

export const ANALYTICS_RETENTION_MONTHS = 24;

/** The first day kept at `now`: the same day of the month ANALYTICS_RETENTION_MONTHS back (UTC). */
export function firstKeptDay(now: Date): string {
  const kept = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - ANALYTICS_RETENTION_MONTHS, now.getUTCDate()));
  return kept.toISOString().slice(0, 10);
}

/** Deletes the aggregates older than the retention, once a day; answers the rows deleted. */
export async function applyAnalyticsRetention(db: DB, now: Date): Promise<number> {
  if (!(await claimOnce(db, `analytics-retention:${now.toISOString().slice(0, 10)}`, now.toISOString()))) return 0;
  return deleteAggregatesBefore(db, firstKeptDay(now));
}
