// The Home Page editor's preview against a real API server: the first slide as it is typed, in the
// site's header, buttons and footer (the saved identity), with a link to the live site; nothing is
// saved by typing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { HomePageEditor } from '@client/features/admin/home-page/HomePageEditor';
import { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '@client/trpc';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { callerFor, createAccount, type TestAccount } from '@tests/support/helpers';
import { fill, renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin');
});
describe('Home Page editor preview', () => {
  it('shows the first slide as it is typed inside the site frame, and links to the live site', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HomePageEditor />, { baseUrl: server.baseUrl, sessionToken: admin.token });
    // Within its section, so a failure prints the section (loading, or why not) rather than the whole form.
    const section = await screen.findByRole('region', { name: 'How it looks' });
    const preview = await within(section).findByLabelText('Preview');
    const hero = within(preview).getByTestId('preview-hero');
    const [titleField] = await screen.findAllByLabelText(/^Title/);
    if (titleField === undefined) throw new Error('no slide title field');
    const saved = (titleField as HTMLInputElement).value;
    expect(hero).toHaveTextContent(saved);

    await fill(user, titleField, 'Expand Into West Africa');
    await waitFor(() => expect(hero).toHaveTextContent('Expand Into West Africa'));
    expect(within(preview).getByTestId('preview-header')).toBeInTheDocument();
    expect(within(preview).getByTestId('preview-footer')).toHaveTextContent(`© ${new Date().getFullYear()}`);
    expect(within(preview).getByRole('link', { name: 'Open the live site (new tab)' })).toHaveAttribute('href', '/');
    const stored = await server.env.db.selectFrom('homeContent').select('content').executeTakeFirstOrThrow();
    expect(stored.content).not.toContain('Expand Into West Africa');
  });
});

describe('Home Page editor preview, when the site settings cannot be read', () => {
  it('says why beside a working form, and shows the preview once Try again succeeds', async () => {
    const user = userEvent.setup();
    const caller = callerFor(server.env.deps, admin);
    // The app's shell already knows who is signed in and holds the page's content; the settings
    // the preview needs are refused (the session cookie is not sent: signed out in another tab).
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
    queryClient.setQueryData(getQueryKey(trpc.auth.me, undefined, 'query'), await caller.auth.me());
    queryClient.setQueryData(getQueryKey(trpc.homePage.get, undefined, 'query'), await caller.homePage.get());
    const headers: Record<string, string> = {};
    renderWithProviders(<HomePageEditor />, { baseUrl: server.baseUrl, headers, queryClient });

    const section = await screen.findByRole('region', { name: 'How it looks' });
    expect(await within(section).findByText(/^The preview could not be loaded/)).toHaveTextContent(
      'The preview could not be loaded: Please sign in to continue. Try again',
    );
    expect(screen.getAllByLabelText(/^Title/).length).toBeGreaterThan(0);

    headers.cookie = `${SESSION_COOKIE}=${admin.token}`; // signed in again
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByLabelText('Preview')).toBeInTheDocument();
    expect(within(section).queryByText(/^The preview could not be loaded/)).not.toBeInTheDocument();
  });
});
