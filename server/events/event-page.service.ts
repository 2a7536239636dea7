// An event's public page (/events/<id>): the event, its active sessions and each session's next
// slots with seats left, read in three queries whatever the number of sessions.
import type { ServiceContext } from '@server/core/service-context';
import { findEvent } from './events.repository';
import { type EventWithSchedule, withSchedule } from './event-schedule';
import { listActiveSessionsOfEvent, type SessionDto } from '@server/sessions/sessions.repository';
import { listBookableSlotsOfSessions, type TimeSlotWithSeats } from '@server/sessions/time-slots.repository';
import { NotFoundError } from '@server/core/errors';

/** The slots each session shows on the page; the booking form lists them all. */
export const EVENT_PAGE_SLOTS_PER_SESSION = 3;

/** Slots read at most for the whole page: bounds the read for an event with very many dates. */
const EVENT_PAGE_SLOT_READ_LIMIT = 300;

export interface EventPageSession extends SessionDto {
  /** The next few future slots, soonest first, with seats left. */
  nextSlots: TimeSlotWithSeats[];
  /** Whether the session has more future slots than those shown. */
  moreSlots: boolean;
}

export interface EventPage {
  event: EventWithSchedule;
  sessions: EventPageSession[];
}

/** The page of an active event; NOT_FOUND for an unknown or hidden one (for staff too: it is the public page). */
export async function getEventPage(ctx: Pick<ServiceContext, 'db'>, input: { id: string }): Promise<EventPage> {
  const { db } = ctx;
  const eventId = input.id;
  const now = new Date().toISOString();
  const event = await findEvent(db, eventId);
  if (event === undefined || !event.isActive) throw new NotFoundError('message.eventNotFound');
  const sessions = await listActiveSessionsOfEvent(db, eventId);
  const slots = await listBookableSlotsOfSessions(
    db,
    sessions.map((session) => session.id),
    now,
    EVENT_PAGE_SLOT_READ_LIMIT,
  );
  const slotsBySession = new Map<string, TimeSlotWithSeats[]>();
  for (const slot of slots) {
    const list = slotsBySession.get(slot.sessionId) ?? [];
    list.push(slot);
    slotsBySession.set(slot.sessionId, list);
  }
  return {
    event: await withSchedule(db, event),
    sessions: sessions.map((session) => {
      const all = slotsBySession.get(session.id) ?? [];
      return { ...session, nextSlots: all.slice(0, EVENT_PAGE_SLOTS_PER_SESSION), moreSlots: all.length > EVENT_PAGE_SLOTS_PER_SESSION };
    }),
  };
}
