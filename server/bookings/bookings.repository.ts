// Bookings: rows to API objects, the per-slot queries behind the booking rules, and the staff list.
import { DEFAULT_LANGUAGE, type Language } from '@server/shared/i18n/languages';
import type { Expression, SqlBool } from 'kysely';
import type { z } from 'zod';
import type { DB } from '@db/database';
import { type BookingRow, type BookingStatus, SEAT_HOLDING_STATUSES } from '@db/schema';
import { newId } from '@server/core/ids';
import { newCheckInCode } from '@server/check-in/check-in-code';
import { type bookingListInput, bookingViewStatus, type BookingViewStatus } from './bookings.schemas';
import type { Page } from '@server/shared/common.schemas';
import { isPostgres } from '@db/postgres';
import { isNullOr, type Params, preparedQuery } from '@db/prepared';
import { ANSWER_TEXT, BOOKINGS_TEXT, EVENT_TITLES, SESSION_TITLES, findIndexedText } from '@db/text-search';
import { NO_VISIT, type VisitAttribution } from '@server/analytics/analytics.schemas';

export function holdsSeat(status: BookingStatus): boolean {
  return (SEAT_HOLDING_STATUSES as readonly BookingStatus[]).includes(status);
}

/**
 * A booking as the API shows it: the row without its manage-token hash, calendar sequence and
 * language, and without its check-in code and attendance, which the check-in screen reads on its own.
 */
export type BookingDto = Omit<
  BookingRow,
  | 'manageTokenHash'
  | 'icsSequence'
  | 'language'
  | 'checkInCode'
  | 'checkedInAt'
  | 'checkedInBy'
  | 'attendance'
  | 'visitSource'
  | 'visitUtmSource'
  | 'visitUtmMedium'
  | 'visitUtmCampaign'
>;

export interface BookingListItem extends BookingDto {
  /** Checked in at the door, or marked a no-show after the slot; null: neither (yet). */
  attendance: BookingRow['attendance'];
  eventTitle: string;
  sessionTitle: string;
  slotStartTime: string;
  slotEndTime: string;
}

export type BookingStats = { total: number } & Record<BookingViewStatus, number>;

/**
 * The list's filters with the date range already resolved to UTC instants: slots starting at or
 * after `slotStartFrom` and before `slotStartBefore`.
 */
export type BookingListFilter = Omit<z.output<typeof bookingListInput>, 'from' | 'to'> & {
  slotStartFrom?: string | undefined;
  slotStartBefore?: string | undefined;
};

/**
 * What the booking rules need to know about a slot (its time, its session's capacity, and who owns
 * it) and what a booking's messages show of it, so a new booking's e-mail needs no second read.
 */
export interface SlotContext {
  id: string;
  startTime: string;
  endTime: string;
  sessionId: string;
  eventId: string;
  /** null: no limit. */
  maxParticipants: number | null;
  /** Hours a freed seat is offered for; null: the first waitlisted is promoted at once. */
  offerHours: number | null;
  sessionActive: boolean;
  eventActive: boolean;
  eventTitle: string;
  sessionTitle: string;
  /** The event's and the session's titles in other languages (JSON), for messages in the booking's language. */
  eventTranslations: string;
  sessionTranslations: string;
  location: string | null;
  /** The session's price per seat in minor units; null for a free session (then all three are null). */
  priceAmountMinor: number | null;
  priceCurrency: string | null;
  taxRateBasisPoints: number | null;
}

/** The columns a booking write sets; event and session always come from the slot. */
export interface BookingValues {
  timeSlotId: string;
  eventId: string;
  sessionId: string;
  participantName: string;
  participantEmail: string;
  participantPhone: string | null;
  status: BookingStatus;
  /** Absent: now on insert, unchanged on update. */
  bookingDate?: string | undefined;
}

