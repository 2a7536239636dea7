import { z } from 'zod';
import { byIdInput, pageOutput } from '@server/shared/common.schemas';
import {
  adminEventListInput,
  createEventInput,
  eventListInput,
  eventOutput,
  eventWithScheduleOutput,
  reorderEventInput,
  setEventActiveInput,
  updateEventInput,
} from './events.schemas';
import { getEventPage } from './event-page.service';
import {
  createEvent,
  deleteEvent,
  getEventForCaller,
  listActiveEvents,
  listEventsForAdmin,
  moveEvent,
  setEventActive,
  updateEvent,
} from './events.service';
import { adminProcedure, publicProcedure, router, staffProcedure } from '@server/trpc/init';

export const eventsRouter = router({
  list: publicProcedure
    .meta({ scope: 'events:read', openapi: { method: 'GET', path: '/events' }, description: 'Active events in display order, then creation, at most limit (100 by default), for the home page and the booking form; each with its schedule (first and last slot start) derived from its slots.' })
    .input(eventListInput)
    .output(z.array(eventWithScheduleOutput))
    .query(({ ctx, input }) => listActiveEvents(ctx, input)),

  byId: publicProcedure
    .meta({ scope: 'events:read', openapi: { method: 'GET', path: '/events/{id}' }, description: 'One event: anonymous callers see only active events (NOT_FOUND otherwise), signed-in staff see any.' })
    .input(byIdInput)
    .output(eventWithScheduleOutput)
    .query(({ ctx, input }) => getEventForCaller(ctx, input)),

  page: publicProcedure
    .meta({ description: "An event's public page: the active event, its active sessions and each one's next 3 future slots with seats left (moreSlots when it has others); NOT_FOUND for an unknown or hidden event." })
    .input(byIdInput)
    .query(({ ctx, input }) => getEventPage(ctx, input)),

  adminList: staffProcedure
    .meta({ scope: 'events:read', openapi: { method: 'GET', path: '/admin/events' }, description: 'Every event, active or not, paged on the server with a search and status filter.' })
    .input(adminEventListInput)
    .output(pageOutput(eventWithScheduleOutput))
    .query(({ ctx, input }) => listEventsForAdmin(ctx, input)),

  create: adminProcedure
    .meta({ scope: 'events:write', openapi: { method: 'POST', path: '/events' }, description: 'Creates an event (audited).' })
    .input(createEventInput)
    .output(eventOutput)
    .mutation(({ ctx, input }) => createEvent(ctx, input)),

  update: adminProcedure
    .meta({ scope: 'events:write', openapi: { method: 'PUT', path: '/events/{id}' }, description: "Replaces an event's editable fields (audited)." })
    .input(updateEventInput)
    .output(eventOutput)
    .mutation(({ ctx, input }) => updateEvent(ctx, input)),

  delete: adminProcedure
    .meta({ description: 'Deletes an event with its sessions, slots and bookings; participants of live bookings in slots not over are told (audited). CONFLICT when a booking of it has an invoice.' })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteEvent(ctx, input)),

  setActive: adminProcedure
    .meta({ scope: 'events:write', openapi: { method: 'PUT', path: '/events/{id}/active' }, description: 'Shows or hides an event on the public site (audited).' })
    .input(setEventActiveInput)
    .output(eventOutput)
    .mutation(({ ctx, input }) => setEventActive(ctx, input)),

  reorder: adminProcedure
    .meta({ description: 'Moves an event one place up or down in the display order (audited).' })
    .input(reorderEventInput)
    .mutation(({ ctx, input }) => moveEvent(ctx, input)),
});
