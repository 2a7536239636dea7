import { Group, Pagination, Text } from '@mantine/core';
import { PAGE_SIZE } from './use-list-state';

const CONTROL_NAMES = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

export function ListFooter({ total, page, onPage }: { total: number; page: number; onPage: (page: number) => void }) {
  if (total === 0) return null;
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        Showing {first}–{last} of {total}
      </Text>
      {total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(total / PAGE_SIZE)}
          value={page}
          onChange={onPage}
          size="sm"
          // The arrows are icons alone: they need names for screen readers.
          getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
        />
      )}
    </Group>
  );
}
