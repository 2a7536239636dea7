// The status filter of a list page, bound to useListState (the search box is the list page's own).
import { Select } from '@mantine/core';
import type { ListState } from './use-list-state';

export function StatusFilter<TStatus extends string>({
  list,
  options,
}: {
  list: ListState<TStatus>;
  options: { value: TStatus; label: string }[];
}) {
  return (
    <Select
      aria-label="Filter by status"
      data={options}
      value={list.status}
      onChange={(value) => {
        const option = options.find((candidate) => candidate.value === value);
        if (option !== undefined) list.setStatus(option.value);
      }}
      allowDeselect={false}
      w={{ base: '100%', xs: 180 }}
    />
  );
}
