// The back office e-mail log (admins only): recent messages with status, attempts and last error, and
// the pause a restore puts on sending.
import { byIdInput } from '@server/shared/common.schemas';
import { emailListInput } from './emails.schemas';
import { dismissMessage, listOutbox, messageAttempts, messageBody, retryAllFailed, retryMessage } from './email-log.service';
import { getSendingPause, resumeSending } from './sending-pause.service';
import { adminProcedure, router } from '@server/trpc/init';

export const emailsRouter = router({
  list: adminProcedure
    .meta({ description: "The e-mail log, newest first and paged: status 'all' or one of pending, sending, sent, failed, and a search on recipient and subject." })
    .input(emailListInput)
    .query(({ ctx, input }) => listOutbox(ctx, input)),

  attempts: adminProcedure
    .meta({ description: "Every attempt at one message, first first, each with the server's error (null for the attempt the server accepted)." })
    .input(byIdInput)
    .query(({ ctx, input }) => messageAttempts(ctx, input)),

  body: adminProcedure
    .meta({ description: "What one message says: { textBody }, its plain-text part as it was (or will be) sent; NOT_FOUND for an unknown message." })
    .input(byIdInput)
    .query(({ ctx, input }) => messageBody(ctx, input)),

  retry: adminProcedure
    .meta({ description: "Puts a message back in line for the sender's next pass; PRECONDITION_FAILED for a message already sent or being sent (audited)." })
    .input(byIdInput)
    .mutation(({ ctx, input }) => retryMessage(ctx, input)),

  retryAllFailed: adminProcedure
    .meta({ description: 'Puts every failed message back in line at once and answers { queued } (audited).' })
    .mutation(({ ctx }) => retryAllFailed(ctx)),

  dismiss: adminProcedure
    .meta({ description: 'Removes a failed message and its attempts from the log for good, never sending it; any other status is PRECONDITION_FAILED (audited).' })
    .input(byIdInput)
    .mutation(({ ctx, input }) => dismissMessage(ctx, input)),

  sendingPause: adminProcedure
    .meta({ description: 'Whether sending is paused (a copy restored from a backup): null while e-mail goes out, else { pausedAt, reason, waiting }.' })
    .query(({ ctx }) => getSendingPause(ctx)),

  resumeSending: adminProcedure
    .meta({ description: 'Ends the pause a restore put on sending: the waiting messages go out at once; answers { resumed, waiting } (audited when it resumed).' })
    .mutation(({ ctx }) => resumeSending(ctx)),
});
