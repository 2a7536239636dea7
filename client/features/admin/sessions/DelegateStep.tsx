// Wizard step 2: the chosen event's delegates. Edits and deletes of those stored delegates apply at
// once (they may belong to other sessions of the event); with none, a new delegate is typed here
// and saved with the session.
import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { fieldErrorsOf, trpc } from '@client/trpc';
import { DeleteDelegateDialog } from '@client/features/admin/delegates/DeleteDelegateDialog';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { DelegateFields } from './DelegateFields';
import { delegateFormOf, validateDelegate, type Delegate, type DelegateFormValues } from './wizard-model';
import { ScrollTable } from '@client/features/admin/kit/ScrollTable';

export interface EventDelegates {
  items: Delegate[];
  total: number;
  isPending: boolean;
  error: unknown;
}

export function DelegateStep({
  delegates,
  newDelegateForm,
  onUpdated,
  onDeleted,
}: {
  delegates: EventDelegates;
  newDelegateForm: UseFormReturnType<DelegateFormValues>;
  onUpdated: (delegate: Delegate) => void;
  onDeleted: (id: string) => void;
}) {
  const [editing, setEditing] = useState<Delegate | null>(null);
  const [deleting, setDeleting] = useState<Delegate | null>(null);

  return (
    <>
      <DelegateList delegates={delegates} newDelegateForm={newDelegateForm} onEdit={setEditing} onDelete={setDeleting} />
      {/* Always mounted: Modal.Stack members leave the stack by closing, not by unmounting. */}
      <EditDelegateModal delegate={editing} onClose={() => setEditing(null)} onSaved={onUpdated} />
      <DeleteDelegateDialog
        stackId="delete-delegate"
        delegate={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          setDeleting(null);
          onDeleted(id);
        }}
      />
    </>
  );
}

function DelegateList({
  delegates,
  newDelegateForm,
  onEdit,
  onDelete,
}: {
  delegates: EventDelegates;
  newDelegateForm: UseFormReturnType<DelegateFormValues>;
  onEdit: (delegate: Delegate) => void;
  onDelete: (delegate: Delegate) => void;
}) {
  if (delegates.error !== null) {
    return (
      <Alert color="red" role="alert">
        {failureText('Error loading delegates', delegates.error)}
      </Alert>
    );
  }
  if (delegates.isPending) {
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">Loading delegates...</Text>
      </Group>
    );
  }

  if (delegates.total === 0) {
    return (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          This event has no delegates yet. Add the delegate for this session; they are saved with the session.
        </Text>
        <DelegateFields form={newDelegateForm} />
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Delegates of this event. Changes here are saved immediately.
      </Text>
      <ScrollTable minWidth={500} label="Delegates of this event">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Organization</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {delegates.items.map((delegate) => (
              <Table.Tr key={delegate.id}>
                <Table.Td>{delegate.name}</Table.Td>
                <Table.Td>{delegate.email}</Table.Td>
                <Table.Td>{delegate.organization ?? '-'}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-sm" variant="subtle" aria-label={`Edit delegate ${delegate.name}`} onClick={() => onEdit(delegate)}>
                      Edit
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete delegate ${delegate.name}`}
                      onClick={() => onDelete(delegate)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {delegates.total > delegates.items.length && (
        <Text size="sm" c="dimmed">
          Showing the first {delegates.items.length} of {delegates.total} delegates; all of them are on the Delegates screen.
        </Text>
      )}
    </Stack>
  );
}

function useDelegateInvalidation() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.delegates.list.invalidate(), utils.sessions.get.invalidate()]);
}

function EditDelegateModal({
  delegate,
  onClose,
  onSaved,
}: {
  delegate: Delegate | null;
  onClose: () => void;
  onSaved: (delegate: Delegate) => void;
}) {
  return (
    <FormModal stackId="edit-delegate" opened={delegate !== null} onClose={onClose} title="Edit Delegate" size="md">
      {delegate !== null && <EditDelegateForm delegate={delegate} onClose={onClose} onSaved={onSaved} />}
    </FormModal>
  );
}

function EditDelegateForm({ delegate, onClose, onSaved }: { delegate: Delegate; onClose: () => void; onSaved: (delegate: Delegate) => void }) {
  const invalidate = useDelegateInvalidation();
  const form = useForm<DelegateFormValues>({ initialValues: delegateFormOf(delegate), validate: validateDelegate });
  const update = trpc.delegates.update.useMutation({ onSettled: invalidate });

  const save = form.onSubmit((values) =>
    // bio and photo are not edited here; sending them back keeps them.
    update.mutate(
      { id: delegate.id, ...values, bio: delegate.bio, photoUrl: delegate.photoUrl },
      {
        onSuccess: (saved) => {
          notifySuccess(`Delegate ${saved.name} updated successfully`);
          onSaved(saved);
          onClose();
        },
        onError: (error) => {
          form.setErrors(fieldErrorsOf(error));
          notifyError(failureText('Failed to save delegate', error));
        },
      },
    ),
  );

  return (
    <ModalForm submitLabel="Save Delegate" saving={update.isPending} error={update.error} onSubmit={save}>
      <DelegateFields form={form} />
    </ModalForm>
  );
}

