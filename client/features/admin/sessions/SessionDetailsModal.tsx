// A session read-only: its details, time slots (in the site's timezone, with seats booked) and
// delegates. Staff with the user role see sessions this way; editing stays with admins (the
// server refuses their changes anyway).
import { Alert, Avatar, Badge, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { trpc } from '@client/trpc';
import { failureText } from '@client/features/admin/kit/notify';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { ScrollTable } from '@client/features/admin/kit/ScrollTable';
import { useDates } from '@client/use-dates';
import { formatMoney } from '@server/shared/money';

export function SessionDetailsModal({
  opened,
  sessionId,
  title,
  onClose,
}: {
  opened: boolean;
  sessionId: string;
  title: string;
  onClose: () => void;
}) {
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} title={title} size="lg">
      <SessionDetails sessionId={sessionId} />
    </Modal>
  );
}

function SessionDetails({ sessionId }: { sessionId: string }) {
  const { timeZone } = useSiteTimezone();
  const dates = useDates();
  const session = trpc.sessions.get.useQuery({ id: sessionId });
  if (session.isPending) return <Loader aria-label="Loading session" />;
  if (session.isError) {
    return (
      <Alert color="red" role="alert">
        {failureText('Failed to load session', session.error)}
      </Alert>
    );
  }
  const s = session.data;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text c="dimmed">{s.eventTitle}</Text>
        <Badge color={s.isActive ? 'teal' : 'gray'} variant="light">
          {s.isActive ? 'Active' : 'Inactive'}
        </Badge>
      </Group>
      <Text size="sm">
        Facilitator: {s.facilitator ?? 'Not assigned'} · Location: {s.location ?? 'TBD'} · Capacity:{' '}
        {s.maxParticipants ?? 'Unlimited'} · Price per seat:{' '}
        {s.price === null ? 'Free' : `${formatMoney(s.price.amountMinor, s.price.currency, 'en')}, tax ${s.price.taxRatePercent}%`}
      </Text>
      {s.description !== null && <Text size="sm">{s.description}</Text>}

      <Title order={3}>
        Time Slots
      </Title>
      {s.timeSlots.length === 0 ? (
        <Text size="sm" c="dimmed">
          No time slots
        </Text>
      ) : (
        <ScrollTable minWidth={320} label="Time slots">
          <Table aria-label="Time slots">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Booked</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.timeSlots.map((slot) => (
                <Table.Tr key={slot.id}>
                  <Table.Td>{dates.range(slot.startTime, slot.endTime, timeZone)}</Table.Td>
                  <Table.Td>{slot.capacity === null ? String(slot.booked) : `${slot.booked} / ${slot.capacity}`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}

      <Title order={3}>
        Delegates
      </Title>
      {s.delegates.length === 0 ? (
        <Text size="sm" c="dimmed">
          No delegates
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Delegates">
          {s.delegates.map((delegate) => (
            <Group key={delegate.id} gap="sm" component="li" wrap="nowrap">
              <Avatar src={delegate.photoUrl} name={delegate.name} alt="" aria-hidden radius="xl" color="navy" />
              <div>
                <Text size="sm" fw={500}>
                  {delegate.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {[delegate.position, delegate.organization].filter((part) => part !== null && part !== '').join(', ') || delegate.email}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
