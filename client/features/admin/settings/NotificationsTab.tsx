// Notifications: which e-mails this account receives. The four topics only matter while e-mail
// notifications are on, so they are disabled then, but kept and saved as they are.
import { Button, Select, Stack, Switch } from '@mantine/core';
import { LANGUAGE_CODES, LANGUAGES } from '@server/shared/i18n/languages';
import { useForm } from '@mantine/form';
import { type RouterOutputs, trpc } from '@client/trpc';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';
import { notifySaved, notifySaveFailed } from './save-feedback';

type Notifications = RouterOutputs['settings']['get']['notifications'];

const TOPICS = [
  { key: 'newBookings', label: 'New Bookings', description: 'An e-mail when someone books a time slot.' },
  { key: 'newContacts', label: 'New Contact Messages', description: 'An e-mail when the contact form is sent.' },
  {
    key: 'systemAlerts',
    label: 'System Alerts',
    description: 'Admins only: an e-mail that gave up, repeated failed sign-ins, a full time slot, a restart after a crash. At most one of each per hour.',
  },
  {
    key: 'weeklyReports',
    label: 'Weekly Reports',
    description: "Mondays at 08:00: last week's bookings, messages and failed e-mails, and the week's sessions.",
  },
] as const;

export function NotificationsTab({ notifications }: { notifications: Notifications }) {
  const utils = trpc.useUtils();
  const form = useForm<Notifications>({ initialValues: notifications });
  const save = trpc.settings.updateNotifications.useMutation({
    onSuccess: (saved) => {
      form.setValues(saved);
      form.resetDirty(saved);
      notifySaved('notifications');
      utils.settings.get.setData(undefined, (old) => (old === undefined ? old : { ...old, notifications: saved }));
    },
    onError: (error) => notifySaveFailed('notifications', error, form.setErrors),
  });
  const enabled = form.values.emailNotifications;
  // The weekly report to the caller's own address now, whatever the switches say.
  const sendReport = trpc.settings.sendWeeklyReport.useMutation({
    onSuccess: ({ to }) => notifySuccess(`Report sent to ${to}.`),
    onError: (error) => notifyError(failureText('Failed to send the report', error)),
  });

  const languages = LANGUAGE_CODES.map((code) => ({ value: code, label: LANGUAGES[code].english }));

  return (
    <PageForm
      saving={save.isPending}
      error={save.error}
      onSubmit={form.onSubmit((values) => save.mutate(values))}
      actions={
        <Button type="button" variant="default" loading={sendReport.isPending} onClick={() => sendReport.mutate()}>
          Send me this report now
        </Button>
      }
    >
      <FormSection title="Notification Preferences" description="Choose which e-mails you receive.">
        <Switch
          label="Enable Email Notifications"
          description="Turn off to stop all notification e-mails."
          {...form.getInputProps('emailNotifications', { type: 'checkbox' })}
        />
        <Stack gap="sm" pl="lg">
          {TOPICS.map((topic) => (
            <Switch
              key={topic.key}
              label={topic.label}
              description={topic.description}
              disabled={!enabled}
              {...form.getInputProps(topic.key, { type: 'checkbox' })}
            />
          ))}
        </Stack>
        <Select
          label="Language of your notices"
          description="The e-mails about new bookings and contact messages are written in it."
          data={languages}
          allowDeselect={false}
          w={280}
          {...form.getInputProps('language')}
        />
      </FormSection>
    </PageForm>
  );
}
