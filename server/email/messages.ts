// The wording of every message, one function per kind, in the site's name; a participant's message
// in the language the booking was made in (the catalogs, server/shared/i18n/catalogs/). Times are in the site's
// timezone and name it. Participant and contact text is passed as plain text: layout.ts escapes it.
import type { BookingStatus } from '@db/schema';
import { type DateFormatter, dateFormatter } from '@server/shared/format-date';
import { type MessageContent, type RenderedMessage, renderMessage } from '@server/shared/email-layout';
import { siteLink } from './manage-token';
import { notificationSettingsLink } from './staff-links';
import { type MessageKey, translatorOf } from '@server/shared/i18n/catalogs';
import { DEFAULT_LANGUAGE, firmText, isLanguage, type Language, localeOf } from '@server/shared/i18n/languages';
import { readTitleTranslations } from '@server/core/stored-json';
import type { BankAccount } from '@server/invoices/billing-settings.schemas';

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
  /** The firm's bank account (Settings, Billing) that payment messages print; null until it is set. */
  bankAccount?: BankAccount | null;
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
  /** A paid booking's payment: 'awaiting' until its money arrives; null or absent for a free one. */
  paymentStatus?: string | null;
  /** The language the booking was made in (its messages'); English when absent or unknown. */
  language?: string;
  /** The event's and the session's titles in other languages (their stored JSON); absent: English only. */
  eventTranslations?: string;
  sessionTranslations?: string;
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

/** The words of a message in the reader's language (a booking's), and that language's Intl locale. */
export interface Words {
  language: Language;
  locale: string;
  t(key: MessageKey, values?: Record<string, unknown>): string;
  /** Every date and time of the message, in its language. */
  dates: DateFormatter;
}

export function wordsIn(language: string | undefined): Words {
  const code = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const t = translatorOf(code);
  return { language: code, locale: localeOf(code), t, dates: dateFormatter({ locale: localeOf(code), t }) };
}

/** The event's and the session's titles in `language`, each falling back to its English one. */
export function titlesIn(booking: BookingFacts, language: Language): { event: string; session: string } {
  return {
    event: firmText(booking.eventTitle, readTitleTranslations(`translations of event "${booking.eventTitle}"`, booking.eventTranslations ?? '{}'), 'title', language),
    session: firmText(booking.sessionTitle, readTitleTranslations(`translations of session "${booking.sessionTitle}"`, booking.sessionTranslations ?? '{}'), 'title', language),
  };
}

/** The name and signature of a message from `site`. */
export function signedBy(site: SiteVoice): Pick<MessageContent, 'siteName' | 'signature' | 'primaryColor' | 'logoUrl'> {
  return { siteName: site.siteName, signature: site.signature, primaryColor: site.primaryColor, logoUrl: site.logoUrl };
}

/**
 * Event, session, time (in the site's zone) and place of a booking, as every participant message
 * lists them, in the booking's language.
 */
export function slotDetailsOf(site: SiteVoice, booking: BookingFacts): [string, string][] {
  const { t, dates, language } = wordsIn(booking.language);
  const titles = titlesIn(booking, language);
  return [
    [t('email.detail.event'), titles.event],
    [t('email.detail.session'), titles.session],
    [t('email.detail.when'), dates.rangeWithPlace(booking.startTime, booking.endTime, site.timeZone)],
    [t('email.detail.where'), booking.location ?? t('email.toBeAnnounced')],
  ];
}

export function manageLinkParts(link: ManageLinkFacts | null, { t }: Words): Pick<MessageContent, 'link' | 'notes'> {
  if (link === null) return { link: null, notes: [] };
  return {
    link: { label: t('email.manageLink'), url: link.url },
    notes: [t('email.keepLink'), ...(link.replacesEarlier ? [t('email.linkReplaced')] : [])],
  };
}

