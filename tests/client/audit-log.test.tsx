// The Audit Log page against a real API server: real changes by two admins are listed newest first
// with person, action, record and summary, times in the site's timezone; the person and kind
// filters narrow the list on the server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuditLogPage } from '@client/features/admin/audit/AuditLogPage';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { callerFor, createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let ada: TestAccount;

beforeEach(async () => {
  const { db, deps } = server.env;
  await saveSystemSettings(db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'America/New_York' });
  ada = await createAccount(db, 'admin', { name: 'Ada Admin', email: 'ada@example.com' });
  const bo = await createAccount(db, 'admin', { name: 'Bo Boss', email: 'bo@example.com' });
  await callerFor(deps, ada, { ip: '198.51.100.4' }).events.create({ title: 'Accra Summit', imageUrl: '/images/a.svg', displayOrder: 1, benefits: [] });
  await callerFor(deps, bo, { ip: '198.51.100.5' }).contacts.create({ name: 'Efua', email: 'efua@example.com', message: 'Hi', status: 'new' });
});
function bodyRows() {
  return within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row').slice(1);
}

describe('Audit Log page', () => {
  it('lists changes newest first and filters by person and kind of record', async () => {
    renderWithProviders(<AuditLogPage />, { baseUrl: server.baseUrl, sessionToken: ada.token });
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    await screen.findByText('Efua, new');
    const rows = bodyRows();
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Bo Boss')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Contact')).toBeInTheDocument();
    // The record is named (as it is named now), not shown by its id.
    expect(within(rows[0] as HTMLElement).getByTitle('Efua')).toHaveTextContent('Efua');
    expect(within(rows[0] as HTMLElement).getByText('Efua, new')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('198.51.100.5')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Created')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getAllByText('Accra Summit')).toHaveLength(2);
    // The site's zone is named with each time.
    expect(within(rows[1] as HTMLElement).getByText(/E[SD]T/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Kind of record' }));
    await user.click(await screen.findByRole('option', { name: 'Event' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0] as HTMLElement).getByTitle('Accra Summit')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: 'Bo Boss (bo@example.com)' }));
    expect(await screen.findByText('No entries found')).toBeInTheDocument();
  });
});
