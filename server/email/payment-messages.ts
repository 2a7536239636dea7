// The messages of a paid booking: how to pay (the payment method's instructions, with the amount,
// the deadline and the reference), the reminder before the deadline, the cancellation when the
// money did not arrive, and the receipt when it did. In the booking's language, times in the site's zone.
import type { PaymentStatus } from '@db/schema';
import { type RenderedMessage, renderMessage } from '@server/shared/email-layout';
import { basisPointsToPercent, formatMoney } from '@server/shared/money';
import { formatPaymentReference } from '@server/payments/payments.schemas';
import { siteLink } from './manage-token';
import {
  type BookingFacts,
  bookingConfirmedMessage,
  type ManageLinkFacts,
  signedBy,
  slotDetailsOf,
  titlesIn,
  type SiteVoice,
  type Words,
  wordsIn,
} from './messages';

/** What a paid booking's messages show of its payment (the booking's frozen charge). */
export interface PaymentFacts {
  paymentStatus: PaymentStatus | null;
  paymentReference: string | null;
  paymentDueAt: string | null;
  chargeNetMinor: number | null;
  chargeTaxMinor: number | null;
  chargeGrossMinor: number | null;
  chargeCurrency: string | null;
  chargeTaxRateBasisPoints: number | null;
}

interface DuePayment {
  reference: string;
  dueAt: string;
  net: number;
  tax: number;
  gross: number;
  currency: string;
  rateBasisPoints: number;
}

/** The payment still owed by a booking holding a seat, or null (a free booking, a paid one, no deadline yet). */
export function duePaymentOf(booking: PaymentFacts): DuePayment | null {
  const { paymentReference: reference, paymentDueAt: dueAt, chargeNetMinor: net, chargeTaxMinor: tax, chargeGrossMinor: gross, chargeCurrency: currency, chargeTaxRateBasisPoints: rateBasisPoints } = booking;
  if (booking.paymentStatus !== 'awaiting' || reference === null || dueAt === null) return null;
  if (net === null || tax === null || gross === null || currency === null || rateBasisPoints === null) return null;
  return { reference, dueAt, net, tax, gross, currency, rateBasisPoints };
}

/** The payment's lines under the slot's details: amount (with net and tax), reference, date to pay by. */
function paymentDetails(site: SiteVoice, due: DuePayment, { t, locale, dates }: Words): [string, string][] {
  const money = (minor: number) => formatMoney(minor, due.currency, locale);
  return [
    [t('email.payment.amount'), t('email.payment.amountValue', { gross: money(due.gross), net: money(due.net), tax: money(due.tax), rate: basisPointsToPercent(due.rateBasisPoints) })],
    [t('email.payment.reference'), formatPaymentReference(due.reference)],
    [t('email.payment.dueBy'), dates.dateTime(due.dueAt, site.timeZone)],
    ...(site.bankAccount === undefined || site.bankAccount === null
      ? []
      : ([
          [t('email.payment.accountHolder'), site.bankAccount.holder],
          ['IBAN', site.bankAccount.iban],
          ...(site.bankAccount.bic === '' ? [] : [['BIC', site.bankAccount.bic] as [string, string]]),
        ] as [string, string][])),
  ];
}

/** How to pay: bank transfer, the only method so far (server/payments/payment-methods.ts). */
function howToPay(site: SiteVoice, due: DuePayment, { t, locale, dates }: Words): string {
  return t('email.payment.bankTransfer', {
    amount: formatMoney(due.gross, due.currency, locale),
    deadline: dates.dateTime(due.dueAt, site.timeZone),
    reference: formatPaymentReference(due.reference),
  });
}

