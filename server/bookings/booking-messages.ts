// Which messages a booking change sends, and writing them to the outbox. The booking service
// calls enqueueBookingMessages with the outcome of a change, inside the change's transaction.
import { enqueueBookingWebhooks } from '@server/webhooks/webhook-events.service';
import type { DB } from '@db/database';
import type { BookingRow, BookingStatus } from '@db/schema';
import { advanceBookingRevision, type BookingDetails, findBookingDetails } from './bookings.repository';
import { listBookingAnswers } from '@server/registration-questions/registration-questions.repository';
import { findNotifiedAdmins } from '@server/identity/users.repository';
import { enqueueMessage, loadOutboxSite, type OutboxSite } from '@server/email/enqueue.service';
import { invoiceIdOfBooking, latestCreditNoteIdOfBooking } from '@server/invoices/invoices.repository';
import { buildIcs, type IcsEventStatus } from '@server/shared/ics';
import { i18nOf, type MessageKey } from '@server/shared/i18n/catalogs';
import { DEFAULT_LANGUAGE, isLanguage } from '@server/shared/i18n/languages';
import { manageLink, newManageToken } from '@server/email/manage-token';
import {
  adminNewBookingMessage,
  bookingCancelledMessage,
  bookingConfirmedMessage,
  bookingReceivedMessage,
  type ManageLinkFacts,
  titlesIn,
  waitlistOfferMessage,
  waitlistPromotedMessage,
} from '@server/email/messages';
import { awaitingPaymentMessage, duePaymentOf, paymentExpiredMessage, paymentReceiptMessage, type ReceivedPayment } from '@server/email/payment-messages';

export type ParticipantMessageKind = 'booking-received' | 'booking-confirmed' | 'booking-cancelled' | 'waitlist-promoted' | 'waitlist-offer';

/** What one booking operation did, as the message step needs to know it. */
export interface BookingOutcome {
  /** The booking after the change; for a removal, as it was. */
  booking: BookingRow;
  /** The booking with its slot's details, when the change read the slot (a new or changed booking): spares a read. */
  details?: BookingDetails;
  /** Its status before the change; null for a new booking. */
  previousStatus: BookingStatus | null;
  /** A new booking's plain manage token: it exists only here and in the e-mail written from it. */
  manageToken: string | null;
  /** The waitlisted booking that took the seat this change freed, if any. */
  promoted: BookingRow | undefined;
  removed: boolean;
}

/**
 * The participant's message for a status change from `before` (null: a new booking) to `after`.
 * Changes outside the list of messages (pending to waitlisted, confirmed back to pending, a
 * move to another slot with the same status) send nothing.
 */
export function participantMessageFor(before: BookingStatus | null, after: BookingStatus): ParticipantMessageKind | null {
  if (before === after) return null;
  if (after === 'confirmed') return 'booking-confirmed';
  if (after === 'cancelled') return before === null ? null : 'booking-cancelled';
  if (before === 'waitlisted' && after === 'pending') return 'waitlist-promoted';
  if (before === null || before === 'cancelled') return 'booking-received';
  return null;
}

function calendarStatus(kind: ParticipantMessageKind): IcsEventStatus {
  if (kind === 'booking-cancelled') return 'CANCELLED';
  return kind === 'booking-confirmed' ? 'CONFIRMED' : 'TENTATIVE';
}

const CALENDAR_WORDS: Record<IcsEventStatus, MessageKey> = {
  TENTATIVE: 'email.ics.pending',
  CONFIRMED: 'email.ics.confirmed',
  CANCELLED: 'email.ics.cancelled',
};

/**
 * A booking's calendar file, its texts (and the titles, when translated) in the language the
 * booking was made in. REQUEST while it stands, CANCEL with STATUS:CANCELLED when called off.
 */
