// The Payments screen: its heading and the statement upload, which asks for a file before sending and
// refuses a file over 5 MB before anything is sent (the upload itself, against the server, is in
// tests/e2e/payments.spec.ts, where the page has a real origin to post to).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PaymentsPage } from '@client/features/admin/payments/PaymentsPage';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let staff: TestAccount;

beforeEach(async () => {
  staff = await createAccount(server.env.db, 'user');
});

describe('Payments screen', () => {
  it('asks for a statement file before sending, and refuses one over 5 MB unsent', async () => {
    const interaction = userEvent.setup();
    renderWithProviders(<PaymentsPage />, { baseUrl: server.baseUrl, sessionToken: staff.token });
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Import a Bank Statement' })).toBeInTheDocument();

    await interaction.click(screen.getByRole('button', { name: 'Import Statement' }));
    expect(await screen.findByText('Choose the statement file first.')).toBeInTheDocument();

    const large = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'statement.xml', { type: 'application/xml' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (input === null) throw new Error('no file input');
    await interaction.upload(input, large);
    await interaction.click(screen.getByRole('button', { name: 'Import Statement' }));
    expect(await screen.findByText('The file is too large. The maximum size is 5 MB.')).toBeInTheDocument();
    expect(await server.env.db.selectFrom('payments').select('id').execute()).toEqual([]);
  });
});
