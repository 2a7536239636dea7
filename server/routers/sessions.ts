import * as sessions from '../repositories/sessions';
import { byIdInput } from '../schemas/common';
import { createSessionInput, listByEventInput, sessionListInput, updateSessionInput } from '../schemas/sessions';
import { createSession, getSessionDetail, SESSION_NOT_FOUND, updateSession } from '../services/sessions';
import { adminProcedure, publicProcedure, router, staffProcedure } from '../trpc/init';
import { NotFoundError } from '../errors';
import { deleteSessionNotifying } from '../services/notifying-changes';

function notFound(): NotFoundError {
  return new NotFoundError(SESSION_NOT_FOUND);
}

export const sessionsRouter = router({
  /** The booking form's session list: active sessions of an active event, oldest first. */
  listByEvent: publicProcedure
    .input(listByEventInput)
    .query(({ ctx, input }) => sessions.listActiveSessionsOfEvent(ctx.db, input.eventId)),

  list: staffProcedure.input(sessionListInput).query(({ ctx, input }) => sessions.listSessionsForAdmin(ctx.db, input)),

  stats: staffProcedure.query(({ ctx }) => sessions.sessionStats(ctx.db)),

  get: staffProcedure.input(byIdInput).query(({ ctx, input }) => getSessionDetail(ctx.db, input.id)),

  create: adminProcedure.input(createSessionInput).mutation(({ ctx, input }) => createSession(ctx.db, input)),

  update: adminProcedure.input(updateSessionInput).mutation(({ ctx, input }) => updateSession(ctx.db, input)),

  delete: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    if (!(await deleteSessionNotifying(ctx, input.id))) throw notFound();
    return { id: input.id };
  }),

  toggleActive: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    const session = await sessions.toggleSessionActive(ctx.db, input.id);
    if (session === undefined) throw notFound();
    return session;
  }),
});
