// The contacts screen against a real API server: its texts, count cards and filter labels, the
// empty state, the table's defaults, server-side search and filter, quick status and notes changes,
// the CSV link of the current filter, and deletes for admins only.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactsPage } from '@client/features/admin/contacts/ContactsPage';
import { newId } from '@server/core/ids';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { fill, renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;
let user: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin');
  user = await createAccount(server.env.db, 'user');
});
beforeEach(async () => {
  await server.env.db.deleteFrom('contactForms').execute();
});

type Status = 'new' | 'in-progress' | 'completed' | 'closed';

async function insertContact(name: string, overrides: { company?: string | null; status?: Status; message?: string; minute?: number } = {}) {
  return server.env.db
    .insertInto('contactForms')
    .values({
      id: newId(),
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      company: overrides.company === undefined ? 'Acme Trading' : overrides.company,
      message: overrides.message ?? 'We would like to discuss a market entry plan.',
      status: overrides.status ?? 'new',
      notes: null,
      createdAt: new Date(Date.UTC(2026, 1, 3, 14, overrides.minute ?? 0)).toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function renderPage(account: TestAccount = admin) {
  return renderWithProviders(<ContactsPage />, { baseUrl: server.baseUrl, sessionToken: account.token });
}

function rows(): HTMLElement[] {
  return within(screen.getByRole('table', { name: 'Contacts' })).getAllByRole('row').slice(1);
}

describe('ContactsPage', () => {
  it('shows the title, subtitle, zero counts and the empty state', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Contact Management' })).toBeInTheDocument();
    expect(screen.getByText('Manage customer inquiries and communications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Contact' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search contacts' })).toHaveAttribute('placeholder', 'Search contacts...');
    expect(await screen.findByText('No contacts found')).toBeInTheDocument();
    expect(screen.getByText('Get started by adding your first contact.')).toBeInTheDocument();
    for (const label of ['New', 'In Progress', 'Completed', 'Closed']) {
      await waitFor(() => expect(screen.getByLabelText(label)).toHaveTextContent(`${label}0`));
    }
  });

  it("lists contacts with 'N/A' for no company, the full message in a title, labelled badges and counts", async () => {
    const long = `${'A long enquiry about distribution partners in Nairobi. '.repeat(6)}The end.`;
    await insertContact('Ama Owusu', { company: null, message: long, status: 'in-progress', minute: 1 });
    await insertContact('Kojo Asante', { status: 'completed', minute: 2 });
    await insertContact('Efua Mensah', { status: 'closed', minute: 3 });
    renderPage();

    await waitFor(() => expect(rows()).toHaveLength(3));
    const ama = rows().find((row) => row.textContent?.includes('Ama Owusu'));
    if (ama === undefined) throw new Error('no row for Ama Owusu');
    const cells = within(ama).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Ama Owusuama.owusu@example.com');
    expect(cells[1]).toHaveTextContent(/^N\/A$/);
    expect(within(cells[2] as HTMLElement).getByTitle(long)).toBeInTheDocument();
    expect(cells[3]).toHaveTextContent('In Progress');
    expect(cells[4]).toHaveTextContent('Feb 3, 2026, 2:01 PM UTC');
    expect(screen.getByLabelText('In Progress')).toHaveTextContent('In Progress1');
    expect(screen.getByLabelText('Completed')).toHaveTextContent('Completed1');
    expect(screen.getByLabelText('Closed')).toHaveTextContent('Closed1');
    expect(screen.getByLabelText('New')).toHaveTextContent('New0');
  });

  it('filters by status with the same four labels as everywhere and searches name, e-mail and company on the server, and the CSV link follows', async () => {
    await insertContact('Ama Owusu', { company: 'Owusu Cocoa', status: 'new', minute: 1 });
    await insertContact('Kojo Asante', { company: 'Gold Coast Ltd', status: 'completed', minute: 2 });
    const interaction = userEvent.setup();
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await interaction.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All Status', 'New', 'In Progress', 'Completed', 'Closed']);
    await interaction.click(screen.getByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('Kojo Asante')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/export/contacts.csv?status=completed');

    await interaction.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await interaction.click(await screen.findByRole('option', { name: 'All Status' }));
    const search = screen.getByRole('textbox', { name: 'Search contacts' });
    await fill(interaction, search, 'cocoa');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('Ama Owusu')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/export/contacts.csv?search=cocoa');
    await fill(interaction, search, 'KOJO.ASANTE@');
    await waitFor(() => expect(screen.queryByText('Ama Owusu')).not.toBeInTheDocument());
    expect(screen.getByText('Kojo Asante')).toBeInTheDocument();
    await fill(interaction, search, 'nobody');
    expect(await screen.findByText('No contacts found')).toBeInTheDocument();
  });

  it("changes a status from the table and saves notes, as role user, who sees no delete", async () => {
    const contact = await insertContact('Yaw Boateng');
    const interaction = userEvent.setup();
    renderPage(user);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();

    await interaction.click(screen.getByRole('button', { name: 'New: change status of contact Yaw Boateng' }));
    await interaction.click(await screen.findByRole('menuitem', { name: 'In Progress' }));
    expect(await screen.findByText('Contact Yaw Boateng is now In Progress')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('In Progress')).toHaveTextContent('In Progress1'));

    await interaction.click(screen.getByRole('button', { name: 'Notes for Yaw Boateng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Internal Notes' });
    await fill(interaction, within(dialog).getByLabelText('Notes'), '  Sent a proposal.  ');
    await interaction.click(within(dialog).getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText('Notes for Yaw Boateng saved')).toBeInTheDocument();

    const stored = await server.env.db.selectFrom('contactForms').selectAll().where('id', '=', contact.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'in-progress', notes: 'Sent a proposal.', name: 'Yaw Boateng', company: 'Acme Trading' });
  });

  it('deletes after the browser confirmation, for admins', async () => {
    await insertContact('Esi Quartey');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const interaction = userEvent.setup();
    renderPage(admin);
    await interaction.click(await screen.findByRole('button', { name: 'Delete Esi Quartey' }));
    expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to delete this contact?');
    expect(await server.env.db.selectFrom('contactForms').select('id').execute()).toHaveLength(1);

    await interaction.click(screen.getByRole('button', { name: 'Delete Esi Quartey' }));
    expect(await screen.findByText('Contact Esi Quartey deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No contacts found')).toBeInTheDocument();
    expect(await server.env.db.selectFrom('contactForms').select('id').execute()).toHaveLength(0);
  });
});
