// The events screen confirms a delete in its own dialog (not the browser's confirmation), naming
// the event and warning that its associated data goes with it (sessions, slots and bookings).
import { Paper, Text } from '@mantine/core';
import { trpc } from '@client/trpc';
import { ConfirmDialog } from '@client/features/admin/kit/ConfirmDialog';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import type { EventDto } from './event-form';
import { useInvalidateAfterEventDelete } from './use-invalidate-events';

interface DeleteEventModalProps {
  opened: boolean;
  /** Kept by the caller after closing, so the text does not vanish during the closing animation. */
  event: EventDto | null;
  onClose: () => void;
}

export function DeleteEventModal({ opened, event, onClose }: DeleteEventModalProps) {
  const invalidate = useInvalidateAfterEventDelete();
  const remove = trpc.events.delete.useMutation({
    onSuccess: async () => {
      await invalidate();
      notifySuccess('Event deleted successfully');
      onClose();
    },
    onError: (error) => notifyError(failureText('Failed to delete event', error)),
  });

  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      title="Delete Event"
      confirmLabel="Delete"
      pending={remove.isPending}
      confirmDisabled={event === null}
      onConfirm={() => event !== null && remove.mutate({ id: event.id })}
      // Every live participant of the event's sessions is e-mailed 'booking cancelled'.
      told={event === null ? null : { eventId: event.id }}
    >
      <Text>
        Are you sure you want to delete this event? This will permanently remove the event and all associated data.
      </Text>
      <Paper withBorder p="sm" radius="sm" bg="red.0">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          Item to delete
        </Text>
        <Text fw={600}>{event?.title}</Text>
      </Paper>
      <Text size="sm" c="red.8" fw={500}>
        This action cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}
