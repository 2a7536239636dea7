// The signed-in staff member's next consultations, beside the week's event sessions.
import { Alert, Anchor, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { messageOf, trpc } from '@client/trpc';
import { type ListColumn, ListTable } from '@client/features/admin/kit/ListTable';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';

const COLUMNS: ListColumn[] = [{ label: 'When' }, { label: 'Consultation' }, { label: 'Visitor' }];

export function UpcomingConsultations() {
  const { user } = useCurrentUser();
  const { format } = useSiteTimezone();
  const next = trpc.consultations.list.useQuery({ when: 'upcoming', status: 'booked', consultantId: user?.id, pageSize: 5 }, { enabled: user !== null });
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} mb="sm">
        Your Next Consultations
      </Title>
      {next.isPending ? (
        <Skeleton height={36} aria-label="Loading your next consultations" />
      ) : next.isError ? (
        <Alert color="red" role="alert">
          {messageOf(next.error, 'Your consultations could not be loaded.')}
        </Alert>
      ) : next.data.items.length === 0 ? (
        <Text c="dimmed">No consultations booked with you</Text>
      ) : (
        <ListTable columns={COLUMNS} minWidth={420} label="Your next consultations">
          {next.data.items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{format(item.startsAt)}</Table.Td>
              <Table.Td>{item.typeTitle}</Table.Td>
              <Table.Td>{item.visitorName}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      <Anchor component={Link} to="/admin/consultations" size="sm" mt="sm" display="inline-block">
        All consultations
      </Anchor>
    </Paper>
  );
}
