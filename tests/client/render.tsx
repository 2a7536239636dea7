// Renders a component inside the app's real providers, talking to a real tRPC client. Component
// tests that submit pass a `baseUrl` of a real server started by the test.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { theme } from '../../client/theme';
import { createTrpcClient, trpc } from '../../client/trpc';

export function renderWithProviders(ui: ReactElement, options: { baseUrl?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const client = createTrpcClient(options.baseUrl ?? 'http://127.0.0.1:9');
  return render(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme}>{ui}</MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
}
