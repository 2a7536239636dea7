// After deletes or a shrinking filter, the page being shown can lie past the last page: step back to
// the last page that has rows instead of showing an empty state while rows exist.
import { useEffect } from 'react';
import { PAGE_SIZE } from './use-list-state';

export function useKeepPageInRange(data: { items: unknown[]; total: number } | undefined, page: number, setPage: (page: number) => void) {
  const lastPage = data === undefined ? 1 : Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  const outOfRange = data !== undefined && data.items.length === 0 && page > lastPage;
  useEffect(() => {
    if (outOfRange) setPage(lastPage);
  }, [outOfRange, lastPage, setPage]);
}
