// The pause a restore puts on sending (server/email/sending-pause.service.ts), at the top of the
// Email Log: why and since when, how many messages wait, and Resume Sending after a confirmation,
// since resuming on a copy that is not the live site would send the original site's mail again.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '@client/trpc';
import { ConfirmDialog } from '@client/features/admin/kit/ConfirmDialog';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';

function messages(count: number): string {
  return `${count} message${count === 1 ? '' : 's'}`;
}

export function SendingPausedNotice() {
  const { format } = useSiteTimezone();
  const utils = trpc.useUtils();
  const pause = trpc.emails.sendingPause.useQuery(undefined, { staleTime: 0 });
  const [confirming, setConfirming] = useState(false);
  const resume = trpc.emails.resumeSending.useMutation({
    onSuccess: async ({ waiting }) => {
      notifySuccess(`Sending resumed: ${messages(waiting)} on their way`);
      setConfirming(false);
      await utils.emails.invalidate();
    },
    onError: (error) => notifyError(failureText('Failed to resume sending', error)),
  });
  const paused = pause.data;
  if (paused === null || paused === undefined) return null;
  return (
    <>
      <Alert color="orange" title="Sending is paused">
        <Text size="sm">
          {paused.reason} Nothing is sent while sending is paused{paused.pausedAt === '' ? '' : ` (since ${format(paused.pausedAt)})`}:{' '}
          {messages(paused.waiting)} wait in the outbox, and new ones join them. Resume only once this copy is the live site.
        </Text>
        <Group mt="sm">
          <Button size="xs" color="orange" onClick={() => setConfirming(true)}>
            Resume Sending
          </Button>
        </Group>
      </Alert>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Resume sending?"
        confirmLabel="Resume Sending"
        onConfirm={() => resume.mutate()}
        pending={resume.isPending}
      >
        <Text size="sm">
          The {messages(paused.waiting)} waiting in the outbox go out at once. If this copy is not the live site, its participants and
          staff would get the original site's e-mails a second time.
        </Text>
      </ConfirmDialog>
    </>
  );
}
