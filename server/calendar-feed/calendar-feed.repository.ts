import type { DB } from '@db/database';

export interface FeedSlotRow {
  slotId: string;
  startTime: string;
  endTime: string;
  eventId: string;
  eventTitle: string;
  eventLocation: string | null;
  sessionTitle: string;
  sessionLocation: string | null;
  sessionDescription: string | null;
}

/** Slots starting after `now` of active sessions of active events, soonest first. */
export async function listUpcomingFeedSlots(db: DB, now: string, limit: number): Promise<FeedSlotRow[]> {
  return db
    .selectFrom('timeSlots')
    .innerJoin('eventSessions', 'eventSessions.id', 'timeSlots.sessionId')
    .innerJoin('events', 'events.id', 'eventSessions.eventId')
    .where('timeSlots.startTime', '>', now)
    .where('eventSessions.isActive', '=', 1)
    .where('events.isActive', '=', 1)
    .select([
      'timeSlots.id as slotId',
      'timeSlots.startTime',
      'timeSlots.endTime',
      'events.id as eventId',
      'events.title as eventTitle',
      'events.location as eventLocation',
      'eventSessions.title as sessionTitle',
      'eventSessions.location as sessionLocation',
      'eventSessions.description as sessionDescription',
    ])
    .orderBy('timeSlots.startTime')
    .orderBy('timeSlots.id')
    .limit(limit)
    .execute();
}
