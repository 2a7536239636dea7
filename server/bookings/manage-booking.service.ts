// The manage-my-booking page (/booking/manage/{token}): a participant sees their booking and can
// cancel it. The token is looked up by its SHA-256; cancelling is the same booking change as a staff
// cancellation (waitlist promotion, cancelled and promotion e-mails), in one transaction.
import { type BookingViewStatus, bookingViewStatus } from './bookings.schemas';
import type { ServiceContext } from '@server/core/service-context';
import { type BookingDetails, findBookingDetails, findBookingDetailsByTokenHash } from './bookings.repository';
import { getSystemSettings } from '@server/settings/settings.repository';
import { changeBookingStatus, hasOpenOffer, runBookingChange } from './bookings.service';
import { hashManageToken } from '@server/email/manage-token';
import { titlesIn } from '@server/email/messages';
import type { Language } from '@server/shared/i18n/languages';
import { NotFoundError, PreconditionError } from '@server/core/errors';
import { type BankAccount, bankAccountOf } from '@server/invoices/billing-settings.schemas';
import { readBillingSettings } from '@server/invoices/billing-settings.repository';
import { formatPaymentReference } from '@server/payments/payments.schemas';

export interface ManagedBooking {
  id: string;
  /** As the participant sees it: a paid booking holding its seat unpaid is 'awaiting-payment'. */
  status: BookingViewStatus;
  /** What a booking awaiting payment still owes and how to pay it; null for a free or a paid one. */
  payment: PaymentDue | null;
  participantName: string;
  eventTitle: string;
  sessionTitle: string;
  location: string | null;
  startTime: string;
  endTime: string;
  /** The site's timezone, in which the page shows the times. */
  timezone: string;
  canCancel: boolean;
  /** A seat offered to this waitlisted booking until then (it may take or decline it); null: none open. */
  offerExpiresAt: string | null;
}

/** The bank transfer a booking awaiting payment asks for, as its confirmation e-mail and invoice say. */
export interface PaymentDue {
  amountMinor: number;
  currency: string;
  /** Grouped by four, as people type it into their bank's form. */
  reference: string;
  dueAt: string;
  /** The firm's account from Settings > Billing; null until an admin has entered one. */
  bankAccount: BankAccount | null;
}

function paymentDueOf(booking: BookingDetails, bankAccount: BankAccount | null): PaymentDue | null {
  const { paymentStatus, paymentReference, paymentDueAt, chargeGrossMinor, chargeCurrency } = booking;
  if (paymentStatus !== 'awaiting' || paymentReference === null || paymentDueAt === null || chargeGrossMinor === null || chargeCurrency === null) return null;
  return { amountMinor: chargeGrossMinor, currency: chargeCurrency, reference: formatPaymentReference(paymentReference), dueAt: paymentDueAt, bankAccount };
}

function linkInvalid(): NotFoundError {
  return new NotFoundError('message.manageLinkInvalid');
}

/** A booking can be called off until its slot starts, unless it already is. */
function canCancel(booking: BookingDetails, now = Date.now()): boolean {
  return booking.status !== 'cancelled' && Date.parse(booking.startTime) > now;
}

/** The booking as the page shows it: the firm's titles in the page's language, else English. */
function toManagedBooking(booking: BookingDetails, timezone: string, language: Language, bankAccount: BankAccount | null): ManagedBooking {
  const titles = titlesIn(booking, language);
  return {
    id: booking.id,
    status: bookingViewStatus(booking),
    payment: paymentDueOf(booking, bankAccount),
    participantName: booking.participantName,
    eventTitle: titles.event,
    sessionTitle: titles.session,
    location: booking.location,
    startTime: booking.startTime,
    endTime: booking.endTime,
    timezone,
    canCancel: canCancel(booking),
    offerExpiresAt: hasOpenOffer(booking) ? booking.offerExpiresAt : null,
  };
}

/** The page's view of `booking`, with the firm's bank account when the booking still owes money. */
async function managedView(deps: Pick<ServiceContext, 'db' | 'language'>, booking: BookingDetails): Promise<ManagedBooking> {
  const { timezone, siteName } = await getSystemSettings(deps.db);
  const bankAccount = booking.paymentStatus === 'awaiting' ? bankAccountOf(await readBillingSettings(deps.db), siteName) : null;
  return toManagedBooking(booking, timezone, deps.language, bankAccount);
}

/** Whether a manage link's token is one a booking has now (its page answers 404 otherwise). */
export async function bookingManageLinkExists({ db }: Pick<ServiceContext, 'db'>, { token }: { token: string }): Promise<boolean> {
  return (await findBookingDetailsByTokenHash(db, hashManageToken(token))) !== undefined;
}

export async function viewBookingByToken(deps: Pick<ServiceContext, 'db' | 'language'>, { token }: { token: string }): Promise<ManagedBooking> {
  const booking = await findBookingDetailsByTokenHash(deps.db, hashManageToken(token));
  if (booking === undefined) throw linkInvalid();
  return managedView(deps, booking);
}

/** Cancels the booking of `token`; a booking already cancelled is returned as it is. */
export async function cancelBookingByToken(deps: ServiceContext, { token }: { token: string }): Promise<ManagedBooking> {
  const hash = hashManageToken(token);
  const outcome = await runBookingChange(deps, async (trx) => {
    const booking = await findBookingDetailsByTokenHash(trx, hash);
    if (booking === undefined) throw linkInvalid();
    if (booking.status === 'cancelled') {
      return { booking, previousStatus: booking.status, manageToken: null, promoted: undefined, removed: false };
    }
    if (!canCancel(booking)) throw new PreconditionError('message.cannotCancelStarted');
    return changeBookingStatus(trx, booking.id, 'cancelled');
  });
  const booking = await findBookingDetails(deps.db, outcome.booking.id);
  if (booking === undefined) throw linkInvalid();
  return managedView(deps, booking);
}
