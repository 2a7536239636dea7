// System alerts to admins with Enable Email Notifications and System Alerts on: an e-mail gave up
// after its retries, sign-in failures for one account passed the limit, a time slot became full
// and its waitlist started, the server started after an unclean stop. At most one alert of a kind
// per clock hour (UTC): the first trigger claims 'alert:<kind>:<hour>' in notification_claims, in
// the same transaction as its messages, so later triggers that hour, a restarted process or a
// second instance send nothing more.
import type { DB } from '@db/database';
import type { LimitHooks, SignInThrottledEvent } from '@server/core/rate-limits';
import { failedSignInAddresses } from '@server/audit/audit.repository';
import { getEmailSettings } from '@server/settings/settings.repository';
import { claimOnce, deleteClaim, replaceClaim } from '@server/scheduler/claims.repository';
import { findSlotContext, listWaitlistedIds } from '@server/bookings/bookings.repository';
import { findNotifiedAdmins } from '@server/identity/users.repository';
import { sendMail, toMailSettings } from '@server/email/smtp';
import { enqueueMessage, loadOutboxSite } from '@server/email/enqueue.service';
import { type RenderedMessage, renderMessage } from '@server/shared/email-layout';
import { signedBy, type SiteVoice, type Words, wordsIn } from '@server/email/messages';
import { notificationSettingsLink } from '@server/email/staff-links';

const HOUR_MS = 3_600_000;

