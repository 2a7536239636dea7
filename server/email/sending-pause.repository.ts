// The pause on sending (server/email/sending-pause.service.ts): one settings row, key 'sending',
// present while sending is paused. A plain key-value row, the same in every release's schema, so
// a restore can write it into a backup of an earlier release too.
import { z } from 'zod';
import type { DB } from '@db/database';
import { readStoredValue } from '@server/core/stored-json';

const KEY = 'sending';

export interface SendingPause {
  /** When sending was paused (UTC ISO). */
  pausedAt: string;
  /** Why, as the back office shows it. */
  reason: string;
}

const storedPause = z.object({ pausedAt: z.string().catch(''), reason: z.string().catch('') });
const UNREADABLE_PAUSE: SendingPause = { pausedAt: '', reason: '' };

export async function readSendingPause(db: DB): Promise<SendingPause | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (row === undefined) return null;
  // Unreadable is still a pause (with a warning): sending stays off until an admin resumes it.
  return readStoredValue('the pause on sending', row.value, storedPause, UNREADABLE_PAUSE);
}

export async function writeSendingPause(db: DB, pause: SendingPause): Promise<void> {
  const value = JSON.stringify(pause);
  await db
    .insertInto('settings')
    .values({ key: KEY, value, updatedAt: pause.pausedAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updatedAt: pause.pausedAt }))
    .execute();
}

/** Ends the pause; true when there was one. */
export async function deleteSendingPause(db: DB): Promise<boolean> {
  const result = await db.deleteFrom('settings').where('key', '=', KEY).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Messages not sent yet (pending, or claimed and being sent). */
export async function countUnsentMessages(db: DB): Promise<number> {
  const row = await db
    .selectFrom('emailOutbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
