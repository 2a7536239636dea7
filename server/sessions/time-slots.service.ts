// One time slot at a time: created, moved (each live booking hears the new time) or deleted (each
// participant told first), and the booking form's future slots with seats left.
import type { z } from 'zod';
import type { DB } from '@db/database';
import { NotFoundError } from '@server/core/errors';
import type { ServiceContext } from '@server/core/service-context';
import type { ServiceDeps } from '@server/core/deps';
import { changePublicData } from '@server/core/public-changes';
import { actorOf, changedFields, recordAudit } from '@server/audit/audit.service';
import { refuseDeletingInvoiced } from '@server/bookings/invoiced-bookings.service';
import { affectedBookingIds, enqueueRemovalNotices, enqueueTimeChangeNotices } from '@server/bookings/change-notices';
import * as timeSlots from './time-slots.repository';
import type { createTimeSlotInput, updateTimeSlotInput } from './sessions.schemas';
import { requireSession } from './require-session';

type CreateTimeSlot = z.output<typeof createTimeSlotInput>;
type UpdateTimeSlot = z.output<typeof updateTimeSlotInput>;

/**
 * Removes slots with their bookings (ON DELETE rules), telling each participant of a live booking
 * in a slot not over yet that the booking is cancelled, in the caller's transaction.
 */
export async function removeTimeSlots(deps: ServiceDeps, db: DB, slotIds: string[]): Promise<void> {
  for (const timeSlotId of slotIds) await refuseDeletingInvoiced(db, { timeSlotId });
  for (const timeSlotId of slotIds) await enqueueRemovalNotices(db, deps.config.publicOrigin, { timeSlotId });
  await timeSlots.deleteTimeSlots(db, slotIds);
}

export function createTimeSlot(deps: ServiceContext, input: CreateTimeSlot): Promise<timeSlots.TimeSlotDto> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['slots', 'schedule'], async (trx) => {
    const session = await requireSession(trx, input.sessionId);
    const slot = await timeSlots.insertTimeSlot(trx, input.sessionId, input);
    await recordAudit(trx, actor, { action: 'create', entity: 'time-slot', entityId: slot.id, summary: `${session.title}: ${slot.startTime}` });
    return slot;
  });
}

/** Changes a slot's times; when start or end moved, each live booking hears the new time. */
export function updateTimeSlot(deps: ServiceContext, input: UpdateTimeSlot): Promise<timeSlots.TimeSlotDto> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['slots', 'schedule'], async (trx) => {
    const before = await timeSlots.findTimeSlot(trx, input.id);
    const slot = await timeSlots.updateTimeSlot(trx, input.id, input);
    if (before === undefined || slot === undefined) throw new NotFoundError('message.slotNotFound');
    if (before.startTime !== slot.startTime || before.endTime !== slot.endTime) {
      const affected = await affectedBookingIds(trx, { timeSlotId: slot.id });
      await enqueueTimeChangeNotices(trx, deps.config.publicOrigin, affected);
    }
    const summary = changedFields(before, slot, { startTime: 'start time', endTime: 'end time' });
    await recordAudit(trx, actor, { action: 'update', entity: 'time-slot', entityId: slot.id, summary });
    return slot;
  });
}

/** Deletes the slot with its bookings, telling each participant first. */
export function deleteTimeSlot(deps: ServiceContext, { id }: { id: string }): Promise<{ id: string }> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['slots', 'schedule'], async (trx) => {
    const slot = await timeSlots.findTimeSlot(trx, id);
    if (slot === undefined) throw new NotFoundError('message.slotNotFound');
    await removeTimeSlots(deps, trx, [id]);
    await recordAudit(trx, actor, { action: 'delete', entity: 'time-slot', entityId: id, summary: slot.startTime });
    return { id };
  });
}

/** A session's future slots with seats left, for the booking form. */
export function listBookableSlots({ db }: Pick<ServiceContext, 'db'>, { sessionId }: { sessionId: string }): Promise<timeSlots.TimeSlotWithSeats[]> {
  return timeSlots.listBookableSlots(db, sessionId, new Date().toISOString());
}
