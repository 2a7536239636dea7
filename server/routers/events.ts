import * as events from '../repositories/events';
import { EVENT_NOT_FOUND } from '../repositories/events';
import { byIdInput } from '../schemas/common';
import {
  adminEventListInput,
  createEventInput,
  eventListInput,
  reorderEventInput,
  setEventActiveInput,
  updateEventInput,
} from '../schemas/events';
import { actorOf } from '../services/audit';
import { createEvent, deleteEvent, moveEvent, setEventActive, updateEvent } from '../services/events';
import { adminProcedure, publicProcedure, router, staffProcedure } from '../trpc/init';
import { NotFoundError } from '../errors';

function notFound(): NotFoundError {
  return new NotFoundError(EVENT_NOT_FOUND);
}

export const eventsRouter = router({
  /** Active events in display order, for the home page and the booking form. */
  list: publicProcedure
    .input(eventListInput)
    .query(({ ctx, input }) => events.listActiveEvents(ctx.db, input.limit)),

  /** One event: visitors see only active events, staff see any. */
  byId: publicProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const event = await events.findEvent(ctx.db, input.id);
    if (event === undefined || (!event.isActive && ctx.user === null)) throw notFound();
    return event;
  }),

  adminList: staffProcedure
    .input(adminEventListInput)
    .query(({ ctx, input }) => events.listEventsForAdmin(ctx.db, input)),

  create: adminProcedure.input(createEventInput).mutation(({ ctx, input }) => createEvent(ctx, input, actorOf(ctx))),

  update: adminProcedure.input(updateEventInput).mutation(({ ctx, input }) => {
    const { id, ...values } = input;
    return updateEvent(ctx, id, values, actorOf(ctx));
  }),

  delete: adminProcedure.input(byIdInput).mutation(({ ctx, input }) => deleteEvent(ctx, input.id, actorOf(ctx))),

  setActive: adminProcedure
    .input(setEventActiveInput)
    .mutation(({ ctx, input }) => setEventActive(ctx, input.id, input.isActive, actorOf(ctx))),

  reorder: adminProcedure
    .input(reorderEventInput)
    .mutation(({ ctx, input }) => moveEvent(ctx, input.id, input.direction, actorOf(ctx))),
});
