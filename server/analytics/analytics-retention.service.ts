// The daily aggregates are kept as many months as the privacy settings say (24 unless an admin
// changed it: privacy.updateSettings), then deleted by the scheduler once a day (one instance does
// it: a claim per day). Totals hold no personal data; the limit keeps the table and the screen's
// reads bounded.
import type { DB } from '@db/database';
import { getPrivacySettings } from '@server/privacy/privacy-settings.repository';
import { claimOnce } from '@server/scheduler/claims.repository';
import { deleteAggregatesBefore } from './analytics.repository';

/** The first day kept at `now`: the same day of the month `months` back (UTC). */
export function firstKeptDay(now: Date, months: number): string {
  const kept = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate()));
  return kept.toISOString().slice(0, 10);
}

/** Deletes the aggregates older than the retention, once a day; answers the rows deleted. */
export async function applyAnalyticsRetention(db: DB, now: Date): Promise<number> {
  if (!(await claimOnce(db, `analytics-retention:${now.toISOString().slice(0, 10)}`, now.toISOString()))) return 0;
  const { analyticsRetentionMonths } = await getPrivacySettings(db);
  return deleteAggregatesBefore(db, firstKeptDay(now, analyticsRetentionMonths));
}