function paymentMessage(
  site: SiteVoice,
  booking: BookingFacts,
  due: DuePayment,
  write: (words: Words, names: { siteName: string; session: string; deadline: string }) => { subject: string; paragraphs: string[] },
  link: ManageLinkFacts | null,
): RenderedMessage {
  const words = wordsIn(booking.language);
  const names = { siteName: site.siteName, session: titlesIn(booking, words.language).session, deadline: words.dates.dateTime(due.dueAt, site.timeZone) };
  const { subject, paragraphs } = write(words, names);
  return renderMessage({
    subject,
    ...signedBy(site),
    greeting: words.t('email.greeting', { name: booking.participantName }),
    paragraphs,
    details: [...slotDetailsOf(site, booking), ...paymentDetails(site, due, words)],
    link: link === null ? null : { label: words.t('email.manageLink'), url: link.url },
    notes: link === null ? [] : [words.t('email.keepLink'), ...(link.replacesEarlier ? [words.t('email.linkReplaced')] : [])],
    language: words.language,
  });
}

/** A paid booking holding its seat (new, or moved up from the waitlist): the seat is held until the deadline, and how to pay. */
export function awaitingPaymentMessage(site: SiteVoice, booking: BookingFacts, due: DuePayment, link: ManageLinkFacts | null): RenderedMessage {
  return paymentMessage(
    site,
    booking,
    due,
    (words, names) => ({
      subject: words.t('email.awaiting.subject', names),
      paragraphs: [words.t('email.awaiting.thanks', names), howToPay(site, due, words), words.t('email.payment.otherwise')],
    }),
    link,
  );
}

/** Two days before the deadline, once. */
export function paymentReminderMessage(site: SiteVoice, booking: BookingFacts, due: DuePayment): RenderedMessage {
  return paymentMessage(
    site,
    booking,
    due,
    (words, names) => ({
      subject: words.t('email.paymentReminder.subject', names),
      paragraphs: [words.t('email.paymentReminder.text', names), howToPay(site, due, words), words.t('email.payment.otherwise')],
    }),
    null,
  );
}

/** The deadline passed unpaid: the booking is cancelled (the scheduler). */
export function paymentExpiredMessage(site: SiteVoice, booking: BookingFacts, dueAt: string): RenderedMessage {
  const words = wordsIn(booking.language);
  const { t, dates } = words;
  const names = { siteName: site.siteName, session: titlesIn(booking, words.language).session, deadline: dates.dateTime(dueAt, site.timeZone) };
  return renderMessage({
    subject: t('email.paymentExpired.subject', names),
    ...signedBy(site),
    greeting: t('email.greeting', { name: booking.participantName }),
    paragraphs: [t('email.paymentExpired.text', names), t('email.cancelled.again', { url: siteLink(site.publicOrigin, '/booking', booking.language) })],
    details: slotDetailsOf(site, booking),
    link: null,
    notes: [],
    language: words.language,
  });
}

/** What a receipt says was received: the amount, its currency and the day the bank booked it. */
export interface ReceivedPayment {
  amountMinor: number;
  currency: string;
  /** YYYY-MM-DD. */
  paidOn: string;
  reference: string | null;
}

/**
 * The money arrived: the receipt, which is also the booking's confirmation (its seat is confirmed,
 * with the check-in code and the calendar entry), so the participant gets one e-mail, not two.
 */
export function paymentReceiptMessage(site: SiteVoice, booking: BookingFacts, payment: ReceivedPayment, link: ManageLinkFacts | null, checkInCode: string | null): RenderedMessage {
  return bookingConfirmedMessage(site, booking, link, checkInCode, ({ t, locale, dates }, names) => {
    const amount = formatMoney(payment.amountMinor, payment.currency, locale);
    // A calendar day, not an instant: formatted at noon UTC so no time zone moves it to another day.
    const paidOn = dates.date(`${payment.paidOn}T12:00:00Z`, 'UTC');
    return {
      subject: t('email.receipt.subject', names),
      opening: t('email.receipt.text', { ...names, amount, paidOn }),
      details: [
        [t('email.receipt.amount'), amount],
        [t('email.receipt.paidOn'), paidOn],
        ...(payment.reference === null ? [] : [[t('email.payment.reference'), formatPaymentReference(payment.reference)] as [string, string]]),
      ],
    };
  });
}
