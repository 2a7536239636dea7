// The booking rules (docs/features.md, 'Booking rules'): capacity and waitlist, one live booking per e-mail and
// slot, and promotion from the waitlist when a seat frees up. Every entry point runs one write
// transaction whose body composes two steps, each a function of `trx`: the change (place*, change*,
// remove*), which returns what it did as a BookingOutcome, and the messages that outcome sends
// (services/email/booking-messages), so a booking and its e-mails are stored together or not at all.
import { partnerOf } from '@server/embed/embed-settings.service';
import { DEFAULT_LANGUAGE, type Language } from '@server/shared/i18n/languages';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '@db/database';
import { inGroupCommit, type ReplaySafeBody, replaySafe } from '@db/group-commit';
import { newId } from '@server/core/ids';
import type { BookingRow, BookingStatus, Database } from '@db/schema';
import type { ServiceDeps } from '@server/core/deps';
import type { ServiceContext } from '@server/core/service-context';
import {
  type BookingDto,
  type BookingValues,
  bookingDetailsOn,
  countOpenOffers,
  countSeatsTaken,
  deleteBookingRow,
  findBooking,
  findBookingDetails,
  findBookingForUpdate,
  findLiveBookingByEmail,
  findOldestWaitlisted,
  findSlotContext,
  holdsSeat,
  insertBooking,
  setBookingOfferRow,
  setBookingStatusRow,
  type SlotContext,
  toBookingDto,
  updateBookingRow,
} from './bookings.repository';
import { forgetReminders } from './booking-reminders.repository';
import { creditCancelledBooking } from './cancellation-credit.service';
import { refuseDeletingInvoiced } from './invoiced-bookings.service';
import type { adminCreateBookingInput, createBookingInput } from './bookings.schemas';
import { type BookingOutcome, enqueueBookingMessages, participantMessageFor } from './booking-messages';
import { newManageToken } from '@server/email/manage-token';
import { type AuditActor, actorOf, changedFields, recordAudit, statusChange } from '@server/audit/audit.service';
import { enqueueRemovalNotices, enqueueTimeChangeNotices } from './change-notices';
import { alertIfWaitlistStarted } from '@server/monitoring/system-alerts.service';
import { enqueueAlreadyHeldNotice } from './already-held';
import { ConflictError, InvalidInputError, NotFoundError } from '@server/core/errors';
import { messageOfKeyed } from '@server/shared/i18n/schema-messages';
import { insertBookingAnswers, listEventQuestions } from '@server/registration-questions/registration-questions.repository';
import { type CheckedAnswer, checkAnswers } from '@server/registration-questions/registration-questions.schemas';
import { NO_VISIT, type VisitAttribution } from '@server/analytics/analytics.schemas';
import { visitAttribution } from '@server/analytics/visit-source';
import { holdSeatUntilPaid, isPaidSlot, paymentTermsFor, requireBilling, saveFreeVoucherUse, savePaymentTerms } from './payment-terms';
import { redeemVoucher } from '@server/vouchers/vouchers.service';

export type { BookingOutcome };

export type BookingTransaction = Transaction<Database>;
export type PublicBookingInput = z.output<typeof createBookingInput>;
export type StaffBookingInput = z.output<typeof adminCreateBookingInput>;

function bookingNotFound(): NotFoundError {
  return new NotFoundError('api.bookings.notFound');
}

/** The address already holds a live booking of the slot: staff see it as a field message. */
export class DuplicateBookingError extends ConflictError {
  constructor() {
    super('message.duplicateBooking', { fields: { participantEmail: 'message.duplicateBooking' } });
  }
}

function duplicateBooking(): DuplicateBookingError {
  return new DuplicateBookingError();
}

/**
 * True for the partial UNIQUE index on (time_slot_id, participant_email) of live bookings. The
 * explicit check runs first; this catches whatever slips past it (a script writing beside the server).
 */
export function isDuplicateLiveBooking(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  // PostgreSQL names the violated index (unique_violation, SQLSTATE 23505).
  if (error.code === '23505') return 'constraint' in error && error.constraint === 'bookings_one_live_per_email_idx';
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('bookings.participant_email');
}

/**
 * PostgreSQL ends one of two transactions that wait for each other's locks (deadlock_detected,
 * 40P01: two moves between the same two slots in opposite directions); it is run again from the start.
 */
function isDeadlock(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === '40P01';
}

const DEADLOCK_RETRIES = 3;

