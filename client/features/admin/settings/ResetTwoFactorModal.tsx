// Confirmation before an admin turns two-factor off for a colleague who lost the device and the
// recovery codes: the password alone signs them in afterwards, until they set it up again.
import { Text } from '@mantine/core';
import { trpc } from '@client/trpc';
import { ConfirmDialog } from '@client/features/admin/kit/ConfirmDialog';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import type { UserRow } from './user-row';

export function ResetTwoFactorModal({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const reset = trpc.users.resetTwoFactor.useMutation({
    onSuccess: async () => {
      notifySuccess(`Two-factor authentication turned off for ${user?.name ?? ''}`);
      onClose();
      await utils.users.list.invalidate();
    },
    onError: (error) => notifyError(failureText('Failed to reset two-factor authentication', error)),
  });

  return (
    <ConfirmDialog
      opened={user !== null}
      onClose={onClose}
      title="Reset Two-Factor"
      confirmLabel="Reset Two-Factor"
      pending={reset.isPending}
      onConfirm={() => user !== null && reset.mutate({ id: user.id })}
    >
      <Text>
        Turn off two-factor authentication for <strong>{user?.name}</strong> ({user?.email})? Their recovery codes stop
        working and they sign in with their password alone until they set two-factor up again.
      </Text>
      <Text size="sm" c="dimmed">
        Do this only when you are sure it is them asking, e.g. after they lost their phone.
      </Text>
    </ConfirmDialog>
  );
}
