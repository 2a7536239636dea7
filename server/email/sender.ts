// The outbox sender: a loop in the server process that claims a batch of due messages (most urgent
// first: booking messages, then alerts, then reminders and reports) and sends them through one
// pooled SMTP transport, one message per connection at a time, each with its own result, so one
// failing message never holds up the rest. Failures are retried as a mail server retries: after
// about 1, 5 and 15 minutes, then every hour, until the message has waited for Give Up After (a
// system setting, 24 hours by default); every attempt is kept. A send that works after the server
// was unreachable makes every waiting message due at once, so the queue drains by itself when SMTP
// comes back. It wakes when a message is enqueued, not only on its tick, so a burst drains at once.
// A pass costs the same however many messages wait: it reads only what is due (outbox.repository.ts).
//
// Once, as far as SMTP allows (docs/decisions/016-sender-once.md): a message is claimed (pending ->
// sending) by a conditional UPDATE before it is sent, so two passes never send the same row, and its
// result is written in its own transaction as soon as the server answers, before that connection
// takes the next message. A process killed at any moment therefore leaves at most one message per
// SMTP connection accepted by the server but not recorded (DEFAULT_MAX_CONNECTIONS, 5); the next
// start puts the rows still 'sending' back to 'pending' and only those few go again, with the same
// Message-ID, so mail systems that de-duplicate can tell. When the database fails while the process
// lives on (PostgreSQL restarting), the results it could not write are kept in memory and written
// first at the next pass, and the claimed messages not yet sent are put back in line: nothing is
// sent twice for an outage of the database.
//
// An erasure (server/privacy/) owns the messages it deletes, claimed ones too: right before a
// message goes to the SMTP server the sender checks it is still there, and skips it if not; a
// message whose transfer was already under way when it was erased leaves no result behind.
import path from 'node:path';
import type { ServiceDeps } from '@server/core/deps';
import {
  claimDueMessages,
  hasWaitingRetries,
  insertAttempt,
  isStillClaimed,
  makeWaitingDueNow,
  markMessageFailed,
  markMessageSent,
  releaseClaims,
  resetInterruptedSends,
} from './outbox.repository';
import { getEmailSettings, getSystemSettings } from '@server/settings/settings.repository';
import { invoicePdfById } from '@server/invoices/invoices.service';
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
/** A claimed message erased before its transfer started: not sent, nothing recorded. */
const SKIPPED = Symbol('skipped');
/** The waits after the first, second and third failures; every later one waits an hour. */
export const RETRY_WAITS_MS = [60_000, 5 * 60_000, 15 * 60_000] as const;
export const RETRY_HOURLY_MS = 60 * 60_000;
/** Messages claimed at once; they are sent one per connection at a time, each recorded as it goes. */
export const DEFAULT_BATCH_SIZE = 100;
/** Batches per pass at most, so one pass never runs for ever. */
export const DEFAULT_MAX_BATCHES = 10;
/**
 * SMTP connections of the pool, each sending one message at a time: also the most messages a crash
 * can leave accepted by the server but not recorded, so sent again at the next start.
 */
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
  /** After each pass that did not fail (the log says an outage is over). */
  onPassDone?: () => void;
  /**
   * True while the server is near its bound on requests (server/http/load-shedding.ts): before each
   * message a connection waits, up to YIELD_MAX_MS, so e-mail work steps aside for visitors.
   */
  serverBusy?: () => boolean;
}

/** How long a connection waits for a busy server before sending its next message anyway. */
export const YIELD_MAX_MS = 2_000;
const YIELD_STEP_MS = 50;

