// The outbox's retention: sent messages older than the System setting's outboxRetentionDays are
// deleted once a UTC day (claimed once, so two instances do it once); failed ones stay for the log.
import type { DB } from '@db/database';
import { getSystemSettings } from '@server/settings/settings.repository';
import { claimOnce } from '@server/scheduler/claims.repository';
import { deleteSentBefore } from './outbox.repository';

const DAY_MS = 24 * 3_600_000;

/** Once a day (UTC): sent messages older than the retention setting go; failed ones stay. */
export async function applyOutboxRetention(db: DB, now: Date): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  if (!(await claimOnce(db, `retention:${day}`, now.toISOString()))) return 0;
  const { outboxRetentionDays } = await getSystemSettings(db);
  return deleteSentBefore(db, new Date(now.getTime() - outboxRetentionDays * DAY_MS).toISOString());
}
