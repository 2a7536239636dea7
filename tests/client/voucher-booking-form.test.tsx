// The voucher field of a paid session's booking form against a real API server: Apply asks the
// server, an unknown code gets the field's message, an accepted one shows the discount and the
// lower total, and the booking is charged what the form showed.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingForm } from '@client/features/booking/BookingForm';
import { insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { fill, renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();

beforeEach(async () => {
  const db = server.env.db;
  const event = await insertEventRow(db, { title: 'Market Entry Workshop' });
  const paid = await insertSessionRow(db, event.id, { title: 'Paid Workshop', maxParticipants: 10 });
  await db.updateTable('eventSessions').set({ priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', paid.id).execute();
  await insertSlotRow(db, paid.id, 96);
  await db.insertInto('vouchers').values({ id: 'v1', code: 'Spring15', codeKey: 'SPRING15', kind: 'percent', percentBasisPoints: 1500, appliesTo: 'all' }).execute();
});

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('BookingForm: a voucher code', () => {
  it('refuses an unknown code on its field, applies a known one and books at the discounted total', async () => {
    const user = userEvent.setup();
    const onBooked = vi.fn();
    renderWithProviders(<BookingForm timeZone="UTC" visitorTimeZone="UTC" onBooked={onBooked} />, { baseUrl: server.baseUrl });
    await choose(user, 'Select Event', 'Market Entry Workshop');
    await choose(user, 'Select Session', 'Paid Workshop (Room 1)');
    await user.click((await screen.findAllByRole('radio'))[0] as HTMLElement);
    await fill(user, screen.getByLabelText(/Full Name/), 'Efua Mensah');
    await fill(user, screen.getByLabelText(/Email Address/), 'efua@example.com');

    const code = await screen.findByRole('textbox', { name: 'Voucher code' });
    await fill(user, code, 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This voucher code is not known')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Amount to pay' })).toHaveTextContent('Price (1 seat)€33.33Tax (19%)€6.33Total€39.66');

    await fill(user, code, 'spring15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Voucher Spring15 applied');
    // €33.33 - 15% (€5.00) = €28.33, tax 19% €5.38, total €33.71.
    expect(screen.getByRole('table', { name: 'Amount to pay' })).toHaveTextContent('Before voucher€33.33Voucher Spring15-€5.00Price (1 seat)€28.33Tax (19%)€5.38Total€33.71');

    await fill(user, screen.getByRole('textbox', { name: /^Company/ }), 'Nordlicht GmbH');
    await fill(user, screen.getByRole('textbox', { name: /^Address/ }), 'Hafenstraße 1, 20457 Hamburg');
    await choose(user, 'Country', 'Germany');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    const stored = await server.env.db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ voucherCode: 'Spring15', chargeDiscountMinor: 500, chargeNetMinor: 2833, chargeTaxMinor: 538, chargeGrossMinor: 3371 });
  });
});
