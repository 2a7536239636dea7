// Writing a message into the outbox. Always called with the transaction of the change that causes
// the message, so the change and its messages are stored together or not at all.
import type { DB } from '@db/database';
import { wakeChannelOf } from '@db/outbox-wake';
import { notifyInstances } from '@db/pg-notify';
import { isPostgres } from '@db/postgres';
import type { EmailKind, IcsMethod } from '@db/schema';
import { insertOutboxMessage } from './outbox.repository';
import { getSystemAndEmailSettings } from '@server/settings/settings.repository';
import { toMailSettings } from './smtp';
import { signatureLines } from '@server/settings/site-identity.service';
import type { RenderedMessage } from '@server/shared/email-layout';
import type { SiteVoice } from './messages';
import { readBillingSettings } from '@server/invoices/billing-settings.repository';
import { bankAccountOf } from '@server/invoices/billing-settings.schemas';

export const SMTP_NOT_CONFIGURED_REASON = 'SMTP not configured';

/** What every message written in one transaction shares: the site's voice and the sender. */
export interface OutboxSite extends SiteVoice {
  /** Host name of the public origin (no port): the domain of .ics UIDs. */
  host: string;
  /** The firm as calendar ORGANIZER: its contact e-mail, else the From address; none without either. */
  organizer: { name: string; email: string } | null;
  /** Set when messages cannot go yet; stored as their last error so the e-mail log says why. */
  blockedReason: string | null;
}

export async function loadOutboxSite(db: DB, publicOrigin: string): Promise<OutboxSite> {
  const [{ system, email, identity }, billing] = await Promise.all([getSystemAndEmailSettings(db), readBillingSettings(db)]);
  // The firm organizes what the calendar files describe: its own address, else the sender's.
  const organizerEmail = identity.contactEmail ?? email.fromEmail;
  return {
    siteName: system.siteName,
    primaryColor: identity.primaryColor,
    logoUrl: identity.logoUrl === null ? null : `${publicOrigin}${identity.logoUrl}`,
    signature: signatureLines({ ...identity, siteName: system.siteName, siteDescription: system.siteDescription }),
    timeZone: system.timezone,
    publicOrigin,
    bankAccount: bankAccountOf(billing, system.siteName),
    host: new URL(publicOrigin).hostname,
    organizer: organizerEmail === null ? null : { name: system.siteName, email: organizerEmail },
    blockedReason: toMailSettings(email) === null ? SMTP_NOT_CONFIGURED_REASON : null,
  };
}

export interface MessageToEnqueue {
  kind: EmailKind;
  to: string;
  rendered: RenderedMessage;
  ics: { content: string; method: IcsMethod } | null;
  bookingId: string | null;
  /** A booking's check-in code the message shows (cid:check-in-qr in its HTML). */
  checkInCode?: string | null;
  /** An invoice the message carries as a PDF (the sender renders it when it sends). */
  invoiceId?: string | null;
}

/** Sending order: what a participant or staff member waits for, then alerts, then reminders, then reports. */
export function priorityOf(kind: EmailKind): number {
  if (kind === 'system-alert') return 1;
  if (kind === 'booking-reminder' || kind === 'consultation-reminder') return 2;
  if (kind === 'weekly-report') return 3;
  return 0;
}

/**
 * Senders of `db`'s database listen here (SQLite) so a burst of new messages is sent at once rather
 * than on the next tick. The sender's reads wait for the writing transaction's connection, so they
 * see the new rows.
 */
export function onOutboxEnqueued(db: DB, listener: () => void): () => void {
  const channel = wakeChannelOf(db);
  return channel === undefined ? () => false : channel.listen(listener);
}

/** Wakes the senders (of every instance, once the transaction of `db` commits) for messages made due. */
export async function wakeOutboxSenders(db: DB): Promise<void> {
  if (isPostgres(db)) await notifyInstances(db, 'outbox');
  else wakeChannelOf(db)?.wake();
}

/**
 * Writes one message into the outbox, due at `now` (the clock of the caller, so work run by an
 * injected clock, such as reminders, reports and alerts, is due by that same clock).
 */
export async function enqueueMessage(db: DB, site: OutboxSite, message: MessageToEnqueue, now = new Date()): Promise<string> {
  // PostgreSQL: the senders of every instance are woken when the writing transaction commits (a
  // wake before that would find nothing, as their reads use other connections).
  await wakeOutboxSenders(db);
  return insertOutboxMessage(db, {
    priority: priorityOf(message.kind),
    kind: message.kind,
    toAddress: message.to,
    subject: message.rendered.subject,
    textBody: message.rendered.text,
    htmlBody: message.rendered.html,
    ics: message.ics?.content ?? null,
    icsMethod: message.ics?.method ?? null,
    bookingId: message.bookingId,
    checkInCode: message.checkInCode ?? null,
    invoiceId: message.invoiceId ?? null,
    lastError: site.blockedReason,
    nextAttemptAt: now.toISOString(),
  });
}
