// The bar above the bookings table once rows are chosen (it stays in view below the header while the
// table scrolls): how many, "Select all N matching", and one
// action for all of them (Confirm, Cancel, Export). A confirm or cancel runs bookings.setStatusMany,
// which changes each booking as one change would, and its result stays on screen: what changed,
// what already had that status, and each booking refused with the reason.
import { Alert, Button, Group, List, Paper, Text } from '@mantine/core';
import type { RouterOutputs } from '@client/trpc';
import { DownloadIcon } from '@client/features/admin/kit/icons';
import classes from './BulkActions.module.css';

export type BulkResult = RouterOutputs['bookings']['setStatusMany'];

/** What the bar acts on: the rows ticked on this page, or every booking the filters match. */
export type BulkSelection = { kind: 'chosen'; ids: ReadonlySet<string> } | { kind: 'matching' };

interface BulkBarProps {
  selection: BulkSelection;
  /** Bookings the filters match. */
  total: number;
  busy: boolean;
  exportHref: string;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onStatus: (status: 'confirmed' | 'cancelled') => void;
}

function bookings(count: number): string {
  return `${count.toLocaleString('en-US')} booking${count === 1 ? '' : 's'}`;
}

export function BulkBar({ selection, total, busy, exportHref, onSelectAllMatching, onClear, onStatus }: BulkBarProps) {
  const count = selection.kind === 'matching' ? total : selection.ids.size;
  if (count === 0) return null;
  return (
    <Paper withBorder shadow="sm" p="sm" role="region" aria-label="Selected bookings" className={classes.bar}>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text fw={500}>{selection.kind === 'matching' ? `All ${bookings(count)} matching the filters` : `${bookings(count)} selected`}</Text>
          {selection.kind === 'chosen' && total > count && (
            <Button variant="subtle" size="compact-sm" onClick={onSelectAllMatching}>
              Select all {bookings(total)} matching
            </Button>
          )}
        </Group>
        <Group gap="xs">
          <Button size="sm" loading={busy} onClick={() => onStatus('confirmed')}>
            Confirm Bookings
          </Button>
          <Button size="sm" color="red" variant="light" disabled={busy} onClick={() => onStatus('cancelled')}>
            Cancel Bookings
          </Button>
          <Button size="sm" component="a" href={exportHref} download variant="default" leftSection={<DownloadIcon />}>
            Export Selected
          </Button>
          <Button size="sm" variant="subtle" disabled={busy} onClick={onClear}>
            Clear Selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

const VERB = { confirmed: 'Confirmed', cancelled: 'Cancelled' } as const;

export function BulkResultNotice({ result, status, onClose }: { result: BulkResult; status: 'confirmed' | 'cancelled'; onClose: () => void }) {
  const parts = [`${VERB[status]} ${bookings(result.changed.length)}.`];
  if (result.unchanged.length > 0) parts.push(`${bookings(result.unchanged.length)} already ${status}.`);
  if (result.refused.length > 0) parts.push(`${bookings(result.refused.length)} refused:`);
  return (
    <Alert
      color={result.refused.length > 0 ? 'yellow' : 'teal'}
      title={result.refused.length > 0 ? 'Some bookings were not changed' : 'Bookings updated'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      <Text size="sm">{parts.join(' ')}</Text>
      {result.refused.length > 0 && (
        <List size="sm" mt={4}>
          {result.refused.map((item) => (
            <List.Item key={item.id}>
              {item.participantName ?? 'A booking no longer there'}: {item.reason}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
