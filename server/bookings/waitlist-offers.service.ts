// Waitlist offers: when a session offers freed seats for some hours, the first waitlisted person is
// e-mailed a link (their manage link) to take the seat or decline it before a deadline. Taking
// confirms the booking if the seat is still free (two offers never fill one seat: the slot is
// locked, and seats are counted, in the taking transaction); declining, or letting the offer run
// out, cancels the booking and offers the seat to the next in line. Expiry runs in the scheduler
// by its clock, once per offer however many schedulers run (a conditional update claims it).
import { creditCancelledBooking } from './cancellation-credit.service';
import { replaySafe } from '@db/group-commit';
import type { BookingRow } from '@db/schema';
import type { ServiceDeps } from '@server/core/deps';
import type { ServiceContext } from '@server/core/service-context';
import {
  cancelOfferedBooking,
  clearOffer,
  countSeatsTaken,
  findBookingDetailsByTokenHash,
  findSlotContext,
  listDueOffers,
  setBookingStatusRow,
} from './bookings.repository';
import { NotFoundError, PreconditionError } from '@server/core/errors';
import { hasOpenOffer, inBookingTransaction, promoteFromWaitlist } from './bookings.service';
import { enqueueBookingMessages } from './booking-messages';
import { hashManageToken } from '@server/email/manage-token';
import { holdSeatUntilPaid } from './payment-terms';

/** Why an offer cannot be taken or declined, by reason. */
const OFFER_MESSAGES = {
  none: 'message.offerNone',
  expired: 'message.offerExpired',
  seatTaken: 'message.offerSeatTaken',
} as const;

type TakeResult = { taken: true; booking: BookingRow } | { taken: false; reason: keyof typeof OFFER_MESSAGES };

/** Takes the seat offered to the booking of `token` (confirming it); refused with the reason otherwise. */
export async function takeOffer(deps: ServiceContext, { token }: { token: string }): Promise<{ id: string; status: BookingRow['status'] }> {
  const now = new Date();
  const hash = hashManageToken(token);
  const body = replaySafe(async (trx): Promise<TakeResult> => {
    const found = await findBookingDetailsByTokenHash(trx, hash);
    if (found === undefined) throw new NotFoundError('message.manageLinkInvalid');
    // The slot first: on PostgreSQL this locks it, so two takers of one slot go one after the other.
    const slot = await findSlotContext(trx, found.timeSlotId);
    const booking = await findBookingDetailsByTokenHash(trx, hash);
    if (slot === undefined || booking === undefined) throw new NotFoundError('message.manageLinkInvalid');
    if (booking.status === 'cancelled' && booking.offerExpiresAt !== null) return { taken: false, reason: 'expired' };
    if (booking.status !== 'waitlisted' || booking.offerExpiresAt === null) return { taken: false, reason: 'none' };
    if (!hasOpenOffer(booking, now)) return { taken: false, reason: 'expired' };
    if (slot.maxParticipants !== null && (await countSeatsTaken(trx, slot.id)) >= slot.maxParticipants) {
      // Someone else took it first: this offer ends, and the booking keeps its place in line.
      await clearOffer(trx, booking.id, now.toISOString());
      return { taken: false, reason: 'seatTaken' };
    }
    // A paid booking taking its seat awaits payment (pending, with its deadline) rather than being confirmed.
    const awaitsPayment = booking.paymentStatus === 'awaiting';
    const taken = await setBookingStatusRow(trx, booking.id, awaitsPayment ? 'pending' : 'confirmed');
    if (taken === undefined) throw new NotFoundError('message.manageLinkInvalid');
    const held = await holdSeatUntilPaid(trx, taken, slot.startTime, now);
    await enqueueBookingMessages(trx, deps.config.publicOrigin, { booking: held, previousStatus: 'waitlisted', manageToken: null, promoted: undefined, removed: false }, { notifyAdmins: false });
    return { taken: true, booking: held };
  });
  const result = await inBookingTransaction(deps.db, body);
  deps.publicReads.invalidate(['slots']);
  if (!result.taken) throw new PreconditionError(OFFER_MESSAGES[result.reason]);
  return { id: result.booking.id, status: result.booking.status };
}

/**
 * Ends the offer of `bookingId` by cancelling its booking, if it is still the offer it was (status
 * waitlisted, same deadline), and offers the seat to the next in line. False when another run or
 * an answer got there first.
 */
async function endOffer(deps: ServiceDeps, bookingId: string, offerExpiresAt: string, now: Date, mustHaveExpired: boolean): Promise<boolean> {
  const body = replaySafe(async (trx) => {
    const nowIso = now.toISOString();
    const claimed = await cancelOfferedBooking(trx, bookingId, offerExpiresAt, nowIso, mustHaveExpired ? nowIso : null);
    if (claimed === undefined) return false;
    // Waitlisted, it has no invoice unless staff moved an invoiced booking back onto the waitlist.
    const cancelled = await creditCancelledBooking(trx, claimed, now);
    const promoted = await promoteFromWaitlist(trx, cancelled.timeSlotId, cancelled.id, now);
    await enqueueBookingMessages(trx, deps.config.publicOrigin, { booking: cancelled, previousStatus: 'waitlisted', manageToken: null, promoted, removed: false }, { notifyAdmins: false });
    return true;
  });
  const ended = await inBookingTransaction(deps.db, body);
  if (ended) deps.publicReads.invalidate(['slots']);
  return ended;
}

/** Declines the seat offered to the booking of `token`: the booking is cancelled, the seat offered on at once. */
export async function declineOffer(deps: ServiceContext, { token }: { token: string }): Promise<{ id: string; status: BookingRow['status'] }> {
  const now = new Date();
  const booking = await findBookingDetailsByTokenHash(deps.db, hashManageToken(token));
  if (booking === undefined) throw new NotFoundError('message.manageLinkInvalid');
  if (booking.status === 'cancelled' && booking.offerExpiresAt !== null) throw new PreconditionError(OFFER_MESSAGES.expired);
  if (booking.status !== 'waitlisted' || booking.offerExpiresAt === null) throw new PreconditionError(OFFER_MESSAGES.none);
  if (!hasOpenOffer(booking, now)) throw new PreconditionError(OFFER_MESSAGES.expired);
  if (!(await endOffer(deps, booking.id, booking.offerExpiresAt, now, false))) throw new PreconditionError(OFFER_MESSAGES.none);
  return { id: booking.id, status: 'cancelled' };
}

/** Offers whose deadline has passed at `now`: each booking cancelled and its seat offered on, once. Returns how many. */
export async function expireDueOffers(deps: ServiceDeps, now: Date): Promise<number> {
  const due = await listDueOffers(deps.db, now.toISOString());
  let expired = 0;
  for (const offer of due) {
    if (offer.offerExpiresAt !== null && (await endOffer(deps, offer.id, offer.offerExpiresAt, now, true))) expired += 1;
  }
  return expired;
}
