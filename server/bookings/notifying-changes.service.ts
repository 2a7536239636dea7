// How many participants a staff deletion would tell: what the delete dialogs show. The deletions and
// time changes themselves write their notices in their own transactions (services/events.ts,
// services/sessions.ts, services/bookings.ts).
import type { ServiceContext } from '@server/core/service-context';
import { type AffectedScope, affectedBookingIds } from './change-notices';

/** The one id given, as a scope. */
function toAffectedScope(input: {
  bookingId?: string | undefined;
  timeSlotId?: string | undefined;
  sessionId?: string | undefined;
  eventId?: string | undefined;
}): AffectedScope {
  if (input.bookingId !== undefined) return { bookingId: input.bookingId };
  if (input.timeSlotId !== undefined) return { timeSlotId: input.timeSlotId };
  if (input.sessionId !== undefined) return { sessionId: input.sessionId };
  return { eventId: input.eventId ?? '' };
}

/** How many participants deleting the one booking, slot, session or event given would tell. */
export async function countAffectedParticipants({ db }: Pick<ServiceContext, 'db'>, input: Parameters<typeof toAffectedScope>[0]): Promise<{ count: number }> {
  return { count: (await affectedBookingIds(db, toAffectedScope(input))).length };
}
