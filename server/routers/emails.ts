// The back office e-mail log (admins only): recent messages with status, attempts and last error.
import { listOutbox } from '../repositories/outbox';
import { byIdInput } from '../schemas/common';
import { emailListInput } from '../schemas/emails';
import { dismissMessage, messageAttempts, retryAllFailed, retryMessage } from '../services/email/log';
import { actorOf } from '../services/audit';
import { adminProcedure, router } from '../trpc/init';

export const emailsRouter = router({
  /** Newest first; status 'all' or one of pending, sending, sent, failed; search on recipient and subject. */
  list: adminProcedure.input(emailListInput).query(({ ctx, input }) => listOutbox(ctx.db, input)),

  /** Every attempt at one message, first first; error null for the attempt the server accepted. */
  attempts: adminProcedure.input(byIdInput).query(({ ctx, input }) => messageAttempts(ctx.db, input.id)),

  /** Sends again at the next pass; not for a message already sent. */
  retry: adminProcedure.input(byIdInput).mutation(({ ctx, input }) => retryMessage(ctx.db, input.id, actorOf(ctx))),

  /** Every failed message back in line at once; answers how many. */
  retryAllFailed: adminProcedure.mutation(({ ctx }) => retryAllFailed(ctx.db, actorOf(ctx))),

  /** Removes a failed message from the log for good; sent, pending and unknown messages are refused. */
  dismiss: adminProcedure.input(byIdInput).mutation(({ ctx, input }) => dismissMessage(ctx.db, input.id, actorOf(ctx))),
});