/** Booking writes share their commit with the bookings arriving at the same time on SQLite (db/group-commit.ts). */
export async function inBookingTransaction<T>(db: DB, body: ReplaySafeBody<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inGroupCommit(db, body);
    } catch (error) {
      if (isDuplicateLiveBooking(error)) throw duplicateBooking();
      if (isDeadlock(error) && attempt < DEADLOCK_RETRIES) continue;
      throw error;
    }
  }
}

/**
 * What the public form answers when the address already holds a live booking of the slot: the
 * answer a new booking would get now (pending while seats are left, else waitlisted, with an id of
 * its own that is stored nowhere), while the holder is told by e-mail. A slot that is not bookable
 * answers as it would for anyone.
 */
async function answerAlreadyHeld(deps: ServiceDeps, input: PublicBookingInput): Promise<{ id: string; status: BookingStatus }> {
  const status = await deps.db.transaction().execute(async (trx) => {
    const slot = await findSlotContext(trx, input.timeSlotId);
    if (slot === undefined || !isBookableNow(slot)) throw new NotFoundError('message.slotUnavailable');
    const held = await findLiveBookingByEmail(trx, slot.id, input.participantEmail);
    const details = held === undefined ? undefined : await findBookingDetails(trx, held.id);
    if (details !== undefined) await enqueueAlreadyHeldNotice(trx, deps.config.publicOrigin, details);
    return (await hasFreeSeat(trx, slot)) ? 'pending' : 'waitlisted';
  });
  return { id: newId(), status };
}

/**
 * Whether `slot` has a seat left: seats taken and seats held by open offers (a waitlisted person
 * offered a freed seat holds it until the offer runs out). A slot with no seat limit is not
 * counted: counting its seats is the dearest read of a booking.
 */
async function hasFreeSeat(trx: BookingTransaction, slot: SlotContext, excludeBookingId?: string, now = new Date()): Promise<boolean> {
  if (slot.maxParticipants === null) return true;
  const taken = await countSeatsTaken(trx, slot.id, excludeBookingId);
  if (taken >= slot.maxParticipants) return false;
  return taken + (await countOpenOffers(trx, slot.id, now.toISOString(), excludeBookingId)) < slot.maxParticipants;
}

/** A waitlisted booking offered a seat it may still take at `now`. */
export function hasOpenOffer(booking: Pick<BookingRow, 'status' | 'offerExpiresAt'>, now = new Date()): boolean {
  return booking.status === 'waitlisted' && booking.offerExpiresAt !== null && Date.parse(booking.offerExpiresAt) > now.getTime();
}

function isBookableNow(slot: SlotContext): boolean {
  return slot.sessionActive && slot.eventActive && Date.parse(slot.startTime) > Date.now();
}

async function refuseDuplicate(trx: BookingTransaction, timeSlotId: string, email: string, excludeBookingId?: string) {
  if ((await findLiveBookingByEmail(trx, timeSlotId, email, excludeBookingId)) !== undefined) throw duplicateBooking();
}

async function requireBooking(trx: BookingTransaction, id: string): Promise<BookingRow> {
  const booking = await findBookingForUpdate(trx, id);
  if (booking === undefined) throw bookingNotFound();
  return booking;
}

/** Staff may use past or inactive slots (it is their data), but the slot must exist. */
async function requireSlot(trx: BookingTransaction, timeSlotId: string): Promise<SlotContext> {
  const slot = await findSlotContext(trx, timeSlotId);
  if (slot === undefined) throw new NotFoundError('message.slotNotFound');
  return slot;
}

function valuesFor(slot: SlotContext, input: StaffBookingInput): BookingValues {
  return {
    timeSlotId: slot.id,
    eventId: slot.eventId,
    sessionId: slot.sessionId,
    participantName: input.participantName,
    participantEmail: input.participantEmail,
    participantPhone: input.participantPhone,
    status: input.status,
    bookingDate: input.bookingDate,
  };
}

/**
 * Staff placing a booking (new, or `current` changed) with `status` on `slot`: the e-mail rule, and
 * a capacity re-check whenever the booking starts holding a seat there.
 */
async function checkStaffPlacement(
  trx: BookingTransaction,
  slot: SlotContext,
  email: string,
  status: BookingStatus,
  current?: BookingRow,
): Promise<void> {
  if (status !== 'cancelled') await refuseDuplicate(trx, slot.id, email, current?.id);
  const alreadyHoldsSeatHere = current !== undefined && holdsSeat(current.status) && current.timeSlotId === slot.id;
  if (holdsSeat(status) && !alreadyHoldsSeatHere) {
    if (!(await hasFreeSeat(trx, slot, current?.id))) {
      throw new ConflictError('message.slotFull');
    }
  }
}

