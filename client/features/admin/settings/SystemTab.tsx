// System (admins only): site-wide name, description, timezone, the two public-access switches, the
// upload ceiling, the e-mail schedule's limits, how prices read (currency, tax included or not) and
// the automatic backups (with how the last one went). The public site reads these through settings.public, refreshed after a save.
import { Alert, NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import {
  BACKUP_KEEP_RANGE,
  EMAIL_GIVE_UP_HOURS_RANGE,
  MAX_FILE_SIZE_RANGE,
  OUTBOX_RETENTION_DAYS_RANGE,
  PAYMENT_DEADLINE_DAYS_RANGE,
  REMINDER_HOURS_RANGE,
  systemSettingsInput,
} from '@server/settings/settings.schemas';
import { timeZoneChoices } from '@server/shared/time';
import { type RouterOutputs, trpc } from '@client/trpc';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { notifySaved, notifySaveFailed } from './save-feedback';

type System = RouterOutputs['settings']['get']['system'];
type BackupStatus = RouterOutputs['settings']['get']['backup'];

function formValues(system: System) {
  return {
    ...system,
    siteDescription: system.siteDescription ?? '',
    meetingBaseUrl: system.meetingBaseUrl ?? '',
    maxFileSize: system.maxFileSize as number | string,
    reminderHours: system.reminderHours as number | string,
    outboxRetentionDays: system.outboxRetentionDays as number | string,
    emailGiveUpHours: system.emailGiveUpHours as number | string,
    backupKeep: system.backupKeep as number | string,
    paymentDeadlineDays: system.paymentDeadlineDays as number | string,
  };
}

/** 'America/New York (GMT-5)': found by typing a city, a region or an offset. */
function zoneLabel(zone: string, at: Date): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const name = zone.replace(/_/g, ' ');
  return offset === undefined || zone === 'UTC' ? name : `${name} (${offset})`;
}

/**
 * Every IANA zone the browser knows, UTC first, with the stored one kept even if it is not listed.
 * About 400 labels, each an Intl formatter: made once per zone and day for the page's lifetime, not
 * each time the System tab mounts (the Settings screen mounts it with every other tab).
 */
function zoneOptionsOn(now: Date, current: string): Array<{ value: string; label: string }> {
  const key = `${current}|${now.toISOString().slice(0, 10)}`;
  if (zoneOptions?.key !== key) {
    zoneOptions = { key, options: timeZoneChoices(current).map((zone) => ({ value: zone, label: zoneLabel(zone, now) })) };
  }
  return zoneOptions.options;
}
let zoneOptions: { key: string; options: Array<{ value: string; label: string }> } | undefined;

function useZoneOptions(current: string) {
  return useMemo(() => zoneOptionsOn(new Date(), current), [current]);
}

/** 'EUR – Euro': every ISO 4217 currency the browser knows, found by code or name. */
function useCurrencyOptions() {
  return useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'currency' });
    return Intl.supportedValuesOf('currency').map((code) => ({ value: code, label: `${code} – ${names.of(code) ?? code}` }));
  }, []);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The last automatic backup: when, how big, and whether it worked. */
function LastBackup({ backup }: { backup: BackupStatus }) {
  const { format } = useSiteTimezone();
  if (backup === null) return <Alert color="gray" title="Last backup">No automatic backup has run yet.</Alert>;
  return backup.ok ? (
    <Alert color="green" title="Last backup">
      {`${format(backup.at)}: ${megabytes(backup.bytes)}, written to ${backup.folder ?? ''}.`}
    </Alert>
  ) : (
    <Alert color="red" title="Last backup failed">
      {`${format(backup.at)}: ${backup.message}`}
    </Alert>
  );
}

