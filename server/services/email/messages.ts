// The wording of every message, one function per kind, in the site's name. Times are in the site's
// timezone and name it. Participant and contact text is passed as plain text: layout.ts escapes it.
import type { BookingStatus } from '@db/schema';
import { formatDateTime, formatSlotRange } from '@server/shared/time';
import { type MessageContent, type RenderedMessage, renderMessage } from './layout';
import { notificationSettingsLink } from './staff-links';

export interface SiteVoice {
  siteName: string;
  /** What every message signs with: the firm's name, then its address, phone and e-mail (Settings, Site). */
  signature: string[];
  /** The brand's primary colour: the background of the message's button. */
  primaryColor: string;
  /** The logo's absolute address, shown above the name; null without a logo. */
  logoUrl: string | null;
  timeZone: string;
  publicOrigin: string;
}

export interface BookingFacts {
  participantName: string;
  participantEmail: string;
  participantPhone: string | null;
  status: BookingStatus;
  eventTitle: string;
  sessionTitle: string;
  location: string | null;
  startTime: string;
  endTime: string;
}

export interface ContactFacts {
  name: string;
  email: string;
  company: string | null;
  message: string;
  createdAt: string;
}

/** The link of a participant message; `replacesEarlier` when older e-mails carried another one. */
export interface ManageLinkFacts {
  url: string;
  replacesEarlier: boolean;
}

const CONFIRMATION_PROMISE = 'we will confirm it within 24 hours with an e-mail confirmation';

/** The name and signature of a message from `site`. */
export function signedBy(site: SiteVoice): Pick<MessageContent, 'siteName' | 'signature' | 'primaryColor' | 'logoUrl'> {
  return { siteName: site.siteName, signature: site.signature, primaryColor: site.primaryColor, logoUrl: site.logoUrl };
}

/** Event, session, time (in the site's zone) and place of a booking, as every participant message lists them. */
export function slotDetailsOf(site: SiteVoice, booking: BookingFacts): [string, string][] {
  return [
    ['Event', booking.eventTitle],
    ['Session', booking.sessionTitle],
    ['When', formatSlotRange(booking.startTime, booking.endTime, site.timeZone)],
    ['Where', booking.location ?? 'To be announced'],
  ];
}

function manageLinkParts(link: ManageLinkFacts | null): Pick<MessageContent, 'link' | 'notes'> {
  if (link === null) return { link: null, notes: [] };
  return {
    link: { label: 'View or cancel your booking', url: link.url },
    notes: [
      'Keep this link to yourself: anyone who has it can cancel the booking.',
      ...(link.replacesEarlier ? ['Links in earlier e-mails about this booking no longer work; use this one.'] : []),
    ],
  };
}

function participantMessage(
  site: SiteVoice,
  booking: BookingFacts,
  subject: string,
  paragraphs: string[],
  link: ManageLinkFacts | null,
): RenderedMessage {
  return renderMessage({
    subject,
    ...signedBy(site),
    greeting: `Dear ${booking.participantName},`,
    paragraphs,
    details: slotDetailsOf(site, booking),
    ...manageLinkParts(link),
  });
}

/** Booking received: pending (a seat is held) or waitlisted (the slot is full), saying which. */
export function bookingReceivedMessage(site: SiteVoice, booking: BookingFacts, link: ManageLinkFacts | null): RenderedMessage {
  if (booking.status === 'waitlisted') {
    return participantMessage(
      site,
      booking,
      `${site.siteName}: you are on the waitlist for ${booking.sessionTitle}`,
      [
        `Thank you for booking with ${site.siteName}. The time slot below is full, so you are on the waitlist.`,
        'If a seat frees up, your booking moves up in order of arrival and we will e-mail you at once.',
      ],
      link,
    );
  }
  return participantMessage(
    site,
    booking,
    `${site.siteName}: booking received for ${booking.sessionTitle}`,
    [
      `Thank you for booking with ${site.siteName}. We have received your booking for the session below.`,
      `Your seat is held and the booking is pending: ${CONFIRMATION_PROMISE}.`,
    ],
    link,
  );
}

/** The Content-ID of the check-in QR image a confirmation carries (the sender attaches it). */
export const CHECK_IN_QR_CID = 'check-in-qr';

/** `checkInCode`: shown in text and as a QR code for the door; null for a booking without one. */
export function bookingConfirmedMessage(site: SiteVoice, booking: BookingFacts, link: ManageLinkFacts | null, checkInCode: string | null = null): RenderedMessage {
  const paragraphs = [`Your booking with ${site.siteName} is confirmed. We look forward to seeing you.`];
  if (checkInCode === null) return participantMessage(site, booking, `${site.siteName}: booking confirmed for ${booking.sessionTitle}`, paragraphs, link);
  return renderMessage({
    subject: `${site.siteName}: booking confirmed for ${booking.sessionTitle}`,
    ...signedBy(site),
    greeting: `Dear ${booking.participantName},`,
    paragraphs: [...paragraphs, `Your check-in code is ${checkInCode}. At the door, show the QR code below or say the code.`],
    details: [...slotDetailsOf(site, booking), ['Check-in code', checkInCode]],
    image: { cid: CHECK_IN_QR_CID, alt: `QR code of your check-in code ${checkInCode}` },
    ...manageLinkParts(link),
  });
}

