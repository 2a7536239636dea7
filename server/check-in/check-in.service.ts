// Check-in at the door: staff choose a slot, then scan a booking's code (or type it, or pick the
// booking from the slot's list). A booking of the slot that holds a seat is marked attended with
// the time and the staff member; a second scan says when and by whom; a booking of another slot,
// a cancelled or a waitlisted one is refused with the reason. After the slot, the rest can be
// marked no-shows. Attendance is attended / confirmed per session.
import type { z } from 'zod';
import type { ServiceContext } from '@server/core/service-context';
import { NotFoundError, PreconditionError } from '@server/core/errors';
import { message } from '@server/shared/i18n/message';
import {
  type CheckInListItem,
  claimCheckIn,
  findBookingAtDoor,
  findCheckIn,
  findSlotEnd,
  listSeatHoldersOfSlot,
  markSlotNoShows,
} from './check-in.repository';
import { getSystemSettings } from '@server/settings/settings.repository';
import type { checkInInput } from './check-in.schemas';
import { formatSlotRange } from '@server/shared/time';
import { actorOf, recordAudit } from '@server/audit/audit.service';

/** The slot's bookings that hold a seat, by name, with their attendance; and the counts. */
export async function checkInList({ db }: Pick<ServiceContext, 'db'>, { timeSlotId }: { timeSlotId: string }): Promise<{ items: CheckInListItem[]; attended: number; expected: number; ended: boolean }> {
  const slot = await findSlotEnd(db, timeSlotId);
  if (slot === undefined) throw new NotFoundError('message.slotNotFound');
  const items = await listSeatHoldersOfSlot(db, timeSlotId);
  return {
    items,
    attended: items.filter((item) => item.attendance === 'attended').length,
    expected: items.length,
    ended: Date.parse(slot.endTime) <= Date.now(),
  };
}

export interface CheckInResult {
  result: 'checked-in' | 'already';
  message: string;
  booking: { id: string; participantName: string; checkedInAt: string; checkedInBy: string | null };
}

function clockTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
}

/** Checks in the booking of `input.code` (or `input.bookingId`) at `input.timeSlotId`, by `actor`. */
export async function checkIn(deps: ServiceContext, input: z.output<typeof checkInInput>): Promise<CheckInResult> {
  const actor = actorOf(deps);
  const now = new Date();
  const { timezone } = await getSystemSettings(deps.db);
  return deps.db.transaction().execute(async (trx) => {
    const booking = await findBookingAtDoor(trx, input.code === undefined ? { bookingId: input.bookingId ?? '' } : { code: input.code });
    if (booking === undefined) throw new NotFoundError('api.checkIn.unknownCode');
    if (booking.timeSlotId !== input.timeSlotId) {
      throw new PreconditionError(message('api.checkIn.otherSlot', { slot: `${booking.sessionTitle}, ${formatSlotRange(booking.startTime, booking.endTime, timezone)}` }));
    }
    if (booking.status === 'cancelled') throw new PreconditionError('api.checkIn.cancelled');
    if (booking.status === 'waitlisted') throw new PreconditionError('api.checkIn.waitlisted');
    const already = (at: string, by: string | null): CheckInResult => ({
      result: 'already',
      message: `Already checked in at ${clockTime(at, timezone)}${by === null ? '' : ` by ${by}`}.`,
      booking: { id: booking.id, participantName: booking.participantName, checkedInAt: at, checkedInBy: by },
    });
    if (booking.checkedInAt !== null) return already(booking.checkedInAt, booking.checkedInBy);
    const at = now.toISOString();
    // Claimed only if nobody checked it in meanwhile (two phones scanning one code).
    const claimed = await claimCheckIn(trx, booking.id, at, actor.name);
    if (claimed === undefined) {
      const current = await findCheckIn(trx, booking.id);
      return already(current.checkedInAt ?? at, current.checkedInBy);
    }
    await recordAudit(trx, actor, { action: 'status', entity: 'booking', entityId: booking.id, summary: 'checked in' });
    return {
      result: 'checked-in',
      message: `${booking.participantName} is checked in.`,
      booking: { id: booking.id, participantName: booking.participantName, checkedInAt: at, checkedInBy: actor.name },
    };
  });
}

/** After the slot: every booking holding a seat and not checked in is marked a no-show (one audit row). */
export async function markNoShows(deps: ServiceContext, { timeSlotId }: { timeSlotId: string }): Promise<{ marked: number }> {
  const actor = actorOf(deps);
  const now = new Date();
  return deps.db.transaction().execute(async (trx) => {
    const slot = await findSlotEnd(trx, timeSlotId);
    if (slot === undefined) throw new NotFoundError('message.slotNotFound');
    if (Date.parse(slot.endTime) > now.getTime()) throw new PreconditionError('api.checkIn.notEnded');
    const marked = await markSlotNoShows(trx, timeSlotId);
    await recordAudit(trx, actor, { action: 'status', entity: 'time-slot', entityId: timeSlotId, summary: `${marked} marked no-show` });
    return { marked };
  });
}
