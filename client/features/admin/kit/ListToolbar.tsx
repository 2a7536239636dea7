// The search box and (optional) status filter above a back-office list, bound to useListState.
import { Group, Select, TextInput } from '@mantine/core';
import { SearchIcon } from './icons';
import type { ListState } from './useListState';

interface ListToolbarProps<TStatus extends string> {
  list: ListState<TStatus>;
  /** What is searched, e.g. 'contacts': labels the box 'Search contacts' with 'Search contacts...'. */
  noun: string;
  statusOptions?: { value: TStatus; label: string }[];
}

export function ListToolbar<TStatus extends string>({ list, noun, statusOptions }: ListToolbarProps<TStatus>) {
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        aria-label={`Search ${noun}`}
        placeholder={`Search ${noun}...`}
        leftSection={<SearchIcon />}
        value={list.search}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
      />
      {statusOptions !== undefined && (
        <Select
          aria-label="Filter by status"
          data={statusOptions}
          value={list.status}
          onChange={(value) => {
            const option = statusOptions.find((candidate) => candidate.value === value);
            if (option !== undefined) list.setStatus(option.value);
          }}
          allowDeselect={false}
          w={180}
        />
      )}
    </Group>
  );
}
