// Users (admins only): the accounts that can sign in to the back office, searched and paged on the
// server. Your own role and your own account cannot be changed or deleted here (the server
// refuses too), and the last admin can never be demoted or deleted.
import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ROLE_LABELS } from '@server/schemas/auth';
import { messageOf, trpc } from '@client/trpc';
import { TableStateRows } from '../kit/TableStateRows';
import { ListFooter } from '../kit/ListFooter';
import { useCurrentUser } from '../kit/useCurrentUser';
import { useListState } from '../kit/useListState';
import { useSiteTimezone } from '../kit/useSiteTimezone';
import { DeleteUserModal } from './DeleteUserModal';
import { UserFormModal } from './UserFormModal';
import type { UserRow } from './userRow';

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

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} size="h3">
              User Accounts
            </Title>
            <Text size="sm" c="dimmed">
              Staff who can sign in to the back office.
            </Text>
          </div>
          <Button onClick={() => setEditing('new')}>Add User</Button>
        </Group>
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Search users"
            placeholder="Search users..."
            value={list.search}
            onChange={(event) => list.setSearch(event.currentTarget.value)}
            flex={1}
            miw={200}
          />
          <Select
            label="Role"
            data={[
              { value: 'all', label: 'All Roles' },
              { value: 'admin', label: ROLE_LABELS.admin },
              { value: 'user', label: ROLE_LABELS.user },
            ]}
            value={list.status}
            onChange={(value) => list.setStatus((value ?? 'all') as RoleFilter)}
            allowDeselect={false}
            w={160}
          />
        </Group>

        {users.isError ? (
          <Text c="red" role="alert">
            {`Failed to load users: ${messageOf(users.error, 'please try again')}`}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover aria-label="User accounts" aria-busy={users.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Last Sign-In</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <TableStateRows
                  loading={users.isPending}
                  empty={users.data?.items.length === 0}
                  columns={5}
                  emptyText="No users found"
                />
                {users.data?.items.map((row) => {
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
                        <Badge variant="light" color={row.role === 'admin' ? 'navy' : 'gray'}>
                          {ROLE_LABELS[row.role]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{row.lastSignInAt === null ? 'Never' : format(row.lastSignInAt)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button variant="subtle" size="compact-sm" onClick={() => setEditing(row)} aria-label={`Edit ${row.name}`}>
                            Edit
                          </Button>
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
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <ListFooter total={users.data?.total ?? 0} page={list.page} onPage={list.setPage} />
      </Stack>
      <UserFormModal
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        user={editing}
        isSelf={editing !== null && editing !== 'new' && editing.id === me?.id}
        onClose={() => setEditing(null)}
      />
      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
    </Paper>
  );
}