export function toBookingDto(row: BookingRow): BookingDto {
  return {
    id: row.id,
    timeSlotId: row.timeSlotId,
    eventId: row.eventId,
    sessionId: row.sessionId,
    bookingDate: row.bookingDate,
    participantName: row.participantName,
    participantEmail: row.participantEmail,
    participantPhone: row.participantPhone,
    status: row.status,
    offerExpiresAt: row.offerExpiresAt,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    paymentReference: row.paymentReference,
    paymentDueAt: row.paymentDueAt,
    chargeNetMinor: row.chargeNetMinor,
    chargeTaxMinor: row.chargeTaxMinor,
    chargeGrossMinor: row.chargeGrossMinor,
    chargeCurrency: row.chargeCurrency,
    chargeTaxRateBasisPoints: row.chargeTaxRateBasisPoints,
    billingCompany: row.billingCompany,
    billingAddress: row.billingAddress,
    billingCountry: row.billingCountry,
    billingVatNumber: row.billingVatNumber,
    voucherId: row.voucherId,
    voucherCode: row.voucherCode,
    chargeDiscountMinor: row.chargeDiscountMinor,
    partner: row.partner,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The booking, locked until the transaction ends on PostgreSQL, for a change that depends on its status. */
export function findBookingForUpdate(db: DB, id: string): Promise<BookingRow | undefined> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('id', '=', id)
    .$if(isPostgres(db), (query) => query.forUpdate())
    .executeTakeFirst();
}

/** Offers `id` (waitlisted, first in line) the seat until `expiresAt`. */
export function setBookingOfferRow(db: DB, id: string, expiresAt: string): Promise<BookingRow | undefined> {
  return db
    .updateTable('bookings')
    .set({ offerExpiresAt: expiresAt, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'waitlisted')
    .returningAll()
    .executeTakeFirst();
}

export function findBooking(db: DB, id: string): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Who holds each of `ids` and in which status (ids that match nothing are left out). */
export function findBookingHolders(db: DB, ids: readonly string[]): Promise<Pick<BookingRow, 'id' | 'participantName' | 'status'>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('bookings').select(['id', 'participantName', 'status']).where('id', 'in', [...ids]).execute();
}

/**
 * Reads the slot for a booking change. On PostgreSQL it also locks the slot's row until the
 * transaction ends (SELECT ... FOR UPDATE), so the capacity check and the insert or promotion that
 * follows cannot interleave with another instance's; SQLite runs one write transaction at a time.
 */
const slotContextQuery = preparedQuery((db, args: Params<{ timeSlotId: string }>) =>
  db
    .selectFrom('timeSlots')
    .innerJoin('eventSessions', 'eventSessions.id', 'timeSlots.sessionId')
    .innerJoin('events', 'events.id', 'eventSessions.eventId')
    .select([
      'timeSlots.id as id',
      'timeSlots.startTime as startTime',
      'timeSlots.endTime as endTime',
      'eventSessions.id as sessionId',
      'events.id as eventId',
      'eventSessions.maxParticipants as maxParticipants',
      'eventSessions.offerHours as offerHours',
      'eventSessions.isActive as sessionActive',
      'events.isActive as eventActive',
      'events.title as eventTitle',
      'eventSessions.title as sessionTitle',
      'events.translations as eventTranslations',
      'eventSessions.translations as sessionTranslations',
      'eventSessions.location as location',
      'eventSessions.priceAmountMinor as priceAmountMinor',
      'eventSessions.priceCurrency as priceCurrency',
      'eventSessions.taxRateBasisPoints as taxRateBasisPoints',
    ])
    .where('timeSlots.id', '=', args.timeSlotId)
    .$if(isPostgres(db), (query) => query.forUpdate('timeSlots')),
);

export async function findSlotContext(db: DB, timeSlotId: string): Promise<SlotContext | undefined> {
  const row = await slotContextQuery.first(db, { timeSlotId });
  if (row === undefined) return undefined;
  return { ...row, sessionActive: row.sessionActive === 1, eventActive: row.eventActive === 1 };
}

const seatsTakenQuery = preparedQuery((db, args: Params<{ timeSlotId: string; excludeBookingId: string | null }>) =>
  db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('taken'))
    .where('timeSlotId', '=', args.timeSlotId)
    .where('status', 'in', SEAT_HOLDING_STATUSES)
    .where((eb) => isNullOr(eb, args.excludeBookingId, (id) => eb('id', '<>', id))),
);

