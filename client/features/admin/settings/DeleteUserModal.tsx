// Confirmation before an account is deleted; its sessions end with it.
import { Text } from '@mantine/core';
import { trpc } from '@client/trpc';
import { ConfirmDialog } from '@client/features/admin/kit/ConfirmDialog';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import type { UserRow } from './user-row';

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
    <ConfirmDialog
      opened={user !== null}
      onClose={onClose}
      title="Delete User"
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={() => user !== null && remove.mutate({ id: user.id })}
    >
      <Text>
        Are you sure you want to delete the account of <strong>{user?.name}</strong> ({user?.email})? They will no longer be
        able to sign in.
      </Text>
      <Text size="sm" c="dimmed">
        This action cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}
