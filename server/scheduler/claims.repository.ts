// notification_claims: work done once through the database. The first caller of a key inserts its
// row, every later one (another run, a restarted process, a second instance) finds it. Also the
// per-instance "server running" markers (server/monitoring/system-alerts.service.ts).
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

/** Sets `key`'s claim to `nowIso` and answers the time it held before (null: it had none). Call in a transaction. */
export async function replaceClaim(db: DB, key: string, nowIso: string): Promise<string | null> {
  const previous = await db.selectFrom('notificationClaims').select('claimedAt').where('key', '=', key).executeTakeFirst();
  await db.deleteFrom('notificationClaims').where('key', '=', key).execute();
  await db.insertInto('notificationClaims').values({ key, claimedAt: nowIso }).execute();
  return previous?.claimedAt ?? null;
}

export async function deleteClaim(db: DB, key: string): Promise<void> {
  await db.deleteFrom('notificationClaims').where('key', '=', key).execute();
}
