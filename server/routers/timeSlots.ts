import { listBookableSlots } from '../repositories/timeSlots';
import { byIdInput } from '../schemas/common';
import { createTimeSlotInput, listBySessionInput, updateTimeSlotInput } from '../schemas/sessions';
import { actorOf } from '../services/audit';
import { createTimeSlot, deleteTimeSlot, updateTimeSlot } from '../services/sessions';
import { adminProcedure, publicProcedure, router } from '../trpc/init';

export const timeSlotsRouter = router({
  listBySession: publicProcedure
    .meta({ description: "The booking form's slot list: future slots of an active session of an active event, by start time, with seatsLeft." })
    .input(listBySessionInput)
    .query(({ ctx, input }) => listBookableSlots(ctx.db, input.sessionId, new Date().toISOString())),

  create: adminProcedure
    .meta({ description: 'Adds a time slot to a session (audited).' })
    .input(createTimeSlotInput)
    .mutation(({ ctx, input }) => createTimeSlot(ctx, input, actorOf(ctx))),

  update: adminProcedure
    .meta({ description: "Changes a slot's times; participants of its live bookings get an updated invite (audited)." })
    .input(updateTimeSlotInput)
    .mutation(({ ctx, input }) => updateTimeSlot(ctx, input, actorOf(ctx))),

  delete: adminProcedure
    .meta({ description: 'Deletes a slot with its bookings; participants of live bookings are told if the slot is not over (audited).' })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteTimeSlot(ctx, input.id, actorOf(ctx))),
});
