import { z } from 'zod';
import * as events from '../repositories/events';
import { EVENT_NOT_FOUND } from '../repositories/events';
import { byIdInput } from '../schemas/common';
import {
  adminEventListInput,
  createEventInput,
  reorderEventInput,
  setEventActiveInput,
  updateEventInput,
} from '../schemas/events';
import { adminProcedure, publicProcedure, router, staffProcedure } from '../trpc/init';
import { NotFoundError } from '../errors';
import { deleteEventNotifying } from '../services/notifying-changes';

function notFound(): NotFoundError {
  return new NotFoundError(EVENT_NOT_FOUND);
}

export const eventsRouter = router({
  /** Active events in display order, for the home page and the booking form. */
  list: publicProcedure
    .input(z.object({ limit: z.number().int().min(1).max(100).default(100) }).optional())
    .query(({ ctx, input }) => events.listActiveEvents(ctx.db, input?.limit ?? 100)),

  /** One event: visitors see only active events, staff see any. */
  byId: publicProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const event = await events.findEvent(ctx.db, input.id);
    if (event === undefined || (!event.isActive && ctx.user === null)) throw notFound();
    return event;
  }),

  adminList: staffProcedure
    .input(adminEventListInput)
    .query(({ ctx, input }) => events.listEventsForAdmin(ctx.db, input)),

  create: adminProcedure.input(createEventInput).mutation(({ ctx, input }) => events.insertEvent(ctx.db, input)),

  update: adminProcedure.input(updateEventInput).mutation(async ({ ctx, input }) => {
    const { id, ...values } = input;
    const event = await events.updateEvent(ctx.db, id, values);
    if (event === undefined) throw notFound();
    return event;
  }),

  delete: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    if (!(await deleteEventNotifying(ctx, input.id))) throw notFound();
    return { id: input.id };
  }),

  setActive: adminProcedure.input(setEventActiveInput).mutation(async ({ ctx, input }) => {
    const event = await events.setEventActive(ctx.db, input.id, input.isActive);
    if (event === undefined) throw notFound();
    return event;
  }),

  reorder: adminProcedure.input(reorderEventInput).mutation(async ({ ctx, input }) => {
    if (!(await events.moveEvent(ctx.db, input.id, input.direction))) throw notFound();
    return { id: input.id };
  }),
});
