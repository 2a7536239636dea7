// The weekly report to staff: every Monday from 08:00 in the site's timezone, to each account with
// Enable Email Notifications and Weekly Reports on: the last 7 days' new bookings and contact
// messages by status, the next 7 days' time slots with seats taken out of capacity, and, for admins
// only (what emails.list shows them and refuses staff), the e-mails that gave up. One per person per ISO week (of the site's calendar), claimed in the database in the
// same transaction as the message, so a restart or a second instance never sends it twice.
import type { DB } from '@db/database';
import { BOOKING_STATUSES, type BookingStatus, CONTACT_STATUSES, type ContactStatus, type Role } from '@db/schema';
import type { ServiceDeps } from '@server/core/deps';
import { type AuditActor, actorOf, recordAudit } from '@server/audit/audit.service';
import type { AccountContext } from '@server/core/service-context';
import { getSystemSettings } from '@server/settings/settings.repository';
import {
  countBookingsCreatedByStatus,
  countContactsCreatedByStatus,
  failedEmailsSince,
  findNoticeLanguage,
  listSlotsStartingBetween,
  listWeeklyReportRecipients,
} from './weekly-report.repository';
import { utcToZonedParts } from '@server/shared/time';
import { enqueueMessage, loadOutboxSite } from '@server/email/enqueue.service';
import { type RenderedMessage, renderMessage } from '@server/shared/email-layout';
import { signedBy, type SiteVoice, wordsIn } from '@server/email/messages';
import type { MessageKey } from '@server/shared/i18n/catalogs';
import { claimOnce } from '@server/scheduler/claims.repository';
import { notificationSettingsLink } from '@server/email/staff-links';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Local time from which Monday's report goes out. */
export const WEEKLY_REPORT_LOCAL_TIME = '08:00';
/** The failed e-mails listed by subject; more are counted. */
const FAILED_LISTED = 10;

export interface UpcomingSlot {
  sessionTitle: string;
  eventTitle: string;
  startTime: string;
  endTime: string;
  seatsTaken: number;
  capacity: number | null;
}

export interface WeeklyReport {
  from: string;
  to: string;
  until: string;
  bookings: Record<BookingStatus, number>;
  contacts: Record<ContactStatus, number>;
  upcoming: UpcomingSlot[];
  /** Admins only: the e-mail log is theirs (emails.list refuses role user); null in a user's report. */
  failedEmails: { total: number; listed: { subject: string; toAddress: string; lastError: string | null }[] } | null;
}

/** Who a report is for: its content follows what their role may read through the API, its words their language. */
export interface ReportRecipient {
  email: string;
  role: Role;
  /** The language of their notices; English when absent. */
  language?: string | undefined;
}

/** The ISO week (Monday first) of a calendar date 'YYYY-MM-DD', e.g. '2026-W48'. */
export function isoWeekOf(localDate: string): string {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  // The week belongs to the year of its Thursday.
  const thursday = new Date(date.getTime() + (3 - weekday) * DAY_MS);
  const weekYear = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(weekYear, 0, 1)) / WEEK_MS) + 1;
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}

/** True on Monday from 08:00 to midnight in `timeZone`: the report is due (once) that day. */
export function weeklyReportDue(now: Date, timeZone: string): boolean {
  const local = utcToZonedParts(now.toISOString(), timeZone);
  const [year, month, day] = local.date.split('-').map(Number) as [number, number, number];
  const monday = new Date(Date.UTC(year, month - 1, day)).getUTCDay() === 1;
  return monday && local.time >= WEEKLY_REPORT_LOCAL_TIME;
}

export async function collectWeeklyReport(db: DB, now: Date, role: Role): Promise<WeeklyReport> {
  const to = now.toISOString();
  const from = new Date(now.getTime() - WEEK_MS).toISOString();
  const until = new Date(now.getTime() + WEEK_MS).toISOString();

  const bookings = Object.fromEntries(BOOKING_STATUSES.map((status) => [status, 0])) as Record<BookingStatus, number>;
  for (const row of await countBookingsCreatedByStatus(db, from, to)) bookings[row.status] = row.count;

  const contacts = Object.fromEntries(CONTACT_STATUSES.map((status) => [status, 0])) as Record<ContactStatus, number>;
  for (const row of await countContactsCreatedByStatus(db, from, to)) contacts[row.status] = row.count;

  const upcoming = await listSlotsStartingBetween(db, to, until);

  if (role !== 'admin') return { from, to, until, bookings, contacts, upcoming, failedEmails: null };
  return { from, to, until, bookings, contacts, upcoming, failedEmails: await failedEmailsSince(db, from, FAILED_LISTED) };
}

const BOOKING_LABELS: Record<BookingStatus, MessageKey> = {
  pending: 'status.booking.pending',
  confirmed: 'status.booking.confirmed',
  waitlisted: 'status.booking.waitlisted',
  cancelled: 'status.booking.cancelled',
};
const CONTACT_LABELS: Record<ContactStatus, MessageKey> = {
  new: 'status.contact.new',
  'in-progress': 'status.contact.in-progress',
  completed: 'status.contact.completed',
  closed: 'status.contact.closed',
};