/** A message to the participant, in the language the booking was made in. */
function participantMessage(
  site: SiteVoice,
  booking: BookingFacts,
  write: (words: Words, names: { siteName: string; session: string }) => { subject: string; paragraphs: string[] },
  link: ManageLinkFacts | null,
): RenderedMessage {
  const words = wordsIn(booking.language);
  const { subject, paragraphs } = write(words, { siteName: site.siteName, session: titlesIn(booking, words.language).session });
  return renderMessage({
    subject,
    ...signedBy(site),
    greeting: words.t('email.greeting', { name: booking.participantName }),
    paragraphs,
    details: slotDetailsOf(site, booking),
    ...manageLinkParts(link, words),
    language: words.language,
  });
}

/** Booking received: pending (a seat is held) or waitlisted (the slot is full), saying which. */
export function bookingReceivedMessage(site: SiteVoice, booking: BookingFacts, link: ManageLinkFacts | null): RenderedMessage {
  if (booking.status === 'waitlisted') {
    return participantMessage(
      site,
      booking,
      ({ t }, names) => ({
        subject: t('email.waitlisted.subject', names),
        paragraphs: [t('email.waitlisted.thanks', names), t('email.waitlisted.next')],
      }),
      link,
    );
  }
  return participantMessage(
    site,
    booking,
    ({ t }, names) => ({ subject: t('email.received.subject', names), paragraphs: [t('email.received.thanks', names), t('email.seatHeld')] }),
    link,
  );
}

/** The Content-ID of the check-in QR image a confirmation carries (the sender attaches it). */
export const CHECK_IN_QR_CID = 'check-in-qr';

/** What a confirmation carries besides the seat (a receipt's subject, opening line and rows). */
export interface ConfirmationExtras {
  subject: string;
  opening: string;
  details: [string, string][];
}

/**
 * `checkInCode`: shown in text and as a QR code for the door; null for a booking without one.
 * `extras`: a confirmation that is also something else (the payment receipt) says so first.
 */
export function bookingConfirmedMessage(
  site: SiteVoice,
  booking: BookingFacts,
  link: ManageLinkFacts | null,
  checkInCode: string | null = null,
  extras?: (words: Words, names: { siteName: string; session: string }) => ConfirmationExtras,
): RenderedMessage {
  const words = wordsIn(booking.language);
  const { t } = words;
  const names = { siteName: site.siteName, session: titlesIn(booking, words.language).session };
  const extra = extras?.(words, names);
  const paragraphs = [...(extra === undefined ? [] : [extra.opening]), t('email.confirmed.text', names)];
  const details = [...slotDetailsOf(site, booking), ...(extra?.details ?? [])];
  if (checkInCode !== null) {
    paragraphs.push(t('email.checkIn.text', { code: checkInCode }));
    details.push([t('email.checkIn.label'), checkInCode]);
  }
  return renderMessage({
    subject: extra?.subject ?? t('email.confirmed.subject', names),
    ...signedBy(site),
    greeting: t('email.greeting', { name: booking.participantName }),
    paragraphs,
    details,
    ...(checkInCode === null ? {} : { image: { cid: CHECK_IN_QR_CID, alt: t('email.checkIn.alt', { code: checkInCode }) } }),
    ...manageLinkParts(link, words),
    language: words.language,
  });
}

export function bookingCancelledMessage(site: SiteVoice, booking: BookingFacts): RenderedMessage {
  return participantMessage(
    site,
    booking,
    ({ t }, names) => ({
      subject: t('email.cancelled.subject', names),
      paragraphs: [t('email.cancelled.text', names), t('email.cancelled.again', { url: siteLink(site.publicOrigin, '/booking', booking.language) })],
    }),
    null,
  );
}

export function waitlistPromotedMessage(site: SiteVoice, booking: BookingFacts, link: ManageLinkFacts | null): RenderedMessage {
  return participantMessage(
    site,
    booking,
    ({ t }, names) => ({ subject: t('email.promoted.subject', names), paragraphs: [t('email.promoted.text'), t('email.seatHeld')] }),
    link,
  );
}

/**
 * A freed seat offered until `expiresAt`: the link leads to the manage page, where the participant
 * takes or declines it. Said plainly: an offer that runs out or is declined cancels the booking.
 */
