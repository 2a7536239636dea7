// Attendance of the sessions held in the last 30 days: checked in of booked, per session.
import { Alert, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { messageOf, trpc } from '@client/trpc';
import { type ListColumn, ListTable } from '@client/features/admin/kit/ListTable';

const COLUMNS: ListColumn[] = [{ label: 'Session' }, { label: 'Attended / confirmed' }];

export function AttendanceCard() {
  const attendance = trpc.dashboard.attendance.useQuery();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} mb="sm">
        Attendance
      </Title>
      {attendance.isPending ? (
        <Skeleton height={36} aria-label="Loading attendance" />
      ) : attendance.isError ? (
        <Alert color="red" role="alert">
          {messageOf(attendance.error, 'Attendance could not be loaded.')}
        </Alert>
      ) : attendance.data.length === 0 ? (
        <Text c="dimmed">No sessions held in the last 30 days</Text>
      ) : (
        <ListTable columns={COLUMNS} minWidth={360} label="Attendance">
          {attendance.data.map((row) => (
            <Table.Tr key={row.sessionId}>
              <Table.Td>
                <Text size="sm">{row.sessionTitle}</Text>
                <Text size="xs" c="dimmed">
                  {row.eventTitle}
                </Text>
              </Table.Td>
              <Table.Td>
                {row.attended} / {row.confirmed}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </Paper>
  );
}
