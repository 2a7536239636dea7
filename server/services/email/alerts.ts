// System alerts to admins with Enable Email Notifications and System Alerts on: an e-mail gave up
// after its retries, sign-in failures for one account passed the limit, a time slot became full
// and its waitlist started, the server started after an unclean stop. At most one alert of a kind
// per clock hour (UTC): the first trigger claims 'alert:<kind>:<hour>' in notification_claims, in
// the same transaction as its messages, so later triggers that hour, a restarted process or a
// second instance send nothing more.
import type { DB } from '@db/database';
import type { LimitHooks, SignInThrottledEvent } from '@server/auth/limits';
import { formatDateTime, formatSlotRange } from '@server/shared/time';
import { failedSignInAddresses } from '@server/repositories/audit';
import { getEmailSettings } from '@server/repositories/settings';
import { claimOnce, deleteClaim, replaceClaim } from '@server/repositories/notification-claims';
import { findSlotContext, listWaitlistedIds } from '@server/repositories/bookings';
import { findNotifiedAdminEmails } from '@server/repositories/users';
import { sendMail, toMailSettings } from './smtp';
import { enqueueMessage, loadOutboxSite } from './enqueue';
import { type RenderedMessage, renderMessage } from './layout';
import { signedBy, type SiteVoice } from './messages';
import { notificationSettingsLink } from './staff-links';

const HOUR_MS = 3_600_000;

