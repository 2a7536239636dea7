// Renders components inside the app's real providers, talking to a real tRPC client. Tests that
// load or submit data start a real server (startTestServer) and pass its baseUrl.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type RouteComponent,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { cssVariablesResolver, theme } from '@client/theme';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { createTrpcClient, trpc } from '@client/trpc';
import { buildTestApp, createTestEnv, type TestEnv } from '@tests/support/helpers';

/** A closed port: calls fail fast, for tests of failure states. */
export const UNREACHABLE = 'http://127.0.0.1:9';

export interface RenderOptions {
  baseUrl?: string;
  /** A session token (e.g. createAccount(env.db, 'admin').token) sent as the session cookie. */
  sessionToken?: string;
  /** More headers for every API call (a French page's x-site-language, say). */
  headers?: Record<string, string>;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const headers = {
    ...options.headers,
    ...(options.sessionToken === undefined ? {} : { cookie: `${SESSION_COOKIE}=${options.sessionToken}` }),
  };
  const client = createTrpcClient(options.baseUrl ?? UNREACHABLE, headers);
  const rendered = render(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
          <Notifications />
          {ui}
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
  // The query client too, so a test can see which mutations a form started (none when it refused).
  return Object.assign(rendered, { queryClient });
}

/** Renders a page component at `path` under a memory router (for components that use <Link>). */
export async function renderRoute(component: RouteComponent, options: RenderOptions & { path?: string } = {}) {
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: options.path ?? '/', component });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
  });
  await act(() => router.load());
  return renderWithProviders(<RouterProvider router={router} />, options);
}

export interface TestServer {
  env: TestEnv;
  baseUrl: string;
  close(): Promise<void>;
}

/** A real API server on a free loopback port, over a fresh database. */
export async function startTestServer(): Promise<TestServer> {
  const env = await createTestEnv();
  const app = await buildTestApp(env);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test server has no port');
  return {
    env,
    baseUrl: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await env.close();
    },
  };
}
