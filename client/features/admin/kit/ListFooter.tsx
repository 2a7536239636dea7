import { Group, Pagination, Text } from '@mantine/core';
import { PAGE_SIZE } from './use-list-state';

const CONTROL_NAMES = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

interface ListFooterProps {
  total: number;
  /** The page whose rows are on screen (the range text); `page` is the one asked for (the pager). */
  shownPage: number;
  page: number;
  onPage: (page: number) => void;
}

export function ListFooter({ total, shownPage, page, onPage }: ListFooterProps) {
  if (total === 0) return null;
  const first = Math.min(total, (shownPage - 1) * PAGE_SIZE + 1);
  const last = Math.min(total, shownPage * PAGE_SIZE);
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
