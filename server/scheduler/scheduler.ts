// The scheduler: in the server process, on a timer (at least once a minute) with an injected clock,
// it runs each domain's due work in turn. The work itself lives in its domain: expired waitlist
// offers (bookings/waitlist-offers.service.ts), unpaid bookings of paid sessions: reminded two days
// before their payment deadline, cancelled at it (bookings/unpaid-bookings.service.ts), booking and consultation reminders
// (bookings/booking-reminders.service.ts, consultations/consultation-reminders.service.ts), the
// outbox retention (email/outbox-retention.service.ts), the weekly reports
// (dashboard/weekly-report.service.ts), the automatic backup (backups/scheduled-backup.service.ts)
// the personal-data retention (privacy/retention.service.ts) and the consultants' own calendars
// (calendars/calendar-refresh.service.ts: busy times read again, one instance per connection by a
// lease on its row). Each is idempotent through the
// database (one booking_reminders row per booking, one claim per day or per person and week in
// claims.repository.ts), so a restart neither loses nor repeats it, and several instances do it once.
import type { ServiceDeps } from '@server/core/deps';
import { sendDueReminders } from '@server/bookings/booking-reminders.service';
import { expireDueOffers } from '@server/bookings/waitlist-offers.service';
import { expireUnpaidBookings, sendPaymentReminders } from '@server/bookings/unpaid-bookings.service';
import { sendDueConsultationReminders } from '@server/consultations/consultation-reminders.service';
import { applyOutboxRetention } from '@server/email/outbox-retention.service';
import { applyAnalyticsRetention } from '@server/analytics/analytics-retention.service';
import { sendDueWeeklyReports } from '@server/dashboard/weekly-report.service';
import { runDueBackup } from '@server/backups/scheduled-backup.service';
import { applyPersonalDataRetention, type RetentionResult } from '@server/privacy/retention.service';
import { refreshDueCalendars } from '@server/calendars/calendar-refresh.service';
import { processDueCalendarWrites } from '@server/calendars/calendar-write-back.service';

export const DEFAULT_SCHEDULER_INTERVAL_MS = 60_000;

export interface ScheduledWorkResult {
  reminders: number;
  removedSent: number;
  /** Weekly reports written (Monday from 08:00 in the site's timezone, once per person per week). */
  weeklyReports: number;
  /** The automatic backup of this run, if it was due. */
  backup: 'written' | 'failed' | 'not-due';
  /** Waitlist offers that ran out: their bookings cancelled, their seats offered on. */
  expiredOffers: number;
  /** Bookings of paid sessions not paid by their deadline: cancelled, their seats passed on. */
  expiredUnpaid: number;
  /** Payment reminders written (two days before a deadline, once per booking). */
  paymentReminders: number;
  /** What the day's personal-data retention anonymised and deleted (zeros when off, done or not due). */
  retention: RetentionResult;
  /** Calendar connections whose busy times were read (every CALENDAR_REFRESH_MINUTES each). */
  calendars: number;
  /** Consultations written to (or removed from) consultants' calendars. */
  calendarWrites: number;
  /** Rows of daily analytics deleted as older than the retention (once a day). */
  analyticsDeleted: number;
}

export interface Scheduler {
  /** One run of every scheduled piece at the clock's now. Runs never overlap. */
  runOnce(): Promise<ScheduledWorkResult>;
  stop(): Promise<void>;
}

export function startScheduler(
  deps: ServiceDeps,
  options: {
    intervalMs?: number | null;
    now?: () => Date;
    onError?: (error: unknown) => void;
    /** After each timed run that did not fail (the log says an outage is over). */
    onRunDone?: (result: ScheduledWorkResult) => void;
  } = {},
): Scheduler {
  const intervalMs = options.intervalMs === undefined ? DEFAULT_SCHEDULER_INTERVAL_MS : options.intervalMs;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? ((error: unknown) => console.error('Scheduler:', error));
  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();

  async function run(): Promise<ScheduledWorkResult> {
    const at = now();
    const expiredOffers = await expireDueOffers(deps, at);
    const expiredUnpaid = await expireUnpaidBookings(deps, at);
    const paymentReminders = await sendPaymentReminders(deps, at);
    const reminders = (await sendDueReminders(deps, at)) + (await sendDueConsultationReminders(deps, at));
    const removedSent = await applyOutboxRetention(deps.db, at);
    const weeklyReports = await sendDueWeeklyReports(deps, at);
    const backup = await runDueBackup(deps, at);
    const retention = await applyPersonalDataRetention(deps, at);
    const analyticsDeleted = await applyAnalyticsRetention(deps.db, at);
    // Last: a slow calendar server (at most CALENDAR_TIMEOUT_S a request) never delays the rest.
    const calendars = await refreshDueCalendars(deps, at);
    const calendarWrites = await processDueCalendarWrites(deps, at);
    return { reminders, removedSent, weeklyReports, backup, expiredOffers, expiredUnpaid, paymentReminders, retention, calendars, calendarWrites, analyticsDeleted };
  }

  function runOnce(): Promise<ScheduledWorkResult> {
    const result = chain.then(() => (stopped ? { reminders: 0, removedSent: 0, weeklyReports: 0, backup: 'not-due' as const, expiredOffers: 0, expiredUnpaid: 0, paymentReminders: 0, retention: { anonymisedBookings: 0, anonymisedConsultations: 0, deletedContacts: 0 }, calendars: 0, calendarWrites: 0, analyticsDeleted: 0 } : run()));
    chain = result.catch(() => undefined);
    return result;
  }

  const timer = intervalMs === null ? undefined : setInterval(() => void runOnce().then((result) => options.onRunDone?.(result)).catch(onError), intervalMs);
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

