// Scheduled e-mail work in the server process, on a timer (at least once a minute) with an injected
// clock: expired waitlist offers (../waitlist-offers.ts), booking reminders, the daily outbox retention, the weekly reports (weekly-report.ts),
// the automatic backup (../scheduled-backup.ts) and the daily personal-data retention (../privacy/retention.ts).
// Each piece is idempotent through the database (one booking_reminders row per booking, one
// notification_claims key per day or per person and week), so a restart neither loses nor repeats
// it, and several instances would still do it once.
import { sendDueConsultationReminders } from '@server/consultations/consultation-reminders.service';
import type { DB } from '@db/database';
import type { ServiceDeps } from '@server/core/deps';
import { advanceBookingRevision, findBookingDetails } from '@server/bookings/bookings.repository';
import { claimReminder, listBookingsDueReminder } from '@server/bookings/booking-reminders.repository';
import { deleteSentBefore } from '@server/email/outbox.repository';
import { getSystemSettings } from '@server/settings/settings.repository';
import { bookingCalendarFile } from '@server/bookings/booking-messages';
import { enqueueMessage, loadOutboxSite } from '@server/email/enqueue.service';
import { manageLink, newManageToken } from '@server/email/manage-token';
import { bookingReminderMessage } from '@server/email/messages';
import { claimOnce } from './claims.repository';
import { sendDueWeeklyReports } from '@server/dashboard/weekly-report.service';
import { runDueBackup } from '@server/backups/scheduled-backup.service';
import { expireDueOffers } from '@server/bookings/waitlist-offers.service';
import { applyPersonalDataRetention, type RetentionResult } from '@server/privacy/retention.service';

export const DEFAULT_SCHEDULER_INTERVAL_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;


/**
 * Pending and confirmed bookings whose slot starts within `reminderHours` of `now`, made before that
 * window opened, not reminded yet for their current time: each gets one reminder with a fresh manage
 * link and the .ics. Returns how many were written.
 */
export async function sendDueReminders(deps: ServiceDeps, now: Date): Promise<number> {
  const { db } = deps;
  const { reminderHours } = await getSystemSettings(db);
  if (reminderHours === 0) return 0;
  const windowMs = reminderHours * HOUR_MS;
  const nowIso = now.toISOString();
  const due = await listBookingsDueReminder(db, nowIso, new Date(now.getTime() + windowMs).toISOString());
  let written = 0;
  for (const candidate of due) {
    // A booking made inside the window has just had its confirmation: no reminder on top.
    if (Date.parse(candidate.createdAt) >= Date.parse(candidate.startTime) - windowMs) continue;
    const wrote = await db.transaction().execute(async (trx) => {
      if (!(await claimReminder(trx, candidate.id, candidate.startTime, nowIso))) return false;
      const booking = await findBookingDetails(trx, candidate.id);
      if (booking === undefined) return false;
      const site = await loadOutboxSite(trx, deps.config.publicOrigin);
      const fresh = newManageToken();
      const sequence = await advanceBookingRevision(trx, booking.id, fresh.hash);
      await enqueueMessage(trx, site, {
        kind: 'booking-reminder',
        to: booking.participantEmail,
        rendered: bookingReminderMessage(site, booking, { url: manageLink(site.publicOrigin, fresh.token, booking.language), replacesEarlier: true }),
        ics: bookingCalendarFile(site, booking, booking.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE', sequence, now),
        bookingId: booking.id,
      }, now);
      return true;
    });
    if (wrote) written += 1;
  }
  return written;
}

/** Once a day (UTC): sent messages older than the retention setting go; failed ones stay. */
export async function applyOutboxRetention(db: DB, now: Date): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  if (!(await claimOnce(db, `retention:${day}`, now.toISOString()))) return 0;
  const { outboxRetentionDays } = await getSystemSettings(db);
  return deleteSentBefore(db, new Date(now.getTime() - outboxRetentionDays * DAY_MS).toISOString());
}

export interface ScheduledWorkResult {
  reminders: number;
  removedSent: number;
  /** Weekly reports written (Monday from 08:00 in the site's timezone, once per person per week). */
  weeklyReports: number;
  /** The automatic backup of this run, if it was due. */
  backup: 'written' | 'failed' | 'not-due';
  /** Waitlist offers that ran out: their bookings cancelled, their seats offered on. */
  expiredOffers: number;
  /** What the day's personal-data retention anonymised and deleted (zeros when off, done or not due). */
  retention: RetentionResult;
}

export interface NotificationScheduler {
  /** One run of every scheduled piece at the clock's now. Runs never overlap. */
  runOnce(): Promise<ScheduledWorkResult>;
  stop(): Promise<void>;
}

export function startNotificationScheduler(
  deps: ServiceDeps,
  options: { intervalMs?: number | null; now?: () => Date; onError?: (error: unknown) => void } = {},
): NotificationScheduler {
  const intervalMs = options.intervalMs === undefined ? DEFAULT_SCHEDULER_INTERVAL_MS : options.intervalMs;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? ((error: unknown) => console.error('E-mail scheduler:', error));
  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();

  async function run(): Promise<ScheduledWorkResult> {
    const at = now();
    const expiredOffers = await expireDueOffers(deps, at);
    const reminders = (await sendDueReminders(deps, at)) + (await sendDueConsultationReminders(deps, at));
    const removedSent = await applyOutboxRetention(deps.db, at);
    const weeklyReports = await sendDueWeeklyReports(deps, at);
    const backup = await runDueBackup(deps, at);
    const retention = await applyPersonalDataRetention(deps, at);
    return { reminders, removedSent, weeklyReports, backup, expiredOffers, retention };
  }

  function runOnce(): Promise<ScheduledWorkResult> {
    const result = chain.then(() => (stopped ? { reminders: 0, removedSent: 0, weeklyReports: 0, backup: 'not-due' as const, expiredOffers: 0, retention: { anonymisedBookings: 0, anonymisedConsultations: 0, deletedContacts: 0 } } : run()));
    chain = result.catch(() => undefined);
    return result;
  }

  const timer = intervalMs === null ? undefined : setInterval(() => void runOnce().catch(onError), intervalMs);
  timer?.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer !== undefined) clearInterval(timer);
      await chain;
    },
  };
}

