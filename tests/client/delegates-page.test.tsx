// The delegates screen against a real API server: its loading, error and empty states, search done
// by the server, the add / edit / delete flow with its toasts and messages, and what a role-user
// account does not see.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DelegatesPage } from '@client/features/admin/delegates/DelegatesPage';
import { newId } from '@server/core/ids';
import { insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile, UNREACHABLE } from './render';

const server = testServerPerFile();
let admin: TestAccount;
let user: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin');
  user = await createAccount(server.env.db, 'user');
});
beforeEach(async () => {
  await server.env.db.deleteFrom('delegates').execute();
});

async function insertDelegate(
  index: number,
  overrides: { name?: string; email?: string; organization?: string | null; position?: string | null; sessionId?: string | null } = {},
) {
  return server.env.db
    .insertInto('delegates')
    .values({
      id: newId(),
      sessionId: overrides.sessionId ?? null,
      name: overrides.name ?? `Delegate ${String(index).padStart(2, '0')}`,
      email: overrides.email ?? `delegate${index}@example.com`,
      phone: null,
      organization: overrides.organization === undefined ? 'Trade Council' : overrides.organization,
      position: overrides.position === undefined ? 'Advisor' : overrides.position,
      bio: null,
      photoUrl: null,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function renderPage(account: TestAccount = admin, baseUrl = server.baseUrl) {
  return renderWithProviders(<DelegatesPage />, { baseUrl, sessionToken: account.token });
}

function delegateRows(): HTMLElement[] {
  return within(screen.getByRole('table', { name: 'Delegates' })).getAllByRole('row').slice(1);
}

describe('DelegatesPage states', () => {
  it('shows the loading text, then the empty state', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Delegates' })).toBeInTheDocument();
    expect(screen.getByText('Loading delegates...')).toBeInTheDocument();
    expect(await screen.findByText('No delegates found. Add your first delegate!')).toBeInTheDocument();
    expect(screen.queryByText('Loading delegates...')).not.toBeInTheDocument();
  });

  it('says why the list could not be loaded', async () => {
    renderPage(admin, UNREACHABLE);
    // The reason follows the prefix (in a browser, 'Could not reach the server...'; Node's fetch words it
    // differently).
    expect(await screen.findByText(/^Error loading delegates: \S.+/)).toBeInTheDocument();
    expect(screen.queryByText('Loading delegates...')).not.toBeInTheDocument();
  });

  it("shows '-' for an empty organization or position and the initial when there is no photo", async () => {
    await insertDelegate(1, { name: 'kofi annan', organization: null, position: null });
    renderPage();
    const [row] = await waitFor(() => delegateRows());
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Kkofi annan', 'delegate1@example.com', '-', '-', '']);
  });
});

describe('DelegatesPage search', () => {
  it('searches on the server (a match beyond the first page is found) and an empty search restores the list', async () => {
    for (let index = 1; index <= 24; index += 1) await insertDelegate(index);
    // The 25th, on page 2 of an unfiltered list: only the server can find it.
    await insertDelegate(25, { name: 'Zara Quist', email: 'zq@globex.example', organization: 'Globex', position: 'Director' });
    const interaction = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Showing 1–20 of 25')).toBeInTheDocument();
    expect(screen.queryByText('Zara Quist')).not.toBeInTheDocument();

    const search = screen.getByRole('textbox', { name: 'Search delegates' });
    expect(search).toHaveAttribute('placeholder', 'Search delegates...');
    for (const term of ['zara', 'GLOBEX.example', 'globex', 'DIRECTOR']) {
      await interaction.clear(search);
      await interaction.type(search, term);
      await waitFor(() => expect(delegateRows()).toHaveLength(1));
      expect(screen.getByText('Zara Quist')).toBeInTheDocument();
      expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
    }

    await interaction.clear(search);
    await interaction.type(search, 'nobody-matches-this');
    expect(await screen.findByText('No delegates found. Add your first delegate!')).toBeInTheDocument();

    await interaction.clear(search);
    expect(await screen.findByText('Showing 1–20 of 25')).toBeInTheDocument();
  });
});

describe('DelegatesPage changes', () => {
  it('validates, adds a delegate without a session, and says so in a toast', async () => {
    const interaction = userEvent.setup();
    renderPage();
    await screen.findByText('No delegates found. Add your first delegate!');

    await interaction.click(screen.getByRole('button', { name: 'Add Delegate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Delegate' });
    await interaction.click(within(dialog).getByRole('button', { name: 'Save Delegate' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();

    await interaction.type(within(dialog).getByLabelText(/^Name/), 'Ama Serwaa');
    await interaction.type(within(dialog).getByLabelText(/^Email/), 'not-an-email');
    expect(within(dialog).queryByText('Name is required')).not.toBeInTheDocument(); // cleared on edit
    await interaction.click(within(dialog).getByRole('button', { name: 'Save Delegate' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();

    await interaction.clear(within(dialog).getByLabelText(/^Email/));
    await interaction.type(within(dialog).getByLabelText(/^Email/), 'ama@serwaa.example');
    await interaction.type(within(dialog).getByLabelText('Organization'), '  ');
    await interaction.type(within(dialog).getByLabelText('Position'), 'Trade Envoy');
    await interaction.click(within(dialog).getByRole('button', { name: 'Save Delegate' }));

    expect(await screen.findByText('Delegate Ama Serwaa added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Delegate' })).not.toBeInTheDocument());
    expect(await screen.findByText('Ama Serwaa')).toBeInTheDocument();
    const stored = await server.env.db.selectFrom('delegates').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Ama Serwaa', email: 'ama@serwaa.example', sessionId: null, organization: null, position: 'Trade Envoy' });

    // Reopened, the form starts blank again.
    await interaction.click(screen.getByRole('button', { name: 'Add Delegate' }));
    const again = await screen.findByRole('dialog', { name: 'Add Delegate' });
    expect(within(again).getByLabelText(/^Name/)).toHaveValue('');
  });

  it('edits a delegate keeping its session, and deletes one after the Confirm Delete dialog', async () => {
    const event = await insertEventRow(server.env.db);
    const session = await insertSessionRow(server.env.db, event.id);
    const delegate = await insertDelegate(1, { name: 'Yaw Boateng', sessionId: session.id });
    const interaction = userEvent.setup();
    renderPage();

    await interaction.click(await screen.findByRole('button', { name: 'Edit Yaw Boateng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Delegate' });
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveValue('Yaw Boateng');
    await interaction.clear(name);
    await interaction.type(name, 'Yaw K. Boateng');
    await interaction.click(within(dialog).getByRole('button', { name: 'Save Delegate' }));
    expect(await screen.findByText('Delegate Yaw K. Boateng updated successfully')).toBeInTheDocument();
    const stored = await server.env.db.selectFrom('delegates').selectAll().where('id', '=', delegate.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Yaw K. Boateng', sessionId: session.id });

    await interaction.click(await screen.findByRole('button', { name: 'Delete Yaw K. Boateng' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(within(confirm).getByText('Are you sure you want to delete this delegate? This action cannot be undone.')).toBeInTheDocument();
    await interaction.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Delete' })).not.toBeInTheDocument());
    expect(await server.env.db.selectFrom('delegates').select('id').execute()).toHaveLength(1);

    await interaction.click(screen.getByRole('button', { name: 'Delete Yaw K. Boateng' }));
    await interaction.click(within(await screen.findByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delegate Yaw K. Boateng deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No delegates found. Add your first delegate!')).toBeInTheDocument();
    expect(await server.env.db.selectFrom('delegates').select('id').execute()).toHaveLength(0);
  });

  it("shows the server's reason when a save fails", async () => {
    const interaction = userEvent.setup();
    await insertDelegate(1, { name: 'Efua Mensah' });
    renderPage();
    await interaction.click(await screen.findByRole('button', { name: 'Edit Efua Mensah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Delegate' });
    // Deleted behind the screen's back: the update finds nothing.
    await server.env.db.deleteFrom('delegates').execute();
    await interaction.click(within(dialog).getByRole('button', { name: 'Save Delegate' }));
    expect(await screen.findByText(/^Failed to save delegate: .+/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Delegate' })).toBeInTheDocument();
  });
});

describe('DelegatesPage for role user', () => {
  it('lists delegates without add, edit or delete', async () => {
    await insertDelegate(1, { name: 'Abena Owusu' });
    renderPage(user);
    expect(await screen.findByText('Abena Owusu')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Delegate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
