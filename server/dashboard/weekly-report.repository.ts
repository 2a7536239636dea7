// The weekly report's figures (server/dashboard/weekly-report.service.ts): counts by status of what was
// created in a window, the slots starting in the next one with seats taken, the e-mails that gave
// up, and who receives it. Each is one query on indexed columns.
import type { DB } from '@db/database';
import { type BookingStatus, type ContactStatus, SEAT_HOLDING_STATUSES } from '@db/schema';

/** How many rows of `table` were created in [fromIso, toIso), by status. */
async function countCreatedByStatus<S extends string>(db: DB, table: 'bookings' | 'contactForms', fromIso: string, toIso: string): Promise<{ status: S; count: number }[]> {
  const rows = await db
    .selectFrom(table)
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('createdAt', '>=', fromIso)
    .where('createdAt', '<', toIso)
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status as S, count: Number(row.n) }));
}

export function countBookingsCreatedByStatus(db: DB, fromIso: string, toIso: string): Promise<{ status: BookingStatus; count: number }[]> {
  return countCreatedByStatus<BookingStatus>(db, 'bookings', fromIso, toIso);
}

export function countContactsCreatedByStatus(db: DB, fromIso: string, toIso: string): Promise<{ status: ContactStatus; count: number }[]> {
  return countCreatedByStatus<ContactStatus>(db, 'contactForms', fromIso, toIso);
}

export interface UpcomingSlot {
  sessionTitle: string;
  eventTitle: string;
  startTime: string;
  endTime: string;
  capacity: number | null;
  seatsTaken: number;
}

/** Slots starting in [fromIso, untilIso), soonest first, with the seats their bookings hold. */
export async function listSlotsStartingBetween(db: DB, fromIso: string, untilIso: string): Promise<UpcomingSlot[]> {
  const rows = await db
    .selectFrom('timeSlots')
    .innerJoin('eventSessions', 'eventSessions.id', 'timeSlots.sessionId')
    .innerJoin('events', 'events.id', 'eventSessions.eventId')
    .select((eb) => [
      'eventSessions.title as sessionTitle',
      'events.title as eventTitle',
      'timeSlots.startTime',
      'timeSlots.endTime',
      'eventSessions.maxParticipants as capacity',
      eb
        .selectFrom('bookings')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('bookings.timeSlotId', '=', 'timeSlots.id')
        .where('bookings.status', 'in', SEAT_HOLDING_STATUSES)
        .as('seatsTaken'),
    ])
    .where('timeSlots.startTime', '>=', fromIso)
    .where('timeSlots.startTime', '<', untilIso)
    .orderBy('timeSlots.startTime')
    .orderBy('eventSessions.title')
    .execute();
  return rows.map((row) => ({ ...row, seatsTaken: Number(row.seatsTaken ?? 0) }));
}

/** E-mails that gave up since `fromIso`: how many, and the latest `limit` of them. */
export async function failedEmailsSince(
  db: DB,
  fromIso: string,
  limit: number,
): Promise<{ total: number; listed: { subject: string; toAddress: string; lastError: string | null }[] }> {
  const failed = db.selectFrom('emailOutbox').where('status', '=', 'failed').where('updatedAt', '>=', fromIso);
  const total = await failed.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const listed = await failed.select(['subject', 'toAddress', 'lastError']).orderBy('updatedAt', 'desc').limit(limit).execute();
  return { total: Number(total.n), listed };
}

/** The language of one account's notices (the report sent on request), English for an unknown id. */
export async function findNoticeLanguage(db: DB, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? 'en';
}

/** Staff with Enable Email Notifications and Weekly Reports on, each with the language of their notices. */
export function listWeeklyReportRecipients(db: DB): Promise<{ id: string; email: string; role: 'admin' | 'user'; language: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'language'])
    .where('notifyEmail', '=', 1)
    .where('notifyWeeklyReports', '=', 1)
    .orderBy('email')
    .execute();
}
