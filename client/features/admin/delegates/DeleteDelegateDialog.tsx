// The 'Confirm Delete' dialog for a delegate (events use their own dialog; sessions, bookings and
// contacts use the browser's confirmation).
import { Text } from '@mantine/core';
import { trpc } from '@client/trpc';
import { ConfirmDialog } from '@client/features/admin/kit/ConfirmDialog';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import type { Delegate } from './DelegateFormModal';

interface DeleteDelegateDialogProps {
  delegate: Pick<Delegate, 'id' | 'name'> | null;
  onClose: () => void;
  /** Called after a successful delete; defaults to closing. */
  onDeleted?: (id: string) => void;
  /** Set when the dialog opens above another modal inside a Modal.Stack (the session wizard). */
  stackId?: string;
}

export function DeleteDelegateDialog({ delegate, onClose, onDeleted, stackId }: DeleteDelegateDialogProps) {
  const utils = trpc.useUtils();
  // A session's detail lists its delegates too.
  const remove = trpc.delegates.delete.useMutation({
    onSettled: () => Promise.all([utils.delegates.invalidate(), utils.sessions.get.invalidate()]),
  });

  return (
    <ConfirmDialog
      opened={delegate !== null}
      onClose={onClose}
      title="Confirm Delete"
      confirmLabel="Delete"
      pending={remove.isPending}
      stackId={stackId}
      onConfirm={() => {
        if (delegate === null) return;
        remove.mutate(
          { id: delegate.id },
          {
            onSuccess: () => {
              notifySuccess(`Delegate ${delegate.name} deleted successfully`);
              (onDeleted ?? onClose)(delegate.id);
            },
            onError: (error) => notifyError(failureText('Failed to delete delegate', error)),
          },
        );
      }}
    >
      <Text>Are you sure you want to delete this delegate? This action cannot be undone.</Text>
    </ConfirmDialog>
  );
}
