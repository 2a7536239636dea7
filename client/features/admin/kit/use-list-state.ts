// State of a server-side list: search (debounced before it reaches the server), status filter and
// page. Changing the search or the filter goes back to page 1.
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export const PAGE_SIZE = 20;

export interface ListState<TStatus extends string> {
  search: string;
  setSearch: (value: string) => void;
  status: TStatus;
  setStatus: (value: TStatus) => void;
  page: number;
  setPage: (page: number) => void;
  /** What to send to a list procedure. */
  query: { search: string | undefined; status: TStatus; page: number; pageSize: number };
}

export function useListState<TStatus extends string>(initialStatus: TStatus): ListState<TStatus> {
  const [search, setSearchText] = useState('');
  const [status, setStatusValue] = useState<TStatus>(initialStatus);
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  return {
    search,
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    status,
    setStatus: (value: TStatus) => {
      setStatusValue(value);
      setPage(1);
    },
    page,
    setPage,
    query: { search: debouncedSearch === '' ? undefined : debouncedSearch, status, page, pageSize: PAGE_SIZE },
  };
}
