// Settings > Integrations against a real API server: an admin makes an API token (the form refuses
// a blank name and no scope before sending), sees it once, and it works as a bearer token; the list
// shows its scopes, expiry and last use; revoking it asks first and refuses the token at once.
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '@client/features/admin/settings/SettingsPage';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { fill, renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin', { name: 'Ada Admin', email: 'ada@example.com' });
});

afterEach(() => {
  notifications.clean();
});

async function openIntegrations() {
  const user = userEvent.setup();
  renderWithProviders(<SettingsPage tab="integrations" />, { baseUrl: server.baseUrl, sessionToken: admin.token });
  await screen.findByRole('heading', { name: 'API Tokens' });
  return user;
}

async function statsWith(token: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/trpc/bookings.stats`, { headers: { authorization: `Bearer ${token}` } });
  return response.status;
}

describe('Integrations', () => {
  it('refuses a blank name and no scope without sending anything', async () => {
    const user = await openIntegrations();
    const fetches = vi.spyOn(globalThis, 'fetch');
    await user.click(screen.getByRole('button', { name: 'New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API Token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one scope')).toBeInTheDocument();
    expect(fetches.mock.calls.filter(([url]) => String(url).includes('apiTokens.create'))).toEqual([]);
  });

  it('makes a token shown once that works, lists it, and revokes it after asking', async () => {
    const user = await openIntegrations();
    expect(await screen.findByText('No API tokens yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API Token' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'CRM sync');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read bookings (bookings:read)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy Your API Token' });
    expect(within(shown).getByText('Shown only once')).toBeInTheDocument();
    const token = within(shown).getByLabelText('API token').textContent ?? '';
    expect(token).toMatch(/^api_[a-z2-7]{32}$/);
    expect(await statsWith(token)).toBe(200);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    const table = await screen.findByRole('table', { name: 'API tokens' });
    const row = (await within(table).findByText('CRM sync')).closest('tr');
    if (row === null) throw new Error('the token has no row');
    expect(within(row).getByText('bookings:read')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Revoke CRM sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API Token' });
    expect(within(confirm).getByText('Revoke CRM sync? Tools using it are refused from their next request; this cannot be undone.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await within(table).findByText('Revoked')).toBeInTheDocument();
    // Listed again after the revoke: its use above is shown, and it expires in 90 days (the default).
    const revokedRow = within(table).getByText('CRM sync').closest('tr');
    if (revokedRow === null) throw new Error('the token has no row');
    expect(within(revokedRow).queryByText('Never')).toBeNull();
    expect(within(revokedRow).queryByRole('button', { name: 'Revoke CRM sync' })).toBeNull();
    expect(await statsWith(token)).toBe(401);
  });

  it('saves the partner sites allowed to show the widget, and names the one that is not a site', async () => {
    const user = await openIntegrations();
    const section = await screen.findByRole('region', { name: 'Partner Sites' });
    expect(within(section).getByText(/^<script src="http:\/\/[^"]+\/embed\.js" data-event="EVENT-ID" async><\/script>$/)).toBeInTheDocument();
    const sites = within(section).getByRole('combobox', { name: 'Allowed Sites' });
    await user.type(sites, 'https://Chamber.example/{enter}partner.example{enter}');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await within(section).findByText('partner.example: Enter a site such as https://partner.example (https://, no path)')).toBeInTheDocument();
    // Refused before sending: nothing stored.
    expect(await server.env.deps.db.selectFrom('settings').select('value').where('key', '=', 'embed').executeTakeFirst()).toBeUndefined();

    // Backspace in the empty field takes the last site off.
    await user.type(sites, '{backspace}');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Partner sites settings saved')).toBeInTheDocument();
    const stored = await server.env.deps.db.selectFrom('settings').select('value').where('key', '=', 'embed').executeTakeFirst();
    expect(JSON.parse(stored?.value ?? '{}')).toEqual({ allowedOrigins: ['https://chamber.example'] });
    expect(within(section).getByText('https://chamber.example')).toBeInTheDocument();
  });
});
