// After an event changes, everything that shows events is refetched: the admin list, the public
// list and byId, the dashboard's counts and next event, and session lists that name the event.
import { trpc } from '@client/trpc';

export function useInvalidateEvents() {
  const utils = trpc.useUtils();
  return async () => {
    await Promise.all([utils.events.invalidate(), utils.dashboard.invalidate(), utils.sessions.invalidate()]);
  };
}

/** A delete cascades to sessions, slots, delegates and bookings: every cached list may be stale. */
export function useInvalidateAfterEventDelete() {
  const utils = trpc.useUtils();
  return () => utils.invalidate();
}
