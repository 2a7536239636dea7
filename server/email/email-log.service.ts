// The admin e-mail log: the outbox newest first, each message's attempts, Retry, Retry all failed
// and Dismiss.
import {
  type EmailAttemptItem,
  type EmailLogItem,
  deleteFailedMessage,
  findOutboxRow,
  listAttempts,
  listOutbox as listOutboxRows,
  requeueAllFailed,
  requeueMessage,
  toEmailLogItem,
} from './outbox.repository';
import { NotFoundError, PreconditionError } from '@server/core/errors';
import { message } from '@server/shared/i18n/message';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { type AuditContext, plainRead, type ServiceContext } from '@server/core/service-context';
import { wakeOutboxSenders } from './enqueue.service';

function notFound(): NotFoundError {
  return new NotFoundError('api.email.messageNotFound');
}

export async function messageAttempts({ db }: Pick<ServiceContext, 'db'>, { id }: { id: string }): Promise<EmailAttemptItem[]> {
  if ((await findOutboxRow(db, id)) === undefined) throw notFound();
  return listAttempts(db, id);
}

/**
 * What a message says, as its plain-text part (the HTML part says the same, styled): the e-mail
 * log's detail shows it so an admin can read what a visitor was sent.
 */
export async function messageBody({ db }: Pick<ServiceContext, 'db'>, { id }: { id: string }): Promise<{ textBody: string }> {
  const row = await findOutboxRow(db, id);
  if (row === undefined) throw notFound();
  return { textBody: row.textBody };
}

/**
 * Puts a pending or failed message back in line for the next pass; one out of attempts gets one
 * more. A sent message is never sent twice, and one being sent right now is left to its attempt.
 */
export async function retryMessage(ctx: AuditContext, { id }: { id: string }): Promise<EmailLogItem> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const row = await findOutboxRow(trx, id);
    if (row === undefined) throw notFound();
    if (row.status === 'sent') throw new PreconditionError('api.email.alreadySent');
    if (row.status === 'sending') throw new PreconditionError('api.email.beingSent');
    const updated = await requeueMessage(trx, id, now.toISOString());
    if (updated === undefined) throw notFound();
    await recordAudit(trx, actor, { action: 'retry', entity: 'email', entityId: id, summary: `${row.status} message to ${row.toAddress} queued again` });
    return toEmailLogItem(updated);
  });
}

/**
 * Dismiss: a failed message leaves the log for good (with its attempts); sent messages go by the
 * retention setting instead, and pending ones are still to be sent, so both are refused.
 */
export async function dismissMessage(ctx: AuditContext, { id }: { id: string }): Promise<{ id: string }> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  return db.transaction().execute(async (trx) => {
    const row = await findOutboxRow(trx, id);
    if (row === undefined) throw notFound();
    if (row.status !== 'failed') throw new PreconditionError(message('api.email.onlyFailedDismissed', { status: row.status }));
    await deleteFailedMessage(trx, id);
    await recordAudit(trx, actor, { action: 'delete', entity: 'email', entityId: id, summary: `failed message to ${row.toAddress} dismissed` });
    return { id };
  });
}

/**
 * 'Retry all failed': every failed message back in line for the next pass, in one statement (after
 * an outage longer than the give-up time, say), audited with how many; the senders are woken.
 */
export async function retryAllFailed(ctx: AuditContext): Promise<{ queued: number }> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const queued = await requeueAllFailed(trx, now.toISOString());
    await recordAudit(trx, actor, { action: 'retry', entity: 'email', entityId: null, summary: `all failed messages queued again: ${queued}` });
    if (queued > 0) await wakeOutboxSenders(trx);
    return { queued };
  });
}

// Reads with no rule of their own: the router reaches them through this service, as it does every
// change, so routers never touch the database layer themselves.
export const listOutbox = plainRead(listOutboxRows);
