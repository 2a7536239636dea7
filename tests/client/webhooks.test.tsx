// Settings > Integrations > Webhooks against a real API server: the form refuses a blank address
// and no event before sending; an admin adds an endpoint and sees its secret once; the list shows
// its events and state; the delivery log shows each delivery's status, attempts and answer, and
// Redeliver puts one back in line; editing turns it off; deleting asks first.
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '@client/features/admin/settings/SettingsPage';
import { newId } from '@server/core/ids';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { fill, renderWithProviders, testServerPerFile } from './render';

// A public address: nothing is sent to it (no sender runs here), but it passes the check when saved.
const URL = 'https://93.184.215.14/hooks';
const server = testServerPerFile();
let admin: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin', { name: 'Ada Admin', email: 'ada@example.com' });
});

afterEach(() => {
  notifications.clean();
});

async function openWebhooks() {
  const user = userEvent.setup();
  renderWithProviders(<SettingsPage tab="integrations" />, { baseUrl: server.baseUrl, sessionToken: admin.token });
  await screen.findByRole('heading', { name: 'Webhooks' });
  return user;
}

describe('Webhooks', () => {
  it('refuses a blank address and no event without sending anything', async () => {
    const user = await openWebhooks();
    const fetches = vi.spyOn(globalThis, 'fetch');
    await user.click(screen.getByRole('button', { name: 'New Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Webhook Endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(within(dialog).getByText('Endpoint URL is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(fetches.mock.calls.filter(([url]) => String(url).includes('webhooks.create'))).toEqual([]);
  });

  it('shows the server refusing a private address under the field', async () => {
    const user = await openWebhooks();
    await user.click(screen.getByRole('button', { name: 'New Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Webhook Endpoint' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Endpoint URL' }), 'https://192.168.1.20/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Booking made (booking.created)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(await within(dialog).findByText('This address is on a private network, which this site does not send webhooks to')).toBeInTheDocument();
  });

  it('adds an endpoint with its secret shown once, lists it, shows its log, redelivers, turns it off and deletes it', async () => {
    const user = await openWebhooks();
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Webhook Endpoint' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Endpoint URL' }), URL);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Booking made (booking.created)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Contact message received (contact.received)' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Description' }), 'CRM');
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy the Signing Secret' });
    expect(within(shown).getByText('Shown only once')).toBeInTheDocument();
    expect(within(shown).getByLabelText('Signing secret').textContent).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    const row = (await within(table).findByText(URL)).closest('tr');
    if (row === null) throw new Error('the endpoint has no row');
    expect(within(row).getByText('booking.created, contact.received')).toBeInTheDocument();
    expect(within(row).getByText('CRM')).toBeInTheDocument();
    expect(within(row).getByText('On')).toBeInTheDocument();

    const endpoint = await server.env.db.selectFrom('webhookEndpoints').select('id').executeTakeFirstOrThrow();
    const deliveryId = newId();
    await server.env.db
      .insertInto('webhookDeliveries')
      .values({ id: deliveryId, endpointId: endpoint.id, eventType: 'contact.received', subject: 'contact:1', payload: '{}', status: 'failed', attempts: 28, responseStatus: 500, responseExcerpt: 'Internal error' })
      .execute();
    await user.click(within(row).getByRole('button', { name: `Delivery log of ${URL}` }));
    const log = await screen.findByRole('dialog', { name: 'Delivery Log' });
    const deliveries = await within(log).findByRole('table', { name: 'Webhook deliveries' });
    const delivery = (await within(deliveries).findByText(`msg_${deliveryId}`)).closest('tr');
    if (delivery === null) throw new Error('the delivery has no row');
    expect(within(delivery).getByText('Failed')).toBeInTheDocument();
    expect(within(delivery).getByText('28')).toBeInTheDocument();
    expect(within(delivery).getByText('HTTP 500: Internal error')).toBeInTheDocument();
    await user.click(within(delivery).getByRole('button', { name: `Redeliver contact.received msg_${deliveryId}` }));
    expect(await within(deliveries).findByText('Waiting')).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Close' }));

    await user.click(within(row).getByRole('button', { name: `Edit ${URL}` }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Webhook Endpoint' });
    await user.click(within(edit).getByRole('switch', { name: 'On: events are sent to this endpoint' }));
    await user.click(within(edit).getByRole('button', { name: 'Save Endpoint' }));
    expect(await within(table).findByText('Off')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: `Delete ${URL}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Webhook Endpoint' });
    expect(within(confirm).getByText(`Delete ${URL}? Nothing more is sent to it, and its delivery log goes too.`)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
  });
});
