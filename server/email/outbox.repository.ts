// The e-mail outbox and its attempts: what the enqueue step writes, what the sender claims and
// records, and what the admin e-mail log reads.
import type { DB } from '@db/database';
import type { z } from 'zod';
import type { EmailAttemptRow, EmailKind, EmailOutboxRow, IcsMethod } from '@db/schema';
import { newId } from '@server/core/ids';
import type { Page } from '@server/shared/common.schemas';
import { isPostgres } from '@db/postgres';
import { type Params, preparedQuery } from '@db/prepared';
import type { emailListInput } from './emails.schemas';
import { matchesAny } from '@db/text-search';

export interface NewOutboxMessage {
  kind: EmailKind;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  ics: string | null;
  icsMethod: IcsMethod | null;
  bookingId: string | null;
  /** Why it cannot go yet, e.g. 'SMTP not configured'; null when nothing stands in the way. */
  lastError: string | null;
  nextAttemptAt: string;
  /** 0 (default) booking messages, 1 alerts, 2 reminders and reports. */
  priority?: number;
  /** The check-in code the message shows, attached by the sender as an inline QR image. */
  checkInCode?: string | null;
  /** The invoice the sender attaches as a PDF, rendered at send time. */
  invoiceId?: string | null;
}

/** A message as the e-mail log shows it: the outbox row without its bodies and attachment. */
export type EmailLogItem = Pick<
  EmailOutboxRow,
  'id' | 'kind' | 'toAddress' | 'subject' | 'status' | 'attempts' | 'maxAttempts' | 'lastError' | 'createdAt' | 'sentAt' | 'nextAttemptAt'
>;

/** One delivery attempt; `error` is null when the server accepted the message. */
export type EmailAttemptItem = Pick<EmailAttemptRow, 'id' | 'attemptedAt' | 'error'>;

export type EmailLogFilter = z.output<typeof emailListInput>;

export function toEmailLogItem(row: EmailOutboxRow): EmailLogItem {
  return {
    id: row.id,
    kind: row.kind,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    nextAttemptAt: row.nextAttemptAt,
  };
}

/** Every booking writes at least one message: the insert is prepared once (db/prepared.ts). */
const insertOutboxQuery = preparedQuery((db, row: Params<Required<NewOutboxMessage> & { id: string }>) =>
  db.insertInto('emailOutbox').values({
    id: row.id,
    priority: row.priority,
    kind: row.kind,
    toAddress: row.toAddress,
    subject: row.subject,
    textBody: row.textBody,
    htmlBody: row.htmlBody,
    ics: row.ics,
    icsMethod: row.icsMethod,
    bookingId: row.bookingId,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt,
    checkInCode: row.checkInCode,
    invoiceId: row.invoiceId,
  }),
);

export async function insertOutboxMessage(db: DB, message: NewOutboxMessage): Promise<string> {
  const id = newId();
  await insertOutboxQuery.all(db, { ...message, id, priority: message.priority ?? 0, checkInCode: message.checkInCode ?? null, invoiceId: message.invoiceId ?? null });
  return id;
}