export function bookingCalendarFile(site: OutboxSite, booking: BookingDetails, status: IcsEventStatus, sequence: number, stamp: Date = new Date()) {
  const method = status === 'CANCELLED' ? 'CANCEL' : 'REQUEST';
  const language = isLanguage(booking.language) ? booking.language : DEFAULT_LANGUAGE;
  const i18n = i18nOf(language);
  const titles = titlesIn(booking, language);
  const content = buildIcs({
    method,
    uid: `booking-${booking.id}@${site.host}`,
    sequence,
    stamp: stamp.toISOString(),
    start: booking.startTime,
    end: booking.endTime,
    summary: i18n._('email.ics.summary', { session: titles.session, event: titles.event }),
    description: i18n._(CALENDAR_WORDS[status], { siteName: site.siteName }),
    location: booking.location,
    status,
    productOwner: site.host,
    organizer: site.organizer,
    attendee: { name: booking.participantName, email: booking.participantEmail },
  });
  return { content, method } as const;
}

/** The calendar file of a participant message. */
function calendarFile(site: OutboxSite, booking: BookingDetails, kind: ParticipantMessageKind, sequence: number) {
  return bookingCalendarFile(site, booking, calendarStatus(kind), sequence);
}

/** What else a participant message must know: the booking was cancelled unpaid, or its payment has just arrived. */
interface MessageOccasion {
  unpaid?: boolean;
  receipt?: ReceivedPayment;
}

/**
 * The wording of a participant message. A paid booking holding its seat says how to pay, one
 * cancelled at its unpaid deadline says why (sent as 'payment-expired'), and the confirmation of a
 * payment received is its receipt (sent as 'payment-receipt').
 */
function participantContent(site: OutboxSite, booking: BookingDetails, kind: ParticipantMessageKind, link: ManageLinkFacts | null, { unpaid = false, receipt }: MessageOccasion) {
  if (kind === 'booking-confirmed' && receipt !== undefined) {
    return { rendered: paymentReceiptMessage(site, booking, receipt, link, booking.checkInCode), sentKind: 'payment-receipt' as const };
  }
  const due = kind === 'booking-received' || kind === 'waitlist-promoted' ? duePaymentOf(booking) : null;
  if (due !== null) return { rendered: awaitingPaymentMessage(site, booking, due, link), sentKind: kind, due };
  if (kind === 'booking-cancelled' && unpaid && booking.paymentDueAt !== null) {
    return { rendered: paymentExpiredMessage(site, booking, booking.paymentDueAt), sentKind: 'payment-expired' as const };
  }
  const rendered =
    kind === 'booking-received'
      ? bookingReceivedMessage(site, booking, link)
      : kind === 'booking-confirmed'
        ? bookingConfirmedMessage(site, booking, link, booking.checkInCode)
        : kind === 'waitlist-promoted'
          ? waitlistPromotedMessage(site, booking, link)
          : kind === 'waitlist-offer'
            ? waitlistOfferMessage(site, booking, link, booking.offerExpiresAt ?? booking.startTime)
            : bookingCancelledMessage(site, booking);
  return { rendered, sentKind: kind };
}

/**
 * One message to the participant of `bookingId`. `newBookingToken` is the token of a booking created
 * in this transaction (its first message: SEQUENCE stays 0). Any later message raises the SEQUENCE
 * and, when it carries the manage link, issues a new token, since the old one was never stored:
 * the newest e-mail's link is the one that works.
 */