export function waitlistOfferMessage(site: SiteVoice, booking: BookingFacts, link: ManageLinkFacts | null, expiresAt: string): RenderedMessage {
  const words = wordsIn(booking.language);
  const { t, dates } = words;
  const until = dates.dateTime(expiresAt, site.timeZone);
  return renderMessage({
    subject: t('email.offer.subject', { siteName: site.siteName, session: titlesIn(booking, words.language).session, until }),
    ...signedBy(site),
    greeting: t('email.greeting', { name: booking.participantName }),
    paragraphs: [t('email.offer.text', { until }), t('email.offer.how'), t('email.offer.otherwise')],
    details: slotDetailsOf(site, booking),
    link: link === null ? null : { label: t('email.offer.link'), url: link.url },
    notes: link === null ? [] : [t('email.offer.keepLink')],
    language: words.language,
  });
}

/**
 * `language`: the admin's, for their notices (English unless set); `answers`: the booking's answers
 * to its event's registration questions, each under its question.
 */
export function adminNewBookingMessage(
  site: SiteVoice,
  booking: BookingFacts,
  language?: string,
  answers: readonly { label: string; value: string }[] = [],
): RenderedMessage {
  const { t, language: code } = wordsIn(language);
  const waitlisted = booking.status === 'waitlisted';
  const names = { siteName: site.siteName, name: booking.participantName };
  return renderMessage({
    subject: waitlisted ? t('email.admin.bookingWaitlisted.subject', names) : t('email.admin.booking.subject', names),
    ...signedBy(site),
    greeting: null,
    paragraphs: [t('email.admin.booking.text', names)],
    details: [
      [t('email.admin.name'), booking.participantName],
      [t('email.admin.email'), booking.participantEmail],
      [t('email.admin.phone'), booking.participantPhone ?? t('email.admin.notGiven')],
      [t('email.admin.status'), waitlisted ? t('email.admin.status.waitlisted') : booking.paymentStatus === 'awaiting' ? t('email.admin.status.awaiting') : t('email.admin.status.pending')],
      ...slotDetailsOf(site, { ...booking, language: code }),
      ...answers.map((answer): [string, string] => [answer.label, answer.value]),
    ],
    link: { label: t('email.admin.booking.link'), url: `${site.publicOrigin}/admin/bookings` },
    notes: [t('email.admin.booking.why')],
    endLink: notificationSettingsLink(site.publicOrigin),
    language: code,
  });
}

/** `language`: the admin's, for their notices (English unless set). */
export function adminNewContactMessage(site: SiteVoice, contact: ContactFacts, language?: string): RenderedMessage {
  const { t, dates, language: code } = wordsIn(language);
  const names = { siteName: site.siteName, name: contact.name };
  return renderMessage({
    subject: t('email.admin.contact.subject', names),
    ...signedBy(site),
    greeting: null,
    paragraphs: [t('email.admin.contact.text', names), contact.message],
    details: [
      [t('email.admin.name'), contact.name],
      [t('email.admin.email'), contact.email],
      [t('email.admin.company'), contact.company ?? t('email.admin.notGiven')],
      [t('email.admin.received'), dates.dateTime(contact.createdAt, site.timeZone)],
    ],
    link: { label: t('email.admin.contact.link'), url: `${site.publicOrigin}/admin/contacts` },
    notes: [t('email.admin.contact.why')],
    endLink: notificationSettingsLink(site.publicOrigin),
    language: code,
  });
}

/** A staff change moved the booking to another time (another slot, or the slot's times changed). */
export function bookingUpdatedMessage(site: SiteVoice, booking: BookingFacts, link: ManageLinkFacts | null): RenderedMessage {
  return participantMessage(
    site,
    booking,
    ({ t }, names) => ({ subject: t('email.updated.subject', names), paragraphs: [t('email.updated.text', names), t('email.updated.calendar')] }),
    link,
  );
}

/** The reminder before a booked slot, with the manage link. */
export function bookingReminderMessage(site: SiteVoice, booking: BookingFacts, link: ManageLinkFacts | null): RenderedMessage {
  return participantMessage(
    site,
    booking,
    ({ t, dates }, names) => ({
      subject: t('email.reminder.subject', names),
      paragraphs: [
        t('email.reminder.text', { ...names, start: dates.dateTime(booking.startTime, site.timeZone) }),
        t('email.reminder.cancel'),
      ],
    }),
    link,
  );
}
