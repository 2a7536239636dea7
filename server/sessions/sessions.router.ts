import { byIdInput } from '@server/shared/common.schemas';
import { createSessionInput, listByEventInput, sessionListInput, updateSessionInput } from './sessions.schemas';
import {
  createSession,
  deleteSession,
  getSessionDetail,
  listBookableSessions,
  listSessionsForAdmin,
  sessionStats, toggleSessionActive, updateSession } from './sessions.service';
import { adminProcedure, publicProcedure, router, staffProcedure } from '@server/trpc/init';

export const sessionsRouter = router({
  listByEvent: publicProcedure
    .meta({ description: "The booking form's session list: active sessions of an active event, oldest first, each with its price per seat (null: free) and its delegates' name, position, organisation and photo (no e-mail or phone)." })
    .input(listByEventInput)
    .query(({ ctx, input }) => listBookableSessions(ctx, input)),

  list: staffProcedure
    .meta({ description: 'Sessions, paged on the server, with a search and an event and status filter.' })
    .input(sessionListInput)
    .query(({ ctx, input }) => listSessionsForAdmin(ctx, input)),

  stats: staffProcedure
    .meta({ description: "Counts of sessions for the Sessions screen's cards." })
    .query(({ ctx }) => sessionStats(ctx)),

  get: staffProcedure
    .meta({ description: 'One session with its time slots (with seats booked) and delegates.' })
    .input(byIdInput)
    .query(({ ctx, input }) => getSessionDetail(ctx, input)),

  create: adminProcedure
    .meta({ description: 'Creates a session with its time slots and delegates in one transaction; `price` {amountMinor, currency, taxRatePercent} in the site\'s currency, or null for a free session (audited).' })
    .input(createSessionInput)
    .mutation(({ ctx, input }) => createSession(ctx, input)),

  update: adminProcedure
    .meta({ description: 'Replaces a session with its time slots and delegates (an absent `price` is kept, null makes it free); participants of a removed slot are told it is cancelled and those of a slot whose times changed get an updated invite (audited).' })
    .input(updateSessionInput)
    .mutation(({ ctx, input }) => updateSession(ctx, input)),

  delete: adminProcedure
    .meta({ description: 'Deletes a session with its slots, delegates and bookings; participants of live bookings in slots not over are told (audited). CONFLICT when a booking of it has an invoice.' })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteSession(ctx, input)),

  toggleActive: adminProcedure
    .meta({ description: 'Shows or hides a session on the public booking form (audited).' })
    .input(byIdInput)
    .mutation(({ ctx, input }) => toggleSessionActive(ctx, input)),
});
