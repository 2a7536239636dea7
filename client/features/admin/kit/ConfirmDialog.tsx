// Every back-office confirmation has one shape: the title, the question, for a delete the number of
// participants the server will e-mail, and a footer with Cancel (focused on opening, the safe answer)
// on the left of the red action. While it runs the dialog cannot be closed.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { trpc } from '@client/trpc';
import { type AffectedScope, PARTICIPANTS_TOLD_UNKNOWN, participantsToldText } from './participants-told';

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The action, e.g. 'Delete'. */
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  confirmDisabled?: boolean;
  /** What a delete takes with it: the dialog says how many participants will be told by e-mail. */
  told?: AffectedScope | null;
  /** For a dialog of a Modal.Stack (above the session wizard). */
  stackId?: string;
  /** The question and any detail. */
  children: ReactNode;
}

export function ConfirmDialog({
  opened,
  onClose,
  title,
  confirmLabel,
  onConfirm,
  pending,
  confirmDisabled,
  told,
  stackId,
  children,
}: ConfirmDialogProps) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      stackId={stackId}
      closeButtonProps={{ 'aria-label': 'Close', disabled: pending }}
    >
      <Stack gap="md">
        {children}
        {opened && told !== undefined && told !== null && <ParticipantsTold scope={told} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={pending} disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Counted afresh at every opening: bookings change between two deletes. */
function ParticipantsTold({ scope }: { scope: AffectedScope }) {
  const told = trpc.bookings.affectedParticipants.useQuery(scope, { staleTime: 0, refetchOnMount: 'always' });
  return (
    <Text size="sm">
      {told.isPending ? 'Counting the participants to tell...' : told.isError ? PARTICIPANTS_TOLD_UNKNOWN : participantsToldText(told.data.count)}
    </Text>
  );
}