function total(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

function byStatus<S extends string>(counts: Record<S, number>, labels: Record<S, MessageKey>, t: (key: MessageKey) => string): string {
  return (Object.keys(labels) as S[]).map((status) => `${t(labels[status])} ${counts[status]}`).join(', ');
}

/** `language`: the recipient's, for their notices (English unless set). */
export function weeklyReportMessage(site: SiteVoice, report: WeeklyReport, language?: string): RenderedMessage {
  const words = wordsIn(language);
  const { t, dates } = words;
  const zone = site.timeZone;
  const upcoming =
    report.upcoming.length === 0
      ? t('report.upcoming.none')
      : [
          t('report.upcoming.title'),
          ...report.upcoming.map(
            (slot) =>
              `- ${slot.sessionTitle} (${slot.eventTitle}), ${dates.range(slot.startTime, slot.endTime, zone)}: ` +
              (slot.capacity === null
                ? t('report.upcoming.noLimit', { taken: slot.seatsTaken })
                : t('report.upcoming.of', { taken: slot.seatsTaken, capacity: slot.capacity })),
          ),
        ].join('\n');
  const failedEmails = report.failedEmails;
  const failed =
    failedEmails === null
      ? null
      : failedEmails.total === 0
        ? t('report.failed.none')
        : [
            t('report.failed.title', { count: failedEmails.total }),
            ...failedEmails.listed.map(
              (mail) => `- ${t('report.failed.mail', { subject: mail.subject, address: mail.toAddress, error: mail.lastError ?? t('report.failed.unknown') })}`,
            ),
            ...(failedEmails.total > failedEmails.listed.length ? [t('report.failed.more', { count: failedEmails.total - failedEmails.listed.length })] : []),
          ].join('\n');
  return renderMessage({
    subject: t('report.subject', { siteName: site.siteName }),
    ...signedBy(site),
    greeting: null,
    paragraphs: [
      t('report.intro', { siteName: site.siteName, date: dates.dateTime(report.to, zone) }),
      upcoming,
      ...(failed === null ? [] : [failed]),
    ],
    details: [
      [t('report.bookings'), `${total(report.bookings)} (${byStatus(report.bookings, BOOKING_LABELS, t)})`],
      [t('report.contacts'), `${total(report.contacts)} (${byStatus(report.contacts, CONTACT_LABELS, t)})`],
      [t('report.sessionsAhead'), String(report.upcoming.length)],
      ...(failedEmails === null ? [] : [[t('report.failedEmails'), String(failedEmails.total)] as [string, string]]),
    ],
    link: { label: t('report.link'), url: `${site.publicOrigin}/admin` },
    notes: [t('report.why')],
    endLink: notificationSettingsLink(site.publicOrigin),
    language: words.language,
  });
}

/** Writes one report for `recipient` into the outbox, in the caller's transaction; answers its outbox id. */
export async function enqueueWeeklyReport(db: DB, publicOrigin: string, recipient: ReportRecipient, now: Date): Promise<string> {
  const site = await loadOutboxSite(db, publicOrigin);
  const report = await collectWeeklyReport(db, now, recipient.role);
  const rendered = weeklyReportMessage(site, report, recipient.language);
  return enqueueMessage(db, site, { kind: 'weekly-report', to: recipient.email, rendered, ics: null, bookingId: null }, now);
}

/**
 * 'Send me this report now': this week's report to the caller at once, whatever their settings
 * (they asked for it), audited. It does not count as the Monday report.
 */
export function sendWeeklyReportNow(deps: Pick<AccountContext, 'db' | 'config' | 'user' | 'ip'>): Promise<{ to: string }> {
  const actor: AuditActor & ReportRecipient = { ...actorOf(deps), email: deps.user.email, role: deps.user.role };
  const now = new Date();
  return deps.db.transaction().execute(async (trx) => {
    const language = actor.language ?? (actor.userId === null ? undefined : await findNoticeLanguage(trx, actor.userId));
    const id = await enqueueWeeklyReport(trx, deps.config.publicOrigin, { ...actor, language }, now);
    await recordAudit(trx, actor, { action: 'create', entity: 'email', entityId: id, summary: `weekly report to ${actor.email}` });
    return { to: actor.email };
  });
}

/**
 * On Monday from 08:00 in the site's timezone: one report to each account with Enable Email
 * Notifications and Weekly Reports on, claimed per person per ISO week. Returns how many were written.
 */
export async function sendDueWeeklyReports(deps: ServiceDeps, now: Date): Promise<number> {
  const { timezone } = await getSystemSettings(deps.db);
  if (!weeklyReportDue(now, timezone)) return 0;
  const week = isoWeekOf(utcToZonedParts(now.toISOString(), timezone).date);
  const recipients = await listWeeklyReportRecipients(deps.db);
  let written = 0;
  for (const recipient of recipients) {
    const wrote = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimOnce(trx, `weekly-report:${recipient.id}:${week}`, now.toISOString()))) return false;
      await enqueueWeeklyReport(trx, deps.config.publicOrigin, recipient, now);
      return true;
    });
    if (wrote) written += 1;
  }
  return written;
}
