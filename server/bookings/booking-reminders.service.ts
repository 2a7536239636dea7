// Booking reminders: one e-mail per booking before its slot starts (the System setting's
// reminderHours ahead), with a fresh manage link and the .ics. Run by the scheduler; idempotent
// through booking_reminders (one row per booking and slot time), so a restart or a second
// instance never sends one twice.
import type { ServiceDeps } from '@server/core/deps';
import { getSystemSettings } from '@server/settings/settings.repository';
import { enqueueMessage, loadOutboxSite } from '@server/email/enqueue.service';
import { manageLink, newManageToken } from '@server/email/manage-token';
import { bookingReminderMessage } from '@server/email/messages';
import { advanceBookingRevision, findBookingDetails } from './bookings.repository';
import { claimReminder, listBookingsDueReminder } from './booking-reminders.repository';
import { bookingCalendarFile } from './booking-messages';

const HOUR_MS = 3_600_000;

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
