// The five latest contact submissions: name, e-mail and when they arrived ('Recently' without a date).
import { Alert, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { messageOf, trpc } from '@client/trpc';
import { CellText } from '@client/features/admin/kit/cells';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { type ListColumn, ListTable } from '@client/features/admin/kit/ListTable';

const COLUMNS: ListColumn[] = [{ label: 'Name' }, { label: 'Email' }, { label: 'Date' }];

export function RecentContacts() {
  const recent = trpc.contacts.recent.useQuery();
  const { format } = useSiteTimezone();

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} mb="sm">
        Recent Contact Submissions
      </Title>
      {recent.isPending ? (
        <Stack gap="sm" aria-label="Loading recent contact submissions">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={36} />
          ))}
        </Stack>
      ) : recent.isError ? (
        <Alert color="red" role="alert">
          {messageOf(recent.error, 'Recent contact submissions could not be loaded.')}
        </Alert>
      ) : recent.data.length === 0 ? (
        <Text c="dimmed">No recent contact submissions</Text>
      ) : (
        <ListTable columns={COLUMNS} minWidth={420} label="Recent contacts">
          {recent.data.map((contact) => (
            <Table.Tr key={contact.id}>
              <Table.Td fw={600}>{contact.name}</Table.Td>
              <Table.Td>
                <CellText text={contact.email} />
              </Table.Td>
              <Table.Td c="dimmed">{contact.createdAt ? format(contact.createdAt) : 'Recently'}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </Paper>
  );
}
