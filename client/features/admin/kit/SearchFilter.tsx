// The search box of a list whose filters live in the URL: what is typed reaches the URL (and so the
// server) 300 ms after the last key, trimmed, and an empty box removes the search. A change of the
// URL itself does not echo back into a new navigation; a search removed from outside (Clear filters)
// empties the box.
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { SearchIcon } from './icons';

interface SearchFilterProps {
  /** The search in the URL now. */
  search: string | undefined;
  onSearch: (search: string | undefined) => void;
  label: string;
  placeholder: string;
  width: number;
}

export function SearchFilter({ search, onSearch, label, placeholder, width }: SearchFilterProps) {
  const [searchText, setSearchText] = useState(search ?? '');
  const [debounced] = useDebouncedValue(searchText.trim(), 300);
  useEffect(() => {
    const next = debounced === '' ? undefined : debounced;
    if (next !== search) onSearch(next);
    // Only a change of the typed text updates the URL; a URL change must not echo back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  // Removed while the box still held a sent search: Clear filters, not the person emptying it
  // (React's pattern for state that follows a prop: compared with the last render's value).
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    if (search === undefined && debounced !== '') setSearchText('');
  }
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<SearchIcon />}
      value={searchText}
      onChange={(event) => setSearchText(event.currentTarget.value)}
      w={{ base: '100%', sm: width }}
    />
  );
}
