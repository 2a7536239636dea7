// The manage-my-booking page against a real API server: bookings are made through the public
// procedure, so the link comes from the e-mail the server wrote to its outbox (SMTP is not configured
// here, so the message waits there with its link intact).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManageBookingPage } from '@client/features/booking/ManageBookingPage';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { saveBillingSettings } from '@server/invoices/billing-settings.repository';
import { billingSettingsInput } from '@server/invoices/billing-settings.schemas';
import { BILLING_SETTINGS, insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import { callerFor } from '@tests/support/helpers';
import { newId } from '@server/core/ids';
import { renderWithProviders, testServerPerFile } from './render';
import { futureYear, isoDay } from '@tests/dates';

// Fixed days ahead of the clock (tests/dates.ts): a Monday 14 July and a Tuesday 14 January.
const JULY_YEAR = futureYear(7, 14, 'Monday');
const JANUARY_YEAR = futureYear(1, 14, 'Tuesday');
const JULY_14 = isoDay(JULY_YEAR, 7, 14);
const JANUARY_14 = isoDay(JANUARY_YEAR, 1, 14);
const LINK = /\/booking\/manage\/([A-Za-z0-9_-]{43})/;

const server = testServerPerFile();

beforeEach(async () => {
  await saveSystemSettings(server.env.db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'America/New_York' });
});
async function slot(options: { capacity?: number; location?: string | null; start?: string; end?: string } = {}) {
  const event = await insertEventRow(server.env.db, { title: 'West Africa Trade Mission' });
  const session = await insertSessionRow(server.env.db, event.id, {
    title: 'Market Entry Clinic',
    maxParticipants: options.capacity ?? 10,
    location: options.location,
  });
  return server.env.db
    .insertInto('timeSlots')
    .values({
      id: newId(),
      sessionId: session.id,
      startTime: options.start ?? `${JULY_14}T14:00:00.000Z`,
      endTime: options.end ?? `${JULY_14}T16:00:00.000Z`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

let counter = 0;

/** Books through the public procedure and returns the booking with the token of its newest e-mail. */
async function book(timeSlotId: string, participantName = 'Ama Mensah') {
  counter += 1;
  const participantEmail = `manage-page-${counter}@example.com`;
  const booking = await callerFor(server.env.deps, null).bookings.create({ timeSlotId, participantName, participantEmail });
  return { id: booking.id, status: booking.status, token: await newestToken(booking.id) };
}

async function newestToken(bookingId: string): Promise<string> {
  const rows = await server.env.db
    .selectFrom('emailOutbox')
    .select(['textBody'])
    .where('bookingId', '=', bookingId)
    .where('kind', '!=', 'admin-new-booking')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const token = rows.map((row) => LINK.exec(row.textBody)?.[1]).find((found) => found !== undefined);
  if (token === undefined) throw new Error(`no manage link was written for booking ${bookingId}`);
  return token;
}

async function statusOf(bookingId: string): Promise<string> {
  const row = await server.env.db.selectFrom('bookings').select('status').where('id', '=', bookingId).executeTakeFirstOrThrow();
  return row.status;
}

/** The page under the real route pattern, so the token comes from the path as in the app. */
async function renderManagePage(token: string) {
  const root = createRootRoute();
  const manage = createRoute({ getParentRoute: () => root, path: '/booking/manage/$token', component: ManageBookingPage });
  const booking = createRoute({ getParentRoute: () => root, path: '/booking', component: () => <p>The booking form</p> });
  const router = createRouter({
    routeTree: root.addChildren([manage, booking]),
    history: createMemoryHistory({ initialEntries: [`/booking/manage/${token}`] }),
  });
  await act(() => router.load());
  renderWithProviders(<RouterProvider router={router} />, { baseUrl: server.baseUrl });
  return userEvent.setup();
}

function detail(label: string): string {
  const row = screen.getByRole('rowheader', { name: label }).closest('tr');
  if (row === null) throw new Error(`no row for ${label}`);
  return within(row).getByRole('cell').textContent;
}

describe('ManageBookingPage', () => {
  it('shows the booking of the link, its time on the visitor\'s clock (UTC here) beside the site\'s, naming both zones', async () => {
    const { token } = await book((await slot()).id);
    await renderManagePage(token);

    expect(screen.getByRole('heading', { name: 'Manage Your Booking' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading your booking')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your Booking' })).toBeInTheDocument();
    expect(detail('Name')).toBe('Ama Mensah');
    expect(detail('Event')).toBe('West Africa Trade Mission');
    expect(detail('Session')).toBe('Market Entry Clinic');
    expect(detail('Location')).toBe('Room 1');
    expect(detail('Date and time')).toBe(`Mon, Jul 14, ${JULY_YEAR}, 2:00\u00a0PM – 4:00\u00a0PM your time (UTC) / 10:00\u00a0AM – 12:00\u00a0PM in New York (EDT)`);
    expect(detail('Status')).toBe('Pending confirmation');
    expect(screen.getByRole('button', { name: 'Cancel Booking' })).toBeInTheDocument();
  });

  it('tells a booking awaiting payment what to pay, by when, with which reference and to which account', async () => {
    await saveBillingSettings(server.env.db, billingSettingsInput.parse(BILLING_SETTINGS));
    const paidSlot = await slot();
    await server.env.db
      .updateTable('eventSessions')
      .set({ priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 })
      .where('id', '=', paidSlot.sessionId)
      .execute();
    counter += 1;
    const booking = await callerFor(server.env.deps, null).bookings.create({
      timeSlotId: paidSlot.id,
      participantName: 'Ama Mensah',
      participantEmail: `manage-page-${counter}@example.com`,
      billingCompany: 'Nordlicht GmbH',
      billingAddress: 'Hafenstraße 1, Hamburg',
      billingCountry: 'DE',
    });
    const stored = await server.env.db.selectFrom('bookings').select(['paymentReference', 'paymentDueAt']).where('id', '=', booking.id).executeTakeFirstOrThrow();
    await renderManagePage(await newestToken(booking.id));

    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(detail('Status')).toBe('Awaiting payment');
    const payment = screen.getByRole('table', { name: 'Payment' });
    const rows = within(payment).getAllByRole('row').map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
    const reference = (stored.paymentReference ?? '').replace(/(.{4})(?=.)/g, '$1 ');
    expect(rows).toEqual([
      ['Amount', '€39.66'],
      // The deadline (seven days on) in the site's zone, New York, as the e-mail gives it.
      ['Pay by', expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\u00a0[AP]M E[SD]T$/)],
      ['Payment reference', reference],
      ['Account holder', 'Northwind Expansion GmbH'],
      ['IBAN', 'DE89 3704 0044 0532 0130 00'],
      ['BIC', 'COBADEFFXXX'],
    ]);
    expect(stored.paymentDueAt).not.toBeNull();
    expect(screen.getByText(/^Please pay €39\.66 by bank transfer by .+, quoting the payment reference\./)).toBeInTheDocument();
  });

  it('says TBD for a session without a location and names winter time EST', async () => {
    const winter = await slot({ location: null, start: `${JANUARY_14}T15:00:00.000Z`, end: `${JANUARY_14}T17:00:00.000Z` });
    const { token } = await book(winter.id);
    await renderManagePage(token);

    await screen.findByRole('heading', { name: 'Your Booking' });
    expect(detail('Location')).toBe('TBD');
    expect(detail('Date and time')).toBe(`Tue, Jan 14, ${JANUARY_YEAR}, 3:00\u00a0PM – 5:00\u00a0PM your time (UTC) / 10:00\u00a0AM – 12:00\u00a0PM in New York (EST)`);
  });

  it('says an unknown link is not valid and leads to the booking page', async () => {
    await renderManagePage('A'.repeat(43));

    expect(await screen.findByText('This booking link is not valid.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Booking' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the booking page' })).toHaveAttribute('href', '/booking');
  });

  it('cancels after confirmation; Keep Booking changes nothing', async () => {
    const booking = await book((await slot()).id);
    const user = await renderManagePage(booking.token);

    await user.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await statusOf(booking.id)).toBe('pending');

    await user.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));

    expect(await screen.findByText('Your booking has been cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book another session' })).toHaveAttribute('href', '/booking');
    expect(detail('Status')).toBe('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
    expect(await statusOf(booking.id)).toBe('cancelled');

    await user.click(screen.getByRole('link', { name: 'Book another session' }));
    expect(await screen.findByText('The booking form')).toBeInTheDocument();
  });

  it('gives the freed seat to the waitlist when a booking is cancelled', async () => {
    const full = await slot({ capacity: 1 });
    const first = await book(full.id, 'First Person');
    const second = await book(full.id, 'Second Person');
    expect([first.status, second.status]).toEqual(['pending', 'waitlisted']);

    const user = await renderManagePage(first.token);
    await user.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    await screen.findByText('Your booking has been cancelled.');

    expect(await statusOf(first.id)).toBe('cancelled');
    expect(await statusOf(second.id)).toBe('pending');
    const promoted = await server.env.db
      .selectFrom('emailOutbox')
      .select('kind')
      .where('bookingId', '=', second.id)
      .where('kind', '=', 'waitlist-promoted')
      .execute();
    expect(promoted).toHaveLength(1);
  });

  it('shows a waitlisted booking as on the waitlist', async () => {
    const full = await slot({ capacity: 1 });
    await book(full.id, 'First Person');
    const waiting = await book(full.id, 'Waiting Person');
    await renderManagePage(waiting.token);

    await screen.findByRole('heading', { name: 'Your Booking' });
    expect(detail('Status')).toBe('On the waitlist');
  });

  it('offers no cancellation once the session has started', async () => {
    const started = await slot();
    const booking = await book(started.id);
    const startedAt = new Date(Date.now() - 30 * 60_000).toISOString();
    await server.env.db.updateTable('timeSlots').set({ startTime: startedAt }).where('id', '=', started.id).execute();
    await renderManagePage(booking.token);

    expect(
      await screen.findByText('This booking can no longer be cancelled: its session has already started.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when the session starts while the page is open", async () => {
    const starting = await slot();
    const booking = await book(starting.id);
    const user = await renderManagePage(booking.token);
    await user.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });

    const startedAt = new Date(Date.now() - 60_000).toISOString();
    await server.env.db.updateTable('timeSlots').set({ startTime: startedAt }).where('id', '=', starting.id).execute();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This booking can no longer be cancelled: its session has already started.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel Booking' })).not.toBeInTheDocument());
    expect(await statusOf(booking.id)).toBe('pending');
  });
});