/** Seats taken on a slot, leaving out one booking (the one being moved or changed). */
export async function countSeatsTaken(db: DB, timeSlotId: string, excludeBookingId?: string): Promise<number> {
  const row = await seatsTakenQuery.first(db, { timeSlotId, excludeBookingId: excludeBookingId ?? null });
  return Number(row?.taken ?? 0);
}

const openOffersQuery = preparedQuery((db, args: Params<{ timeSlotId: string; now: string; excludeBookingId: string | null }>) =>
  db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('offers'))
    .where('timeSlotId', '=', args.timeSlotId)
    .where('status', '=', 'waitlisted')
    .where('offerExpiresAt', '>', args.now)
    .where((eb) => isNullOr(eb, args.excludeBookingId, (id) => eb('id', '<>', id))),
);

/** Waitlisted bookings of a slot offered a seat that is still theirs to take at `now`: each holds a seat. */
export async function countOpenOffers(db: DB, timeSlotId: string, now: string, excludeBookingId?: string): Promise<number> {
  const row = await openOffersQuery.first(db, { timeSlotId, now, excludeBookingId: excludeBookingId ?? null });
  return Number(row?.offers ?? 0);
}

const liveBookingByEmailQuery = preparedQuery((db, args: Params<{ timeSlotId: string; email: string; excludeBookingId: string | null }>) =>
  db
    .selectFrom('bookings')
    .select('id')
    .where('timeSlotId', '=', args.timeSlotId)
    .where('participantEmail', '=', args.email)
    .where('status', '<>', 'cancelled')
    .where((eb) => isNullOr(eb, args.excludeBookingId, (id) => eb('id', '<>', id))),
);

/** A non-cancelled booking of `email` on the slot, other than `excludeBookingId`. */
export function findLiveBookingByEmail(
  db: DB,
  timeSlotId: string,
  email: string,
  excludeBookingId?: string,
): Promise<{ id: string } | undefined> {
  return liveBookingByEmailQuery.first(db, { timeSlotId, email: email.toLowerCase(), excludeBookingId: excludeBookingId ?? null });
}

/** Ids of the bookings in `statuses` whose `column` is `value` and whose slot ends after `nowIso`. */
export async function liveBookingIdsNotOver(
  db: DB,
  column: 'id' | 'timeSlotId' | 'sessionId' | 'eventId',
  value: string,
  statuses: readonly BookingStatus[],
  nowIso: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('timeSlots', 'timeSlots.id', 'bookings.timeSlotId')
    .select('bookings.id')
    .where(`bookings.${column}`, '=', value)
    .where('bookings.status', 'in', [...statuses])
    .where('timeSlots.endTime', '>', nowIso)
    .execute();
  return rows.map((row) => row.id);
}

/** Ids of up to `limit` waitlisted bookings of a slot (read, not counted: a long waitlist stays cheap). */
export async function listWaitlistedIds(db: DB, timeSlotId: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('bookings').select('id').where('timeSlotId', '=', timeSlotId).where('status', '=', 'waitlisted').limit(limit).execute();
  return rows.map((row) => row.id);
}

/**
 * The waitlisted booking first in line on a slot: created first, ids breaking ties in creation order.
 * One that has been offered a seat already (open, or run out and about to be cancelled) is not in line.
 */
export function findOldestWaitlisted(db: DB, timeSlotId: string, excludeBookingId?: string): Promise<BookingRow | undefined> {
  let query = db
    .selectFrom('bookings')
    .selectAll()
    .where('timeSlotId', '=', timeSlotId)
    .where('status', '=', 'waitlisted')
    .where('offerExpiresAt', 'is', null);
  if (excludeBookingId !== undefined) query = query.where('id', '<>', excludeBookingId);
  return query.orderBy('createdAt').orderBy('id').limit(1).executeTakeFirst();
}

type NewBookingRow = Omit<BookingValues, 'bookingDate'> &
  VisitAttribution & {
  id: string;
  bookingDate: string;
  manageTokenHash: string | null;
  language: string;
  checkInCode: string;
  partner: string | null;
};

