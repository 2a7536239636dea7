// The outbox sender: a loop in the server process that claims a batch of due messages (most urgent
// first: booking messages, then alerts, then reminders and reports) and sends them concurrently
// through one pooled SMTP transport, each with its own result, so one failing message never holds up
// the rest. Failures are retried as a mail server retries: after about 1, 5 and 15 minutes, then
// every hour, until the message has waited for Give Up After (a system setting, 24 hours by
// default); every attempt is kept. A send that works after the server was unreachable makes every
// waiting message due at once, so the queue drains by itself when SMTP comes back. It wakes when a
// message is enqueued, not only on its tick, so a burst drains at once. A pass costs the same
// however many messages wait: it reads only what is due (repositories/outbox.ts).
//
// Exactly-once, as far as SMTP allows: a message is claimed (pending -> sending) by a conditional
// UPDATE before it is sent, so two passes never send the same row, and marked sent right after the
// server accepts it. A process that stops between those two moments leaves the row 'sending'; the
// next start puts it back to 'pending' and it is sent again. That gap (server accepted, database not
// yet written: a few milliseconds, or a crash of the process or the disk) is the only way to a
// duplicate, and the copy carries the same Message-ID, so mail systems that de-duplicate can tell.
import type { ServiceDeps } from '@server/core/deps';
import {
  claimDueMessages,
  hasWaitingRetries,
  insertAttempt,
  makeWaitingDueNow,
  markMessageFailed,
  markMessageSent,
  resetInterruptedSends,
} from './outbox.repository';
import { getEmailSettings, getSystemSettings } from '@server/settings/settings.repository';
import type { DB } from '@db/database';
import { listenToInstances } from '@db/pg-notify';
import { isPostgres } from '@db/postgres';
import type { EmailOutboxRow } from '@db/schema';
import QRCode from 'qrcode';
import { CHECK_IN_QR_CID } from './messages';
import { type MailAttachment, type MailSettings, type OutgoingMail, type PooledMailer, openPooledMailer, smtpFailureReason, toMailSettings } from './smtp';
import { onOutboxEnqueued } from './enqueue.service';
import { redactManageLinks } from './manage-token';
import { emailGaveUpAlert, raiseSystemAlert } from '@server/monitoring/system-alerts.service';
import { isSendingPaused } from './sending-pause.service';

export const DEFAULT_SEND_INTERVAL_MS = 5_000;
/** The waits after the first, second and third failures; every later one waits an hour. */
export const RETRY_WAITS_MS = [60_000, 5 * 60_000, 15 * 60_000] as const;
export const RETRY_HOURLY_MS = 60 * 60_000;
/** Messages claimed and sent concurrently at once. */
export const DEFAULT_BATCH_SIZE = 100;
/** Batches per pass at most, so one pass never runs for ever. */
export const DEFAULT_MAX_BATCHES = 10;
/** SMTP connections of the pool. */
export const DEFAULT_MAX_CONNECTIONS = 5;
/**
 * With several instances (PostgreSQL), a message 'sending' for longer than this was left by an
 * instance that stopped mid-send (no send takes this long), and goes back in line at the next pass.
 */
export const STRANDED_SEND_MS = 10 * 60_000;

export interface EmailSenderOptions {
  /** Pause between passes; null runs no loop (passes only through runOnce, as tests do). */
  intervalMs?: number | null;
  batchSize?: number;
  maxBatches?: number;
  maxConnections?: number;
  /** Start a pass as soon as a message is enqueued (default true when a loop runs). */
  wakeOnEnqueue?: boolean;
  /** The clock, injectable so tests move time instead of sleeping. */
  now?: () => Date;
  onError?: (error: unknown) => void;
}

export interface EmailSender {
  /** One pass over the due messages; resolves to the number sent. Passes of one sender never overlap. */
  runOnce(): Promise<number>;
  /** Ends the loop after the batch being sent now; resolves when the current pass is over. */
  stop(): Promise<void>;
}

/** The wait before the next attempt after `failedAttempts` failed ones: 1, 5, 15 minutes, then hourly. */
export function retryDelayMs(failedAttempts: number): number {
  return RETRY_WAITS_MS[failedAttempts - 1] ?? RETRY_HOURLY_MS;
}