/**
 * A seat of `timeSlotId` may have freed up: if the slot now has room, the oldest waitlisted booking
 * (other than the one that just left, so staff can put a booking on the waitlist deliberately)
 * becomes pending, or, when the session offers seats for some hours, is offered the seat until
 * then (it stays waitlisted, holding the seat). Returns the promoted or offered booking.
 */
export async function promoteFromWaitlist(
  trx: BookingTransaction,
  timeSlotId: string,
  excludeBookingId?: string,
  now = new Date(),
): Promise<BookingRow | undefined> {
  const slot = await findSlotContext(trx, timeSlotId);
  if (slot === undefined || !(await hasFreeSeat(trx, slot, undefined, now))) return undefined;
  const next = await findOldestWaitlisted(trx, timeSlotId, excludeBookingId);
  if (next === undefined) return undefined;
  if (slot.offerHours === null) {
    const promoted = await setBookingStatusRow(trx, next.id, 'pending');
    // A paid booking moving up is given its seat until its payment deadline.
    return promoted === undefined ? undefined : holdSeatUntilPaid(trx, promoted, slot.startTime, now);
  }
  return setBookingOfferRow(trx, next.id, new Date(now.getTime() + slot.offerHours * 3_600_000).toISOString());
}

/** A public booking's answers checked against its event's questions; a refusal names each question's field. */
async function checkedAnswersFor(trx: BookingTransaction, eventId: string, answers: PublicBookingInput['answers']): Promise<CheckedAnswer[]> {
  const result = checkAnswers(await listEventQuestions(trx, eventId), answers);
  if (Object.keys(result.errors).length > 0) {
    const fields = Object.fromEntries(Object.entries(result.errors).map(([field, text]) => [field, messageOfKeyed(text)]));
    throw new InvalidInputError('message.answersRefused', { fields });
  }
  return result.answers;
}

/** The public form: event and session come from the slot; a full slot puts the visitor on the waitlist. */
export async function placePublicBooking(
  trx: BookingTransaction,
  input: PublicBookingInput,
  language: Language = DEFAULT_LANGUAGE,
  visit: VisitAttribution = NO_VISIT,
  partner: string | null = null,
): Promise<BookingOutcome> {
  const slot = await findSlotContext(trx, input.timeSlotId);
  if (slot === undefined || !isBookableNow(slot)) {
    throw new NotFoundError('message.slotUnavailable');
  }
  // Answers are checked before the duplicate rule, so a held address gets the same refusal as a new one.
  const answers = await checkedAnswersFor(trx, slot.eventId, input.answers);
  // A paid session asks for billing details; a free one's flow is exactly as it was.
  const billing = isPaidSlot(slot) ? requireBilling(input) : null;
  await refuseDuplicate(trx, slot.id, input.participantEmail);
  const now = new Date();
  // The voucher's use is taken here, in the booking's transaction: a refusal below gives it back.
  const voucher = input.voucherCode === null ? null : await redeemVoucher(trx, input.voucherCode, slot, now);
  const hasSeat = await hasFreeSeat(trx, slot);
  const terms = billing === null ? null : await paymentTermsFor(trx, slot, billing, hasSeat, now, voucher);
  // Nothing left to pay (a 100% voucher): a free booking, confirmed at once, with no invoice.
  const owesNothing = terms !== null && terms.chargeGrossMinor === 0;
  const status: BookingStatus = !hasSeat ? 'waitlisted' : owesNothing ? 'confirmed' : 'pending';
  const manage = newManageToken();
  const inserted = await insertBooking(
    trx,
    {
      timeSlotId: slot.id,
      eventId: slot.eventId,
      sessionId: slot.sessionId,
      participantName: input.participantName,
      participantEmail: input.participantEmail,
      participantPhone: input.participantPhone,
      status,
    },
    manage.hash,
    language,
    visit,
    partner,
  );
  const booking = await (terms === null ? inserted : owesNothing ? saveFreeVoucherUse(trx, inserted, terms) : savePaymentTerms(trx, inserted, terms));
  await insertBookingAnswers(trx, booking.id, answers);
  return created(booking, manage.token, slot);
}

function created(booking: BookingRow, manageToken: string, slot: SlotContext): BookingOutcome {
  return { booking, details: bookingDetailsOn(booking, slot), previousStatus: null, manageToken, promoted: undefined, removed: false };
}

