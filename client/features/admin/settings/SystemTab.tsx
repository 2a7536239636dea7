// System (admins only): site-wide name, description, timezone, the two public-access switches and
// the upload ceiling. The public site reads these through settings.public, refreshed after a save.
import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  MAX_FILE_SIZE_RANGE,
  OUTBOX_RETENTION_DAYS_RANGE,
  REMINDER_HOURS_RANGE,
  systemSettingsInput,
  TIMEZONES,
} from '@server/schemas/settings';
import { type RouterOutputs, trpc } from '@client/trpc';
import { FormSection, PageForm } from '../kit/PageForm';
import { notifySaved, notifySaveFailed } from './saveFeedback';

type System = RouterOutputs['settings']['get']['system'];

function formValues(system: System) {
  return {
    ...system,
    siteDescription: system.siteDescription ?? '',
    maxFileSize: system.maxFileSize as number | string,
    reminderHours: system.reminderHours as number | string,
    outboxRetentionDays: system.outboxRetentionDays as number | string,
  };
}

export function SystemTab({ system }: { system: System }) {
  const utils = trpc.useUtils();
  const form = useForm({
    initialValues: formValues(system),
    validate: schemaResolver(systemSettingsInput, { sync: true }),
  });
  const save = trpc.settings.updateSystem.useMutation({
    onSuccess: async (saved) => {
      form.setValues(formValues(saved));
      form.resetDirty(formValues(saved));
      notifySaved('system');
      utils.settings.get.setData(undefined, (old) => (old === undefined ? old : { ...old, system: saved }));
      // The header's site name, the timezone of every shown time and the public switches.
      await utils.settings.public.invalidate();
    },
    onError: (error) => notifySaveFailed('system', error, form.setErrors),
  });

  return (
    <PageForm
      saving={save.isPending}
      error={save.error}
      onSubmit={form.onSubmit((values) =>
        save.mutate({
          ...values,
          maxFileSize: Number(values.maxFileSize),
          reminderHours: Number(values.reminderHours),
          outboxRetentionDays: Number(values.outboxRetentionDays),
        }),
      )}
    >
      <FormSection title="System Settings" description="Site-wide settings that apply to the public site and the back office.">
        <TextInput label="Site Name" withAsterisk {...form.getInputProps('siteName')} />
        <Select
          label="Timezone"
          description="Times are shown and entered in this timezone."
          data={TIMEZONES.map((zone) => ({ value: zone.value, label: zone.label }))}
          allowDeselect={false}
          {...form.getInputProps('timezone')}
        />
        <Textarea label="Site Description" autosize minRows={3} maxRows={8} {...form.getInputProps('siteDescription')} />
        <Switch
          label="Maintenance Mode"
          description="Temporarily disables public access"
          {...form.getInputProps('maintenanceMode', { type: 'checkbox' })}
        />
        <Switch
          label="Allow Registrations"
          description="When off, the public booking form is closed."
          {...form.getInputProps('allowRegistrations', { type: 'checkbox' })}
        />
        <NumberInput
          label="Maximum File Upload Size (MB)"
          description={`Between ${MAX_FILE_SIZE_RANGE.min} and ${MAX_FILE_SIZE_RANGE.max} MB. Avatars stay at 1 MB and images at 10 MB at most.`}
          min={MAX_FILE_SIZE_RANGE.min}
          max={MAX_FILE_SIZE_RANGE.max}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('maxFileSize')}
        />
        <NumberInput
          label="Reminder before a booked slot (hours)"
          description={`Each participant is reminded this long before their slot; 0 sends no reminders (at most ${REMINDER_HOURS_RANGE.max}).`}
          min={REMINDER_HOURS_RANGE.min}
          max={REMINDER_HOURS_RANGE.max}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('reminderHours')}
        />
        <NumberInput
          label="Keep sent e-mails (days)"
          description="Sent messages older than this are removed from the e-mail log each day; failed ones stay until retried or dismissed."
          min={OUTBOX_RETENTION_DAYS_RANGE.min}
          max={OUTBOX_RETENTION_DAYS_RANGE.max}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('outboxRetentionDays')}
        />
      </FormSection>
    </PageForm>
  );
}