export function bookingCancelledMessage(site: SiteVoice, booking: BookingFacts): RenderedMessage {
  return participantMessage(
    site,
    booking,
    `${site.siteName}: booking cancelled for ${booking.sessionTitle}`,
    [
      `Your booking with ${site.siteName} for the session below is cancelled.`,
      `If you did not expect this, or would like another time, you can book again at ${site.publicOrigin}/booking.`,
    ],
    null,
  );
}

export function waitlistPromotedMessage(site: SiteVoice, booking: BookingFacts, link: ManageLinkFacts | null): RenderedMessage {
  return participantMessage(
    site,
    booking,
    `${site.siteName}: a seat opened up for ${booking.sessionTitle}`,
    [
      'Good news: a seat has opened up and your booking has moved off the waitlist.',
      `Your seat is held and the booking is pending: ${CONFIRMATION_PROMISE}.`,
    ],
    link,
  );
}

/** `answers`: the booking's answers to its event's registration questions, each under its question. */
/**
 * A freed seat offered until `expiresAt`: the link leads to the manage page, where the participant
 * takes or declines it. Said plainly: an offer that runs out or is declined cancels the booking.
 */
export function waitlistOfferMessage(site: SiteVoice, booking: BookingFacts, link: ManageLinkFacts | null, expiresAt: string): RenderedMessage {
  const until = formatDateTime(expiresAt, site.timeZone);
  return renderMessage({
    subject: `${site.siteName}: a seat is yours to take for ${booking.sessionTitle} until ${until}`,
    ...signedBy(site),
    greeting: `Dear ${booking.participantName},`,
    paragraphs: [
      `A seat has opened up and it is offered to you, first on the waitlist. It is held for you until ${until}.`,
      'Open the link below to take the seat (your booking is then confirmed) or to decline it.',
      'If you decline, or do not take the seat by then, your booking is cancelled and the seat is offered to the next person on the waitlist.',
    ],
    details: slotDetailsOf(site, booking),
    link: link === null ? null : { label: 'Take or decline the seat', url: link.url },
    notes: link === null ? [] : ['Keep this link to yourself: anyone who has it can take or decline the seat.'],
  });
}

export function adminNewBookingMessage(
  site: SiteVoice,
  booking: BookingFacts,
  answers: readonly { label: string; value: string }[] = [],
): RenderedMessage {
  const waitlisted = booking.status === 'waitlisted';
  return renderMessage({
    subject: `${site.siteName}: new booking from ${booking.participantName}${waitlisted ? ' (waitlisted)' : ''}`,
    ...signedBy(site),
    greeting: null,
    paragraphs: [`A new booking was made on ${site.siteName}.`],
    details: [
      ['Name', booking.participantName],
      ['Email', booking.participantEmail],
      ['Phone', booking.participantPhone ?? 'Not given'],
      ['Status', waitlisted ? 'Waitlisted (the time slot is full)' : 'Pending'],
      ...slotDetailsOf(site, booking),
      ...answers.map((answer): [string, string] => [answer.label, answer.value]),
    ],
    link: { label: 'Open the bookings', url: `${site.publicOrigin}/admin/bookings` },
    notes: ['You receive this because New Bookings notifications are on in your settings.'],
    endLink: notificationSettingsLink(site.publicOrigin),
  });
}

export function adminNewContactMessage(site: SiteVoice, contact: ContactFacts): RenderedMessage {
  return renderMessage({
    subject: `${site.siteName}: new contact message from ${contact.name}`,
    ...signedBy(site),
    greeting: null,
    paragraphs: [`A new contact message was sent through ${site.siteName}.`, contact.message],
    details: [
      ['Name', contact.name],
      ['Email', contact.email],
      ['Company', contact.company ?? 'Not given'],
      ['Received', formatDateTime(contact.createdAt, site.timeZone)],
    ],
    link: { label: 'Open the contacts', url: `${site.publicOrigin}/admin/contacts` },
    notes: ['You receive this because New Contacts notifications are on in your settings.'],
    endLink: notificationSettingsLink(site.publicOrigin),
  });
}

/** A staff change moved the booking to another time (another slot, or the slot's times changed). */
export function bookingUpdatedMessage(site: SiteVoice, booking: BookingFacts, link: ManageLinkFacts | null): RenderedMessage {
  return participantMessage(
    site,
    booking,
    `${site.siteName}: booking updated for ${booking.sessionTitle}`,
    [
      `Your booking with ${site.siteName} has a new time. The details below replace the earlier ones.`,
      'The attached calendar file updates the entry in your calendar.',
    ],
    link,
  );
}

/** The reminder before a booked slot, with the manage link. */
export function bookingReminderMessage(site: SiteVoice, booking: BookingFacts, link: ManageLinkFacts | null): RenderedMessage {
  return participantMessage(
    site,
    booking,
    `${site.siteName}: reminder for ${booking.sessionTitle}`,
    [
      `This is a reminder of your booking with ${site.siteName}, starting ${formatDateTime(booking.startTime, site.timeZone)}.`,
      'If you can no longer come, please cancel with the link below so someone else can take the seat.',
    ],
    link,
  );
}
