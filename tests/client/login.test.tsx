// The sign-in screen against a real API server: the pending label, the server's message in the
// banner, the required fields, and the return to the page the guard was asked for.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { LoginPage } from '@client/features/admin/LoginPage';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let account: TestAccount;

beforeEach(async () => {
  account = await createAccount(server.env.db, 'user', { email: 'staff@example.com' });
});

/** The sign-in route as the app declares it (search ?redirect=), beside two back-office pages. */
async function renderLogin(initialPath = '/admin/login') {
  const root = createRootRoute();
  const login = createRoute({
    getParentRoute: () => root,
    path: '/admin/login',
    validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
      redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    }),
    component: LoginPage,
  });
  const dashboard = createRoute({ getParentRoute: () => root, path: '/admin/dashboard', component: () => <h1>Dashboard page</h1> });
  const contacts = createRoute({ getParentRoute: () => root, path: '/admin/contacts', component: () => <h1>Contacts page</h1> });
  const router = createRouter({
    routeTree: root.addChildren([login, dashboard, contacts]),
    history: createMemoryHistory({ initialEntries: [initialPath] }),
  });
  await act(() => router.load());
  renderWithProviders(<RouterProvider router={router} />, { baseUrl: server.baseUrl });
  await screen.findByRole('heading', { name: 'Admin Sign In' });
  return { user: userEvent.setup(), router };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in', () => {
  it("shows 'Signing in...' while the server checks, then opens the dashboard", async () => {
    const { user, router } = await renderLogin();
    await fillAndSubmit(user, account.user.email, account.password);
    const pending = await screen.findByRole('button', { name: 'Signing in...' });
    expect(pending).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it("shows the server's 'Invalid email or password.' in a banner for a wrong password", async () => {
    const { user } = await renderLogin();
    await fillAndSubmit(user, account.user.email, 'not-the-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Admin Sign In' })).toBeInTheDocument();
  });

  it('says the same for an address that has no account', async () => {
    const { user } = await renderLogin();
    await fillAndSubmit(user, 'nobody@example.com', 'whatever-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
  });

  it('requires the e-mail and the password before asking the server', async () => {
    const { user } = await renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lets the password be shown and hidden', async () => {
    const { user } = await renderLogin();
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('returns to the page the guard was asked for', async () => {
    const { user, router } = await renderLogin('/admin/login?redirect=%2Fadmin%2Fcontacts');
    await fillAndSubmit(user, account.user.email, account.password);
    expect(await screen.findByRole('heading', { name: 'Contacts page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/contacts');
  });

  it('never follows a redirect outside the back office', async () => {
    const { user, router } = await renderLogin('/admin/login?redirect=https%3A%2F%2Fevil.example%2Fadmin%2Fcontacts');
    await fillAndSubmit(user, account.user.email, account.password);
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });
});