/**
 * Failures that say the mail server could not be reached or talked to at all (not a refusal of
 * one message): once a send works again, everything waiting is tried at once.
 */
const SERVER_TROUBLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'ECONNREFUSED', 'ECONNRESET']);

function isServerTrouble(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return SERVER_TROUBLE.has(code);
}

async function outgoingMail(row: EmailOutboxRow, messageIdDomain: string): Promise<OutgoingMail> {
  const method = row.icsMethod ?? 'REQUEST';
  const attachments: MailAttachment[] = [];
  if (row.ics !== null) attachments.push({ filename: 'invite.ics', content: row.ics, contentType: `text/calendar; charset=utf-8; method=${method}` });
  if (row.checkInCode !== null) {
    // Made here, not stored: a PNG of the code, shown inline by its Content-ID.
    const png = await QRCode.toBuffer(row.checkInCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
    attachments.push({ filename: 'check-in.png', content: png, contentType: 'image/png', cid: CHECK_IN_QR_CID });
  }
  return {
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    attachments,
    messageId: `<outbox-${row.id}@${messageIdDomain}>`,
  };
}

export function startEmailSender(deps: ServiceDeps, options: EmailSenderOptions = {}): EmailSender {
  const { db } = deps;
  const intervalMs = options.intervalMs === undefined ? DEFAULT_SEND_INTERVAL_MS : options.intervalMs;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? DEFAULT_MAX_BATCHES;
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const wakeOnEnqueue = options.wakeOnEnqueue ?? intervalMs !== null;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? ((error: unknown) => console.error('E-mail sender:', error));
  const messageIdDomain = new URL(deps.config.publicOrigin).hostname;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /**
   * Set when the server could not be reached (or, at start, when messages already wait for a later
   * attempt): the next send that works makes every waiting message due.
   */
  let serverTrouble = false;

  async function recordSuccess(trx: DB, row: EmailOutboxRow): Promise<void> {
    const at = now().toISOString();
    await insertAttempt(trx, row.id, at, null);
    await markMessageSent(trx, row.id, {
      attempts: row.attempts + 1,
      sentAt: at,
      // The manage token must not outlive the e-mail that carries it.
      textBody: redactManageLinks(row.textBody),
      htmlBody: redactManageLinks(row.htmlBody),
    });
  }

  async function recordFailure(trx: DB, row: EmailOutboxRow, reason: string, giveUpAfterMs: number): Promise<void> {
    const at = now();
    const attempts = row.attempts + 1;
    const next = at.getTime() + retryDelayMs(attempts);
    // Given up once the next attempt would come after the message has waited its time.
    const gaveUp = next - Date.parse(row.createdAt) > giveUpAfterMs;
    await insertAttempt(trx, row.id, at.toISOString(), reason);
    // Admins hear of a message that gave up; an alert that gave up raises none (no loop).
    if (gaveUp && row.kind !== 'system-alert') {
      const message = { toAddress: row.toAddress, subject: row.subject, attempts, lastError: reason };
      await raiseSystemAlert(trx, deps.config.publicOrigin, emailGaveUpAlert(message), at);
    }
    await markMessageFailed(trx, row.id, {
      status: gaveUp ? 'failed' : 'pending',
      attempts,
      lastError: reason,
      nextAttemptAt: new Date(next).toISOString(),
      updatedAt: at.toISOString(),
    });
  }

  // One pooled transport, kept while the settings stay the same; new settings open a new pool.
  let mailer: { key: string; pool: PooledMailer } | undefined;
  function mailerFor(settings: MailSettings): PooledMailer {
    const key = JSON.stringify(settings);
    if (mailer?.key !== key) {
      mailer?.pool.close();
      mailer = { key, pool: openPooledMailer(settings, maxConnections) };
    }
    return mailer.pool;
  }

  /** Sends one message; resolves to null when the server accepted it, else the reason. */
  async function deliver(row: EmailOutboxRow, pool: PooledMailer): Promise<string | null> {
    try {
      await pool.send(await outgoingMail(row, messageIdDomain));
      return null;
    } catch (error) {
      if (isServerTrouble(error)) serverTrouble = true;
      return smtpFailureReason(error);
    }
  }


  const shared = isPostgres(db);

  async function pass(): Promise<number> {
    if (shared) {
      const current = now();
      await resetInterruptedSends(db, current.toISOString(), new Date(current.getTime() - STRANDED_SEND_MS).toISOString());
    }
    // Without SMTP settings nothing is attempted; the messages say why they wait (written so when
    // enqueued, or when the settings were removed: services/settings.ts), and nothing is scanned.
    const mail = toMailSettings(await getEmailSettings(db));
    if (mail === null) return 0;
    // A copy restored from a backup sends nothing until an admin resumes (sending-pause.service.ts).
    if (await isSendingPaused(db)) return 0;
    const system = await getSystemSettings(db);
    const giveUpAfterMs = system.emailGiveUpHours * 3_600_000;
    // Messages go out in the site's name when no From name is set.
    const settings: MailSettings = { ...mail, fromName: mail.fromName ?? system.siteName };
    const pool = mailerFor(settings);
    let sent = 0;
    // Batches until nothing is due, at most `maxBatches` per pass so one pass never runs for ever.
    for (let batch = 0; batch < maxBatches && !stopped; batch += 1) {
      const rows = await claimDueMessages(db, now().toISOString(), batchSize);
      if (rows.length === 0) break;
      const results = await Promise.all(rows.map((row) => deliver(row, pool)));
      // Each message's own result, written for the whole batch in one transaction.
      await db.transaction().execute(async (trx) => {
        for (const [index, row] of rows.entries()) {
          const reason = results[index] ?? null;
          if (reason === null) await recordSuccess(trx, row);
          else await recordFailure(trx, row, reason, giveUpAfterMs);
        }
      });
      for (const [index, row] of rows.entries()) {
        if ((results[index] ?? null) === null) deps.metrics.emailSent(row.kind);
        else deps.metrics.emailFailed(row.kind);
      }
      const worked = results.filter((reason) => reason === null).length;
      sent += worked;
      // The server is back: what waited for it goes now, in the next batches of this pass.
      if (worked > 0 && serverTrouble) {
        serverTrouble = false;
        if ((await makeWaitingDueNow(db, now().toISOString())) > 0) continue;
      }
      if (rows.length < batchSize) break;
    }
    return sent;
  }

  // Nothing is sent before rows stranded in 'sending' by the previous process are back in line.
  const startedAt = now();
  const ready = resetInterruptedSends(
    db,
    startedAt.toISOString(),
    shared ? new Date(startedAt.getTime() - STRANDED_SEND_MS).toISOString() : undefined,
  )
    // Messages that failed before this start may have failed for an outage now over.
    .then(async () => {
      serverTrouble = await hasWaitingRetries(db, startedAt.toISOString());
    })
    .then(
      () => undefined,
      (error: unknown) => onError(error),
    );
  let chain: Promise<unknown> = ready;

  function runOnce(): Promise<number> {
    const result = chain.then(() => (stopped ? 0 : pass()));
    chain = result.catch(() => undefined);
    return result;
  }

  // The loop: one pass at a time; a wake during a pass runs another right after it.
  let running = false;
  let wakeRequested = false;
  function loopPass(): void {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    running = true;
    wakeRequested = false;
    void runOnce()
      .catch(onError)
      .finally(() => {
        running = false;
        if (wakeRequested) setImmediate(loopPass);
        else scheduleNext();
      });
  }
  function scheduleNext(): void {
    if (stopped || intervalMs === null) return;
    timer = setTimeout(loopPass, intervalMs);
    timer.unref();
  }
  const wake = () => {
    if (stopped) return;
    if (running) {
      wakeRequested = true;
      return;
    }
    if (!wakeRequested) {
      wakeRequested = true;
      setImmediate(loopPass);
    }
  };
  // PostgreSQL: woken by any instance's commit of a new message (LISTEN/NOTIFY); SQLite: in-process.
  let unsubscribe: () => unknown = () => undefined;
  if (wakeOnEnqueue && shared) {
    const listening = listenToInstances(db, 'outbox', wake);
    listening.catch(onError);
    unsubscribe = () => listening.then((stop) => stop(), () => undefined);
    chain = chain.then(() => listening).catch(() => undefined);
  } else if (wakeOnEnqueue) {
    unsubscribe = onOutboxEnqueued(db, wake);
  }
  scheduleNext();

  return {
    runOnce,
    async stop() {
      stopped = true;
      await unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      await chain;
      mailer?.pool.close();
      mailer = undefined;
    },
  };
}
