// The sessions table. Admins get the status toggle, edit and delete; users get View (read-only
// details with time slots and delegates).
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { RouterOutputs } from '@client/trpc';
import type { ListColumn } from '@client/features/admin/kit/ListTable';

export type SessionRow = RouterOutputs['sessions']['list']['items'][number];

/** The table's columns. */
export const SESSIONS_COLUMNS: readonly ListColumn[] = [
  { label: 'Session' },
  { label: 'Facilitator' },
  { label: 'Location' },
  { label: 'Capacity' },
  { label: 'Status' },
  { label: 'Created' },
  { label: 'Actions', kind: 'actions' },
];

/** The table's rows (the list page draws the table around them). */
export function SessionRows({
  sessions,
  isAdmin,
  formatDate,
  busyId,
  onToggle,
  onEdit,
  onDelete,
  onView,
}: {
  sessions: SessionRow[];
  isAdmin: boolean;
  formatDate: (iso: string) => string;
  /** A session whose toggle or delete is in flight: its buttons wait. */
  busyId: string | null;
  onToggle: (session: SessionRow) => void;
  onEdit: (session: SessionRow) => void;
  onDelete: (session: SessionRow) => void;
  onView: (session: SessionRow) => void;
}) {
  return sessions.map((session) => (
    <Table.Tr key={session.id}>
      <Table.Td>
        <Text fw={600}>{session.title}</Text>
        <Text size="sm" c="dimmed">
          {session.eventTitle}
        </Text>
      </Table.Td>
      <Table.Td>{session.facilitator ?? 'Not assigned'}</Table.Td>
      <Table.Td>{session.location ?? 'TBD'}</Table.Td>
      <Table.Td>{session.maxParticipants ?? 'Unlimited'}</Table.Td>
      <Table.Td miw={100}>
        <Badge color={session.isActive ? 'teal' : 'gray'} variant="light">
          {session.isActive ? 'Active' : 'Inactive'}
        </Badge>
      </Table.Td>
      <Table.Td>{formatDate(session.createdAt)}</Table.Td>
      {!isAdmin && (
        <Table.Td>
          <Button size="compact-sm" variant="subtle" aria-label={`View session ${session.title}`} onClick={() => onView(session)}>
            View
          </Button>
        </Table.Td>
      )}
      {isAdmin && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              color={session.isActive ? 'yellow' : 'teal'}
              aria-label={`${session.isActive ? 'Deactivate' : 'Activate'} session ${session.title}`}
              loading={busyId === session.id}
              onClick={() => onToggle(session)}
            >
              {session.isActive ? 'Deactivate' : 'Activate'}
            </Button>
            <Button size="compact-sm" variant="subtle" aria-label={`Edit session ${session.title}`} onClick={() => onEdit(session)}>
              Edit
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Delete session ${session.title}`}
              disabled={busyId === session.id}
              onClick={() => onDelete(session)}
            >
              Delete
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  ));
}
