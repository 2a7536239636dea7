// Deleting a booking, time slot, session or event e-mails 'booking cancelled' to every participant
// of a live booking in it whose slot is not over; the confirmations say how many beforehand, with
// the server's own count (bookings.affectedParticipants).
import { trpc } from '@client/trpc';

export type AffectedScope = { bookingId: string } | { timeSlotId: string } | { sessionId: string } | { eventId: string };

/** The sentence under a delete confirmation. */
export function participantsToldText(count: number): string {
  if (count === 0) return 'Nobody will be e-mailed: no participant has a live booking here.';
  return count === 1 ? '1 participant will be told by e-mail.' : `${count} participants will be told by e-mail.`;
}

/** When the count cannot be read, the confirmation still warns. */
export const PARTICIPANTS_TOLD_UNKNOWN = 'Participants with live bookings will be told by e-mail.';

/**
 * The browser's confirmation of a delete with the number of participants to be told: resolves to
 * true when the user agrees. `question` is the first line, e.g. 'Are you sure you want to delete this session?'.
 */
export function useConfirmWithParticipantsTold(): (question: string, scope: AffectedScope) => Promise<boolean> {
  const utils = trpc.useUtils();
  return async (question, scope) => {
    let notice: string;
    try {
      // Always fresh: bookings change between two deletes.
      const { count } = await utils.bookings.affectedParticipants.fetch(scope, { staleTime: 0 });
      notice = participantsToldText(count);
    } catch {
      notice = PARTICIPANTS_TOLD_UNKNOWN;
    }
    return window.confirm(`${question}\n\n${notice}`);
  };
}
