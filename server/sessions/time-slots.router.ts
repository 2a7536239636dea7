import { calendarInput } from './slot-calendar.schemas';
import { byIdInput } from '@server/shared/common.schemas';
import { createTimeSlotInput, listBySessionInput, updateTimeSlotInput } from './sessions.schemas';
import { createTimeSlot, deleteTimeSlot, listBookableSlots, updateTimeSlot } from './time-slots.service';
import { slotCalendar } from './slot-calendar.service';
import { adminProcedure, publicProcedure, router, staffProcedure } from '@server/trpc/init';

export const timeSlotsRouter = router({
  listBySession: publicProcedure
    .meta({ description: "The booking form's slot list: future slots of an active session of an active event, by start time, with seatsLeft." })
    .input(listBySessionInput)
    .query(({ ctx, input }) => listBookableSlots(ctx, input)),

  calendar: staffProcedure
    .meta({
      description:
        "The back-office calendar: every slot starting in a range of site-zone days (both included, at most 42), with its session and event titles, whether each is active, seats taken (pending + confirmed) and capacity.",
    })
    .input(calendarInput)
    .query(({ ctx, input }) => slotCalendar(ctx, input)),

  create: adminProcedure
    .meta({ description: 'Adds a time slot to a session (audited).' })
    .input(createTimeSlotInput)
    .mutation(({ ctx, input }) => createTimeSlot(ctx, input)),

  update: adminProcedure
    .meta({ description: "Changes a slot's times; participants of its live bookings get an updated invite (audited)." })
    .input(updateTimeSlotInput)
    .mutation(({ ctx, input }) => updateTimeSlot(ctx, input)),

  delete: adminProcedure
    .meta({ description: 'Deletes a slot with its bookings; participants of live bookings are told if the slot is not over (audited). CONFLICT when a booking of it has an invoice.' })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteTimeSlot(ctx, input)),
});
