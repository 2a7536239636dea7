// The events screen confirms a delete in its own modal (not the browser's confirmation), naming
// the event and warning that its associated data goes with it (sessions, slots and bookings).
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { trpc } from '@client/trpc';
import { failureText, notifyError, notifySuccess } from '../kit/notify';
import { PARTICIPANTS_TOLD_UNKNOWN, participantsToldText } from '../kit/participantsTold';
import type { EventDto } from './eventForm';
import { useInvalidateAfterEventDelete } from './useInvalidateEvents';

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
  // Every live participant of the event's sessions is e-mailed 'booking cancelled'; say how many.
  const told = trpc.bookings.affectedParticipants.useQuery(
    { eventId: event?.id ?? '' },
    { enabled: opened && event !== null, staleTime: 0, refetchOnMount: 'always' },
  );

  return (
    <Modal opened={opened} onClose={() => !remove.isPending && onClose()} title="Delete Event" centered>
      <Stack gap="md">
        <Text>
          Are you sure you want to delete this event? This will permanently remove the event and all associated data.
        </Text>
        <Paper withBorder p="sm" radius="sm" bg="red.0">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Item to delete
          </Text>
          <Text fw={600}>{event?.title}</Text>
        </Paper>
        <Text size="sm">
          {told.isPending ? 'Counting the participants to tell...' : told.isError ? PARTICIPANTS_TOLD_UNKNOWN : participantsToldText(told.data.count)}
        </Text>
        <Text size="sm" c="red.8" fw={500}>
          This action cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            disabled={event === null}
            onClick={() => event !== null && remove.mutate({ id: event.id })}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
