// The e-mail to someone whose address was used to book a slot they already hold. The public form
// answers such a request exactly like a new booking (so nobody learns which addresses are booked
// where); the owner of the address hears of it here instead, at most once an hour per booking, so
// the form cannot be used to flood an inbox. It carries no manage link: issuing one would void the
// link the owner already has, at a stranger's request.
import type { DB } from '@db/database';
import type { BookingDetails } from './bookings.repository';
import { claimOnce } from '@server/scheduler/claims.repository';
import { enqueueMessage, loadOutboxSite } from '@server/email/enqueue.service';
import { renderMessage } from '@server/shared/email-layout';
import { signedBy, slotDetailsOf } from '@server/email/messages';

const STATUS_WORDS = {
  pending: 'pending confirmation',
  confirmed: 'confirmed',
  waitlisted: 'on the waitlist',
  cancelled: 'cancelled',
} as const;

/** Writes the notice for `booking`, unless one went out for it this clock hour (UTC). */
export async function enqueueAlreadyHeldNotice(db: DB, publicOrigin: string, booking: BookingDetails, now = new Date()): Promise<boolean> {
  const hour = now.toISOString().slice(0, 13);
  if (!(await claimOnce(db, `already-held:${booking.id}:${hour}`, now.toISOString()))) return false;
  const site = await loadOutboxSite(db, publicOrigin);
  const rendered = renderMessage({
    subject: `${site.siteName}: you already hold a booking for ${booking.sessionTitle}`,
    ...signedBy(site),
    greeting: `Dear ${booking.participantName},`,
    paragraphs: [
      `Someone, perhaps you, asked to book the session below with this e-mail address. You already hold a booking for it (${STATUS_WORDS[booking.status]}), so nothing has changed.`,
      'To view or cancel your booking, use the link in the e-mail you received when you booked. If you did not ask for this, you can ignore this message.',
    ],
    details: slotDetailsOf(site, booking),
    link: null,
    notes: [],
  });
  await enqueueMessage(db, site, { kind: 'booking-already-held', to: booking.participantEmail, rendered, ics: null, bookingId: booking.id }, now);
  return true;
}
