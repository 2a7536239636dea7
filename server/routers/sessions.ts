import * as sessions from '../repositories/sessions';
import { byIdInput } from '../schemas/common';
import { createSessionInput, listByEventInput, sessionListInput, updateSessionInput } from '../schemas/sessions';
import { actorOf } from '../services/audit';
import { createSession, deleteSession, getSessionDetail, toggleSessionActive, updateSession } from '../services/sessions';
import { adminProcedure, publicProcedure, router, staffProcedure } from '../trpc/init';

export const sessionsRouter = router({
  /** The booking form's session list: active sessions of an active event, oldest first. */
  listByEvent: publicProcedure
    .input(listByEventInput)
    .query(({ ctx, input }) => sessions.listActiveSessionsOfEvent(ctx.db, input.eventId)),

  list: staffProcedure.input(sessionListInput).query(({ ctx, input }) => sessions.listSessionsForAdmin(ctx.db, input)),

  stats: staffProcedure.query(({ ctx }) => sessions.sessionStats(ctx.db)),

  get: staffProcedure.input(byIdInput).query(({ ctx, input }) => getSessionDetail(ctx.db, input.id)),

  create: adminProcedure.input(createSessionInput).mutation(({ ctx, input }) => createSession(ctx, input, actorOf(ctx))),

  update: adminProcedure.input(updateSessionInput).mutation(({ ctx, input }) => updateSession(ctx, input, actorOf(ctx))),

  delete: adminProcedure.input(byIdInput).mutation(({ ctx, input }) => deleteSession(ctx, input.id, actorOf(ctx))),

  toggleActive: adminProcedure
    .input(byIdInput)
    .mutation(({ ctx, input }) => toggleSessionActive(ctx, input.id, actorOf(ctx))),
});
