// Time slots: plain rows, and the "slots with seats" query shared by the booking form and the
// session detail. Seats always come from booking statuses, never from a stored counter.
import type { DB } from '@db/database';
import { SEAT_HOLDING_STATUSES, type TimeSlotRow } from '@db/schema';
import { newId } from '@server/core/ids';

export type TimeSlotDto = Pick<TimeSlotRow, 'id' | 'sessionId' | 'startTime' | 'endTime'>;

export interface TimeSlotWithSeats extends TimeSlotDto {
  /** The session's max_participants; null means unlimited. */
  capacity: number | null;
  /** Bookings of this slot that hold a seat (pending or confirmed). */
  booked: number;
  /** null when unlimited; never below 0, even if staff overbooked by hand. */
  seatsLeft: number | null;
  isFull: boolean;
}

export interface TimeSlotValues {
  startTime: string;
  endTime: string;
}

export function toTimeSlotDto(row: TimeSlotRow): TimeSlotDto {
  return { id: row.id, sessionId: row.sessionId, startTime: row.startTime, endTime: row.endTime };
}

export function withSeats(slot: TimeSlotDto, capacity: number | null, booked: number): TimeSlotWithSeats {
  return {
    ...slot,
    capacity,
    booked,
    seatsLeft: capacity === null ? null : Math.max(0, capacity - booked),
    isFull: capacity !== null && booked >= capacity,
  };
}

/**
 * The slots of one session with their seat counts, in one query: a LEFT JOIN on the bookings that
 * hold a seat, grouped per slot. `bookableAfter` keeps only what the public booking form may offer:
 * slots starting after that instant, of an active session of an active event.
 */
async function querySlotsWithSeats(
  db: DB,
  sessionIds: readonly string[],
  bookableAfter: string | null,
  limit?: number,
): Promise<TimeSlotWithSeats[]> {
  if (sessionIds.length === 0) return [];
  let query = db
    .selectFrom('timeSlots')
    .innerJoin('eventSessions', 'eventSessions.id', 'timeSlots.sessionId')
    .innerJoin('events', 'events.id', 'eventSessions.eventId')
    .leftJoin('bookings', (join) =>
      join.onRef('bookings.timeSlotId', '=', 'timeSlots.id').on('bookings.status', 'in', SEAT_HOLDING_STATUSES),
    )
    .where('timeSlots.sessionId', 'in', sessionIds);
  if (bookableAfter !== null) {
    query = query
      .where('timeSlots.startTime', '>', bookableAfter)
      .where('eventSessions.isActive', '=', 1)
      .where('events.isActive', '=', 1);
  }
  const grouped = query
    .select([
      'timeSlots.id',
      'timeSlots.sessionId',
      'timeSlots.startTime',
      'timeSlots.endTime',
      'eventSessions.maxParticipants as capacity',
    ])
    .select((eb) => eb.fn.count<number>('bookings.id').as('booked'))
    // The slot's own columns follow from its id; the session's capacity is named so PostgreSQL accepts it.
    .groupBy(['timeSlots.id', 'eventSessions.maxParticipants'])
    .orderBy('timeSlots.startTime')
    .orderBy('timeSlots.id');
  const rows = await (limit === undefined ? grouped : grouped.limit(limit)).execute();
  return rows.map((row) =>
    withSeats(
      { id: row.id, sessionId: row.sessionId, startTime: row.startTime, endTime: row.endTime },
      row.capacity,
      Number(row.booked),
    ),
  );
}

/** Every slot of a session, past ones included (the back office). */
export function listSlotsWithSeats(db: DB, sessionId: string): Promise<TimeSlotWithSeats[]> {
  return querySlotsWithSeats(db, [sessionId], null);
}

/** Future slots of an active session of an active event (the public booking form). */
export function listBookableSlots(db: DB, sessionId: string, now: string): Promise<TimeSlotWithSeats[]> {
  return querySlotsWithSeats(db, [sessionId], now);
}

/**
 * Future slots of several active sessions of an active event, soonest first, with seats, in one
 * query: at most `limit` of them (an event's public page shows the next few of each session).
 */
export function listBookableSlotsOfSessions(db: DB, sessionIds: readonly string[], now: string, limit: number): Promise<TimeSlotWithSeats[]> {
  return querySlotsWithSeats(db, sessionIds, now, limit);
}

export async function findTimeSlot(db: DB, id: string): Promise<TimeSlotDto | undefined> {
  const row = await db.selectFrom('timeSlots').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : toTimeSlotDto(row);
}

export async function listSlotIdsOfSession(db: DB, sessionId: string): Promise<string[]> {
  const rows = await db.selectFrom('timeSlots').select('id').where('sessionId', '=', sessionId).execute();
  return rows.map((row) => row.id);
}

export async function insertTimeSlot(db: DB, sessionId: string, slot: TimeSlotValues): Promise<TimeSlotDto> {
  const row = await db
    .insertInto('timeSlots')
    .values({ id: newId(), sessionId, startTime: slot.startTime, endTime: slot.endTime })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTimeSlotDto(row);
}

export async function insertTimeSlots(db: DB, sessionId: string, slots: TimeSlotValues[]): Promise<TimeSlotDto[]> {
  if (slots.length === 0) return [];
  const rows = await db
    .insertInto('timeSlots')
    .values(slots.map((slot) => ({ id: newId(), sessionId, startTime: slot.startTime, endTime: slot.endTime })))
    .returningAll()
    .execute();
  return rows.map(toTimeSlotDto);
}

export async function updateTimeSlot(db: DB, id: string, values: TimeSlotValues): Promise<TimeSlotDto | undefined> {
  const row = await db
    .updateTable('timeSlots')
    .set({ startTime: values.startTime, endTime: values.endTime })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toTimeSlotDto(row);
}

/** Deletes slots; their bookings go with them (ON DELETE CASCADE). Returns how many were deleted. */
export async function deleteTimeSlots(db: DB, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('timeSlots').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
