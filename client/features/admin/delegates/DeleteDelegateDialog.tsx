// SPEC's 'Confirm Delete' dialog for a delegate (events use their own modal; sessions, bookings and
// contacts use the browser's confirmation).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { trpc } from '../../../trpc';
import { failureText, notifyError, notifySuccess } from '../kit/notify';
import type { Delegate } from './DelegateFormModal';

export function DeleteDelegateDialog({ delegate, onClose }: { delegate: Delegate | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.delegates.delete.useMutation({ onSettled: () => utils.delegates.invalidate() });

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={delegate !== null} onClose={onClose} title="Confirm Delete" centered>
      <Stack gap="md">
        <Text>Are you sure you want to delete this delegate? This action cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (delegate === null) return;
              remove.mutate(
                { id: delegate.id },
                {
                  onSuccess: () => {
                    notifySuccess(`Delegate ${delegate.name} deleted successfully`);
                    onClose();
                  },
                  onError: (error) => notifyError(failureText('Failed to delete delegate', error)),
                },
              );
            }}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