export const ALERT_KINDS = ['email-gave-up', 'sign-in-throttled', 'waitlist-started', 'unclean-stop', 'disk-full', 'backup-failed'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What one alert says; `details` are label/value rows. */
export interface AlertContent {
  kind: AlertKind;
  title: string;
  paragraphs: string[];
  details: [string, string][];
  /** Where in the back office to look, when there is such a place. */
  link: { label: string; path: string } | null;
}

/** The claim key of `kind` for the UTC hour of `now`, e.g. 'alert:unclean-stop:2026-11-23T11'. */
export function alertClaimKey(kind: AlertKind, now: Date): string {
  return `alert:${kind}:${now.toISOString().slice(0, 13)}`;
}

function alertRecipients(db: DB): Promise<string[]> {
  return findNotifiedAdminEmails(db, 'systemAlerts');
}

export function systemAlertMessage(site: SiteVoice, alert: AlertContent): RenderedMessage {
  return renderMessage({
    subject: `${site.siteName} alert: ${alert.title}`,
    ...signedBy(site),
    greeting: null,
    paragraphs: alert.paragraphs,
    details: alert.details,
    link: alert.link === null ? null : { label: alert.link.label, url: `${site.publicOrigin}${alert.link.path}` },
    endLink: notificationSettingsLink(site.publicOrigin),
    notes: [
      'You receive this because System Alerts are on in your notification settings.',
      'At most one alert of this kind is sent per hour; later ones in the same hour are not e-mailed.',
    ],
  });
}

/**
 * Writes the alert for every admin who wants alerts, unless one of its kind went this hour. Pass the
 * transaction of the change that raises it when there is one. Returns how many messages were written.
 */
export async function raiseSystemAlert(db: DB, publicOrigin: string, alert: AlertContent, now = new Date()): Promise<number> {
  const recipients = await alertRecipients(db);
  if (recipients.length === 0) return 0;
  if (!(await claimOnce(db, alertClaimKey(alert.kind, now), now.toISOString()))) return 0;
  const site = await loadOutboxSite(db, publicOrigin);
  const rendered = systemAlertMessage(site, alert);
  for (const to of recipients) {
    await enqueueMessage(db, site, { kind: 'system-alert', to, rendered, ics: null, bookingId: null }, now);
  }
  return recipients.length;
}

// ---- The four kinds ----------------------------------------------------------------------------

export function emailGaveUpAlert(message: { toAddress: string; subject: string; attempts: number; lastError: string }): AlertContent {
  return {
    kind: 'email-gave-up',
    title: 'an e-mail could not be sent',
    paragraphs: [
      `An e-mail gave up after ${message.attempts} attempt${message.attempts === 1 ? '' : 's'} and will not be tried again unless you retry it in the Email Log.`,
    ],
    details: [
      ['To', message.toAddress],
      ['Subject', message.subject],
      ['Last error', message.lastError],
    ],
    link: { label: 'Open the Email Log', path: '/admin/settings?tab=emailLog' },
  };
}

export function signInThrottledAlert(event: SignInThrottledEvent): AlertContent {
  return {
    kind: 'sign-in-throttled',
    title: `repeated failed sign-ins for ${event.email}`,
    paragraphs: [
      event.step === 'code'
        ? `Wrong authenticator codes for the account ${event.email} passed the limit, so app codes are refused for an hour ` +
          '(recovery codes still work). Only someone who knows its password reaches that step: change the password.'
        : `Sign-in failures for the account ${event.email} passed the limit, so further attempts are refused for a while. ` +
          'This may be an attack: someone guessing its password.',
    ],
    details: [
      ['Account', event.email],
      [event.addresses.length === 1 ? 'Address' : 'Addresses', event.addresses.join(', ')],
    ],
    link: { label: 'Open the audit log', path: '/admin/audit' },
  };
}

export function waitlistStartedAlert(
  timeZone: string,
  slot: { eventTitle: string; sessionTitle: string; startTime: string; endTime: string; capacity: number | null },
): AlertContent {
  return {
    kind: 'waitlist-started',
    title: `${slot.sessionTitle} is full`,
    paragraphs: ['A time slot became full and its waitlist started: the latest booking went onto the waitlist.'],
    details: [
      ['Event', slot.eventTitle],
      ['Session', slot.sessionTitle],
      ['When', formatSlotRange(slot.startTime, slot.endTime, timeZone)],
      ['Capacity', slot.capacity === null ? 'No limit' : String(slot.capacity)],
    ],
    link: { label: 'Open the bookings', path: '/admin/bookings' },
  };
}

export function uncleanStopAlert(timeZone: string, runningSince: string, startedAt: string): AlertContent {
  return {
    kind: 'unclean-stop',
    title: 'the server restarted after an unclean stop',
    paragraphs: [
      'The server started, but its previous run ended without a clean shutdown (a crash, a kill or a power loss). ' +
        'E-mails being sent at that moment are sent again; check the server log for the cause.',
    ],
    details: [
      ['Previous run started', formatDateTime(runningSince, timeZone)],
      ['Started again', formatDateTime(startedAt, timeZone)],
    ],
    link: null,
  };
}

export function diskFullAlert(dataDir: string, cause: string): AlertContent {
  return {
    kind: 'disk-full',
    title: 'the server is out of disk space',
    paragraphs: [
      'Writes to the database are refused for lack of disk space: visitors cannot book and staff cannot save changes. ' +
        'Pages and lists still show. Free space on the disk (old backups, logs); writes work again at once, with no restart.',
    ],
    details: [
      ['Data folder', dataDir],
      ['Cause', cause],
    ],
    link: null,
  };
}

/**
 * Sends an alert to the admins who want alerts straight through SMTP, not through the outbox:
 * for a fault that refuses every write (a full disk), the outbox cannot take it. Reads still work,
 * so the recipients and the SMTP settings are read as usual. Resolves to the number of recipients.
 */
export async function sendSystemAlertNow(db: DB, publicOrigin: string, alert: AlertContent): Promise<number> {
  const recipients = await alertRecipients(db);
  const settings = toMailSettings(await getEmailSettings(db));
  if (recipients.length === 0 || settings === null) return 0;
  const site = await loadOutboxSite(db, publicOrigin);
  const rendered = systemAlertMessage(site, alert);
  const from = { ...settings, fromName: settings.fromName ?? site.siteName };
  for (const to of recipients) await sendMail(from, { to, subject: rendered.subject, text: rendered.text, html: rendered.html, attachments: [] });
  return recipients.length;
}

// ---- Where they are raised ---------------------------------------------------------------------

/** When a slot's first waitlisted booking has just been written (in its transaction). */
export async function alertIfWaitlistStarted(db: DB, publicOrigin: string, timeSlotId: string, now = new Date()): Promise<number> {
  // Only the first waitlisted booking alerts. At most two rows are read, not counted: a long
  // waitlist would otherwise be counted whole by every booking that joins it.
  const waitlisted = await listWaitlistedIds(db, timeSlotId, 2);
  if (waitlisted.length !== 1) return 0;
  const slot = await findSlotContext(db, timeSlotId);
  if (slot === undefined) return 0;
  const site = await loadOutboxSite(db, publicOrigin);
  return raiseSystemAlert(db, publicOrigin, waitlistStartedAlert(site.timeZone, { ...slot, capacity: slot.maxParticipants }), now);
}

/**
 * The limit hooks the server is built with (server/index.ts): a throttled sign-in raises its alert.
 * The hook cannot wait, so the write runs on its own; `settled` resolves once every one is done.
 */
export function systemAlertHooks(
  db: DB,
  publicOrigin: string,
  onError: (error: unknown) => void,
): { hooks: LimitHooks; settled(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  return {
    hooks: {
      onSignInThrottled(event) {
        const write = db
          .transaction()
          .execute(async (trx) => {
            // Every address that failed for this account this past hour, the throttled one first:
            // one alert an hour, so it names all the guessing addresses, not just the first.
            const since = new Date(Date.now() - HOUR_MS).toISOString();
            const recent = await failedSignInAddresses(trx, event.email, since);
            const addresses = [...new Set([...event.addresses, ...recent])];
            return raiseSystemAlert(trx, publicOrigin, signInThrottledAlert({ ...event, addresses }));
          })
          .catch(onError)
          .finally(() => running.delete(write));
        running.add(write);
      },
    },
    async settled() {
      await Promise.all([...running]);
    },
  };
}

// ---- Unclean stop: a marker row while the server runs ------------------------------------------

/**
 * One marker per instance (e.g. 'server-running:web1:3000', from the host name and port): instances
 * sharing one PostgreSQL database each run and stop on their own, and one that is running must not
 * look like another's unclean stop.
 */
function runningMarker(instance: string): string {
  return `server-running:${instance}`;
}

/**
 * At start: sets the marker that says this instance is running, and answers when its previous run
 * set it (it is still there when that run never reached its clean shutdown), else null.
 */
export function markServerRunning(db: DB, instance: string, now = new Date()): Promise<string | null> {
  return db.transaction().execute((trx) => replaceClaim(trx, runningMarker(instance), now.toISOString()));
}

/** The clean shutdown's last write: this instance's next start finds no marker. */
export async function clearServerRunning(db: DB, instance: string): Promise<void> {
  await deleteClaim(db, runningMarker(instance));
}

/** Start-up: sets the marker and, when the previous run stopped uncleanly, alerts. Returns the messages written. */
export async function noteServerStart(db: DB, publicOrigin: string, instance: string, now = new Date()): Promise<number> {
  const runningSince = await markServerRunning(db, instance, now);
  if (runningSince === null) return 0;
  return db.transaction().execute(async (trx) => {
    const site = await loadOutboxSite(trx, publicOrigin);
    return raiseSystemAlert(trx, publicOrigin, uncleanStopAlert(site.timeZone, runningSince, now.toISOString()), now);
  });
}
