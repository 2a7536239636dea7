import { listBookableSlots } from '../repositories/timeSlots';
import { byIdInput } from '../schemas/common';
import { createTimeSlotInput, listBySessionInput, updateTimeSlotInput } from '../schemas/sessions';
import { actorOf } from '../services/audit';
import { createTimeSlot, deleteTimeSlot, updateTimeSlot } from '../services/sessions';
import { adminProcedure, publicProcedure, router } from '../trpc/init';

export const timeSlotsRouter = router({
  /** The booking form's slot list: future slots of an active session of an active event, with seats. */
  listBySession: publicProcedure
    .input(listBySessionInput)
    .query(({ ctx, input }) => listBookableSlots(ctx.db, input.sessionId, new Date().toISOString())),

  create: adminProcedure.input(createTimeSlotInput).mutation(({ ctx, input }) => createTimeSlot(ctx, input, actorOf(ctx))),

  update: adminProcedure.input(updateTimeSlotInput).mutation(({ ctx, input }) => updateTimeSlot(ctx, input, actorOf(ctx))),

  delete: adminProcedure.input(byIdInput).mutation(({ ctx, input }) => deleteTimeSlot(ctx, input.id, actorOf(ctx))),
});
