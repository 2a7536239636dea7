// The quick notes editor of a table row: the full message for reference and the internal notes.
// It saves through contacts.update with the contact's other fields as they are.
import { Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { fieldErrorsOf, trpc } from '@client/trpc';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import type { Contact } from './ContactFormModal';

export function ContactNotesModal({ opened, contact, onClose }: { opened: boolean; contact: Contact | null; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Internal Notes">
      {contact !== null && <NotesForm contact={contact} onDone={onClose} />}
    </FormModal>
  );
}

function NotesForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const [notes, setNotes] = useState(contact.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const update = trpc.contacts.update.useMutation({ onSettled: () => utils.contacts.invalidate() });

  return (
    <ModalForm
      submitLabel="Save Notes"
      saving={update.isPending}
      error={update.error}
      onSubmit={() => {
        const trimmed = notes.trim();
        update.mutate(
          {
            id: contact.id,
            name: contact.name,
            email: contact.email,
            company: contact.company ?? undefined,
            message: contact.message,
            status: contact.status,
            notes: trimmed === '' ? undefined : trimmed,
          },
          {
            onSuccess: () => {
              notifySuccess(`Notes for ${contact.name} saved`);
              onDone();
            },
            onError: (failure) => {
              setError(fieldErrorsOf(failure).notes ?? null);
              notifyError(failureText('Failed to update contact notes', failure));
            },
          },
        );
      }}
    >
      <div>
        <Text fw={500}>
          {contact.name} ({contact.email})
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {contact.message}
        </Text>
      </div>
      <Textarea
        label="Notes"
        description="Internal: never shown to the contact"
        rows={5}
        data-autofocus
        value={notes}
        error={error}
        onChange={(event) => {
          setNotes(event.currentTarget.value);
          setError(null);
        }}
      />
    </ModalForm>
  );
}
