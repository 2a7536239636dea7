// Confirmation before an account is deleted; its sessions end with it.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { trpc } from '@client/trpc';
import { failureText, notifyError, notifySuccess } from '../kit/notify';
import type { UserRow } from './userRow';

export function DeleteUserModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.users.delete.useMutation({
    onSuccess: async () => {
      notifySuccess(`User ${user?.name ?? ''} deleted successfully`);
      onClose();
      await utils.users.list.invalidate();
    },
    // e.g. 'The last admin cannot be deleted.'
    onError: (error) => notifyError(failureText('Failed to delete user', error)),
  });

  return (
    <Modal opened={user !== null} onClose={onClose} title="Delete User" centered>
      <Stack gap="md">
        <Text>
          Are you sure you want to delete the account of <strong>{user?.name}</strong> ({user?.email})? They will no longer be
          able to sign in.
        </Text>
        <Text size="sm" c="dimmed">
          This action cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => user !== null && remove.mutate({ id: user.id })}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
