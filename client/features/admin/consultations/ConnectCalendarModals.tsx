// The two ways to connect a calendar, as back-office form modals: a CalDAV account (server, user name,
// app password) and a read-only calendar feed (its secret iCal address). The server reads the
// calendar before it answers, so a refusal comes back in words under the field it concerns.
import { PasswordInput, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { connectCalDavInput, connectFeedInput } from '@server/calendars/calendars.schemas';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { fieldErrorsOf, trpc } from '@client/trpc';

interface ConnectModalProps {
  opened: boolean;
  /** Whose calendar: absent for one's own. */
  userId: string | undefined;
  onClose: () => void;
}

interface ConnectFormProps {
  userId: string | undefined;
  onDone: () => void;
}

export function ConnectCalDavModal({ opened, userId, onClose }: ConnectModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Connect a CalDAV calendar" size="md">
      <ConnectCalDavForm userId={userId} onDone={onClose} />
    </FormModal>
  );
}

export function ConnectFeedModal({ opened, userId, onClose }: ConnectModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Add a calendar feed" size="md">
      <ConnectFeedForm userId={userId} onDone={onClose} />
    </FormModal>
  );
}

function ConnectCalDavForm({ userId, onDone }: ConnectFormProps) {
  const utils = trpc.useUtils();
  const form = useForm({ initialValues: { serverUrl: '', username: '', password: '' }, validate: schemaResolver(connectCalDavInput, { sync: true }) });
  const connect = trpc.calendars.connectCalDav.useMutation({
    onSuccess: () => {
      void utils.calendars.list.invalidate();
      onDone();
    },
    onError: (error) => form.setErrors(fieldErrorsOf(error)),
  });
  return (
    <ModalForm submitLabel="Connect" saving={connect.isPending} error={connect.error} onSubmit={form.onSubmit((values) => connect.mutate({ ...values, userId }))}>
      <Text size="sm" c="dimmed">
        Fastmail, iCloud, Nextcloud and most calendar servers speak CalDAV. Use an app password made for this site, not your main password.
      </Text>
      <TextInput label="Server address" placeholder="https://caldav.fastmail.com/" required {...form.getInputProps('serverUrl')} />
      <TextInput label="User name" autoComplete="off" required {...form.getInputProps('username')} />
      <PasswordInput label="App password" autoComplete="new-password" required {...form.getInputProps('password')} />
    </ModalForm>
  );
}

function ConnectFeedForm({ userId, onDone }: ConnectFormProps) {
  const utils = trpc.useUtils();
  const form = useForm({ initialValues: { url: '', name: '' }, validate: schemaResolver(connectFeedInput, { sync: true }) });
  const connect = trpc.calendars.connectFeed.useMutation({
    onSuccess: () => {
      void utils.calendars.list.invalidate();
      onDone();
    },
    onError: (error) => form.setErrors(fieldErrorsOf(error)),
  });
  return (
    <ModalForm submitLabel="Add feed" saving={connect.isPending} error={connect.error} onSubmit={form.onSubmit((values) => connect.mutate({ ...values, userId }))}>
      <Text size="sm" c="dimmed">
        Google Calendar and Outlook publish a secret address in iCal format. Its busy times keep consultations off your meetings; nothing is written to it.
      </Text>
      <TextInput label="Name" placeholder="Google calendar" required {...form.getInputProps('name')} />
      <TextInput label="Secret address in iCal format" placeholder="https://calendar.google.com/calendar/ical/.../basic.ics" required {...form.getInputProps('url')} />
    </ModalForm>
  );
}
