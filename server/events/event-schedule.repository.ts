// The days an event runs, derived from its slots (never typed): the first and the last slot start of
// its active sessions, for many events in one grouped query. The upcoming slots count when there are
// any, so a series under way shows what is left of it; an event whose slots are all past shows the
// days it ran; an event with no slot at all has no schedule (the page shows its date label instead).
import type { DB } from '@db/database';

export interface EventSchedule {
  /** The first slot's start (ISO). */
  firstStartsAt: string;
  /** The last slot's start (ISO): the last day the event runs, even when that slot runs past midnight. */
  lastStartsAt: string;
}

/** Each event's schedule by id; events with no slot of an active session are absent. */
export async function listEventSchedules(db: DB, eventIds: readonly string[], now: string): Promise<Map<string, EventSchedule>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('timeSlots')
    .innerJoin('eventSessions', 'eventSessions.id', 'timeSlots.sessionId')
    .where('eventSessions.eventId', 'in', eventIds)
    .where('eventSessions.isActive', '=', 1)
    .select('eventSessions.eventId')
    .select((eb) => {
      const upcoming = eb.case().when('timeSlots.startTime', '>', now).then(eb.ref('timeSlots.startTime')).end();
      return [
        eb.fn.min<string | null>(upcoming).as('nextFirst'),
        eb.fn.max<string | null>(upcoming).as('nextLast'),
        eb.fn.min<string>('timeSlots.startTime').as('first'),
        eb.fn.max<string>('timeSlots.startTime').as('last'),
      ];
    })
    .groupBy('eventSessions.eventId')
    .execute();
  return new Map(
    rows.map((row) => [
      row.eventId,
      row.nextFirst !== null && row.nextLast !== null ? { firstStartsAt: row.nextFirst, lastStartsAt: row.nextLast } : { firstStartsAt: row.first, lastStartsAt: row.last },
    ]),
  );
}

