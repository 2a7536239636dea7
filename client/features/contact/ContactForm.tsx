// The public Get In Touch form. Validates with the server's own
// schema; on failure it keeps what was typed and says what went wrong.
import '@client/zod-config'; // before any schema of this chunk is created
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Alert, Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { submitContactInput, type SubmitContactInput } from '@server/contacts/contacts.schemas';
import { fieldErrorsOf, messageOf, trpc } from '@client/trpc';
import { useTranslator } from '@client/i18n';
import { schemaMessageIn } from '@server/shared/i18n/schema-messages';
import { ConsentLine } from '@client/features/layout/ConsentLine';
import { sendStep } from '@client/features/analytics/beacon';

const emptyContact: Required<SubmitContactInput> = { name: '', email: '', company: '', message: '' };

export function ContactForm() {
  const words = useTranslator();
  const { t } = words;
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: emptyContact,
    // The server's own schema, its messages in the page's language.
    validate: (values) => {
      const result = submitContactInput.safeParse(values);
      const errors: Record<string, string> = {};
      for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= schemaMessageIn(words, issue.message);
      return errors;
    },
  });
  const submit = trpc.contacts.submit.useMutation();

  if (sent) {
    return (
      <Stack align="center" gap="md" py="xl" ta="center" role="status">
        <Title order={3}>{t('contact.thanks.title')}</Title>
        <Text>{t('contact.thanks.text')}</Text>
        <Button
          variant="light"
          onClick={() => {
            form.reset();
            setSent(false);
          }}
        >
          {t('contact.sendAnother')}
        </Button>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFailure(null);
        submit.mutate(values, {
          onSuccess: () => {
            setSent(true);
            sendStep('contact-sent');
          },
          onError: (error) => {
            form.setErrors(fieldErrorsOf(error, words));
            setFailure(messageOf(error, t('contact.failed.text'), words));
          },
        });
      })}
    >
      <Stack gap="sm">
        {failure !== null && (
          <Alert color="red" title={t('contact.failed.title')} role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label={t('contact.name')} withAsterisk autoComplete="name" {...form.getInputProps('name')} />
        <TextInput label={t('contact.email')} withAsterisk type="email" autoComplete="email" {...form.getInputProps('email')} />
        <TextInput label={t('contact.company')} autoComplete="organization" {...form.getInputProps('company')} />
        <Textarea label={t('contact.message')} withAsterisk autosize minRows={4} {...form.getInputProps('message')} />
        <Button type="submit" loading={submit.isPending} size="md">
          {t('contact.send')}
        </Button>
        <ConsentLine />
      </Stack>
    </form>
  );
}
