// The providers around every page, in the browser and on the server (hydration needs both to render
// the very same elements): the API client, the query cache and Mantine's theme. Kept apart from the
// app's router, so the home page's own script (client/home.tsx) carries no router.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { cssVariablesResolver, theme } from './theme';
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

export function Providers({ queryClient, trpcClient, children }: ProvidersProps) {
  return (
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            {children}
          </MantineProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}
