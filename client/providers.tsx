// The data providers around every page, in the browser and on the server (hydration needs both to
// render the very same elements): the API client and the query cache. Mantine's theme is apart
// (client/theme-provider.tsx), and so is the app's router: the home page's own script
// (client/home.tsx) carries neither (its theme's CSS variables come from
// the build (scripts/vite/theme-variables.ts); the contact form, built with Mantine, brings the theme along).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { trpc, type TrpcClient } from './trpc';

/** Id of the `<script type="application/json">` holding the server's query data for the browser. */
export const QUERY_STATE_ELEMENT_ID = 'query-state';

export function createAppQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

interface ProvidersProps {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  children: ReactNode;
}

/** The API client and the query cache: all the home page needs (it uses no Mantine component). */
export function DataProviders({ queryClient, trpcClient, children }: ProvidersProps) {
  return (
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}
