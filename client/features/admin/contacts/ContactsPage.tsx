// The contacts screen ('Contact Management'): counts by status, server-side search and status
// filter, the contact modal, quick status and notes changes, deletes (admins only), CSV export.
import '@client/zod-config'; // before any schema of this chunk is created
import { Button, SimpleGrid } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '@client/trpc';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { StatusFilter } from '@client/features/admin/kit/StatusFilter';
import { ExportCsvButton } from '@client/features/admin/kit/ExportCsvButton';
import { confirmDelete, failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { PlusIcon } from '@client/features/admin/kit/icons';
import { StatCard } from '@client/features/admin/kit/StatCard';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { useKeepPageInRange } from '@client/features/admin/kit/use-keep-page-in-range';
import { useListState } from '@client/features/admin/kit/use-list-state';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { type Contact, ContactFormModal } from './ContactFormModal';
import { ContactNotesModal } from './ContactNotesModal';
import { CONTACTS_COLUMNS, ContactRows } from './ContactsTable';
import { CONTACT_FILTER_OPTIONS, CONTACT_STATUS_OPTIONS, type ContactStatus } from './contact-status';

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
    <>
      <ListPage
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
        summary={
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <StatCard label="New" value={stats.data?.new ?? '–'} loading={stats.isPending} />
            <StatCard label="In Progress" value={stats.data?.inProgress ?? '–'} loading={stats.isPending} />
            <StatCard label="Completed" value={stats.data?.completed ?? '–'} loading={stats.isPending} />
            <StatCard label="Closed" value={stats.data?.closed ?? '–'} loading={stats.isPending} />
          </SimpleGrid>
        }
        search={{ label: 'Search contacts', placeholder: 'Search contacts...', value: list.search, onChange: list.setSearch }}
        filters={<StatusFilter list={list} options={CONTACT_FILTER_OPTIONS} />}
        query={contacts}
        tableLabel="Contacts"
        minWidth={960}
        columns={CONTACTS_COLUMNS}
        rows={(items) => (
          <ContactRows
            contacts={items}
            format={format}
            canDelete={isAdmin}
            busyId={setStatus.isPending ? (setStatus.variables?.id ?? null) : null}
            onEdit={(contact) => setDialog({ kind: 'form', opened: true, contact })}
            onNotes={(contact) => setDialog({ kind: 'notes', opened: true, contact })}
            onDelete={deleteContact}
            onStatus={changeStatus}
          />
        )}
        loadingText="Loading contacts..."
        errorText={(error) => failureText('Failed to load contacts', error)}
        empty={{ title: 'No contacts found', description: 'Get started by adding your first contact.' }}
        page={list.page}
        onPage={list.setPage}
      />

      <ContactFormModal opened={dialog.kind === 'form' && dialog.opened} contact={dialog.contact} onClose={close} />
      <ContactNotesModal opened={dialog.kind === 'notes' && dialog.opened} contact={dialog.contact} onClose={close} />
    </>
  );
}
