// The Settings screen's test frame, shared by the settings*.test.tsx files (one file per group of
// tabs, so the two test workers share them out): a real API server per file, an admin and a user
// account per test, no stored settings, and the helpers the files check forms with. Call it once at
// the top of a test file (test files share their worker's modules: a module's top level runs once).
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { SettingsPage } from '@client/features/admin/settings/SettingsPage';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

export type SettingsUser = ReturnType<typeof userEvent.setup>;

export function settingsPageTest() {
  const server = testServerPerFile();
  let admin: TestAccount | undefined;
  let member: TestAccount | undefined;
  let queryClient: QueryClient | undefined;

  beforeEach(async () => {
    admin = await createAccount(server.env.db, 'admin', { name: 'Ada Admin', email: 'ada@example.com' });
    member = await createAccount(server.env.db, 'user', { name: 'Uma User', email: 'uma@example.com' });
  });

  beforeEach(async () => {
    await server.env.db.deleteFrom('settings').execute();
  });

  afterEach(() => {
    // Toasts live in a module-level store: without this, earlier tests' toasts queue up later ones.
    notifications.clean();
  });

  function defined<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`${what} is made before each test`);
    return value;
  }

  return {
    server,
    get admin(): TestAccount {
      return defined(admin, 'The admin account');
    },
    get member(): TestAccount {
      return defined(member, 'The user account');
    },
    get queryClient(): QueryClient {
      return defined(queryClient, 'The query client (renderSettings)');
    },

    /** Watches (does not replace) fetch and counts the calls that carry `procedure`. */
    watchCalls(procedure: string): () => number {
      const spy = vi.spyOn(globalThis, 'fetch');
      return () => spy.mock.calls.filter(([url]) => String(url instanceof Request ? url.url : url).includes(procedure)).length;
    },

    async renderSettings(account?: TestAccount): Promise<SettingsUser> {
      const user = userEvent.setup();
      ({ queryClient } = renderWithProviders(<SettingsPage />, { baseUrl: server.baseUrl, sessionToken: (account ?? defined(admin, 'The admin account')).token }));
      await screen.findByRole('tab', { name: 'Profile' });
      return user;
    },

    /** Opens a tab and returns its (visible) panel: the one the tab names (a tab may hold language tabs of its own). */
    async openTab(user: SettingsUser, name: string): Promise<HTMLElement> {
      await user.click(screen.getByRole('tab', { name }));
      return screen.getByRole('tabpanel', { name });
    },

    /**
     * A refused form started no save at all: the query client holds no mutation (a form calls mutate
     * only when its checks pass, and the mutation is recorded at once, before any request), and fetch
     * never carried the procedure. Nothing to wait for: there is no request in flight.
     */
    expectNothingSent(calls: () => number): void {
      expect(defined(queryClient, 'The query client (renderSettings)').getMutationCache().getAll()).toEqual([]);
      expect(calls()).toBe(0);
    },
  };
}