export function SystemTab({ system, backup }: { system: System; backup: BackupStatus }) {
  const utils = trpc.useUtils();
  const form = useForm({
    initialValues: formValues(system),
    validate: schemaResolver(systemSettingsInput, { sync: true }),
  });
  const zoneOptions = useZoneOptions(system.timezone);
  const currencyOptions = useCurrencyOptions();
  const save = trpc.settings.updateSystem.useMutation({
    onSuccess: async (saved) => {
      form.setValues(formValues(saved));
      form.resetDirty(formValues(saved));
      notifySaved('system');
      utils.settings.get.setData(undefined, (old) =>
        old === undefined
          ? old
          : { ...old, system: saved, identity: { ...old.identity, siteName: saved.siteName, siteDescription: saved.siteDescription } },
      );
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
          emailGiveUpHours: Number(values.emailGiveUpHours),
          backupKeep: Number(values.backupKeep),
          paymentDeadlineDays: Number(values.paymentDeadlineDays),
          meetingBaseUrl: values.meetingBaseUrl.trim() === '' ? null : values.meetingBaseUrl.trim(),
        }),
      )}
    >
      <FormSection title="System Settings" description="Site-wide settings that apply to the public site and the back office.">
        <TextInput label="Site Name" withAsterisk {...form.getInputProps('siteName')} />
        <Select
          label="Timezone"
          description="Times are shown and entered in this timezone. Type a city or region to find it."
          data={zoneOptions}
          searchable
          // Four hundred zones: the list shows the first matches of what is typed.
          limit={50}
          nothingFoundMessage="No time zone of that name"
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
        <NumberInput
          label="Give up on an e-mail after (hours)"
          description="A message that cannot be sent is tried again after 1, 5 and 15 minutes, then every hour, for this long; then it is marked failed and the admins are alerted."
          min={EMAIL_GIVE_UP_HOURS_RANGE.min}
          max={EMAIL_GIVE_UP_HOURS_RANGE.max}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('emailGiveUpHours')}
        />
        <TextInput
          label="Meeting base URL"
          description="For consultation types with a room per consultation, e.g. your Jitsi at https://meet.example.org: each consultation gets https://meet.example.org/<firm>-<random words>."
          {...form.getInputProps('meetingBaseUrl')}
        />
      </FormSection>
      <FormSection title="Prices" description="How paid sessions are priced. A session keeps the currency it was priced in.">
        <Select label="Currency" searchable allowDeselect={false} data={currencyOptions} {...form.getInputProps('currency')} />
        <Switch
          label="Prices include tax"
          description="Off: a session's price is entered and shown excluding tax, which is added on top (as firms usually quote to businesses). On: the price already includes its tax."
          {...form.getInputProps('pricesIncludeTax', { type: 'checkbox' })}
        />
        <NumberInput
          label="Payment deadline (days)"
          description={`A booking of a paid session holds its seat this many days for the bank transfer to arrive (never past the session's start), then is cancelled and the seat goes to the waitlist. ${PAYMENT_DEADLINE_DAYS_RANGE.min} to ${PAYMENT_DEADLINE_DAYS_RANGE.max}.`}
          min={PAYMENT_DEADLINE_DAYS_RANGE.min}
          max={PAYMENT_DEADLINE_DAYS_RANGE.max}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('paymentDeadlineDays')}
        />
      </FormSection>
      <FormSection
        title="Automatic Backups"
        description="A checked copy of the database and the uploads in the data folder's backups/ (on PostgreSQL, the uploads: back the database up with pg_dump)."
      >
        <LastBackup backup={backup} />
        <Select
          label="Back up automatically"
          data={[
            { value: 'off', label: 'Off' },
            { value: 'daily', label: 'Every day' },
          ]}
          allowDeselect={false}
          {...form.getInputProps('backupSchedule')}
        />
        <TextInput label="Backup time" description="HH:MM in the site's timezone." type="time" {...form.getInputProps('backupTime')} />
        <NumberInput
          label="Backups to keep"
          description="The newest ones are kept; older automatic and manual backups are removed."
          min={BACKUP_KEEP_RANGE.min}
          max={BACKUP_KEEP_RANGE.max}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('backupKeep')}
        />
      </FormSection>
    </PageForm>
  );
}
