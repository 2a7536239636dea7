// Sending paused: a copy of the site restored from a backup (npm run db:restore) holds the outbox of
// the site it was copied from, and a test of a backup must not send that production mail again. So
// a restore pauses sending unless told otherwise, and the sender sends nothing while it is paused;
// messages keep waiting in the outbox, and new ones join them. An admin resumes it in the back
// office (Settings > Email Log, Resume sending, after a confirmation, audited) once this copy is the
// live site. Reminders and reports are still written meanwhile; they go out on resuming.
import { actorOf, recordAudit } from '@server/audit/audit.service';
import type { AuditContext, ServiceContext } from '@server/core/service-context';
import type { DB } from '@db/database';
import { wakeOutboxSenders } from './enqueue.service';
import { countUnsentMessages, deleteSendingPause, readSendingPause, type SendingPause, writeSendingPause } from './sending-pause.repository';

export interface SendingPauseView extends SendingPause {
  /** Messages waiting in the outbox, which resuming sends. */
  waiting: number;
}

/** Whether the sender must leave the outbox alone (read at each of its passes). */
export async function isSendingPaused(db: DB): Promise<boolean> {
  return (await readSendingPause(db)) !== null;
}

/** Pauses sending (a restore, before the restored copy first starts). */
export function pauseSending(db: DB, reason: string, at = new Date()): Promise<void> {
  return writeSendingPause(db, { pausedAt: at.toISOString(), reason });
}

/** The pause the back office shows, or null while sending runs. */
export async function getSendingPause({ db }: Pick<ServiceContext, 'db'>): Promise<SendingPauseView | null> {
  const pause = await readSendingPause(db);
  return pause === null ? null : { ...pause, waiting: await countUnsentMessages(db) };
}

/** Resumes sending (admins): the waiting messages go out at the sender's next pass, woken now. */
export async function resumeSending(ctx: AuditContext): Promise<{ resumed: boolean; waiting: number }> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  return db.transaction().execute(async (trx) => {
    const resumed = await deleteSendingPause(trx);
    const waiting = await countUnsentMessages(trx);
    if (!resumed) return { resumed, waiting };
    await recordAudit(trx, actor, {
      action: 'settings',
      entity: 'email',
      entityId: null,
      summary: `e-mail sending resumed: ${waiting} message${waiting === 1 ? '' : 's'} waiting`,
    });
    await wakeOutboxSenders(trx);
    return { resumed, waiting };
  });
}
