// Unpaid bookings, run by the scheduler. Two days before its deadline an awaiting booking's
// participant is reminded, once (a notification claim per booking and deadline). At its deadline it
// is cancelled through the booking cancellation (changeBookingStatus): its seat frees up and goes to
// the waitlist as for any cancellation, and the participant is told why. Several schedulers expire
// each booking once: each expiry re-reads the booking, locked on PostgreSQL, and does nothing when
// another got there first (it is no longer pending and awaiting payment).
import { replaySafe } from '@db/group-commit';
import type { BookingRow } from '@db/schema';
import type { ServiceDeps } from '@server/core/deps';
import { systemContext } from '@server/core/service-context';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { claimOnce } from '@server/scheduler/claims.repository';
import { enqueueMessage, loadOutboxSite } from '@server/email/enqueue.service';
import { duePaymentOf, paymentReminderMessage } from '@server/email/payment-messages';
import { findBookingDetails, findBookingForUpdate } from './bookings.repository';
import { listUnpaidDueBetween } from './paid-bookings.repository';
import { changeBookingStatus, inBookingTransaction } from './bookings.service';
import { enqueueBookingMessages } from './booking-messages';

/** How long before the deadline the reminder goes. */
export const PAYMENT_REMINDER_MS = 2 * 86_400_000;

function isUnpaidPastDue(booking: BookingRow, now: Date): boolean {
  return booking.status === 'pending' && booking.paymentStatus === 'awaiting' && booking.paymentDueAt !== null && Date.parse(booking.paymentDueAt) <= now.getTime();
}

/** Cancels `bookingId` if it is still unpaid past its deadline; false when it is not (paid, changed, or expired by another run). */
async function expireUnpaid(deps: ServiceDeps, bookingId: string, now: Date): Promise<boolean> {
  const actor = actorOf(systemContext(deps, { ip: 'system', name: 'scheduler' }));
  const body = replaySafe(async (trx) => {
    const current = await findBookingForUpdate(trx, bookingId);
    if (current === undefined || !isUnpaidPastDue(current, now)) return false;
    const outcome = await changeBookingStatus(trx, bookingId, 'cancelled');
    await enqueueBookingMessages(trx, deps.config.publicOrigin, outcome, { notifyAdmins: false, unpaid: true });
    const promoted = outcome.promoted === undefined ? '' : `; waitlisted booking ${outcome.promoted.id} promoted`;
    await recordAudit(trx, actor, { action: 'status', entity: 'booking', entityId: bookingId, summary: `status: pending → cancelled (not paid by ${current.paymentDueAt ?? ''})${promoted}` });
    return true;
  });
  const expired = await inBookingTransaction(deps.db, body);
  if (expired) deps.publicReads.invalidate(['slots'], { pages: 'revalidate' });
  return expired;
}

/** Awaiting bookings whose deadline has passed at `now`: each cancelled once, its seat passed on. Returns how many. */
export async function expireUnpaidBookings(deps: ServiceDeps, now: Date): Promise<number> {
  const due = await listUnpaidDueBetween(deps.db, null, now.toISOString());
  let expired = 0;
  for (const booking of due) if (await expireUnpaid(deps, booking.id, now)) expired += 1;
  return expired;
}

/**
 * Awaiting bookings whose deadline is within two days of `now`, made before that window opened (a
 * later one has just had its payment instructions): one reminder each. Returns how many were written.
 */
export async function sendPaymentReminders(deps: ServiceDeps, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  const due = await listUnpaidDueBetween(deps.db, nowIso, new Date(now.getTime() + PAYMENT_REMINDER_MS).toISOString());
  let written = 0;
  for (const candidate of due) {
    if (candidate.paymentDueAt === null || Date.parse(candidate.createdAt) >= Date.parse(candidate.paymentDueAt) - PAYMENT_REMINDER_MS) continue;
    const dueAt = candidate.paymentDueAt;
    const wrote = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimOnce(trx, `payment-reminder:${candidate.id}:${dueAt}`, nowIso))) return false;
      const booking = await findBookingDetails(trx, candidate.id);
      const payment = booking === undefined ? null : duePaymentOf(booking);
      if (booking === undefined || payment === null) return false;
      const site = await loadOutboxSite(trx, deps.config.publicOrigin);
      await enqueueMessage(trx, site, { kind: 'payment-reminder', to: booking.participantEmail, rendered: paymentReminderMessage(site, booking, payment), ics: null, bookingId: booking.id }, now);
      return true;
    });
    if (wrote) written += 1;
  }
  return written;
}
