// The five latest contact submissions: name, e-mail and when they arrived ('Recently' without a date).
import { Alert, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { messageOf, trpc } from '@client/trpc';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { ScrollTable } from '@client/features/admin/kit/ScrollTable';

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
        <ScrollTable minWidth={420} label="Recent contacts">
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recent.data.map((contact) => (
                <Table.Tr key={contact.id}>
                  <Table.Td fw={600}>{contact.name}</Table.Td>
                  <Table.Td>{contact.email}</Table.Td>
                  <Table.Td c="dimmed">{contact.createdAt ? format(contact.createdAt) : 'Recently'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Paper>
  );
}
