// A paid booking's detail in the back office against a real API server: what it owes and where its
// money stands, "Mark Paid" refusing a partial amount under the field (the server's message), then
// recording the full total, after which the payment is listed and the booking is paid. A free
// booking shows no Payment block. A paid booking is refunded after a confirmation that says a credit
// note will be issued (listed with the invoice), then marked refunded: the refund is listed as a
// negative payment.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { BookingViewModal } from '@client/features/admin/bookings/BookingViewModal';
import { insertBookableSlot, insertBookingRow } from '@tests/support/fixtures';
import { callerFor, createAccount, type TestAccount } from '@tests/support/helpers';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { fill, renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let staff: TestAccount;

beforeEach(async () => {
  staff = await createAccount(server.env.db, 'user');
  // The detail is shown in the site's zone (Europe/Berlin below), as the Bookings screen passes it:
  // the server's "no future day" check reads the same zone, so late in the UTC evening, when it is
  // already tomorrow in Berlin, the day the form offers is still today for the server.
  await saveSystemSettings(server.env.db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'Europe/Berlin' });
});

/** A booking of €100.00 + 19% tax awaiting payment (or a free one), as the Bookings list gives it. */
async function listedBooking(paid: boolean) {
  const db = server.env.db;
  const { event, slot } = await insertBookableSlot(db);
  const booking = await insertBookingRow(db, slot, event.id, { name: 'Ingrid Berg' });
  if (paid) {
    const charge = { chargeNetMinor: 10_000, chargeTaxMinor: 1_900, chargeGrossMinor: 11_900, chargeCurrency: 'EUR', chargeTaxRateBasisPoints: 1_900 };
    await db.updateTable('bookings').set({ ...charge, paymentStatus: 'awaiting', paymentMethod: 'bank_transfer', paymentReference: 'RF18539007547034' }).where('id', '=', booking.id).execute();
  }
  const list = await callerFor(server.env.deps, staff).bookings.list({});
  const item = list.items.find((entry) => entry.id === booking.id);
  if (item === undefined) throw new Error('the booking is not listed');
  return item;
}

describe('a booking’s payment in its detail', () => {
  it('marks it paid: a partial amount is refused under the field, the full total recorded and listed', async () => {
    const booking = await listedBooking(true);
    const interaction = userEvent.setup();
    renderWithProviders(<BookingViewModal booking={booking} timeZone="Europe/Berlin" onClose={() => undefined} />, { baseUrl: server.baseUrl, sessionToken: staff.token });
    const payment = await screen.findByRole('table', { name: 'Payment' });
    expect(within(payment).getByRole('row', { name: 'Payment Awaiting payment' })).toBeInTheDocument();
    expect(within(payment).getByRole('row', { name: 'Total €119.00' })).toBeInTheDocument();
    expect(within(payment).getByRole('row', { name: 'Reference RF18 5390 0754 7034' })).toBeInTheDocument();

    await interaction.click(screen.getByRole('button', { name: 'Mark Paid' }));
    const form = screen.getByRole('form', { name: 'Mark paid' });
    const amount = within(form).getByLabelText(/^Amount received \(EUR\)/);
    expect(amount).toHaveValue('119.00');
    await fill(interaction, amount, '50');
    await interaction.click(within(form).getByRole('button', { name: 'Record Payment' }));
    expect(
      await within(form).findByText("The amount must be the booking's total, €119.00. A partial or different amount is not recorded: settle the difference with the payer first."),
    ).toBeInTheDocument();
    expect((await server.env.db.selectFrom('payments').selectAll().execute()).length).toBe(0);

    await fill(interaction, amount, '119');
    await interaction.click(within(form).getByRole('button', { name: 'Record Payment' }));
    const received = await screen.findByRole('table', { name: 'Payments received' });
    expect(within(received).getByText('Marked paid by hand')).toBeInTheDocument();
    expect(within(received).getByText('€119.00')).toBeInTheDocument();
    expect(within(payment).getByRole('row', { name: 'Payment Paid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Paid' })).not.toBeInTheDocument();
    const stored = await server.env.db.selectFrom('bookings').select(['status', 'paymentStatus']).where('id', '=', booking.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('refunds a paid booking after a confirmation, lists the credit note, then marks it refunded', async () => {
    const db = server.env.db;
    const { slot, session } = await insertBookableSlot(db);
    await db.updateTable('eventSessions').set({ priceAmountMinor: 10_000, priceCurrency: 'EUR', taxRateBasisPoints: 1_900 }).where('id', '=', session.id).execute();
    const billing = { billingCompany: 'Fjord Trading AS', billingAddress: 'Karl Johans gate 22\n0159 Oslo', billingCountry: 'NO', billingVatNumber: null };
    const { id } = await callerFor(server.env.deps, null).bookings.create({ timeSlotId: slot.id, participantName: 'Ingrid Berg', participantEmail: 'ingrid@example.com', participantPhone: null, answers: {}, ...billing });
    const staffCaller = callerFor(server.env.deps, staff);
    await staffCaller.payments.markPaid({ bookingId: id, amountMinor: 11_900, paidOn: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) });
    const booking = (await staffCaller.bookings.list({})).items.find((entry) => entry.id === id);
    if (booking === undefined) throw new Error('the booking is not listed');
    const interaction = userEvent.setup();
    renderWithProviders(<BookingViewModal booking={booking} timeZone="Europe/Berlin" onClose={() => undefined} />, { baseUrl: server.baseUrl, sessionToken: staff.token });
    const payment = await screen.findByRole('table', { name: 'Payment' });
    expect(within(payment).getByRole('row', { name: 'Payment Paid' })).toBeInTheDocument();

    await interaction.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Booking' });
    expect(
      within(dialog).getByText('The booking will be cancelled and its seat freed. A credit note cancelling its invoice will be issued and e-mailed to the participant, and €119.00 will be due back to the buyer.'),
    ).toBeInTheDocument();
    await interaction.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(payment).findByRole('row', { name: 'Payment Refund due' })).toBeInTheDocument();
    const invoices = await screen.findByRole('table', { name: 'Invoices' });
    const year = new Date().getFullYear();
    expect(await within(invoices).findByRole('link', { name: `Credit note CN-${year}-00001` })).toBeInTheDocument();
    expect(within(invoices).getByText(`Cancels INV-${year}-00001`)).toBeInTheDocument();
    expect(within(invoices).getByText('-€119.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();

    await interaction.click(screen.getByRole('button', { name: 'Mark Refunded' }));
    const form = screen.getByRole('form', { name: 'Mark refunded' });
    await interaction.click(within(form).getByRole('button', { name: 'Record Refund' }));
    expect(await within(payment).findByRole('row', { name: 'Payment Refunded' })).toBeInTheDocument();
    const received = await screen.findByRole('table', { name: 'Payments received' });
    expect(await within(received).findByText('Refund marked by hand')).toBeInTheDocument();
    expect(within(received).getByText('-€119.00')).toBeInTheDocument();
    expect(await db.selectFrom('bookings').select(['status', 'paymentStatus']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'cancelled', paymentStatus: 'refunded' });
  });

  it('shows no Payment block for a free booking', async () => {
    const booking = await listedBooking(false);
    renderWithProviders(<BookingViewModal booking={booking} timeZone="Europe/Berlin" onClose={() => undefined} />, { baseUrl: server.baseUrl, sessionToken: staff.token });
    expect(await screen.findByText('No answers to registration questions.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Paid' })).not.toBeInTheDocument();
  });
});
