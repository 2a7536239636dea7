// The back-office calendar: every slot starting in a range, with its session, event and seat count.
import type { DB } from '@db/database';
import { type EventRow, type EventSessionRow, SEAT_HOLDING_STATUSES, type TimeSlotRow } from '@db/schema';

export interface CalendarSlot extends Pick<TimeSlotRow, 'id' | 'sessionId' | 'startTime' | 'endTime'> {
  eventId: EventRow['id'];
  sessionTitle: EventSessionRow['title'];
  eventTitle: EventRow['title'];
  sessionActive: boolean;
  eventActive: boolean;
  /** The session's max_participants; null means no limit. */
  capacity: EventSessionRow['maxParticipants'];
  /** Bookings of the slot that hold a seat (pending or confirmed). */
  booked: number;
}

/**
 * Slots starting in [startFrom, startBefore), by start time, at most `limit` of them. One query:
 * the range walks time_slots_start_idx and each slot's seats are a count on bookings_slot_status_idx.
 */
export async function listCalendarSlots(db: DB, startFrom: string, startBefore: string, limit: number): Promise<CalendarSlot[]> {
  const rows = await db
    .selectFrom('timeSlots')
    .innerJoin('eventSessions', 'eventSessions.id', 'timeSlots.sessionId')
    .innerJoin('events', 'events.id', 'eventSessions.eventId')
    .where('timeSlots.startTime', '>=', startFrom)
    .where('timeSlots.startTime', '<', startBefore)
    .select((eb) => [
      'timeSlots.id',
      'timeSlots.sessionId',
      'timeSlots.startTime',
      'timeSlots.endTime',
      'events.id as eventId',
      'eventSessions.title as sessionTitle',
      'events.title as eventTitle',
      'eventSessions.isActive as sessionActive',
      'events.isActive as eventActive',
      'eventSessions.maxParticipants as capacity',
      eb
        .selectFrom('bookings')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('bookings.timeSlotId', '=', 'timeSlots.id')
        .where('bookings.status', 'in', SEAT_HOLDING_STATUSES)
        .as('booked'),
    ])
    .orderBy('timeSlots.startTime')
    .orderBy('timeSlots.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    sessionActive: row.sessionActive === 1,
    eventActive: row.eventActive === 1,
    booked: Number(row.booked ?? 0),
  }));
}

/** When the first slot starting at or after `startFrom` starts (null: none). */
export async function firstSlotStartFrom(db: DB, startFrom: string): Promise<string | null> {
  const row = await db
    .selectFrom('timeSlots')
    .where('startTime', '>=', startFrom)
    .select('startTime')
    .orderBy('startTime')
    .limit(1)
    .executeTakeFirst();
  return row?.startTime ?? null;
}
