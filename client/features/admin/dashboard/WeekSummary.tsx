// The dashboard's week: bookings made in the last 7 days (by status, beside the 7 days before), the
// seats the next 7 days' slots have filled, the waitlist still to come, contact messages nobody has
// opened, and the next slots with their seats, each leading to its bookings.
import { Alert, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { type ListColumn, ListTable } from '@client/features/admin/kit/ListTable';
import { StatCard } from '@client/features/admin/kit/StatCard';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';

type Week = RouterOutputs['dashboard']['week'];
type StatusCounts = Week['newBookings']['thisWeek'];

const STATUS_WORDS: [keyof StatusCounts, string][] = [
  ['pending', 'pending'],
  ['confirmed', 'confirmed'],
  ['waitlisted', 'waitlisted'],
  ['cancelled', 'cancelled'],
];

function total(counts: StatusCounts): number {
  return counts.pending + counts.confirmed + counts.waitlisted + counts.cancelled;
}

/** '+3 on the week before', '−2 on the week before' or 'Same as the week before'. */
export function changeText(now: number, before: number): string {
  if (now === before) return 'Same as the week before';
  const difference = now - before;
  return `${difference > 0 ? '+' : '−'}${Math.abs(difference)} on the week before`;
}

function seatsText(taken: number, capacity: number | null): string {
  return capacity === null ? `${taken} booked (no limit)` : `${taken} / ${capacity}`;
}

const NEXT_COLUMNS: ListColumn[] = [{ label: 'Time' }, { label: 'Session' }, { label: 'Seats' }];

export function WeekSummary() {
  const week = trpc.dashboard.week.useQuery();
  const { format } = useSiteTimezone();
  if (week.isError) {
    return (
      <Alert color="red" title="Failed to load this week's figures" role="alert">
        {messageOf(week.error, 'Please refresh the page to try again.')}
      </Alert>
    );
  }
  const data = week.data;
  const loading = week.isPending;
  const missing = '—';
  const thisWeek = data === undefined ? 0 : total(data.newBookings.thisWeek);
  const seats = data?.nextSevenDays;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          label="New Bookings, Last 7 Days"
          loading={loading}
          value={
            data === undefined ? (
              missing
            ) : (
              <>
                {thisWeek}
                <Text span display="block" size="xs" c="dimmed" fw={400}>
                  {changeText(thisWeek, total(data.newBookings.lastWeek))}
                </Text>
                <Text span display="block" size="xs" c="dimmed" fw={400}>
                  {STATUS_WORDS.map(([status, word]) => `${data.newBookings.thisWeek[status]} ${word}`).join(', ')}
                </Text>
              </>
            )
          }
        />
        <StatCard
          label="Seats Filled, Next 7 Days"
          loading={loading}
          value={
            seats === undefined ? (
              missing
            ) : seats.capacity === 0 ? (
              <Text span size="md" fw={700}>
                No limited slots
              </Text>
            ) : (
              <>
                {`${seats.seatsTaken} / ${seats.capacity}`}
                <Text span display="block" size="xs" c="dimmed" fw={400}>
                  {`${Math.round((seats.seatsTaken / seats.capacity) * 100)}% of ${seats.slots} slot${seats.slots === 1 ? '' : 's'}`}
                </Text>
              </>
            )
          }
        />
        <StatCard label="Waitlisted, Slots to Come" loading={loading} value={data?.waitlisted ?? missing} />
        <StatCard
          label="Contacts Waiting"
          loading={loading}
          value={
            data === undefined ? (
              missing
            ) : (
              <Anchor component={Link} to="/admin/contacts" inherit underline="hover">
                {data.contactsWaiting}
              </Anchor>
            )
          }
        />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Title order={2} mb="sm">
          Next Sessions
        </Title>
        {loading ? (
          <Stack gap="sm" aria-label="Loading the next sessions">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={36} />
            ))}
          </Stack>
        ) : data === undefined || data.nextSlots.length === 0 ? (
          <Text c="dimmed">No sessions coming up</Text>
        ) : (
          <ListTable columns={NEXT_COLUMNS} minWidth={520} label="Next sessions">
            {data.nextSlots.map((slot) => (
              <Table.Tr key={slot.timeSlotId}>
                <Table.Td>
                  {/* Not nowrap: on a phone's card the line wraps between its parts (a time never splits). */}
                  <Text size="sm">{format(slot.startTime)}</Text>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    renderRoot={(props) => <Link {...props} to="/admin/bookings" search={{ timeSlotId: slot.timeSlotId }} />}
                    size="sm"
                    fw={500}
                  >
                    {slot.sessionTitle}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {slot.eventTitle}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm">{seatsText(slot.seatsTaken, slot.capacity)}</Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Paper>
    </Stack>
  );
}
