// Staff changes that participants must hear about, each one transaction with its messages: deleting
// an event or a session with live bookings, and changing a time slot's times.
import type { DB } from '@db/database';
import type { ServiceDeps } from '@server/deps';
import { deleteEvent } from '@server/repositories/events';
import { deleteSession } from '@server/repositories/sessions';
import * as timeSlots from '@server/repositories/timeSlots';
import {
  type AffectedScope,
  affectedBookingIds,
  enqueueRemovalNotices,
  enqueueTimeChangeNotices,
} from '@server/services/email/change-notices';
import { updateTimeSlot } from '@server/services/sessions';

/** The one id given, as a scope. */
export function toAffectedScope(input: { bookingId?: string | undefined; timeSlotId?: string | undefined; sessionId?: string | undefined; eventId?: string | undefined }): AffectedScope {
  if (input.bookingId !== undefined) return { bookingId: input.bookingId };
  if (input.timeSlotId !== undefined) return { timeSlotId: input.timeSlotId };
  if (input.sessionId !== undefined) return { sessionId: input.sessionId };
  return { eventId: input.eventId ?? '' };
}

/** How many participants a deletion of `scope` would tell: what the delete dialogs show. */
export async function countAffectedParticipants(db: DB, scope: AffectedScope): Promise<number> {
  return (await affectedBookingIds(db, scope)).length;
}

/** Deletes the event (its sessions, slots and bookings cascade) after telling its participants; false if absent. */
export function deleteEventNotifying(deps: ServiceDeps, id: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    await enqueueRemovalNotices(trx, deps.config.publicOrigin, { eventId: id });
    // Nothing deleted rolls back the notices with the transaction's other work: there is none.
    const deleted = await deleteEvent(trx, id);
    if (!deleted) throw new NothingDeleted();
    return deleted;
  }).catch((error: unknown) => {
    if (error instanceof NothingDeleted) return false;
    throw error;
  });
}

export function deleteSessionNotifying(deps: ServiceDeps, id: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    await enqueueRemovalNotices(trx, deps.config.publicOrigin, { sessionId: id });
    const deleted = await deleteSession(trx, id);
    if (!deleted) throw new NothingDeleted();
    return deleted;
  }).catch((error: unknown) => {
    if (error instanceof NothingDeleted) return false;
    throw error;
  });
}

/** Internal: rolls the transaction back when the row to delete does not exist. */
class NothingDeleted extends Error {}

type UpdateTimeSlotInput = Parameters<typeof updateTimeSlot>[1];

/** Changes a slot's times; when start or end moved, each live booking hears the new time. */
export function updateTimeSlotNotifying(deps: ServiceDeps, input: UpdateTimeSlotInput) {
  return deps.db.transaction().execute(async (trx) => {
    const before = await timeSlots.findTimeSlot(trx, input.id);
    const slot = await updateTimeSlot(trx, input);
    if (before !== undefined && (before.startTime !== slot.startTime || before.endTime !== slot.endTime)) {
      await enqueueTimeChangeNotices(trx, deps.config.publicOrigin, await affectedBookingIds(trx, { timeSlotId: slot.id }));
    }
    return slot;
  });
}