/** Every new booking, public or staff. */
const insertBookingQuery = preparedQuery((db, row: Params<NewBookingRow>) =>
  db
    .insertInto('bookings')
    .values({
      id: row.id,
      timeSlotId: row.timeSlotId,
      eventId: row.eventId,
      sessionId: row.sessionId,
      participantName: row.participantName,
      participantEmail: row.participantEmail,
      participantPhone: row.participantPhone,
      status: row.status,
      bookingDate: row.bookingDate,
      manageTokenHash: row.manageTokenHash,
      language: row.language,
      checkInCode: row.checkInCode,
      visitSource: row.visitSource,
      visitUtmSource: row.visitUtmSource,
      visitUtmMedium: row.visitUtmMedium,
      visitUtmCampaign: row.visitUtmCampaign,
      partner: row.partner,
    })
    .returningAll(),
);

/**
 * `manageTokenHash`: SHA-256 hex of the new booking's manage token (see services/email/manage-token).
 * `language`: the language the booking was made in, which its messages use.
 * `visit`: where the visit that made it began (public bookings), for the analytics' "booked".
 * `partner`: the allowed partner site whose widget it was made in, if any.
 */
export async function insertBooking(
  db: DB,
  values: BookingValues,
  manageTokenHash: string | null = null,
  language: Language = DEFAULT_LANGUAGE,
  visit: VisitAttribution = NO_VISIT,
  partner: string | null = null,
): Promise<BookingRow> {
  const { bookingDate = new Date().toISOString(), ...rest } = values;
  const row = await insertBookingQuery.first(db, {
    id: newId(),
    ...rest,
    ...visit,
    partner,
    bookingDate,
    manageTokenHash,
    language,
    checkInCode: newCheckInCode(),
  });
  if (row === undefined) throw new Error('The new booking was not returned');
  return row;
}

