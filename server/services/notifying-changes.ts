// How many participants a staff deletion would tell: what the delete dialogs show. The deletions and
// time changes themselves write their notices in their own transactions (services/events.ts,
// services/sessions.ts, services/bookings.ts).
import type { DB } from '@db/database';
import { type AffectedScope, affectedBookingIds } from '@server/services/email/change-notices';

/** The one id given, as a scope. */
export function toAffectedScope(input: {
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

/** How many participants a deletion of `scope` would tell. */
export async function countAffectedParticipants(db: DB, scope: AffectedScope): Promise<number> {
  return (await affectedBookingIds(db, scope)).length;
}
