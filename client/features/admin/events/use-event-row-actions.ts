// The in-place row actions of the events table: status toggle and move up/down, both admin-only.
// Each stays pending until the list has been refetched, so the row never shows a stale value.
import { trpc } from '@client/trpc';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { useInvalidateEvents } from './use-invalidate-events';

export function useEventRowActions() {
  const invalidate = useInvalidateEvents();
  const setActive = trpc.events.setActive.useMutation({
    onSuccess: (event) => notifySuccess(event.isActive ? 'Event activated' : 'Event deactivated'),
    onError: (error) => notifyError(failureText('Failed to update event status', error)),
    onSettled: invalidate,
  });
  const reorder = trpc.events.reorder.useMutation({
    onSuccess: () => notifySuccess('Event order updated'),
    onError: (error) => notifyError(failureText('Failed to reorder event', error)),
    onSettled: invalidate,
  });

  return {
    /** The status a row should show: the requested one while its change is on its way (optimistic). */
    shownActive(event: { id: string; isActive: boolean }): boolean {
      const pending = setActive.isPending ? setActive.variables : undefined;
      return pending?.id === event.id ? pending.isActive : event.isActive;
    },
    isTogglePending: (id: string) => setActive.isPending && setActive.variables.id === id,
    toggle: (id: string, isActive: boolean) => setActive.mutate({ id, isActive }),
    isReordering: reorder.isPending,
    move: (id: string, direction: 'up' | 'down') => reorder.mutate({ id, direction }),
  };
}
