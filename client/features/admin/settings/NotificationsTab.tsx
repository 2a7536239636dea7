// Notifications: which e-mails this account receives. The four topics only matter while e-mail
// notifications are on, so they are disabled then, but kept and saved as they are.
import { Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type RouterOutputs, trpc } from '@client/trpc';
import { notifySaved, notifySaveFailed } from './saveFeedback';
import { SettingsForm } from './SettingsForm';

type Notifications = RouterOutputs['settings']['get']['notifications'];

const TOPICS = [
  { key: 'newBookings', label: 'New Bookings', description: 'An e-mail when someone books a time slot.' },
  { key: 'newContacts', label: 'New Contact Messages', description: 'An e-mail when the contact form is sent.' },
  // Stored preferences: the server sends no alert or report e-mails yet, so nothing is promised here.
  { key: 'systemAlerts', label: 'System Alerts', description: undefined },
  { key: 'weeklyReports', label: 'Weekly Reports', description: undefined },
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

  return (
    <SettingsForm
      title="Notification Preferences"
      description="Choose which e-mails you receive."
      saving={save.isPending}
      onSubmit={form.onSubmit((values) => save.mutate(values))}
    >
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
    </SettingsForm>
  );
}
