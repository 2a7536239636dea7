// Whether a page that is about one thing exists: an event's page and booking form (an active event),
// and the manage links of a booking or a consultation (a token one has now). Such a page for a
// made-up id or an old link answers 404, in the site's look, never the page with 200.
import type { AppDeps } from '@server/core/deps';
import { findActiveEvent } from '@server/events/events.service';
import { bookingManageLinkExists } from '@server/bookings/manage-booking.service';
import { consultationManageLinkExists } from '@server/consultations/consultation-booking.service';
import { CONSULTATION_MANAGE_PATH, MANAGE_PATH } from '@server/email/manage-token';

const EVENT_PAGE = /^\/(?:events|booking|embed\/booking)\/([^/]+)$/;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `path` is a page of the site without its language prefix (server/shared/site-pages.ts). */
export async function pageThingExists(deps: AppDeps, path: string): Promise<boolean> {
  if (path.startsWith(MANAGE_PATH)) return bookingManageLinkExists(deps, { token: decoded(path.slice(MANAGE_PATH.length)) });
  if (path.startsWith(CONSULTATION_MANAGE_PATH)) return consultationManageLinkExists(deps, { token: decoded(path.slice(CONSULTATION_MANAGE_PATH.length)) });
  const eventId = EVENT_PAGE.exec(path)?.[1];
  if (eventId !== undefined) return (await findActiveEvent(deps, { id: decoded(eventId) })) !== undefined;
  return true;
}
