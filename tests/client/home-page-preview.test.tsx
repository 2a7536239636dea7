// The Home Page editor's preview against a real API server: the first slide as it is typed, in the
// site's header, buttons and footer (the saved identity), with a link to the live site; nothing is
// saved by typing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { HomePageEditor } from '@client/features/admin/home-page/HomePageEditor';
import { createAccount, type TestAccount } from '@tests/support/helpers';
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
