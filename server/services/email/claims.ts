// Scheduled work done once through the database: the first caller of a key inserts its row in
// notification_claims, every later one (another run, a restarted process, a second instance) finds it.
import type { DB } from '@db/database';

/** Claims `key` once for ever: true for the first caller, false for every later one. */
export async function claimOnce(db: DB, key: string, nowIso: string): Promise<boolean> {
  const result = await db
    .insertInto('notificationClaims')
    .values({ key, claimedAt: nowIso })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
