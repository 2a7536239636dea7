// The dashboard's stat cards, read in one round trip plus the caller's own sign-in history.
import type { DB } from '@db/database';

export const DAY_MS = 86_400_000;

export interface DashboardStats {
  totalEvents: number;
  totalContacts: number;
  /** Start of the earliest future time slot of an active session of an active event. */
  nextEventStartsAt: string | null;
  /** Whole days, rounded up; null when nothing is coming ('No upcoming events'). */
  daysUntilNextEvent: number | null;
  /** The caller's sign-in before the current one. */
  lastLogin: string | null;
}

export function daysUntil(startsAt: string, now: Date): number {
  return Math.ceil((Date.parse(startsAt) - now.getTime()) / DAY_MS);
}

export async function dashboardStats(db: DB, userId: string, now: Date = new Date()): Promise<DashboardStats> {
  const nowIso = now.toISOString();
  const [totals, user] = await Promise.all([
    db
      .selectNoFrom((eb) => [
        eb.selectFrom('events').select(eb.fn.countAll<number>().as('n')).as('totalEvents'),
        eb.selectFrom('contactForms').select(eb.fn.countAll<number>().as('n')).as('totalContacts'),
        eb
          .selectFrom('timeSlots')
          .innerJoin('eventSessions', 'eventSessions.id', 'timeSlots.sessionId')
          .innerJoin('events', 'events.id', 'eventSessions.eventId')
          .where('timeSlots.startTime', '>', nowIso)
          .where('eventSessions.isActive', '=', 1)
          .where('events.isActive', '=', 1)
          .select((inner) => inner.fn.min('timeSlots.startTime').as('startsAt'))
          .as('nextEventStartsAt'),
      ])
      .executeTakeFirstOrThrow(),
    db.selectFrom('users').select('previousSignInAt').where('id', '=', userId).executeTakeFirst(),
  ]);
  const nextEventStartsAt = totals.nextEventStartsAt ?? null;
  return {
    totalEvents: Number(totals.totalEvents),
    totalContacts: Number(totals.totalContacts),
    nextEventStartsAt,
    daysUntilNextEvent: nextEventStartsAt === null ? null : daysUntil(nextEventStartsAt, now),
    lastLogin: user?.previousSignInAt ?? null,
  };
}