async function enqueueParticipantMessage(
  db: DB,
  site: OutboxSite,
  bookingId: string,
  kind: ParticipantMessageKind,
  newBookingToken: string | null,
  known?: BookingDetails,
  occasion: MessageOccasion = {},
): Promise<BookingDetails | undefined> {
  const booking = known ?? (await findBookingDetails(db, bookingId));
  // Nothing to tell anyone about a slot that is over (staff tidying up old bookings), except a
  // receipt: money that arrives after the workshop is still acknowledged.
  if (booking === undefined) return booking;
  if (occasion.receipt === undefined && Date.parse(booking.endTime) <= Date.now()) return booking;
  const carriesLink = kind !== 'booking-cancelled';
  let token = newBookingToken;
  let sequence = booking.icsSequence;
  if (newBookingToken === null) {
    const fresh = carriesLink ? newManageToken() : null;
    sequence = await advanceBookingRevision(db, booking.id, fresh?.hash ?? null);
    token = fresh?.token ?? null;
  }
  const link: ManageLinkFacts | null =
    carriesLink && token !== null ? { url: manageLink(site.publicOrigin, token, booking.language), replacesEarlier: newBookingToken === null } : null;

  const { rendered, sentKind, due } = participantContent(site, booking, kind, link, occasion);
  // A place on the waitlist is not a seat: no calendar entry until the booking moves up.
  const onWaitlist = booking.status === 'waitlisted';
  await enqueueMessage(db, site, {
    kind: sentKind,
    to: booking.participantEmail,
    rendered,
    ics: onWaitlist ? null : calendarFile(site, booking, kind, sequence),
    bookingId: booking.id,
    checkInCode: kind === 'booking-confirmed' ? booking.checkInCode : null,
    // How to pay comes with the invoice, issued in this same transaction, attached as its PDF; a
    // cancellation comes with the credit note it issued (none for a free booking).
    invoiceId: kind === 'booking-cancelled' ? await latestCreditNoteIdOfBooking(db, booking.id) : due === undefined || due === null ? null : await invoiceIdOfBooking(db, booking.id),
  });
  return booking;
}

/** `known`: the booking's details when the participant's message already read them. */
async function enqueueNewBookingNotifications(db: DB, site: OutboxSite, bookingId: string, known: BookingDetails | undefined): Promise<void> {
  const recipients = await findNotifiedAdmins(db, 'newBookings');
  if (recipients.length === 0) return;
  const booking = known ?? (await findBookingDetails(db, bookingId));
  if (booking === undefined) return;
  const answers = (await listBookingAnswers(db, [booking.id])).get(booking.id) ?? [];
  // Each admin reads it in the language of their notices (Settings, Notifications).
  for (const { email: to, language } of recipients) {
    const rendered = adminNewBookingMessage(site, booking, language, answers);
    await enqueueMessage(db, site, { kind: 'admin-new-booking', to, rendered, ics: null, bookingId: booking.id });
  }
}

/**
 * The messages of one booking change: the participant's (by status change), the promoted
 * participant's, and for a public booking the admins' new-booking notifications.
 */
export async function enqueueBookingMessages(
  db: DB,
  publicOrigin: string,
  outcome: BookingOutcome,
  options: { notifyAdmins: boolean; /** The change cancels a booking not paid by its deadline (the scheduler): its message says so. */ unpaid?: boolean },
): Promise<void> {
  const site = await loadOutboxSite(db, publicOrigin);
  const kind = outcome.removed ? null : participantMessageFor(outcome.previousStatus, outcome.booking.status);
  const details =
    kind === null ? outcome.details : await enqueueParticipantMessage(db, site, outcome.booking.id, kind, outcome.manageToken, outcome.details, { unpaid: options.unpaid === true });
  if (outcome.promoted !== undefined) {
    // Promoted at once (pending), or offered the seat for some hours (still waitlisted).
    const promotedKind = outcome.promoted.status === 'waitlisted' ? 'waitlist-offer' : 'waitlist-promoted';
    await enqueueParticipantMessage(db, site, outcome.promoted.id, promotedKind, null);
  }
  if (options.notifyAdmins && outcome.previousStatus === null && !outcome.removed) {
    await enqueueNewBookingNotifications(db, site, outcome.booking.id, details);
  }
  // Every booking change passes here, in its transaction: the webhooks' outbox is written with it.
  await enqueueBookingWebhooks(db, outcome);
}

/**
 * The receipt of a payment that has just confirmed `bookingId` (it is also its confirmation: check-in
 * code, calendar entry CONFIRMED, a fresh manage link), in the booking's language.
 */
export async function enqueuePaymentReceipt(db: DB, publicOrigin: string, bookingId: string, receipt: ReceivedPayment): Promise<void> {
  const site = await loadOutboxSite(db, publicOrigin);
  await enqueueParticipantMessage(db, site, bookingId, 'booking-confirmed', null, undefined, { receipt });
}
