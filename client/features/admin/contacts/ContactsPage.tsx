// The contacts screen (SPEC 'Contact Management'): counts by status, server-side search and status
// filter, the contact modal, quick status and notes changes, deletes (admins only), CSV export.
import { Alert, Button, Paper, SimpleGrid, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '@client/trpc';
import { AdminPage } from '../kit/AdminPage';
import { ListToolbar } from '../kit/ListToolbar';
import { ExportCsvButton } from '../kit/ExportCsvButton';
import { ListFooter } from '../kit/ListFooter';
import { confirmDelete, failureText, notifyError, notifySuccess } from '../kit/notify';
import { PlusIcon } from '../kit/icons';
import { StatCard } from '../kit/StatCard';
import { useCurrentUser } from '../kit/useCurrentUser';
import { useKeepPageInRange } from '../kit/useKeepPageInRange';
import { useListState } from '../kit/useListState';
import { useSiteTimezone } from '../kit/useSiteTimezone';
import { type Contact, ContactFormModal } from './ContactFormModal';
import { ContactNotesModal } from './ContactNotesModal';
import { ContactsTable } from './ContactsTable';
import { CONTACT_FILTER_OPTIONS, CONTACT_STATUS_OPTIONS, type ContactStatus } from './contactStatus';

const EXPORT_ROUTE = '/api/export/contacts.csv';

function statusLabel(status: ContactStatus): string {
  return CONTACT_STATUS_OPTIONS.find((option) => option.value === status)?.label ?? status;
}

type Dialog = { kind: 'form' | 'notes'; opened: boolean; contact: Contact | null };

export function ContactsPage() {
  const { isAdmin } = useCurrentUser();
  const { format } = useSiteTimezone();
  const list = useListState<'all' | ContactStatus>('all');
  const stats = trpc.contacts.stats.useQuery();
  const contacts = trpc.contacts.list.useQuery(list.query, { placeholderData: keepPreviousData });
  useKeepPageInRange(contacts.data, list.page, list.setPage);
  // The target outlives `opened`, so a closing dialog keeps its content while it fades out.
  const [dialog, setDialog] = useState<Dialog>({ kind: 'form', opened: false, contact: null });
  const close = () => setDialog((current) => ({ ...current, opened: false }));

  const utils = trpc.useUtils();
  const onSettled = () => Promise.all([utils.contacts.invalidate(), utils.dashboard.invalidate()]);
  const setStatus = trpc.contacts.setStatus.useMutation({ onSettled });
  const remove = trpc.contacts.delete.useMutation({ onSettled });

  const changeStatus = (contact: Contact, status: ContactStatus) => {
    setStatus.mutate(
      { id: contact.id, status },
      {
        onSuccess: () => notifySuccess(`Contact ${contact.name} is now ${statusLabel(status)}`),
        onError: (error) => notifyError(failureText('Failed to update contact status', error)),
      },
    );
  };
  const deleteContact = (contact: Contact) => {
    if (!confirmDelete('contact')) return;
    remove.mutate(
      { id: contact.id },
      {
        onSuccess: () => notifySuccess(`Contact ${contact.name} deleted successfully`),
        onError: (error) => notifyError(failureText('Failed to delete contact', error)),
      },
    );
  };

  return (
    <AdminPage
      title="Contact Management"
      subtitle="Manage customer inquiries and communications"
      actions={
        <>
          <ExportCsvButton route={EXPORT_ROUTE} filter={{ search: list.query.search, status: list.query.status }} />
          <Button leftSection={<PlusIcon />} onClick={() => setDialog({ kind: 'form', opened: true, contact: null })}>
            Add Contact
          </Button>
        </>
      }
    >
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="New" value={stats.data?.new ?? '–'} loading={stats.isPending} />
        <StatCard label="In Progress" value={stats.data?.inProgress ?? '–'} loading={stats.isPending} />
        <StatCard label="Completed" value={stats.data?.completed ?? '–'} loading={stats.isPending} />
        <StatCard label="Closed" value={stats.data?.closed ?? '–'} loading={stats.isPending} />
      </SimpleGrid>

      <ListToolbar list={list} noun="contacts" statusOptions={CONTACT_FILTER_OPTIONS} />

      {contacts.isPending ? (
        <Text role="status">Loading contacts...</Text>
      ) : contacts.isError ? (
        <Alert color="red" role="alert">
          {failureText('Failed to load contacts', contacts.error)}
        </Alert>
      ) : contacts.data.items.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text fw={500}>No contacts found</Text>
          <Text c="dimmed" size="sm">
            Get started by adding your first contact.
          </Text>
        </Paper>
      ) : (
        <>
          <ContactsTable
            contacts={contacts.data.items}
            format={format}
            canDelete={isAdmin}
            busyId={setStatus.isPending ? (setStatus.variables?.id ?? null) : null}
            onEdit={(contact) => setDialog({ kind: 'form', opened: true, contact })}
            onNotes={(contact) => setDialog({ kind: 'notes', opened: true, contact })}
            onDelete={deleteContact}
            onStatus={changeStatus}
          />
          <ListFooter total={contacts.data.total} page={list.page} onPage={list.setPage} />
        </>
      )}

      <ContactFormModal opened={dialog.kind === 'form' && dialog.opened} contact={dialog.contact} onClose={close} />
      <ContactNotesModal opened={dialog.kind === 'notes' && dialog.opened} contact={dialog.contact} onClose={close} />
    </AdminPage>
  );
}