export async function placeStaffBooking(trx: BookingTransaction, input: StaffBookingInput): Promise<BookingOutcome> {
  const slot = await requireSlot(trx, input.timeSlotId);
  await checkStaffPlacement(trx, slot, input.participantEmail, input.status);
  const manage = newManageToken();
  return created(await insertBooking(trx, valuesFor(slot, input), manage.hash), manage.token, slot);
}

async function applyChange(trx: BookingTransaction, current: BookingRow, next: StaffBookingInput): Promise<BookingOutcome> {
  // A cancelled booking whose money is owed back or returned stays cancelled: its invoice is
  // credited and its payment settled the other way, so a seat for that person is a new booking.
  const refunding = current.paymentStatus === 'refund-due' || current.paymentStatus === 'refunded';
  if (current.status === 'cancelled' && next.status !== 'cancelled' && refunding) throw new ConflictError('api.bookings.refundedNotReinstated');
  const slot = await requireSlot(trx, next.timeSlotId);
  await checkStaffPlacement(trx, slot, next.participantEmail, next.status, current);
  const changed = await updateBookingRow(trx, current.id, valuesFor(slot, next));
  if (changed === undefined) throw bookingNotFound();
  // A cancelled booking's invoice is credited here, the one place every status change passes.
  const updated = await creditCancelledBooking(trx, await holdSeatUntilPaid(trx, changed, slot.startTime));
  const keepsSeatHere = holdsSeat(updated.status) && updated.timeSlotId === current.timeSlotId;
  // An open offer held a seat too: when it ends (taken elsewhere, cancelled), the seat passes on.
  const heldSeat = holdsSeat(current.status) || hasOpenOffer(current);
  const promoted = heldSeat && !keepsSeatHere ? await promoteFromWaitlist(trx, current.timeSlotId, current.id) : undefined;
  return { booking: updated, details: bookingDetailsOn(updated, slot), previousStatus: current.status, manageToken: null, promoted, removed: false };
}

export async function changeBooking(
  trx: BookingTransaction,
  id: string,
  next: StaffBookingInput,
): Promise<BookingOutcome> {
  return applyChange(trx, await requireBooking(trx, id), next);
}

export async function changeBookingStatus(trx: BookingTransaction, id: string, status: BookingStatus): Promise<BookingOutcome> {
  const current = await requireBooking(trx, id);
  return applyChange(trx, current, {
    timeSlotId: current.timeSlotId,
    status,
    bookingDate: current.bookingDate,
    participantName: current.participantName,
    participantEmail: current.participantEmail,
    participantPhone: current.participantPhone,
  });
}

export async function removeBooking(trx: BookingTransaction, id: string): Promise<BookingOutcome> {
  const current = await requireBooking(trx, id);
  await deleteBookingRow(trx, id);
  const promoted = holdsSeat(current.status) || hasOpenOffer(current) ? await promoteFromWaitlist(trx, current.timeSlotId) : undefined;
  return { booking: current, previousStatus: current.status, manageToken: null, promoted, removed: true };
}

/**
 * One booking transaction: the change, then the messages its outcome sends. Public bookings also
 * notify the admins; staff changes do not (staff made them).
 */
export function runBookingChange(
  deps: ServiceDeps,
  change: (trx: BookingTransaction) => Promise<BookingChange>,
  options: { notifyAdmins: boolean; audit?: BookingAudit } = { notifyAdmins: false },
): Promise<BookingOutcome> {
  // Replay-safe: the change reads and writes through `trx` only and returns what the audit needs
  // (the row as it was) instead of setting it aside; the messages and the audit row follow from it.
  const body = replaySafe(async (trx: BookingTransaction) => {
    const { before, ...outcome } = await change(trx);
    await enqueueBookingMessages(trx, deps.config.publicOrigin, outcome, options);
    if (options.audit !== undefined) {
      await recordAudit(trx, options.audit.actor, describeBookingChange(options.audit.action, outcome, before));
    }
    return outcome;
  });
  const committed = inBookingTransaction(deps.db, body);
  // Seats left are shown publicly: once it has committed, the cache forgets the answers that show
  // them; pages showing them are rebuilt at most once a second (public-read-cache.ts).
  return committed.then((outcome) => {
    deps.publicReads.invalidate(['slots'], { pages: 'revalidate' });
    return outcome;
  });
}

/** Staff changes are audited, by whom and as what. */
interface BookingAudit {
  actor: AuditActor;
  action: 'create' | 'update' | 'status' | 'delete';
}

/** What a change returns: its outcome and, for an update's audit summary, the row as it was. */
export type BookingChange = BookingOutcome & { before?: BookingRow | undefined };

