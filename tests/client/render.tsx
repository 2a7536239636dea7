// Renders components inside the app's real providers, talking to a real tRPC client. Tests that
// load or submit data talk to a real API server: one per test file (testServerPerFile), answering
// each test from a fresh database of its own; they pass its baseUrl.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
import type { UserEvent } from '@testing-library/user-event';
import type { FastifyInstance } from 'fastify';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { cssVariablesResolver, theme } from '@client/theme';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { createTrpcClient, trpc } from '@client/trpc';
import { buildTestApp, createTestEnv, type TestEnv } from '@tests/support/helpers';
import { watchQueryClient } from './query-diagnostics';

/** A closed port: calls fail fast, for tests of failure states. */
export const UNREACHABLE = 'http://127.0.0.1:9';

export interface RenderOptions {
  baseUrl?: string;
  /** A session token (e.g. createAccount(env.db, 'admin').token) sent as the session cookie. */
  sessionToken?: string;
  /**
   * More headers for every API call (a French page's x-site-language, say). Read at each call: a
   * test may change the object (a cookie set in another tab) and the next call carries it.
   */
  headers?: Record<string, string>;
  /** A query client the test primed with what the app's shell would already hold (default: an empty one). */
  queryClient?: QueryClient;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  watchQueryClient(queryClient);
  const headers = options.headers ?? {};
  if (options.sessionToken !== undefined) headers.cookie = `${SESSION_COOKIE}=${options.sessionToken}`;
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

type TestEnvOptions = Parameters<typeof createTestEnv>[0];

/**
 * The API server of a test file: one loopback listener for the whole file, and for each test a fresh
 * database (a copy of the migrated template) with the app built over it before the test and closed
 * after it, so every test still owns its state. Call it once at the top of the file, before the
 * file's own hooks (which then find `server.env` ready), and read `server.env` and `server.baseUrl`
 * inside tests and hooks:
 *
 *   const server = testServerPerFile();
 *   beforeEach(async () => { admin = await createAccount(server.env.db, 'admin'); });
 *   it('...', () => renderWithProviders(<Page />, { baseUrl: server.baseUrl, sessionToken: admin.token }));
 *
 * Each test's address carries its number (http://127.0.0.1:<port>/t<n>): a request a finished test
 * left in flight is answered 503, never by the next test's database.
 */
export function testServerPerFile(options: TestEnvOptions = {}): Omit<TestServer, 'close'> {
  let listener: http.Server | undefined;
  let origin = '';
  let testNumber = 0;
  let current: { env: TestEnv; app: FastifyInstance; prefix: string } | undefined;

  beforeAll(async () => {
    const server = http.createServer((req, res) => {
      const url = req.url ?? '/';
      if (current === undefined || !(url === current.prefix || url.startsWith(`${current.prefix}/`) || url.startsWith(`${current.prefix}?`))) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `No test is using ${url.split('?')[0] ?? url} now.` } }));
        return;
      }
      req.url = url.slice(current.prefix.length) || '/';
      current.app.routing(req, res);
    });
    // Node closes a kept-alive connection after 5 s idle, and the client's pool may pick that very
    // connection for the next test's first call as it closes: "fetch failed" (seen in CI on a loaded
    // machine, auth.me and settings.public of one render). Idle connections stay open until the
    // file's last test is done (afterAll closes them).
    server.keepAliveTimeout = 0;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    listener = server;
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    const server = listener;
    listener = undefined;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(async () => {
    testNumber += 1;
    const env = await createTestEnv(options);
    const app = await buildTestApp(env);
    current = { env, app, prefix: `/t${testNumber}` };
  });
  afterEach(async () => {
    const finished = current;
    current = undefined;
    if (finished === undefined) return;
    await finished.app.close();
    await finished.env.close();
  });

  const running = () => {
    if (current === undefined) throw new Error('testServerPerFile: the server answers inside tests and their hooks only');
    return current;
  };
  return {
    get env() {
      return running().env;
    },
    get baseUrl() {
      return `${origin}${running().prefix}`;
    },
  };
}

/**
 * A real API server of its own on a free loopback port, over a fresh database (close it after the
 * test). testServerPerFile is the cheaper way for a whole file; this one suits a test that needs a
 * second server or a server for part of its run.
 */
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

/**
 * Replaces the text of `field` with `value` in one paste, as a person pasting it would: the field is
 * focused and emptied, then `value` arrives as one input event. For tests where typing key by key is
 * not what is tested: every key re-renders the form, and on the bigger screens a typed sentence
 * costs seconds of CPU. A newline ("12 Mill Lane\nManchester") goes into a textarea as a typed one
 * would; the field's own rules (maxLength, a number field's parsing) apply as they do to a paste.
 */
export async function fill(user: UserEvent, field: HTMLElement, value: string): Promise<void> {
  await user.clear(field);
  if (value !== '') await user.paste(value);
}
