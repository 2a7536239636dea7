// Confirmation before an admin turns two-factor off for a colleague who lost the device and the
// recovery codes: the password alone signs them in afterwards, until they set it up again.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { trpc } from '@client/trpc';
import { failureText, notifyError, notifySuccess } from '../kit/notify';
import type { UserRow } from './userRow';

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
    <Modal opened={user !== null} onClose={onClose} title="Reset Two-Factor" centered>
      <Stack gap="md">
        <Text>
          Turn off two-factor authentication for <strong>{user?.name}</strong> ({user?.email})? Their recovery codes stop
          working and they sign in with their password alone until they set two-factor up again.
        </Text>
        <Text size="sm" c="dimmed">
          Do this only when you are sure it is them asking, e.g. after they lost their phone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={reset.isPending} onClick={() => user !== null && reset.mutate({ id: user.id })}>
            Reset Two-Factor
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