/** Deletes a message that gave up (a failed one only); true when it did. */
export async function deleteFailedMessage(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom('emailOutbox').where('id', '=', id).where('status', '=', 'failed').executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function findOutboxRow(db: DB, id: string): Promise<EmailOutboxRow | undefined> {
  return db.selectFrom('emailOutbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The priorities messages are written with (services/email/enqueue.ts), most urgent first. */
export const OUTBOX_PRIORITIES = [0, 1, 2, 3] as const;

/**
 * Takes up to `limit` due pending messages for sending, most urgent first, then oldest. Each
 * priority is read on its own, as a range of the index (status, priority, next_attempt_at) that
 * starts at the oldest due message and stops at the limit or at the first one not due: a backlog
 * of messages waiting for their next attempt is never read. (One query ordered by priority would
 * walk every waiting entry of a priority to find that none is due.) Each claim is one conditional
 * UPDATE: of two senders racing, each row goes to exactly one of them.
 */
export async function claimDueMessages(db: DB, nowIso: string, limit: number): Promise<EmailOutboxRow[]> {
  const claimed: EmailOutboxRow[] = [];
  for (const priority of OUTBOX_PRIORITIES) {
    const left = limit - claimed.length;
    if (left <= 0) break;
    claimed.push(...(await (isPostgres(db) ? claimDueOfPriorityShared : claimDueOfPriority)(db, priority, nowIso, left)));
  }
  return claimed;
}

function claimDueOfPriority(db: DB, priority: number, nowIso: string, limit: number): Promise<EmailOutboxRow[]> {
  return db
    .updateTable('emailOutbox')
    .set({ status: 'sending', updatedAt: nowIso })
    .where('status', '=', 'pending')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('emailOutbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('priority', '=', priority)
        .where('nextAttemptAt', '<=', nowIso)
        .orderBy('nextAttemptAt')
        .orderBy('id')
        .limit(limit),
    )
    .returningAll()
    .execute()
    .then(inPickOrder);
}

/** The order of the pick (due time, then id), which an UPDATE's answer does not keep. */
function inPickOrder(rows: EmailOutboxRow[]): EmailOutboxRow[] {
  const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return rows.sort((a, b) => byText(a.nextAttemptAt, b.nextAttemptAt) || byText(a.id, b.id));
}

/**
 * PostgreSQL, where several instances' senders claim at once: the due rows are locked with FOR
 * UPDATE SKIP LOCKED, so rows another sender is claiming right now are passed over rather than
 * waited for, and each sender gets a disjoint batch. The pick is a CTE so it runs once (as a
 * subquery of the UPDATE, PostgreSQL may run it again per row and take more than `limit`).
 */
function claimDueOfPriorityShared(db: DB, priority: number, nowIso: string, limit: number): Promise<EmailOutboxRow[]> {
  return db
    .with('due', (qb) =>
      qb
        .selectFrom('emailOutbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('priority', '=', priority)
        .where('nextAttemptAt', '<=', nowIso)
        .orderBy('nextAttemptAt')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .updateTable('emailOutbox')
    .set({ status: 'sending', updatedAt: nowIso })
    .where('status', '=', 'pending')
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .returningAll()
    .execute()
    .then(inPickOrder);
}

/** Retention: sent messages sent before `beforeIso` go, with their attempts; failed ones stay. */
export async function deleteSentBefore(db: DB, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('emailOutbox')
    .where('status', '=', 'sent')
    .where('sentAt', '<', beforeIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertAttempt(db: DB, outboxId: string, attemptedAt: string, error: string | null): Promise<void> {
  await db.insertInto('emailAttempts').values({ id: newId(), outboxId, attemptedAt, error }).execute();
}

/** Whether the message is still there, claimed for sending: an erasure may have taken it since. */
export async function isStillClaimed(db: DB, id: string): Promise<boolean> {
  const row = await db.selectFrom('emailOutbox').select('id').where('id', '=', id).where('status', '=', 'sending').executeTakeFirst();
  return row !== undefined;
}

/** Answers false when the message is gone (erased while it was being sent): nothing was written. */
export async function markMessageSent(
  db: DB,
  id: string,
  values: { attempts: number; sentAt: string; textBody: string; htmlBody: string },
): Promise<boolean> {
  const result = await db
    .updateTable('emailOutbox')
    .set({ status: 'sent', lastError: null, updatedAt: values.sentAt, ...values })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Answers false when the message is gone (erased while it was being sent): nothing was written. */
export async function markMessageFailed(
  db: DB,
  id: string,
  values: { status: 'pending' | 'failed'; attempts: number; lastError: string; nextAttemptAt: string; updatedAt: string },
): Promise<boolean> {
  const result = await db.updateTable('emailOutbox').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * SMTP settings were removed: waiting messages say why they wait. Run once by the change of
 * settings (a pass of the sender never scans the waiting messages).
 */
export async function markPendingBlocked(db: DB, reason: string, nowIso: string): Promise<number> {
  const result = await db
    .updateTable('emailOutbox')
    .set({ lastError: reason, updatedAt: nowIso })
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('lastError', 'is', null), eb('lastError', '<>', reason)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The mail server is back after failures: every message waiting for its next attempt is due now,
 * so the queue drains by itself instead of each message waiting out its own delay (up to an hour).
 */
export async function makeWaitingDueNow(db: DB, nowIso: string): Promise<number> {
  const result = await db
    .updateTable('emailOutbox')
    .set({ nextAttemptAt: nowIso, updatedAt: nowIso })
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether a message is waiting for a later attempt after failing (one row of the index, at most). */
export async function hasWaitingRetries(db: DB, nowIso: string): Promise<boolean> {
  const row = await db
    .selectFrom('emailOutbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '>', nowIso)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** 'Retry all failed': every failed message back in line at once, in one statement; answers how many. */
export async function requeueAllFailed(db: DB, nowIso: string): Promise<number> {
  const result = await db
    .updateTable('emailOutbox')
    .set({ status: 'pending', nextAttemptAt: nowIso, updatedAt: nowIso })
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Claimed messages that were never sent (a stop or a failure mid-batch) go back in line, due as they were. */
export async function releaseClaims(db: DB, ids: readonly string[], nowIso: string): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('emailOutbox')
    .set({ status: 'pending', updatedAt: nowIso })
    .where('id', 'in', ids)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * At start-up: a message left 'sending' by a stopped process goes back in line. With several
 * instances (PostgreSQL) another one may be sending it right now, so only rows claimed before
 * `claimedBefore` (longer ago than any send takes) are taken back.
 */
export async function resetInterruptedSends(db: DB, nowIso: string, claimedBefore?: string): Promise<number> {
  const result = await db
    .updateTable('emailOutbox')
    .set({ status: 'pending', updatedAt: nowIso })
    .where('status', '=', 'sending')
    .$if(claimedBefore !== undefined, (query) => query.where('updatedAt', '<', claimedBefore ?? nowIso))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listOutbox(db: DB, filter: EmailLogFilter): Promise<Page<EmailLogItem>> {
  let query = db.selectFrom('emailOutbox');
  if (filter.status !== 'all') query = query.where('status', '=', filter.status);
  if (filter.search !== undefined) {
    query = query.where(matchesAny(db, ['emailOutbox.toAddress', 'emailOutbox.subject'], filter.search));
  }
  const [rows, count] = await Promise.all([
    query
      .select([
        'id',
        'kind',
        'toAddress',
        'subject',
        'status',
        'attempts',
        'maxAttempts',
        'lastError',
        'createdAt',
        'sentAt',
        'nextAttemptAt',
      ])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows, total: Number(count.total) };
}

/** Every attempt at one message, first attempt first. */
export function listAttempts(db: DB, outboxId: string): Promise<EmailAttemptItem[]> {
  return db
    .selectFrom('emailAttempts')
    .select(['id', 'attemptedAt', 'error'])
    .where('outboxId', '=', outboxId)
    .orderBy('attemptedAt')
    .orderBy('id')
    .execute();
}

/** Back in line at once; a message out of attempts gets one more. Only pending or failed rows change. */
export function requeueMessage(db: DB, id: string, nowIso: string): Promise<EmailOutboxRow | undefined> {
  return db
    .updateTable('emailOutbox')
    .set((eb) => ({
      status: 'pending',
      nextAttemptAt: nowIso,
      updatedAt: nowIso,
      maxAttempts: eb
        .case()
        .when('attempts', '>=', eb.ref('maxAttempts'))
        .then(eb('attempts', '+', 1))
        .else(eb.ref('maxAttempts'))
        .end(),
    }))
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed'])
    .returningAll()
    .executeTakeFirst();
}
