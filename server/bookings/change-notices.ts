// Messages for staff changes that affect participants beyond one booking's status: deleting a
// booking, event or session with live bookings tells each participant the booking is cancelled (an
// .ics with METHOD:CANCEL, same UID, higher SEQUENCE, so calendars drop the entry); moving a booking
// to another slot, or changing a slot's times, tells them the new time (METHOD:REQUEST, same UID,
// higher SEQUENCE, so calendars replace the entry). Always inside the change's transaction.
import type { DB } from '@db/database';
import type { BookingStatus } from '@db/schema';
import { advanceBookingRevision, type BookingDetails, findBookingDetails, liveBookingIdsNotOver } from './bookings.repository';
import { forgetReminders } from './booking-reminders.repository';
import { enqueueMessage, loadOutboxSite, type OutboxSite } from '@server/email/enqueue.service';
import { bookingCalendarFile } from './booking-messages';
import { manageLink, newManageToken } from '@server/email/manage-token';
import { bookingCancelledMessage, bookingUpdatedMessage } from '@server/email/messages';

/** Bookings whose participant has something to lose: a seat, or a place on the waitlist. */
export const LIVE_STATUSES: BookingStatus[] = ['pending', 'confirmed', 'waitlisted'];

export type AffectedScope = { bookingId: string } | { timeSlotId: string } | { sessionId: string } | { eventId: string };

export function scopeColumn(scope: AffectedScope): ['id' | 'timeSlotId' | 'sessionId' | 'eventId', string] {
  if ('bookingId' in scope) return ['id', scope.bookingId];
  if ('timeSlotId' in scope) return ['timeSlotId', scope.timeSlotId];
  if ('sessionId' in scope) return ['sessionId', scope.sessionId];
  return ['eventId', scope.eventId];
}

/** Ids of the live bookings in `scope` whose slot is not over yet: the participants a deletion tells. */
export function affectedBookingIds(db: DB, scope: AffectedScope, nowIso = new Date().toISOString()): Promise<string[]> {
  const [column, value] = scopeColumn(scope);
  return liveBookingIdsNotOver(db, column, value, LIVE_STATUSES, nowIso);
}

function calendarFile(site: OutboxSite, booking: BookingDetails, method: 'REQUEST' | 'CANCEL', sequence: number) {
  const status = method === 'CANCEL' ? 'CANCELLED' : booking.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE';
  return bookingCalendarFile(site, booking, status, sequence);
}

/**
 * Before the bookings of `scope` are deleted: each live participant gets 'booking cancelled'. The
 * outbox row keeps no booking id, since the booking is about to go. Returns how many were told.
 */
export async function enqueueRemovalNotices(db: DB, publicOrigin: string, scope: AffectedScope): Promise<number> {
  const ids = await affectedBookingIds(db, scope);
  if (ids.length === 0) return 0;
  const site = await loadOutboxSite(db, publicOrigin);
  for (const id of ids) {
    const booking = await findBookingDetails(db, id);
    if (booking === undefined) continue;
    // A waitlisted booking never had a calendar entry to remove.
    const ics = booking.status === 'waitlisted' ? null : calendarFile(site, booking, 'CANCEL', booking.icsSequence + 1);
    await enqueueMessage(db, site, {
      kind: 'booking-cancelled',
      to: booking.participantEmail,
      rendered: bookingCancelledMessage(site, { ...booking, status: 'cancelled' }),
      ics,
      bookingId: null,
    });
  }
  return ids.length;
}

/**
 * After bookings' times changed (moved to another slot, or their slot's times edited): each live
 * participant gets 'booking updated' with the new time, a fresh manage link and a replacing .ics.
 * Their reminder record goes, so the new time is reminded again.
 */
export async function enqueueTimeChangeNotices(db: DB, publicOrigin: string, bookingIds: string[]): Promise<number> {
  if (bookingIds.length === 0) return 0;
  await forgetReminders(db, bookingIds);
  const site = await loadOutboxSite(db, publicOrigin);
  let told = 0;
  for (const id of bookingIds) {
    const booking = await findBookingDetails(db, id);
    if (booking === undefined || !LIVE_STATUSES.includes(booking.status) || Date.parse(booking.endTime) <= Date.now()) continue;
    const fresh = newManageToken();
    const sequence = await advanceBookingRevision(db, booking.id, fresh.hash);
    await enqueueMessage(db, site, {
      kind: 'booking-updated',
      to: booking.participantEmail,
      rendered: bookingUpdatedMessage(site, booking, { url: manageLink(site.publicOrigin, fresh.token, booking.language), replacesEarlier: true }),
      ics: booking.status === 'waitlisted' ? null : calendarFile(site, booking, 'REQUEST', sequence),
      bookingId: booking.id,
    });
    told += 1;
  }
  return told;
}

