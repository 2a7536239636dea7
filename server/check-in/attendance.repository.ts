// Attendance per session for the dashboard: of the bookings holding a seat in its slots that have
// started in the last 30 days, how many were checked in. One grouped query, ten sessions at most.
import type { DB } from '@db/database';

export interface SessionAttendance {
  sessionId: string;
  sessionTitle: string;
  eventTitle: string;
  attended: number;
  /** Bookings holding a seat (pending or confirmed). */
  confirmed: number;
}

const WINDOW_MS = 30 * 86_400_000;

export async function recentAttendance(db: DB, now: Date): Promise<SessionAttendance[]> {
  const rows = await db
    .selectFrom('bookings')
    .innerJoin('timeSlots', 'timeSlots.id', 'bookings.timeSlotId')
    .innerJoin('eventSessions', 'eventSessions.id', 'bookings.sessionId')
    .innerJoin('events', 'events.id', 'bookings.eventId')
    .where('timeSlots.startTime', '<=', now.toISOString())
    .where('timeSlots.startTime', '>', new Date(now.getTime() - WINDOW_MS).toISOString())
    .where('bookings.status', 'in', ['pending', 'confirmed'])
    .select((eb) => [
      'eventSessions.id as sessionId',
      'eventSessions.title as sessionTitle',
      'events.title as eventTitle',
      eb.fn.countAll<number>().as('confirmed'),
      eb.fn.count<number>(eb.case().when('bookings.attendance', '=', 'attended').then(1).end()).as('attended'),
      eb.fn.max('timeSlots.startTime').as('lastStart'),
    ])
    .groupBy(['eventSessions.id', 'eventSessions.title', 'events.title'])
    .orderBy('lastStart', 'desc')
    .limit(10)
    .execute();
  return rows.map((row) => ({
    sessionId: row.sessionId,
    sessionTitle: row.sessionTitle,
    eventTitle: row.eventTitle,
    attended: Number(row.attended),
    confirmed: Number(row.confirmed),
  }));
}
