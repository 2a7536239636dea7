// The privacy page's texts and the retention periods (Privacy screen). English is required (a fresh
// install starts from a default a firm can edit); French is optional, the French page showing the
// English text until there is one. An empty period is off: records are kept until someone asks
// (the daily visit totals' period is never off).
import { Alert, NumberInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { privacySettingsInput, RETENTION_MONTHS_RANGE } from '@server/privacy/privacy.schemas';
import { fieldErrorsOf, type RouterOutputs, trpc } from '@client/trpc';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { LanguageTabs } from '@client/features/admin/kit/LanguageTabs';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';

type PrivacySettings = RouterOutputs['privacy']['page'];

interface FormValues {
  policyEn: string;
  policyFr: string;
  bookingRetentionMonths: number | string;
  contactRetentionMonths: number | string;
  analyticsRetentionMonths: number | string;
}

function formValues(settings: PrivacySettings): FormValues {
  return {
    policyEn: settings.policyEn,
    policyFr: settings.policyFr ?? '',
    bookingRetentionMonths: settings.bookingRetentionMonths ?? '',
    contactRetentionMonths: settings.contactRetentionMonths ?? '',
    analyticsRetentionMonths: settings.analyticsRetentionMonths,
  };
}

/** An empty field is off (null); anything else goes to the schema as typed, so it says what is wrong. */
function monthsOf(value: number | string): number | null {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : Number(value);
}

function inputOf(values: FormValues) {
  return {
    policyEn: values.policyEn,
    policyFr: values.policyFr,
    bookingRetentionMonths: monthsOf(values.bookingRetentionMonths),
    contactRetentionMonths: monthsOf(values.contactRetentionMonths),
    // Never off: an empty field goes as NaN, which the schema refuses with its message.
    analyticsRetentionMonths: monthsOf(values.analyticsRetentionMonths) ?? Number.NaN,
  };
}

/** Both retention periods: whole months in range, empty for off. */
const MONTHS_INPUT = {
  placeholder: 'Off',
  min: RETENTION_MONTHS_RANGE.min,
  max: RETENTION_MONTHS_RANGE.max,
  clampBehavior: 'none',
  allowDecimal: false,
  allowNegative: false,
} as const;

export function PrivacySettingsForm({ settings }: { settings: PrivacySettings }) {
  const utils = trpc.useUtils();
  const form = useForm<FormValues>({
    initialValues: formValues(settings),
    validate: (values) => {
      const parsed = privacySettingsInput.safeParse(inputOf(values));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return errors;
    },
  });
  const save = trpc.privacy.updateSettings.useMutation({
    onSuccess: (saved) => {
      form.setValues(formValues(saved));
      form.resetDirty(formValues(saved));
      utils.privacy.page.setData(undefined, saved);
      notifySuccess('Privacy settings saved');
    },
    onError: (error) => {
      form.setErrors(fieldErrorsOf(error));
      notifyError(failureText('Failed to save privacy settings', error));
    },
  });
  const frenchMissing = form.values.policyFr.trim() === '';
  const range = `between ${RETENTION_MONTHS_RANGE.min} and ${RETENTION_MONTHS_RANGE.max} months`;

  return (
    <PageForm saving={save.isPending} error={save.error} onSubmit={form.onSubmit((values) => save.mutate(inputOf(values)))}>
      <FormSection
        title="Retention"
        description="Run once a day. Anonymised records keep their status, so counts and statistics stay; the audit log counts what went."
      >
        <NumberInput
          label="Anonymise bookings after (months)"
          description={`Bookings are anonymised this long after their slot, consultations after their time (${range}). Empty: off, kept until someone asks.`}
          {...MONTHS_INPUT}
          {...form.getInputProps('bookingRetentionMonths')}
        />
        <NumberInput
          label="Delete contact messages after (months)"
          description={`Contact messages are deleted this long after their last change (${range}). Empty: off, kept until someone asks.`}
          {...MONTHS_INPUT}
          {...form.getInputProps('contactRetentionMonths')}
        />
        <NumberInput
          label="Keep daily visit totals for (months)"
          description={`The Analytics screen's daily totals (anonymous) are deleted this long after their day (${range}).`}
          withAsterisk
          {...MONTHS_INPUT}
          placeholder="24"
          {...form.getInputProps('analyticsRetentionMonths')}
        />
      </FormSection>
      <FormSection
        title="Privacy page"
        description="The text of /privacy, in plain paragraphs separated by a blank line. The page adds how long records are kept, from the settings above."
      >
        {frenchMissing && (
          <Alert color="yellow" title="No French text">
            The French page (/fr/privacy) shows the English text until you write one.
          </Alert>
        )}
        <LanguageTabs
          label="Privacy text"
          missing={() => frenchMissing}
          invalid={(code) => form.errors[code === 'en' ? 'policyEn' : 'policyFr'] !== undefined}
          english={<Textarea label="English text" withAsterisk autosize minRows={8} maxRows={24} {...form.getInputProps('policyEn')} />}
          translated={() => <Textarea label="French text" autosize minRows={8} maxRows={24} lang="fr" {...form.getInputProps('policyFr')} />}
        />
      </FormSection>
    </PageForm>
  );
}
