// Two-factor in the browser, against a real API server: the sign-in page's code step (numeric
// input, one-time-code autocomplete, the server's message for a wrong code) and the Security tab's
// enrolment (QR code and key, a code computed here from the shown key, then the recovery codes).
// The challenge cookie is HttpOnly; outside a browser, a small jar around fetch carries it along.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@client/features/admin/LoginPage';
import { SettingsPage } from '@client/features/admin/settings/SettingsPage';
import { findUserById } from '@server/identity/users.repository';
import { callerFor, createAccount, TEST_PASSWORD, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();

function currentCode(secret: string): string {
  return generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
}

/** Enrols with a code of 90 seconds ago, so the current code has not been used yet. */
async function enrolInThePast(account: TestAccount): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - 90_000);
  try {
    const own = callerFor(server.env.deps, account);
    const { secret } = await own.auth.twoFactor.setup();
    await own.auth.twoFactor.enable({ password: TEST_PASSWORD, code: currentCode(secret) });
    return secret;
  } finally {
    vi.useRealTimers();
  }
}

/** Keeps the cookies the server sets and sends them back, as a browser does. */
function cookieJar(): void {
  const realFetch = globalThis.fetch;
  const jar = new Map<string, string>();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await realFetch(input, { ...init, headers });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  });
}

async function renderLogin() {
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
  const router = createRouter({ routeTree: root.addChildren([login, dashboard]), history: createMemoryHistory({ initialEntries: ['/admin/login'] }) });
  await act(() => router.load());
  renderWithProviders(<RouterProvider router={router} />, { baseUrl: server.baseUrl });
  await screen.findByRole('heading', { name: 'Admin Sign In' });
  return { user: userEvent.setup(), router };
}

describe('sign-in code step', () => {
  it('asks for the code after the password, shows a wrong code refused, then signs in with the right one', async () => {
    const account = await createAccount(server.env.db, 'user', { email: 'coded@example.com' });
    const secret = await enrolInThePast(account);
    cookieJar();
    const { user, router } = await renderLogin();
    await user.type(screen.getByLabelText(/^Email/), 'coded@example.com');
    await user.type(screen.getByLabelText(/^Password/), account.password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Two-Factor Verification' })).toBeInTheDocument();
    const input = screen.getByLabelText('Verification Code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');

    const right = currentCode(secret);
    await user.type(input, right === '000000' ? '111111' : '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code.');

    await user.type(screen.getByLabelText('Verification Code'), right);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });
});

describe('Security tab enrolment', () => {
  it('shows the QR code and key, turns on with a code from the key, then shows 10 recovery codes', async () => {
    const account = await createAccount(server.env.db, 'user', { email: 'enrol@example.com' });
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />, { baseUrl: server.baseUrl, sessionToken: account.token });
    await user.click(await screen.findByRole('tab', { name: 'Security' }));
    const panel = screen.getByRole('tabpanel');
    const toggle = within(panel).getByRole('switch', { name: /^Two-Factor Authentication/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    const dialog = await screen.findByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
    const qr = await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    const secret = within(dialog).getByTestId('two-factor-secret').textContent ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await findUserById(server.env.db, account.user.id))?.twoFactorEnabled).toBe(0);

    await user.type(within(dialog).getByLabelText(/^Verification Code/), currentCode(secret));
    await user.click(within(dialog).getByRole('button', { name: 'Verify and Turn On' }));
    // The password is asked too, and a wrong one is said under its field.
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Current Password/), 'not-the-password');
    await user.click(within(dialog).getByRole('button', { name: 'Verify and Turn On' }));
    expect(await within(dialog).findByText('Current password is incorrect.')).toBeInTheDocument();
    expect((await findUserById(server.env.db, account.user.id))?.twoFactorEnabled).toBe(0);
    await user.clear(within(dialog).getByLabelText(/^Current Password/));
    await user.type(within(dialog).getByLabelText(/^Current Password/), TEST_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Verify and Turn On' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    const codes = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect((await findUserById(server.env.db, account.user.id))?.twoFactorEnabled).toBe(1);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(within(panel).getByRole('switch', { name: /^Two-Factor Authentication/ })).toBeChecked();
  });
});