export interface EmailSender {
  /** One pass over the due messages; resolves to the number sent. Passes of one sender never overlap. */
  runOnce(): Promise<number>;
  /**
   * Ends the loop once the messages being sent now are recorded (claimed ones not yet sent go back
   * in line); resolves when the current pass is over.
   */
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

/**
 * The invoice a message carries, rendered now from the stored invoice (which never changes, so the
 * PDF is the one issued): what the outbox keeps is its id, not its bytes.
 */
async function invoiceAttachment(deps: Pick<ServiceDeps, 'db' | 'config'>, invoiceId: string): Promise<MailAttachment> {
  // The logo it prints lives in the uploads folder, where server/core/deps.ts puts it.
  const { number, pdf } = await invoicePdfById({ db: deps.db, uploadsDir: path.resolve(deps.config.dataDir, 'uploads') }, { id: invoiceId });
  return { filename: `${number}.pdf`, content: pdf, contentType: 'application/pdf' };
}

async function outgoingMail(row: EmailOutboxRow, messageIdDomain: string, deps: Pick<ServiceDeps, 'db' | 'config'>): Promise<OutgoingMail> {
  const method = row.icsMethod ?? 'REQUEST';
  const attachments: MailAttachment[] = [];
  if (row.ics !== null) attachments.push({ filename: 'invite.ics', content: row.ics, contentType: `text/calendar; charset=utf-8; method=${method}` });
  if (row.checkInCode !== null) {
    // Made here, not stored: a PNG of the code, shown inline by its Content-ID.
    const png = await QRCode.toBuffer(row.checkInCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
    attachments.push({ filename: 'check-in.png', content: png, contentType: 'image/png', cid: CHECK_IN_QR_CID });
  }
  if (row.invoiceId !== null) attachments.push(await invoiceAttachment(deps, row.invoiceId));
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
    const kept = await markMessageSent(trx, row.id, {
      attempts: row.attempts + 1,
      sentAt: at,
      // The manage token must not outlive the e-mail that carries it.
      textBody: redactManageLinks(row.textBody),
      htmlBody: redactManageLinks(row.htmlBody),
    });
    // Erased during its transfer: nothing of it is kept.
    if (kept) await insertAttempt(trx, row.id, at, null);
  }

  async function recordFailure(trx: DB, row: EmailOutboxRow, reason: string, giveUpAfterMs: number): Promise<void> {
    const at = now();
    const attempts = row.attempts + 1;
    const next = at.getTime() + retryDelayMs(attempts);
    // Given up once the next attempt would come after the message has waited its time.
    const gaveUp = next - Date.parse(row.createdAt) > giveUpAfterMs;
    const kept = await markMessageFailed(trx, row.id, {
      status: gaveUp ? 'failed' : 'pending',
      attempts,
      lastError: reason,
      nextAttemptAt: new Date(next).toISOString(),
      updatedAt: at.toISOString(),
    });
    // Erased during its transfer: nothing of it is kept, nobody is alerted.
    if (!kept) return;
    await insertAttempt(trx, row.id, at.toISOString(), reason);
    // Admins hear of a message that gave up; an alert that gave up raises none (no loop).
    if (gaveUp && row.kind !== 'system-alert') {
      const message = { toAddress: row.toAddress, subject: row.subject, attempts, lastError: reason };
      await raiseSystemAlert(trx, deps.config.publicOrigin, emailGaveUpAlert(message), at);
    }
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

  /**
   * Sends one message; resolves to null when the server accepted it, SKIPPED when it was erased
   * before its turn, else the reason.
   */
  async function deliver(row: EmailOutboxRow, pool: PooledMailer): Promise<string | null | typeof SKIPPED> {
    if (!(await isStillClaimed(db, row.id))) return SKIPPED;
    try {
      await pool.send(await outgoingMail(row, messageIdDomain, deps));
      return null;
    } catch (error) {
      if (isServerTrouble(error)) serverTrouble = true;
      return smtpFailureReason(error);
    }
  }


  /** Writes one message's result, in its own transaction, the moment the server has answered. */
  async function record(row: EmailOutboxRow, reason: string | null, giveUpAfterMs: number): Promise<void> {
    await db.transaction().execute((trx) => (reason === null ? recordSuccess(trx, row) : recordFailure(trx, row, reason, giveUpAfterMs)));
    if (reason === null) deps.metrics.emailSent(row.kind);
    else deps.metrics.emailFailed(row.kind);
  }

  /**
   * Results the database refused to take (it went away mid-pass), written before anything else is
   * sent: the server has these messages, and sending them again would be the duplicate.
   */
  const unrecorded: { row: EmailOutboxRow; reason: string | null; giveUpAfterMs: number }[] = [];
  /** Claimed messages a failed pass never sent: back to 'pending' at the next pass. */
  const unsent: string[] = [];

  async function settleInterruptedPass(): Promise<void> {
    while (unrecorded.length > 0) {
      const [first] = unrecorded;
      if (first === undefined) break;
      await record(first.row, first.reason, first.giveUpAfterMs);
      unrecorded.shift();
    }
    if (unsent.length > 0) {
      await releaseClaims(db, unsent, now().toISOString());
      unsent.length = 0;
    }
  }

  /** Waits while the server is busy with visitors, up to YIELD_MAX_MS (e-mail can wait a moment). */
  async function stepAside(): Promise<void> {
    const busy = options.serverBusy;
    if (busy === undefined) return;
    for (let waited = 0; waited < YIELD_MAX_MS && busy() && !stopped; waited += YIELD_STEP_MS) {
      await new Promise((resolve) => setTimeout(resolve, YIELD_STEP_MS));
    }
  }

  /**
   * Sends the claimed rows, one per connection at a time, each recorded before its connection takes
   * the next: at most `maxConnections` messages are ever accepted but not yet recorded. Resolves to
   * the number the server accepted; a stop ends it after the messages in flight, and what was not
   * sent goes back in line.
   */
  async function sendEach(rows: EmailOutboxRow[], pool: PooledMailer, giveUpAfterMs: number): Promise<number> {
    const queue = [...rows];
    let accepted = 0;
    let failure: { error: unknown } | undefined;
    async function connection(): Promise<void> {
      for (let row = queue.shift(); row !== undefined; row = queue.shift()) {
        await stepAside();
        const reason = await deliver(row, pool);
        if (reason === SKIPPED) continue;
        try {
          await record(row, reason, giveUpAfterMs);
        } catch (error) {
          unrecorded.push({ row, reason, giveUpAfterMs });
          failure ??= { error };
        }
        if (reason === null) accepted += 1;
        if (failure !== undefined || stopped) return;
      }
    }
    await Promise.all(Array.from({ length: Math.min(maxConnections, rows.length) }, connection));
    unsent.push(...queue.map((row) => row.id));
    if (failure !== undefined) throw failure.error;
    if (unsent.length > 0) await settleInterruptedPass();
    return accepted;
  }

  const shared = isPostgres(db);

  async function pass(): Promise<number> {
    await settleInterruptedPass();
    if (shared) {
      const current = now();
      await resetInterruptedSends(db, current.toISOString(), new Date(current.getTime() - STRANDED_SEND_MS).toISOString());
    }
    // Without SMTP settings nothing is attempted; the messages say why they wait (written so when
    // enqueued, or when the settings were removed: settings.service.ts), and nothing is scanned.
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
      const worked = await sendEach(rows, pool, giveUpAfterMs);
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
      .then(() => options.onPassDone?.())
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
