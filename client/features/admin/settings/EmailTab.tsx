// Email (admins only): the SMTP server messages go through, and a real test message. The stored
// SMTP password is write-only: the form never holds it, shows that one is saved, and sends a
// password only when one is typed (or an empty one when the admin asks to remove it). The server
// keeps the stored password for the host, port and user it was saved with: naming another asks
// for it again, under the Password field.
import { Button, Checkbox, NumberInput, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { DEFAULT_SMTP_PORT, emailSettingsInput, type EmailSettingsInput } from '@server/settings/settings.schemas';
import { fieldErrorsOf, messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';
import { notifySaved, notifySaveFailed } from './save-feedback';

type EmailView = NonNullable<RouterOutputs['settings']['get']['email']>;

interface EmailFormValues {
  smtpHost: string;
  smtpPort: number | string;
  smtpUser: string;
  smtpPassword: string;
  fromEmail: string;
  fromName: string;
}

function formValues(email: EmailView): EmailFormValues {
  return {
    smtpHost: email.smtpHost ?? '',
    smtpPort: email.smtpPort ?? DEFAULT_SMTP_PORT,
    smtpUser: email.smtpUser ?? '',
    smtpPassword: '',
    fromEmail: email.fromEmail ?? '',
    fromName: email.fromName ?? '',
  };
}

/** What the server receives. An absent smtpPassword keeps the stored one; '' removes it. */
function toInput(values: EmailFormValues, removePassword: boolean): EmailSettingsInput {
  let smtpPassword: string | undefined;
  if (values.smtpPassword !== '') smtpPassword = values.smtpPassword;
  else if (removePassword) smtpPassword = '';
  return {
    smtpHost: values.smtpHost,
    smtpPort: values.smtpPort === '' ? null : Number(values.smtpPort),
    smtpUser: values.smtpUser,
    smtpPassword,
    fromEmail: values.fromEmail,
    fromName: values.fromName,
  };
}

/** The server's schema, over the form's values (a blank port is "no port", not a bad number). */
const emailFormSchema = z.preprocess((values) => toInput(values as EmailFormValues, false), emailSettingsInput);

export function EmailTab({ email }: { email: EmailView }) {
  const utils = trpc.useUtils();
  const [passwordSet, setPasswordSet] = useState(email.smtpPasswordSet);
  const [removePassword, setRemovePassword] = useState(false);
  const form = useForm<EmailFormValues>({
    initialValues: formValues(email),
    validate: schemaResolver(emailFormSchema, { sync: true }),
  });
  const save = trpc.settings.updateEmail.useMutation({
    onSuccess: (saved) => {
      form.setValues(formValues(saved));
      form.resetDirty(formValues(saved));
      setPasswordSet(saved.smtpPasswordSet);
      setRemovePassword(false);
      notifySaved('email');
      utils.settings.get.setData(undefined, (old) => (old === undefined ? old : { ...old, email: saved }));
    },
    onError: (error) => notifySaveFailed('email', error, form.setErrors),
  });
  const test = trpc.settings.testEmail.useMutation({
    onSuccess: (result) => notifySuccess(`Test email sent to ${result.to}`),
    // The server's message is the whole sentence: 'Please configure SMTP settings before testing'
    // or 'Failed to send test email: {reason}'. A field message (the password is needed again for
    // another server) goes under its field too.
    onError: (error) => {
      form.setErrors(fieldErrorsOf(error));
      notifyError(messageOf(error, 'Failed to send test email'));
    },
  });

  const sendTest = () => {
    if (form.validate().hasErrors) return;
    test.mutate(toInput(form.getValues(), removePassword));
  };

  return (
    <PageForm
      saving={save.isPending}
      error={save.error}
      onSubmit={form.onSubmit((values) => save.mutate(toInput(values, removePassword)))}
      actions={
        <Button variant="default" onClick={sendTest} loading={test.isPending}>
          Test Email Configuration
        </Button>
      }
    >
      <FormSection title="Email Configuration" description="The SMTP server that booking confirmations and notifications are sent through.">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="SMTP Host" placeholder="smtp.example.com" autoComplete="off" {...form.getInputProps('smtpHost')} />
          <NumberInput
            label="Port"
            min={1}
            max={65535}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={false}
            {...form.getInputProps('smtpPort')}
          />
          <TextInput label="Username" autoComplete="off" {...form.getInputProps('smtpUser')} />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            placeholder={passwordSet && !removePassword ? 'Saved password (leave blank to keep)' : undefined}
            {...form.getInputProps('smtpPassword')}
          />
          <TextInput label="From Email" type="email" placeholder="bookings@example.com" {...form.getInputProps('fromEmail')} />
          <TextInput label="From Name" {...form.getInputProps('fromName')} />
        </SimpleGrid>
        {passwordSet && (
          <Checkbox
            label="Remove the saved password"
            description="For SMTP servers that need no password. Takes effect on Save Changes."
            checked={removePassword}
            onChange={(event) => setRemovePassword(event.currentTarget.checked)}
          />
        )}
      </FormSection>
    </PageForm>
  );
}
