// booking_reminders: one row per booking whose reminder was written, so each is reminded once (a
// restart or a second instance finds the claim). A booking whose time changes loses its row and is
// reminded again for the new time.
import type { DB } from '@db/database';

export interface ReminderCandidate {
  id: string;
  createdAt: string;
  startTime: string;
}

/** Live (pending or confirmed) bookings whose slot starts in (nowIso, untilIso] and that have no reminder yet. */
export function listBookingsDueReminder(db: DB, nowIso: string, untilIso: string): Promise<ReminderCandidate[]> {
  return db
    .selectFrom('bookings')
    .innerJoin('timeSlots', 'timeSlots.id', 'bookings.timeSlotId')
    .leftJoin('bookingReminders', 'bookingReminders.bookingId', 'bookings.id')
    .select(['bookings.id', 'bookings.createdAt', 'timeSlots.startTime'])
    .where('bookings.status', 'in', ['pending', 'confirmed'])
    .where('timeSlots.startTime', '>', nowIso)
    .where('timeSlots.startTime', '<=', untilIso)
    .where('bookingReminders.bookingId', 'is', null)
    .execute();
}

/** Claims the booking's reminder: true for the first caller, false when it is already written. */
export async function claimReminder(db: DB, bookingId: string, startTime: string, nowIso: string): Promise<boolean> {
  const claimed = await db
    .insertInto('bookingReminders')
    .values({ bookingId, startTime, sentAt: nowIso })
    .onConflict((conflict) => conflict.column('bookingId').doNothing())
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Forgets the reminders of these bookings (their time changed: the new one is reminded). */
export async function forgetReminders(db: DB, bookingIds: readonly string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await db.deleteFrom('bookingReminders').where('bookingId', 'in', [...bookingIds]).execute();
}
