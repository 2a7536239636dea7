// Check-in's reads and writes on bookings (server/check-in/check-in.service.ts holds the rules).
import type { DB } from '@db/database';
import type { BookingStatus } from '@db/schema';

export interface CheckInListItem {
  id: string;
  participantName: string;
  participantEmail: string;
  status: BookingStatus;
  checkInCode: string | null;
  checkedInAt: string | null;
  checkedInBy: string | null;
  attendance: 'attended' | 'no-show' | null;
}

export function findSlotEnd(db: DB, timeSlotId: string): Promise<{ id: string; endTime: string } | undefined> {
  return db.selectFrom('timeSlots').select(['id', 'endTime']).where('id', '=', timeSlotId).executeTakeFirst();
}

/** The slot's bookings that hold a seat (pending or confirmed), by name. */
export function listSeatHoldersOfSlot(db: DB, timeSlotId: string): Promise<CheckInListItem[]> {
  return db
    .selectFrom('bookings')
    .select(['id', 'participantName', 'participantEmail', 'status', 'checkInCode', 'checkedInAt', 'checkedInBy', 'attendance'])
    .where('timeSlotId', '=', timeSlotId)
    .where('status', 'in', ['pending', 'confirmed'])
    .orderBy('participantName')
    .orderBy('id')
    .execute();
}

export interface BookingAtDoor {
  id: string;
  timeSlotId: string;
  status: BookingStatus;
  participantName: string;
  checkedInAt: string | null;
  checkedInBy: string | null;
  sessionTitle: string;
  startTime: string;
  endTime: string;
}

/** The booking of a check-in code, or of an id (picked from the slot's list). */
export function findBookingAtDoor(db: DB, by: { code: string } | { bookingId: string }): Promise<BookingAtDoor | undefined> {
  const query = db
    .selectFrom('bookings')
    .innerJoin('timeSlots', 'timeSlots.id', 'bookings.timeSlotId')
    .innerJoin('eventSessions', 'eventSessions.id', 'bookings.sessionId')
    .select([
      'bookings.id',
      'bookings.timeSlotId',
      'bookings.status',
      'bookings.participantName',
      'bookings.checkedInAt',
      'bookings.checkedInBy',
      'eventSessions.title as sessionTitle',
      'timeSlots.startTime',
      'timeSlots.endTime',
    ]);
  return ('code' in by ? query.where('bookings.checkInCode', '=', by.code) : query.where('bookings.id', '=', by.bookingId)).executeTakeFirst();
}

/** Marks the booking attended unless someone did meanwhile (two phones scanning one code): the claim, or undefined. */
export function claimCheckIn(db: DB, bookingId: string, atIso: string, by: string | null): Promise<{ checkedInAt: string | null; checkedInBy: string | null } | undefined> {
  return db
    .updateTable('bookings')
    .set({ checkedInAt: atIso, checkedInBy: by, attendance: 'attended' })
    .where('id', '=', bookingId)
    .where('checkedInAt', 'is', null)
    .returning(['checkedInAt', 'checkedInBy'])
    .executeTakeFirst();
}

export function findCheckIn(db: DB, bookingId: string): Promise<{ checkedInAt: string | null; checkedInBy: string | null }> {
  return db.selectFrom('bookings').select(['checkedInAt', 'checkedInBy']).where('id', '=', bookingId).executeTakeFirstOrThrow();
}

/** Every seat holder of the slot not checked in becomes a no-show; how many. */
export async function markSlotNoShows(db: DB, timeSlotId: string): Promise<number> {
  const result = await db
    .updateTable('bookings')
    .set({ attendance: 'no-show' })
    .where('timeSlotId', '=', timeSlotId)
    .where('status', 'in', ['pending', 'confirmed'])
    .where('attendance', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
