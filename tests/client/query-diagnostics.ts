// What the rendered screens were waiting for when a client test failed. A test that waits for
// something a query shows ("Edit" appears once auth.me says admin) fails with a DOM dump alone,
// which does not say whether the query was still running, failed (and why) or answered something
// else; a failed test prints its queries and mutations (tests/client/setup.ts), so a failure seen
// once on a loaded machine says what happened.
import type { QueryClient } from '@tanstack/react-query';

const rendered = new Set<QueryClient>();

/** renderWithProviders registers the query client of each render. */
export function watchQueryClient(queryClient: QueryClient): void {
  rendered.add(queryClient);
}

export function forgetQueryClients(): void {
  rendered.clear();
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const data = (error as Error & { data?: { code?: string; httpStatus?: number } }).data;
  return `${error.name}: ${error.message}${data?.code === undefined ? '' : ` (${data.code}, HTTP ${data.httpStatus ?? '?'})`}`;
}

/** One line per query and mutation of every rendered query client: key, state, error. */
export function describeQueries(): string {
  const lines: string[] = [];
  for (const queryClient of rendered) {
    for (const query of queryClient.getQueryCache().getAll()) {
      const { status, fetchStatus, error, dataUpdatedAt } = query.state;
      const answered = dataUpdatedAt === 0 ? 'never answered' : `answered at ${new Date(dataUpdatedAt).toISOString()}`;
      lines.push(`query ${JSON.stringify(query.queryKey)}: ${status}/${fetchStatus}, ${answered}${error === null ? '' : `, ${errorText(error)}`}`);
    }
    for (const mutation of queryClient.getMutationCache().getAll()) {
      const { status, error } = mutation.state;
      lines.push(`mutation ${JSON.stringify(mutation.options.mutationKey ?? null)}: ${status}${error === null ? '' : `, ${errorText(error)}`}`);
    }
  }
  return lines.join('\n');
}