export function updateBookingRow(db: DB, id: string, values: BookingValues): Promise<BookingRow | undefined> {
  const { bookingDate, ...rest } = values;
  return db
    .updateTable('bookings')
    .set({
      ...rest,
      ...(bookingDate === undefined ? {} : { bookingDate }),
      // A booking leaving the waitlist (or moved) is no longer offered a seat.
      ...(values.status === 'waitlisted' ? {} : { offerExpiresAt: null }),
      updatedAt: new Date().toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function setBookingStatusRow(db: DB, id: string, status: BookingStatus): Promise<BookingRow | undefined> {
  return db
    .updateTable('bookings')
    .set({ status, offerExpiresAt: null, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** A booking with what its messages and the manage page show: event, session, place and time. */
export interface BookingDetails extends BookingRow {
  eventTitle: string;
  sessionTitle: string;
  /** The event's and the session's titles in other languages (JSON), for messages in the booking's language. */
  eventTranslations: string;
  sessionTranslations: string;
  location: string | null;
  startTime: string;
  endTime: string;
}

function bookingDetailsQuery(db: DB) {
  return db
    .selectFrom('bookings')
    .innerJoin('timeSlots', 'timeSlots.id', 'bookings.timeSlotId')
    .innerJoin('eventSessions', 'eventSessions.id', 'bookings.sessionId')
    .innerJoin('events', 'events.id', 'bookings.eventId')
    .selectAll('bookings')
    .select([
      'events.title as eventTitle',
      'eventSessions.title as sessionTitle',
      'events.translations as eventTranslations',
      'eventSessions.translations as sessionTranslations',
      'eventSessions.location as location',
      'timeSlots.startTime as startTime',
      'timeSlots.endTime as endTime',
    ]);
}

/** `booking` as its messages show it, on `slot` (read in the same transaction). */
export function bookingDetailsOn(booking: BookingRow, slot: SlotContext): BookingDetails {
  return {
    ...booking,
    eventTitle: slot.eventTitle,
    sessionTitle: slot.sessionTitle,
    eventTranslations: slot.eventTranslations,
    sessionTranslations: slot.sessionTranslations,
    location: slot.location,
    startTime: slot.startTime,
    endTime: slot.endTime,
  };
}

export function findBookingDetails(db: DB, id: string): Promise<BookingDetails | undefined> {
  return bookingDetailsQuery(db).where('bookings.id', '=', id).executeTakeFirst();
}

export function findBookingDetailsByTokenHash(db: DB, manageTokenHash: string): Promise<BookingDetails | undefined> {
  return bookingDetailsQuery(db).where('bookings.manageTokenHash', '=', manageTokenHash).executeTakeFirst();
}

/**
 * Before a calendar update about a booking: raises its .ics SEQUENCE and, when `manageTokenHash` is
 * given, replaces its manage token. Returns the new sequence.
 */
export async function advanceBookingRevision(db: DB, id: string, manageTokenHash: string | null): Promise<number> {
  const row = await db
    .updateTable('bookings')
    .set((eb) => ({
      icsSequence: eb('icsSequence', '+', 1),
      ...(manageTokenHash === null ? {} : { manageTokenHash }),
    }))
    .where('id', '=', id)
    .returning('icsSequence')
    .executeTakeFirstOrThrow();
  return row.icsSequence;
}

export async function deleteBookingRow(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom('bookings').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listBookings(db: DB, filter: BookingListFilter): Promise<Page<BookingListItem>> {
  // Every filter is on bookings' own columns (related tables only through `in (subquery)`), so
  // the count needs no joins.
  let filtered = db.selectFrom('bookings');
  if (filter.ids !== undefined) filtered = filtered.where('bookings.id', 'in', filter.ids);
  if (filter.status === 'awaiting-payment') {
    filtered = filtered.where('bookings.status', '=', 'pending').where('bookings.paymentStatus', '=', 'awaiting');
  } else if (filter.status === 'pending') {
    // "Pending" is a pending booking that is not waiting for its money.
    filtered = filtered.where('bookings.status', '=', 'pending').where((eb) => eb.or([eb('bookings.paymentStatus', 'is', null), eb('bookings.paymentStatus', '<>', 'awaiting')]));
  } else if (filter.status !== 'all') {
    filtered = filtered.where('bookings.status', '=', filter.status);
  }
  if (filter.eventId !== undefined) filtered = filtered.where('bookings.eventId', '=', filter.eventId);
  if (filter.sessionId !== undefined) filtered = filtered.where('bookings.sessionId', '=', filter.sessionId);
  if (filter.timeSlotId !== undefined) filtered = filtered.where('bookings.timeSlotId', '=', filter.timeSlotId);
  // bookings_partner_idx (partner, created_at): the page's order comes from the index too.
  if (filter.partner !== undefined) filtered = filtered.where('bookings.partner', '=', filter.partner);
  if (filter.slotStartFrom !== undefined || filter.slotStartBefore !== undefined) {
    // The slots in range come from time_slots' start_time index; bookings then match by slot id.
    let slots = db.selectFrom('timeSlots').select('timeSlots.id');
    if (filter.slotStartFrom !== undefined) slots = slots.where('timeSlots.startTime', '>=', filter.slotStartFrom);
    if (filter.slotStartBefore !== undefined) slots = slots.where('timeSlots.startTime', '<', filter.slotStartBefore);
    filtered = filtered.where('bookings.timeSlotId', 'in', slots);
  }
  if (filter.search !== undefined) {
    // A booking matches by its participant's fields, its answers, its event's title or its session's title, each
    // through its own full-text index, read once here (the titles in their small tables; bookings
    // then match by event or session id). A source the index shows to hold the text nowhere is
    // left out of the query, and when none holds it there is nothing to query.
    const search = filter.search;
    const participants = await findIndexedText(db, BOOKINGS_TEXT, search);
    const eventTitles = await findIndexedText(db, EVENT_TITLES, search);
    const sessionTitles = await findIndexedText(db, SESSION_TITLES, search);
    const answers = await findIndexedText(db, ANSWER_TEXT, search);
    if (participants.none && eventTitles.none && sessionTitles.none && answers.none) return { items: [], total: 0 };
    filtered = filtered.where((eb) => {
      const sources: Expression<SqlBool>[] = [];
      if (!participants.none) sources.push(participants.where);
      if (!eventTitles.none) {
        sources.push(eb('bookings.eventId', 'in', db.selectFrom('events').select('events.id').where(eventTitles.where)));
      }
      if (!sessionTitles.none) {
        sources.push(eb('bookings.sessionId', 'in', db.selectFrom('eventSessions').select('eventSessions.id').where(sessionTitles.where)));
      }
      if (!answers.none) {
        sources.push(eb('bookings.id', 'in', db.selectFrom('bookingAnswers').select('bookingAnswers.bookingId').where(answers.where)));
      }
      return eb.or(sources);
    });
  }
  // Deferred join: the page's ids come from the (created_at, id) index alone, and only those
  // 20 rows are joined, so deep pages do not join every skipped row.
  const pageIds = filtered
    .select('bookings.id')
    .orderBy('bookings.createdAt', 'desc')
    .orderBy('bookings.id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('bookings')
      .where('bookings.id', 'in', pageIds)
      .innerJoin('timeSlots', 'timeSlots.id', 'bookings.timeSlotId')
      .innerJoin('eventSessions', 'eventSessions.id', 'bookings.sessionId')
      .innerJoin('events', 'events.id', 'bookings.eventId')
      .selectAll('bookings')
      .select([
        'events.title as eventTitle',
        'eventSessions.title as sessionTitle',
        'timeSlots.startTime as slotStartTime',
        'timeSlots.endTime as slotEndTime',
      ])
      .orderBy('bookings.createdAt', 'desc')
      .orderBy('bookings.id', 'desc')
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map((row) => ({
    ...toBookingDto(row),
    attendance: row.attendance,
    eventTitle: row.eventTitle,
    sessionTitle: row.sessionTitle,
    slotStartTime: row.slotStartTime,
    slotEndTime: row.slotEndTime,
  }));
  return { items, total: Number(count.total) };
}

export async function bookingStats(db: DB): Promise<BookingStats> {
  const rows = await db
    .selectFrom('bookings')
    .select(['status', 'paymentStatus', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['status', 'paymentStatus'])
    .execute();
  const stats: BookingStats = { total: 0, pending: 0, 'awaiting-payment': 0, confirmed: 0, waitlisted: 0, cancelled: 0 };
  for (const row of rows) {
    stats[bookingViewStatus(row)] += Number(row.count);
    stats.total += Number(row.count);
  }
  return stats;
}

/** Whether a booking with this id exists. */
export async function bookingExists(db: DB, id: string): Promise<boolean> {
  return (await db.selectFrom('bookings').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Ends a booking's seat offer without changing its place in line (the seat went to someone else). */
export async function clearOffer(db: DB, id: string, nowIso: string): Promise<void> {
  await db.updateTable('bookings').set({ offerExpiresAt: null, updatedAt: nowIso }).where('id', '=', id).execute();
}

/**
 * Cancels the waitlisted booking whose offer is still the one given (same deadline; already run out
 * by `expiredBy` when given): the cancelled row, or undefined when another run or an answer got
 * there first.
 */
export function cancelOfferedBooking(
  db: DB,
  id: string,
  offerExpiresAt: string,
  nowIso: string,
  expiredBy: string | null,
): Promise<BookingRow | undefined> {
  let claim = db
    .updateTable('bookings')
    .set({ status: 'cancelled', updatedAt: nowIso })
    .where('id', '=', id)
    .where('status', '=', 'waitlisted')
    .where('offerExpiresAt', '=', offerExpiresAt);
  if (expiredBy !== null) claim = claim.where('offerExpiresAt', '<=', expiredBy);
  return claim.returningAll().executeTakeFirst();
}

/** Waitlisted bookings whose offer ran out by `nowIso`, soonest first, at most 500 a run. */
export function listDueOffers(db: DB, nowIso: string): Promise<{ id: string; offerExpiresAt: string | null }[]> {
  return db
    .selectFrom('bookings')
    .select(['id', 'offerExpiresAt'])
    .where('offerExpiresAt', '<=', nowIso)
    .where('status', '=', 'waitlisted')
    .orderBy('offerExpiresAt')
    .limit(500)
    .execute();
}

