// The delegates screen: server-side search over name, e-mail, organization and position; admins add,
// edit and delete, users only read (delegates are event set-up, which is admin work).
import '@client/zod-config'; // before any schema of this chunk is created
import { ActionIcon, Avatar, Button, Group, Table, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '@client/trpc';
import { failureText } from '@client/features/admin/kit/notify';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { DeleteIcon, EditIcon, PlusIcon } from '@client/features/admin/kit/icons';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { useKeepPageInRange } from '@client/features/admin/kit/use-keep-page-in-range';
import { useListState } from '@client/features/admin/kit/use-list-state';
import { DeleteDelegateDialog } from './DeleteDelegateDialog';
import { type Delegate, DelegateFormModal } from './DelegateFormModal';

export function DelegatesPage() {
  const { isAdmin } = useCurrentUser();
  const list = useListState('all');
  // Delegates have no status filter; the list state's status is not sent.
  const { status: _unused, ...query } = list.query;
  const delegates = trpc.delegates.list.useQuery(query, { placeholderData: keepPreviousData });
  useKeepPageInRange(delegates.data, list.page, list.setPage);
  // The target outlives `opened`, so a closing modal keeps its title while it fades out.
  const [form, setForm] = useState<{ opened: boolean; delegate: Delegate | null }>({ opened: false, delegate: null });
  const [deleting, setDeleting] = useState<Delegate | null>(null);
  const openForm = (delegate: Delegate | null) => setForm({ opened: true, delegate });

  return (
    <>
      <ListPage
        title="Delegates"
        actions={
          isAdmin && (
            <Button leftSection={<PlusIcon />} onClick={() => openForm(null)}>
              Add Delegate
            </Button>
          )
        }
        search={{ label: 'Search delegates', placeholder: 'Search delegates...', value: list.search, onChange: list.setSearch }}
        query={delegates}
        tableLabel="Delegates"
        minWidth={720}
        columns={[{ label: 'Name' }, { label: 'Email' }, { label: 'Organization' }, { label: 'Position' }, ...(isAdmin ? [{ label: 'Actions', kind: 'actions' as const }] : [])]}
        rows={(items) =>
          items.map((delegate) => (
            <Table.Tr key={delegate.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <DelegateAvatar delegate={delegate} />
                  <Text fw={500}>{delegate.name}</Text>
                </Group>
              </Table.Td>
              <Table.Td>{delegate.email}</Table.Td>
              <Table.Td>{delegate.organization ?? '-'}</Table.Td>
              <Table.Td>{delegate.position ?? '-'}</Table.Td>
              {isAdmin && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Edit ${delegate.name}`} onClick={() => openForm(delegate)}>
                      <EditIcon />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${delegate.name}`} onClick={() => setDeleting(delegate)}>
                      <DeleteIcon />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))
        }
        loadingText="Loading delegates..."
        errorText={(error) => failureText('Error loading delegates', error)}
        empty={{ title: 'No delegates found. Add your first delegate!' }}
        page={list.page}
        onPage={list.setPage}
      />

      <DelegateFormModal
        opened={form.opened}
        delegate={form.delegate}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
      />
      <DeleteDelegateDialog delegate={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** The photo when there is one, else the name's first letter in a circle. Decorative: the name follows. */
function DelegateAvatar({ delegate }: { delegate: Delegate }) {
  const initial = delegate.name.trim().charAt(0).toUpperCase();
  return (
    <Avatar src={delegate.photoUrl} alt="" aria-hidden radius="xl" color="navy">
      {initial}
    </Avatar>
  );
}