const BOOKING_FIELD_LABELS = {
  timeSlotId: 'time slot',
  participantName: 'name',
  participantEmail: 'email',
  participantPhone: 'phone',
  bookingDate: 'booking date',
} as const;

function describeBookingChange(action: BookingAudit['action'], outcome: BookingOutcome, before: BookingRow | undefined) {
  const { booking, previousStatus, promoted } = outcome;
  const parts: string[] = [];
  if (action === 'create' || action === 'delete') {
    parts.push(`${booking.participantName}, ${booking.status}`);
  } else {
    if (previousStatus !== null && previousStatus !== booking.status) parts.push(statusChange(previousStatus, booking.status));
    const fields = before === undefined ? 'no changes' : changedFields(before, booking, BOOKING_FIELD_LABELS);
    if (fields !== 'no changes' || parts.length === 0) parts.push(fields);
  }
  if (promoted !== undefined) parts.push(`waitlisted booking ${promoted.id} promoted`);
  return { action, entity: 'booking' as const, entityId: booking.id, summary: parts.join('; ') };
}

/**
 * The public form. An address that already holds a live booking of the slot gets the same answer
 * as a new booking (a 409 would tell anyone which addresses are booked where): its owner is
 * e-mailed that they already hold it (answerAlreadyHeld), and nothing is stored.
 */
export async function createPublicBooking(deps: ServiceContext, input: PublicBookingInput): Promise<{ id: string; status: BookingStatus }> {
  const { language } = deps;
  const visit = visitAttribution(input.visit, new URL(deps.config.publicOrigin).host);
  const partner = await partnerOf(deps, input.partner);
  const place = async (trx: BookingTransaction) => {
    const outcome = await placePublicBooking(trx, input, language, visit, partner);
    // The slot's first waitlisted booking: it has just become full, and admins are alerted.
    if (outcome.booking.status === 'waitlisted') await alertIfWaitlistStarted(trx, deps.config.publicOrigin, outcome.booking.timeSlotId);
    return outcome;
  };
  try {
    const { booking } = await runBookingChange(deps, place, { notifyAdmins: true });
    deps.metrics.bookingCreated('public', booking.status);
    return { id: booking.id, status: booking.status };
  } catch (error) {
    if (!(error instanceof DuplicateBookingError)) throw error;
    return answerAlreadyHeld(deps, input);
  }
}

export async function createStaffBooking(deps: ServiceContext, input: StaffBookingInput): Promise<BookingDto> {
  const audit: BookingAudit = { actor: actorOf(deps), action: 'create' };
  const { booking } = await runBookingChange(deps, (trx) => placeStaffBooking(trx, input), { notifyAdmins: false, audit });
  deps.metrics.bookingCreated('staff', booking.status);
  return toBookingDto(booking);
}

export async function updateBooking(deps: ServiceContext, { id, ...input }: StaffBookingInput & { id: string }): Promise<BookingDto> {
  const audit: BookingAudit = { actor: actorOf(deps), action: 'update' };
  const change = async (trx: BookingTransaction): Promise<BookingChange> => {
    const before = await findBooking(trx, id);
    const changed = await changeBooking(trx, id, input);
    // A move to another slot with no status message of its own still changes the participant's time.
    const moved = before !== undefined && before.timeSlotId !== changed.booking.timeSlotId;
    if (moved && participantMessageFor(changed.previousStatus, changed.booking.status) === null) {
      await enqueueTimeChangeNotices(trx, deps.config.publicOrigin, [id]);
    } else if (moved) {
      await forgetReminders(trx, [id]);
    }
    return changed;
  };
  return toBookingDto((await runBookingChange(deps, change, { notifyAdmins: false, audit })).booking);
}

export async function setBookingStatus(deps: ServiceContext, { id, status }: { id: string; status: BookingStatus }): Promise<BookingDto> {
  const audit: BookingAudit = { actor: actorOf(deps), action: 'status' };
  return toBookingDto((await runBookingChange(deps, (trx) => changeBookingStatus(trx, id, status), { notifyAdmins: false, audit })).booking);
}

export async function deleteBooking(deps: ServiceContext, { id }: { id: string }): Promise<{ id: string }> {
  const remove = async (trx: BookingTransaction) => {
    await refuseDeletingInvoiced(trx, { bookingId: id });
    // Told before the row goes: the message needs the booking's details.
    await enqueueRemovalNotices(trx, deps.config.publicOrigin, { bookingId: id });
    return removeBooking(trx, id);
  };
  await runBookingChange(deps, remove, { notifyAdmins: false, audit: { actor: actorOf(deps), action: 'delete' } });
  return { id };
}
