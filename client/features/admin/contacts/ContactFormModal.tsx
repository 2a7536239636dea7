// 'Add New Contact' / 'Edit Contact'. Text is trimmed and an empty company or notes is sent as
// absent (both are optional columns); notes are internal and never shown to the contact.
import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { CONTACT_STATUSES, createContactInput } from '@server/contacts/contacts.schemas';
import { fieldErrorsOf, type RouterInputs, type RouterOutputs, trpc } from '@client/trpc';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { CONTACT_STATUS_OPTIONS, type ContactStatus } from './contact-status';

export type Contact = RouterOutputs['contacts']['list']['items'][number];

/** The shared schema, with status required on the form so a cleared status says so. */
const contactFormSchema = createContactInput.extend({ status: z.enum(CONTACT_STATUSES, { error: 'Status is required' }) });

interface ContactFormModalProps {
  opened: boolean;
  /** null: a new contact. */
  contact: Contact | null;
  onClose: () => void;
}

export function ContactFormModal({ opened, contact, onClose }: ContactFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={contact === null ? 'Add New Contact' : 'Edit Contact'}>
      <ContactForm contact={contact} onDone={onClose} />
    </FormModal>
  );
}

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function ContactForm({ contact, onDone }: { contact: Contact | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const onSettled = () => Promise.all([utils.contacts.invalidate(), utils.dashboard.invalidate()]);
  const create = trpc.contacts.create.useMutation({ onSettled });
  const update = trpc.contacts.update.useMutation({ onSettled });
  const form = useForm<{ name: string; email: string; company: string; message: string; status: ContactStatus | null; notes: string }>({
    initialValues: {
      name: contact?.name ?? '',
      email: contact?.email ?? '',
      company: contact?.company ?? '',
      message: contact?.message ?? '',
      status: contact?.status ?? 'new',
      notes: contact?.notes ?? '',
    },
    validate: schemaResolver(contactFormSchema, { sync: true }),
  });

  const handlers = {
    onSuccess: (saved: Contact) => {
      notifySuccess(`Contact ${saved.name} ${contact === null ? 'added' : 'updated'} successfully`);
      onDone();
    },
    onError: (error: unknown) => {
      form.setErrors(fieldErrorsOf(error));
      notifyError(failureText('Failed to save contact', error));
    },
  };

  return (
    <ModalForm
      submitLabel={contact === null ? 'Create Contact' : 'Update Contact'}
      saving={create.isPending || update.isPending}
      error={create.error ?? update.error}
      onSubmit={form.onSubmit((values) => {
        if (values.status === null) return; // the schema has refused it already
        const input: RouterInputs['contacts']['create'] = {
          name: values.name.trim(),
          email: values.email.trim(),
          company: optional(values.company),
          message: values.message.trim(),
          status: values.status,
          notes: optional(values.notes),
        };
        if (contact === null) create.mutate(input, handlers);
        else update.mutate({ id: contact.id, ...input, status: values.status }, handlers);
      })}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Email" withAsterisk type="email" {...form.getInputProps('email')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Company" {...form.getInputProps('company')} />
        <Select
          label="Status"
          withAsterisk
          clearable
          clearButtonProps={{ 'aria-label': 'Clear status' }}
          data={CONTACT_STATUS_OPTIONS.map(({ value, label }) => ({ value, label }))}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
      <Textarea label="Message" withAsterisk rows={4} {...form.getInputProps('message')} />
      <Textarea
        label="Notes"
        description="Internal: never shown to the contact"
        rows={3}
        {...form.getInputProps('notes')}
      />
    </ModalForm>
  );
}
