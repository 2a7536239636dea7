// The one list pattern of the back office (ListPage) against a real API server: the loading text,
// the rows with their header and pages, the empty state with its action, and the error state whose
// Try again asks the server again. The Users tab (a list inside a tab) offers 'Reset two-factor' for
// accounts with two-factor on, after a confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Table } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { failureText } from '@client/features/admin/kit/notify';
import { useListState } from '@client/features/admin/kit/use-list-state';
import { UsersTab } from '@client/features/admin/settings/UsersTab';
import { trpc } from '@client/trpc';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin', { name: 'Ada Admin', email: 'ada@example.com' });
});
/** A list of accounts drawn with ListPage, as every back-office list is. */
function AccountsList() {
  const list = useListState('all');
  const [created, setCreated] = useState(0);
  const accounts = trpc.users.list.useQuery(
    { search: list.query.search, page: list.page, pageSize: list.query.pageSize },
    { placeholderData: keepPreviousData },
  );
  return (
    <ListPage
      title="Accounts"
      subtitle="Everyone who signs in"
      actions={<Button>New Account</Button>}
      search={{ label: 'Search accounts', placeholder: 'Search accounts...', value: list.search, onChange: list.setSearch }}
      filters={<span>the filters</span>}
      query={accounts}
      tableLabel="Accounts"
      minWidth={600}
      columns={[{ label: 'Name' }, { label: 'Email' }]}
      rows={(items) =>
        items.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>{row.email}</Table.Td>
          </Table.Tr>
        ))
      }
      loadingText="Loading accounts..."
      errorText={(error) => failureText('Failed to load accounts', error)}
      empty={{
        title: 'No accounts found',
        description: 'Try another search.',
        action: <Button onClick={() => setCreated((count) => count + 1)}>{`Create one (${created})`}</Button>,
      }}
      page={list.page}
      onPage={list.setPage}
    />
  );
}

function renderList(account: TestAccount) {
  return renderWithProviders(<AccountsList />, { baseUrl: server.baseUrl, sessionToken: account.token });
}

function bodyRows(): string[] {
  return within(screen.getByRole('table', { name: 'Accounts' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
}

describe('ListPage', () => {
  it('shows the title, subtitle, action, search and filters, the loading text, then the rows with their header and pages', async () => {
    for (let i = 1; i <= 21; i += 1) {
      await createAccount(server.env.db, 'user', { name: `Listed ${String(i).padStart(2, '0')}`, email: `listed${i}@example.com` });
    }
    renderList(admin);
    expect(screen.getByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
    expect(screen.getByText('Everyone who signs in')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Account' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search accounts' })).toHaveAttribute('placeholder', 'Search accounts...');
    expect(screen.getByText('the filters')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading accounts...');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(screen.queryByText('Loading accounts...')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Accounts' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Email']);
    expect(bodyRows()[0]).toBe('Ada Adminada@example.com');
    expect(screen.getByText('Showing 1–20 of 22')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    // A wide table scrolls inside its own frame, which the keyboard can reach.
    expect(screen.getByRole('region', { name: 'Accounts' })).toHaveAttribute('tabindex', '0');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(bodyRows()).toEqual(['Listed 20listed20@example.com', 'Listed 21listed21@example.com']));
    expect(screen.getByText('Showing 21–22 of 22')).toBeInTheDocument();
  });

  it('shows the empty state with its text and action, inside the table and without its header', async () => {
    const user = userEvent.setup();
    renderList(admin);
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Search accounts' }), 'nobody at all');
    const table = screen.getByRole('table', { name: 'Accounts' });
    expect(await within(table).findByText('No accounts found')).toBeInTheDocument();
    expect(within(table).getByText('Try another search.')).toBeInTheDocument();
    expect(within(table).queryAllByRole('columnheader')).toEqual([]);
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Create one (0)' }));
    expect(within(table).getByRole('button', { name: 'Create one (1)' })).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Search accounts' }));
    await waitFor(() => expect(bodyRows()).toEqual(['Ada Adminada@example.com']));
    expect(screen.queryByText('No accounts found')).not.toBeInTheDocument();
  });

  it('says why the list failed in an alert, and Try again asks the server again', async () => {
    // A role user may not list accounts: the server refuses until the account becomes an admin.
    const member = await createAccount(server.env.db, 'user', { name: 'Uma User', email: 'uma@example.com' });
    const user = userEvent.setup();
    renderList(member);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to load accounts: Only administrators can do this\. Try again$/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('No accounts found')).not.toBeInTheDocument();

    await server.env.db.updateTable('users').set({ role: 'admin' }).where('id', '=', member.user.id).execute();
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(bodyRows()).toEqual(['Ada Adminada@example.com', 'Uma Useruma@example.com']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Users tab: Reset two-factor', () => {
  it('is offered only for accounts with two-factor on, asks first, and turns it off on the server', async () => {
    const withTwoFactor = await createAccount(server.env.db, 'user', { name: 'Lost Phone', email: 'lost@example.com' });
    await createAccount(server.env.db, 'user', { name: 'Plain User', email: 'plain@example.com' });
    await server.env.db.updateTable('users').set({ twoFactorEnabled: 1 }).where('id', '=', withTwoFactor.user.id).execute();
    const user = userEvent.setup();
    renderWithProviders(<UsersTab />, { baseUrl: server.baseUrl, sessionToken: admin.token });

    const table = await screen.findByRole('table', { name: 'User accounts' });
    await within(table).findByText('lost@example.com');
    expect(screen.getByRole('heading', { level: 2, name: 'User Accounts' })).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Reset two-factor/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Reset two-factor for Lost Phone',
    ]);

    // Cancel changes nothing.
    await user.click(within(table).getByRole('button', { name: 'Reset two-factor for Lost Phone' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reset Two-Factor' });
    expect(dialog).toHaveTextContent('Turn off two-factor authentication for Lost Phone (lost@example.com)?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const flag = async () =>
      (await server.env.db.selectFrom('users').select('twoFactorEnabled').where('id', '=', withTwoFactor.user.id).executeTakeFirstOrThrow())
        .twoFactorEnabled;
    expect(await flag()).toBe(1);

    await user.click(within(table).getByRole('button', { name: 'Reset two-factor for Lost Phone' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset Two-Factor' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset Two-Factor' }));
    expect(await screen.findByText('Two-factor authentication turned off for Lost Phone')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole('button', { name: /^Reset two-factor/ })).not.toBeInTheDocument());
    expect(await flag()).toBe(0);
    const audit = await server.env.db.selectFrom('auditLog').select('summary').where('action', '=', 'two-factor').execute();
    expect(audit).toEqual([{ summary: 'two-factor reset for lost@example.com' }]);
  });
});
