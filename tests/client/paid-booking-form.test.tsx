// The booking form of a paid session against a real API server: price, tax and total for the seat,
// the billing details with their messages (the VAT number's naming its country's shape), and a
// booking that awaits payment. A free session's form has none of it.
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
  const free = await insertSessionRow(db, event.id, { title: 'Free Briefing', maxParticipants: 10 });
  await insertSlotRow(db, paid.id, 96);
  await insertSlotRow(db, free.id, 96);
});

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function chooseSession(user: ReturnType<typeof userEvent.setup>, session: string) {
  await choose(user, 'Select Event', 'Market Entry Workshop');
  await choose(user, 'Select Session', `${session} (Room 1)`);
  await user.click((await screen.findAllByRole('radio'))[0] as HTMLElement);
  await fill(user, screen.getByLabelText(/Full Name/), 'Efua Mensah');
  await fill(user, screen.getByLabelText(/Email Address/), 'efua@example.com');
}

describe('BookingForm of a paid session', () => {
  it('shows price, tax and total, asks for billing details, and books a seat that awaits payment', async () => {
    const user = userEvent.setup();
    const onBooked = vi.fn();
    renderWithProviders(<BookingForm timeZone="UTC" visitorTimeZone="UTC" onBooked={onBooked} />, { baseUrl: server.baseUrl });
    await chooseSession(user, 'Paid Workshop');

    const total = await screen.findByRole('table', { name: 'Amount to pay' });
    expect(total).toHaveTextContent('Price (1 seat)€33.33Tax (19%)€6.33Total€39.66');
    expect(screen.getByRole('heading', { level: 2, name: 'Billing details' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Company is required')).toBeInTheDocument();
    expect(screen.getByText('Billing address is required')).toBeInTheDocument();
    expect(screen.getByText('Please choose the billing country')).toBeInTheDocument();

    await fill(user, screen.getByRole('textbox', { name: /^Company/ }), 'Nordlicht GmbH');
    await fill(user, screen.getByRole('textbox', { name: /^Address/ }), 'Hafenstraße 1, 20457 Hamburg');
    await choose(user, 'Country', 'Germany');
    await fill(user, screen.getByLabelText(/VAT number/), 'DE12345');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('A VAT number from this country looks like DE123456789')).toBeInTheDocument();
    expect(onBooked).not.toHaveBeenCalled();

    await fill(user, screen.getByLabelText(/VAT number/), 'DE 123 456 789');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(onBooked.mock.calls[0]?.[0]).toMatchObject({ status: 'pending' });
    expect(onBooked.mock.calls[0]?.[1]).toMatchObject({ paid: true });
    const stored = await server.env.db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ paymentStatus: 'awaiting', chargeGrossMinor: 3966, billingCompany: 'Nordlicht GmbH', billingCountry: 'DE', billingVatNumber: 'DE123456789' });
  });

  it('keeps a free session\'s form as it was: no price table, no billing details', async () => {
    const user = userEvent.setup();
    const onBooked = vi.fn();
    renderWithProviders(<BookingForm timeZone="UTC" visitorTimeZone="UTC" onBooked={onBooked} />, { baseUrl: server.baseUrl });
    await chooseSession(user, 'Free Briefing');
    expect(screen.queryByRole('table', { name: 'Amount to pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Billing details' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(onBooked.mock.calls[0]?.[1]).toMatchObject({ paid: false });
    expect(await server.env.db.selectFrom('bookings').select('paymentStatus').executeTakeFirstOrThrow()).toEqual({ paymentStatus: null });
  });
});