export const ALERT_KINDS = ['email-gave-up', 'sign-in-throttled', 'waitlist-started', 'unclean-stop', 'disk-full', 'backup-failed', 'webhook-disabled'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What one alert says in one language; `details` are label/value rows. */
export interface AlertTexts {
  title: string;
  paragraphs: string[];
  details: [string, string][];
  /** Where in the back office to look, when there is such a place. */
  link: { label: string; path: string } | null;
}

/** One alert: its kind and its texts in the reader's language (each admin reads it in theirs). */
export interface AlertContent {
  kind: AlertKind;
  texts(words: Words): AlertTexts;
}

/** The claim key of `kind` for the UTC hour of `now`, e.g. 'alert:unclean-stop:2026-11-23T11'. */
export function alertClaimKey(kind: AlertKind, now: Date): string {
  return `alert:${kind}:${now.toISOString().slice(0, 13)}`;
}

function alertRecipients(db: DB): Promise<{ email: string; language: string }[]> {
  return findNotifiedAdmins(db, 'systemAlerts');
}

/** `language`: the admin's, for their notices (English unless set). */
export function systemAlertMessage(site: SiteVoice, alert: AlertContent, language?: string): RenderedMessage {
  const words = wordsIn(language);
  const { t } = words;
  const texts = alert.texts(words);
  return renderMessage({
    subject: t('alert.subject', { siteName: site.siteName, title: texts.title }),
    ...signedBy(site),
    greeting: null,
    paragraphs: texts.paragraphs,
    details: texts.details,
    link: texts.link === null ? null : { label: texts.link.label, url: `${site.publicOrigin}${texts.link.path}` },
    endLink: notificationSettingsLink(site.publicOrigin),
    notes: [t('alert.why'), t('alert.once')],
    language: words.language,
  });
}

/** Each recipient's message, rendered once per language. */
function renderedFor(site: SiteVoice, alert: AlertContent, recipients: { email: string; language: string }[]) {
  const byLanguage = new Map<string, RenderedMessage>();
  return recipients.map(({ email, language }) => {
    let rendered = byLanguage.get(language);
    if (rendered === undefined) {
      rendered = systemAlertMessage(site, alert, language);
      byLanguage.set(language, rendered);
    }
    return { to: email, rendered };
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
  for (const { to, rendered } of renderedFor(site, alert, recipients)) {
    await enqueueMessage(db, site, { kind: 'system-alert', to, rendered, ics: null, bookingId: null }, now);
  }
  return recipients.length;
}

// ---- The four kinds ----------------------------------------------------------------------------

export function emailGaveUpAlert(message: { toAddress: string; subject: string; attempts: number; lastError: string }): AlertContent {
  return {
    kind: 'email-gave-up',
    texts: ({ t }) => ({
      title: t('alert.gaveUp.title'),
      paragraphs: [t('alert.gaveUp.text', { count: message.attempts })],
      details: [
        [t('alert.detail.to'), message.toAddress],
        [t('alert.detail.subject'), message.subject],
        [t('alert.detail.lastError'), message.lastError],
      ],
      link: { label: t('alert.gaveUp.link'), path: '/admin/settings?tab=emailLog' },
    }),
  };
}

const SIGN_IN_ALERT_TEXTS = { password: 'alert.signIn.password', code: 'alert.signIn.code', spread: 'alert.signIn.spread' } as const;

export function signInThrottledAlert(event: SignInThrottledEvent): AlertContent {
  return {
    kind: 'sign-in-throttled',
    texts: ({ t }) => ({
      title: t('alert.signIn.title', { email: event.email }),
      paragraphs: [t(SIGN_IN_ALERT_TEXTS[event.step ?? 'password'], { email: event.email })],
      details: [
        [t('alert.detail.account'), event.email],
        [t('alert.detail.addresses', { count: event.addresses.length }), event.addresses.join(', ')],
      ],
      link: { label: t('alert.signIn.link'), path: '/admin/audit' },
    }),
  };
}

export function waitlistStartedAlert(
  timeZone: string,
  slot: { eventTitle: string; sessionTitle: string; startTime: string; endTime: string; capacity: number | null },
): AlertContent {
  return {
    kind: 'waitlist-started',
    texts: ({ t, dates }) => ({
      title: t('alert.waitlist.title', { session: slot.sessionTitle }),
      paragraphs: [t('alert.waitlist.text')],
      details: [
        [t('email.detail.event'), slot.eventTitle],
        [t('email.detail.session'), slot.sessionTitle],
        [t('email.detail.when'), dates.rangeWithPlace(slot.startTime, slot.endTime, timeZone)],
        [t('alert.detail.capacity'), slot.capacity === null ? t('alert.detail.noLimit') : String(slot.capacity)],
      ],
      link: { label: t('email.admin.booking.link'), path: '/admin/bookings' },
    }),
  };
}

export function uncleanStopAlert(timeZone: string, runningSince: string, startedAt: string): AlertContent {
  return {
    kind: 'unclean-stop',
    texts: ({ t, dates }) => ({
      title: t('alert.unclean.title'),
      paragraphs: [t('alert.unclean.text')],
      details: [
        [t('alert.detail.previousRun'), dates.dateTime(runningSince, timeZone)],
        [t('alert.detail.startedAgain'), dates.dateTime(startedAt, timeZone)],
      ],
      link: null,
    }),
  };
}

export function webhookDisabledAlert(endpoint: { url: string; failingSince: string; lastError: string }): AlertContent {
  return {
    kind: 'webhook-disabled',
    texts: ({ t }) => ({
      title: t('alert.webhook.title'),
      paragraphs: [t('alert.webhook.text')],
      details: [
        [t('alert.detail.endpoint'), endpoint.url],
        [t('alert.detail.failingSince'), endpoint.failingSince],
        [t('alert.detail.lastError'), endpoint.lastError],
      ],
      link: { label: t('alert.webhook.link'), path: '/admin/settings?tab=integrations' },
    }),
  };
}

export function diskFullAlert(dataDir: string, cause: string): AlertContent {
  return {
    kind: 'disk-full',
    texts: ({ t }) => ({
      title: t('alert.disk.title'),
      paragraphs: [t('alert.disk.text')],
      details: [
        [t('alert.detail.dataFolder'), dataDir],
        [t('alert.detail.cause'), cause],
      ],
      link: null,
    }),
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
  const from = { ...settings, fromName: settings.fromName ?? site.siteName };
  for (const { to, rendered } of renderedFor(site, alert, recipients)) {
    await sendMail(from, { to, subject: rendered.subject, text: rendered.text, html: rendered.html, attachments: [] });
  }
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
