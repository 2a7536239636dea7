// The dashboard's week: what happened in the last 7 days beside the 7 before, and what is coming in
// the next 7. Each figure is one query on an index: bookings by (created_at, id) for the new ones,
// time_slots by start_time for what is coming with each slot's seats through bookings'
// (time_slot_id, status), contact messages by (status, created_at).
import { sql } from 'kysely';
import type { DB } from '@db/database';
import type { BookingStatus } from '@db/schema';
import { BOOKING_STATUSES } from '@db/schema';
import { DAY_MS } from './dashboard.repository';

export const WEEK_MS = 7 * DAY_MS;
/** The upcoming slots listed on the dashboard. */
export const NEXT_SLOTS = 5;

export type StatusCounts = Record<BookingStatus, number>;

export interface UpcomingSlot {
  timeSlotId: string;
  sessionId: string;
  eventId: string;
  sessionTitle: string;
  eventTitle: string;
  startTime: string;
  endTime: string;
  /** Pending and confirmed bookings: the seats they hold. */
  seatsTaken: number;
  /** The session's seats; null for no limit. */
  capacity: number | null;
}

export interface DashboardWeek {
  /** Bookings made in the last 7 days, and in the 7 days before, by status. */
  newBookings: { thisWeek: StatusCounts; lastWeek: StatusCounts };
  /** Seats held and seats offered by the slots of the next 7 days that have a seat limit. */
  nextSevenDays: { seatsTaken: number; capacity: number; slots: number };
  /** Waitlisted bookings of slots still to come. */
  waitlisted: number;
  /** Contact messages nobody has opened yet (status New). */
  contactsWaiting: number;
  nextSlots: UpcomingSlot[];
}

function zeroCounts(): StatusCounts {
  return Object.fromEntries(BOOKING_STATUSES.map((status) => [status, 0])) as StatusCounts;
}

/**
 * Bookings made in [from, before), by status: one query of four range counts, each read from the
 * (status, created_at) index alone (grouping the created_at range instead read every row's status).
 */
async function countNewBookings(db: DB, from: string, before: string): Promise<StatusCounts> {
  const row = await db
    .selectNoFrom((eb) =>
      BOOKING_STATUSES.map((status) =>
        eb
          .selectFrom('bookings')
          .select(eb.fn.countAll<number>().as('n'))
          .where('status', '=', status)
          .where('createdAt', '>=', from)
          .where('createdAt', '<', before)
          .as(status),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = zeroCounts();
  for (const status of BOOKING_STATUSES) counts[status] = Number(row[status] ?? 0);
  return counts;
}

/** Slots of active sessions of active events starting in [from, before), with their seats taken. */
function upcomingSlots(db: DB, from: string, before: string) {
  return db
    .selectFrom('timeSlots')
    .innerJoin('eventSessions', 'eventSessions.id', 'timeSlots.sessionId')
    .innerJoin('events', 'events.id', 'eventSessions.eventId')
    .where('timeSlots.startTime', '>=', from)
    .where('timeSlots.startTime', '<', before)
    .where('eventSessions.isActive', '=', 1)
    .where('events.isActive', '=', 1)
    .select((eb) => [
      'timeSlots.id as timeSlotId',
      'timeSlots.startTime as startTime',
      'timeSlots.endTime as endTime',
      'eventSessions.id as sessionId',
      'eventSessions.title as sessionTitle',
      'eventSessions.maxParticipants as capacity',
      'events.id as eventId',
      'events.title as eventTitle',
      eb
        .selectFrom('bookings')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('bookings.timeSlotId', '=', 'timeSlots.id')
        .where('bookings.status', 'in', ['pending', 'confirmed'])
        .as('seatsTaken'),
    ]);
}

export async function dashboardWeek(db: DB, now: Date): Promise<DashboardWeek> {
  const nowIso = now.toISOString();
  const weekAgo = new Date(now.getTime() - WEEK_MS).toISOString();
  const twoWeeksAgo = new Date(now.getTime() - 2 * WEEK_MS).toISOString();
  const weekAhead = new Date(now.getTime() + WEEK_MS).toISOString();
  const [thisWeek, lastWeek, seats, waitlisted, contacts, next] = await Promise.all([
    countNewBookings(db, weekAgo, nowIso),
    countNewBookings(db, twoWeeksAgo, weekAgo),
    db
      .selectFrom(upcomingSlots(db, nowIso, weekAhead).as('slot'))
      .where('slot.capacity', 'is not', null)
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('slot.seatsTaken'), sql<number>`0`).as('seatsTaken'),
        eb.fn.coalesce(eb.fn.sum<number>('slot.capacity'), sql<number>`0`).as('capacity'),
        eb.fn.countAll<number>().as('slots'),
      ])
      .executeTakeFirstOrThrow(),
    // From the slots to come (start_time index), then their waitlisted bookings ((time_slot_id, status) index).
    db
      .selectFrom('bookings')
      .where('bookings.status', '=', 'waitlisted')
      .where('bookings.timeSlotId', 'in', db.selectFrom('timeSlots').select('timeSlots.id').where('timeSlots.startTime', '>=', nowIso))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contactForms')
      .where('status', '=', 'new')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    upcomingSlots(db, nowIso, '9999-12-31T23:59:59.999Z').orderBy('timeSlots.startTime').orderBy('timeSlots.id').limit(NEXT_SLOTS).execute(),
  ]);
  return {
    newBookings: { thisWeek, lastWeek },
    nextSevenDays: { seatsTaken: Number(seats.seatsTaken), capacity: Number(seats.capacity), slots: Number(seats.slots) },
    waitlisted: Number(waitlisted.n),
    contactsWaiting: Number(contacts.n),
    nextSlots: next.map((slot) => ({ ...slot, seatsTaken: Number(slot.seatsTaken) })),
  };
}
