// The check-in screen against a real API server: choose session and slot, type a code (with the
// answer read out), see a second scan's when-and-by-whom, and check in from the slot's list.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CheckInPage } from '@client/features/admin/check-in/CheckInPage';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let code: string;

beforeEach(async () => {
  const db = server.env.db;
  const event = await insertEventRow(db, { title: 'Accra Exchange' });
  const session = await insertSessionRow(db, event.id, { title: 'Speed Meetings' });
  const slot = await insertSlotRow(db, session.id, 24);
  const ama = await insertBookingRow(db, slot, event.id, { name: 'Ama Mensah', status: 'confirmed' });
  await insertBookingRow(db, slot, event.id, { name: 'Kofi Otu', status: 'confirmed' });
  code = (await db.selectFrom('bookings').select('checkInCode').where('id', '=', ama.id).executeTakeFirstOrThrow()).checkInCode ?? '';
});
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: RegExp | string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('CheckInPage', () => {
  it('checks in by typed code, says so on a second try, and from the list', async () => {
    const account = await createAccount(server.env.db, 'user', { name: 'Door Staff' });
    renderWithProviders(<CheckInPage />, { baseUrl: server.baseUrl, sessionToken: account.token });
    const user = userEvent.setup();
    await choose(user, 'Session', 'Speed Meetings (Accra Exchange)');
    await choose(user, 'Time slot', /.+/);
    expect(await screen.findByText('Attendance: 0 / 2')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Check-in code' }), code.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    expect(await within(screen.getByRole('status')).findByText('Ama Mensah is checked in.')).toBeInTheDocument();
    expect(await screen.findByText('Attendance: 1 / 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check In' }));
    expect(await within(screen.getByRole('status')).findByText(/^Already checked in at .+ by Door Staff\.$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check in Kofi Otu' }));
    expect(await screen.findByText('Attendance: 2 / 2')).toBeInTheDocument();
  });
});
