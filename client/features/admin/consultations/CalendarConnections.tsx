// My hours, Calendars: one's own calendars (admins may pick a colleague's). Connect a CalDAV
// account or a calendar feed, choose which calendars count as busy and which one receives the
// consultations, see each connection's health, read it again, remove it.
import { Alert, Badge, Button, Card, Checkbox, Group, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { ConnectCalDavModal, ConnectFeedModal } from './ConnectCalendarModals';

type Connection = RouterOutputs['calendars']['list'][number];

const STATE_WORDS = { ok: 'Working', failing: 'Failing', unknown: 'Times hidden' } as const;
const STATE_COLORS = { ok: 'teal', failing: 'orange', unknown: 'red' } as const;

export function CalendarConnections() {
  const { user, isAdmin } = useCurrentUser();
  const [userId, setUserId] = useState<string | null>(null);
  const [adding, setAdding] = useState<'caldav' | 'feed' | null>(null);
  const staff = trpc.users.list.useQuery({ pageSize: 100 }, { enabled: isAdmin, retry: false });
  const target = userId ?? user?.id;
  const connections = trpc.calendars.list.useQuery({ userId: target }, { enabled: target !== undefined });
  return (
    <Stack gap="md" maw={720} component="section" aria-labelledby="calendars-title">
      <Title order={2} id="calendars-title">
        Calendars
      </Title>
      <Text size="sm" c="dimmed">
        Your own calendars keep consultations off your real meetings: their busy times are read every few minutes, and the one you choose receives each consultation booked with you.
      </Text>
      {isAdmin && (
        <Select
          label="Whose calendars"
          data={(staff.data?.items ?? []).map((member) => ({ value: member.id, label: member.id === user?.id ? `${member.name} (you)` : member.name }))}
          value={target ?? null}
          allowDeselect={false}
          onChange={setUserId}
          w={280}
        />
      )}
      {connections.isError && <Alert color="red">{messageOf(connections.error, 'Please try again.')}</Alert>}
      {connections.data?.length === 0 && <Text c="dimmed">No calendar connected yet.</Text>}
      {(connections.data ?? []).map((connection) => (
        <ConnectionCard key={connection.id} connection={connection} />
      ))}
      <Group>
        <Button variant="default" onClick={() => setAdding('caldav')}>
          Connect a CalDAV calendar
        </Button>
        <Button variant="default" onClick={() => setAdding('feed')}>
          Add a calendar feed
        </Button>
      </Group>
      <ConnectCalDavModal opened={adding === 'caldav'} userId={target} onClose={() => setAdding(null)} />
      <ConnectFeedModal opened={adding === 'feed'} userId={target} onClose={() => setAdding(null)} />
    </Stack>
  );
}

function Health({ connection }: { connection: Connection }) {
  const { format } = useSiteTimezone();
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Badge variant="light" color={STATE_COLORS[connection.state]} tt="none">
          {STATE_WORDS[connection.state]}
        </Badge>
        <Text size="sm">Last read: {connection.lastOkAt === null ? 'never' : format(connection.lastOkAt)}</Text>
      </Group>
      {connection.error !== null && (
        <Text size="sm" c="red.8" role="status">
          {connection.error}
          {connection.state === 'unknown'
            ? '. Your free times are hidden until this calendar can be read again.'
            : '. Free times use the busy times last read, for up to a day.'}
        </Text>
      )}
    </Stack>
  );
}

function ConnectionCard({ connection }: { connection: Connection }) {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(connection.busyCalendars);
  const [write, setWrite] = useState(connection.writeCalendar ?? '');
  const done = () => void utils.calendars.list.invalidate();
  const update = trpc.calendars.update.useMutation({ onSuccess: done });
  const refresh = trpc.calendars.refresh.useMutation({ onSuccess: done });
  const remove = trpc.calendars.remove.useMutation({ onSuccess: done });
  const changed = write !== (connection.writeCalendar ?? '') || busy.join() !== connection.busyCalendars.join();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={600}>{connection.name}</Text>
            <Text size="xs" c="dimmed">
              {connection.kind === 'feed' ? `Calendar feed from ${connection.serverUrl} (read only)` : `CalDAV at ${connection.serverUrl}`}
            </Text>
          </div>
          <Group gap="xs">
            <Button size="compact-sm" variant="default" loading={refresh.isPending} onClick={() => refresh.mutate({ id: connection.id })}>
              Refresh
            </Button>
            <Button size="compact-sm" variant="default" color="red" loading={remove.isPending} onClick={() => window.confirm(`Remove ${connection.name}?`) && remove.mutate({ id: connection.id })}>
              Remove
            </Button>
          </Group>
        </Group>
        <Health connection={connection} />
        {connection.kind === 'caldav' && (
          <>
            <Checkbox.Group label="Count as busy" value={busy} onChange={setBusy}>
              <Stack gap={4} mt={4}>
                {connection.calendars.map((calendar) => (
                  <Checkbox key={calendar.url} value={calendar.url} label={calendar.name} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Radio.Group label="Write consultations to" value={write} onChange={setWrite}>
              <Stack gap={4} mt={4}>
                <Radio value="" label="None" />
                {connection.calendars.map((calendar) => (
                  <Radio key={calendar.url} value={calendar.url} label={calendar.name} />
                ))}
              </Stack>
            </Radio.Group>
            <Group>
              <Button size="sm" disabled={!changed} loading={update.isPending} onClick={() => update.mutate({ id: connection.id, busyCalendars: busy, writeCalendar: write === '' ? null : write })}>
                Save calendars
              </Button>
            </Group>
          </>
        )}
        {(update.isError || refresh.isError || remove.isError) && (
          <Alert color="red" role="alert">
            {messageOf(update.error ?? refresh.error ?? remove.error, 'Please try again.')}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
