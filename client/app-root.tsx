// The provider tree around the routes, the same in the browser (client/main.tsx) and on the server
// (client/entry-server.tsx): hydration needs both to render the very same elements.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';
import { trpc, type TrpcClient } from './trpc';

/** Id of the `<script type="application/json">` holding the server's query data for the browser. */
export const QUERY_STATE_ELEMENT_ID = 'query-state';

export function createAppQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

interface AppRootProps {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  router: ReturnType<typeof createAppRouter>;
}

export function AppRoot({ queryClient, trpcClient, router }: AppRootProps) {
  return (
    <StrictMode>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            <RouterProvider router={router} />
          </MantineProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}
