// Users (admins only): the accounts that can sign in to the back office, searched and paged on the
// server. Your own role and your own account cannot be changed or deleted here (the server
// refuses too), and the last admin can never be demoted or deleted.
import { Badge, Button, Group, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ROLE_LABELS } from '@server/identity/auth.schemas';
import { trpc } from '@client/trpc';
import { failureText } from '@client/features/admin/kit/notify';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { useListState } from '@client/features/admin/kit/use-list-state';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { DeleteUserModal } from './DeleteUserModal';
import { ResetTwoFactorModal } from './ResetTwoFactorModal';
import { UserFormModal } from './UserFormModal';
import type { UserRow } from './user-row';

type RoleFilter = 'all' | 'admin' | 'user';

export function UsersTab() {
  const list = useListState<RoleFilter>('all');
  const { user: me } = useCurrentUser();
  const { format } = useSiteTimezone();
  const users = trpc.users.list.useQuery(
    { search: list.query.search, role: list.status, page: list.page, pageSize: list.query.pageSize },
    { placeholderData: (previous) => previous },
  );
  // null: closed; 'new': the create form; a row: its edit form.
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);

  return (
    <>
      <ListPage
        level={2}
        title="User Accounts"
        subtitle="Staff who can sign in to the back office."
        actions={<Button onClick={() => setEditing('new')}>Add User</Button>}
        search={{ label: 'Search users', placeholder: 'Search users...', value: list.search, onChange: list.setSearch }}
        filters={
          <Select
            aria-label="Filter by role"
            data={[
              { value: 'all', label: 'All Roles' },
              { value: 'admin', label: ROLE_LABELS.admin },
              { value: 'user', label: ROLE_LABELS.user },
            ]}
            value={list.status}
            onChange={(value) => list.setStatus((value ?? 'all') as RoleFilter)}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
        }
        query={users}
        tableLabel="User accounts"
        minWidth={640}
        striped
        columns={[{ label: 'Name' }, { label: 'Email' }, { label: 'Role' }, { label: 'Last Sign-In' }, { label: 'Actions', kind: 'actions' }]}
        rows={(items) =>
          items.map((row) => {
            const isMe = row.id === me?.id;
            return (
              <Table.Tr key={row.id}>
                <Table.Td>
                  {row.name}
                  {isMe && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (you)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{row.email}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={row.role === 'admin' ? 'navy' : 'gray'} miw="max-content">
                    {ROLE_LABELS[row.role]}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.lastSignInAt === null ? 'Never' : format(row.lastSignInAt)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button variant="subtle" size="compact-sm" onClick={() => setEditing(row)} aria-label={`Edit ${row.name}`}>
                      Edit
                    </Button>
                    {/* Only an account with two-factor on has anything to reset. */}
                    {row.twoFactorEnabled && (
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => setResetting(row)}
                        aria-label={`Reset two-factor for ${row.name}`}
                      >
                        Reset two-factor
                      </Button>
                    )}
                    {/* Your own account is not deleted from here (the server refuses too). */}
                    {!isMe && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        onClick={() => setDeleting(row)}
                        aria-label={`Delete ${row.name}`}
                      >
                        Delete
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })
        }
        loadingText="Loading users..."
        errorText={(error) => failureText('Failed to load users', error)}
        empty={{ title: 'No users found' }}
        page={list.page}
        onPage={list.setPage}
      />
      <UserFormModal
        user={editing}
        isSelf={editing !== null && editing !== 'new' && editing.id === me?.id}
        onClose={() => setEditing(null)}
      />
      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
      <ResetTwoFactorModal user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
