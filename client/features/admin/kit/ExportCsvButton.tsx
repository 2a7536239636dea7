// 'Export CSV': a plain link to a server export route carrying the list's current filter, so the
// browser downloads the file itself (the session cookie goes along; nothing is held in memory here).
import { Button } from '@mantine/core';
import { DownloadIcon } from './icons';

type FilterValue = string | number | undefined;

/** The route with the filter as query parameters; empty values and the 'all' status are left out. */
export function exportHref(route: string, filter: Record<string, FilterValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '' || (key === 'status' && value === 'all')) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query === '' ? route : `${route}?${query}`;
}

export function ExportCsvButton({ route, filter }: { route: string; filter: Record<string, FilterValue> }) {
  return (
    <Button component="a" href={exportHref(route, filter)} download variant="default" leftSection={<DownloadIcon />}>
      Export CSV
    </Button>
  );
}
