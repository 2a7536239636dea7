// The bookings screen against a real API server: stat cards, filter labels, the empty state, the
// table's participant, session and event titles and times in the site timezone, the quick status menu,
// the CSV link of the current filter, deletes for admins only, and the bulk actions on ticked rows or
// on everything the filters match.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingsPage } from '@client/features/admin/bookings/BookingsPage';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { insertBookingRow, insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import { callerFor, createAccount, type TestAccount } from '@tests/support/helpers';
import { newId } from '@server/core/ids';
import { renderWithProviders, testServerPerFile } from './render';
import { futureYear, isoDay } from '@tests/dates';

// Thursday 13 March in a year ahead of the clock (tests/dates.ts).
const YEAR = futureYear(3, 13, 'Thursday');
const MARCH_13 = isoDay(YEAR, 3, 13);

const server = testServerPerFile();
let admin: TestAccount;
let user: TestAccount;
let fixture: { eventId: string; sessionId: string; slot: { id: string; sessionId: string } };

beforeEach(async () => {
  const db = server.env.db;
  admin = await createAccount(db, 'admin');
  user = await createAccount(db, 'user');
  await saveSystemSettings(db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'America/New_York' });
  const event = await insertEventRow(db, { title: 'Accra Exchange' });
  const session = await insertSessionRow(db, event.id, { title: 'Morning Matchmaking', maxParticipants: 5 });
  const slot = await db
    .insertInto('timeSlots')
    .values({ id: newId(), sessionId: session.id, startTime: `${MARCH_13}T14:00:00.000Z`, endTime: `${MARCH_13}T16:00:00.000Z` })
    .returningAll()
    .executeTakeFirstOrThrow();
  fixture = { eventId: event.id, sessionId: session.id, slot };
});
beforeEach(async () => {
  await server.env.db.deleteFrom('bookings').execute();
});

function renderPage(account: TestAccount = admin) {
  return renderWithProviders(<BookingsPage />, { baseUrl: server.baseUrl, sessionToken: account.token });
}

function rows(): HTMLElement[] {
  return within(screen.getByRole('table', { name: 'Bookings' })).getAllByRole('row').slice(1);
}

describe('BookingsPage', () => {
  it('shows the stat cards, the filter labels and the empty state', async () => {
    const interaction = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Bookings' })).toBeInTheDocument();
    expect(await screen.findByText('No bookings found')).toBeInTheDocument();
    for (const label of ['Total', 'Confirmed', 'Pending', 'Waitlisted']) {
      await waitFor(() => expect(screen.getByLabelText(label)).toHaveTextContent(`${label}0`));
    }
    await interaction.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All Status', 'Confirmed', 'Pending', 'Awaiting payment', 'Waitlisted', 'Cancelled']);
    expect(screen.getByRole('button', { name: 'Add Booking' })).toBeInTheDocument();
  });

  it('lists participant, session and event titles, the slot in the site timezone, one date and the status; counts follow', async () => {
    await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Ama Owusu', email: 'ama@example.com', status: 'confirmed' });
    await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Kofi Mensah', status: 'waitlisted' });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const ama = rows().find((row) => row.textContent?.includes('Ama Owusu'));
    if (ama === undefined) throw new Error('no row for Ama Owusu');
    const cells = within(ama).getAllByRole('cell');
    expect(within(cells[0] as HTMLElement).getByRole('checkbox', { name: 'Select booking of Ama Owusu' })).not.toBeChecked();
    expect(cells[1]).toHaveTextContent('Ama Owusuama@example.com');
    // Titles only: raw ids made rows several lines tall.
    expect(cells[2]).toHaveTextContent(/^Morning MatchmakingAccra Exchange$/);
    expect(ama.textContent).not.toContain(fixture.eventId);
    expect(ama.textContent).not.toContain(fixture.sessionId);
    // The slot on two lines that do not wrap (its date, then its times and zone), the whole line as its title.
    const slotLines = within(cells[3] as HTMLElement).getAllByText(/./);
    expect(slotLines.map((line) => line.textContent)).toEqual([`Thu, Mar 13, ${YEAR}`, '10:00\u00a0AM – 12:00\u00a0PM EDT']);
    for (const line of slotLines) expect(line).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(cells[3]?.firstElementChild).toHaveAttribute('title', `Thursday, March 13, ${YEAR}, 10:00\u00a0AM – 12:00\u00a0PM EDT`);
    // The booking date likewise: the short date, then the time and zone.
    const dateLines = within(cells[4] as HTMLElement).getAllByText(/./);
    expect(dateLines.map((line) => line.textContent?.replace(/\d+:\d\d\u00a0[AP]M/, 'TIME'))).toEqual([expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/), expect.stringMatching(/^TIME E[SD]T$/)]);
    expect(cells).toHaveLength(7);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['', 'Participant', 'Session', 'Time Slot', 'Booking Date', 'Status', 'Actions']);
    expect(cells[5]).toHaveTextContent('Confirmed');
    await waitFor(() => expect(screen.getByLabelText('Total')).toHaveTextContent('Total2'));
    expect(screen.getByLabelText('Confirmed')).toHaveTextContent('Confirmed1');
    expect(screen.getByLabelText('Waitlisted')).toHaveTextContent('Waitlisted1');
  });

  it('filters on the server and the Export CSV link carries the filter', async () => {
    await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Ama Owusu', status: 'confirmed' });
    await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Kofi Mensah', status: 'pending' });
    const interaction = userEvent.setup();
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/export/bookings.csv');

    await interaction.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await interaction.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('Kofi Mensah')).toBeInTheDocument();
    await interaction.type(screen.getByRole('textbox', { name: 'Search bookings' }), 'kofi');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/export/bookings.csv?search=kofi&status=pending'),
    );
  });

  it('lets role user change a status but not delete', async () => {
    const booking = await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Esi Quartey', status: 'pending' });
    const interaction = userEvent.setup();
    renderPage(user);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Edit booking of Esi Quartey' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();

    await interaction.click(screen.getByRole('button', { name: 'Pending: change status of booking of Esi Quartey' }));
    await interaction.click(await screen.findByRole('menuitem', { name: 'Confirmed' }));
    expect(await screen.findByText('Booking of Esi Quartey is now Confirmed')).toBeInTheDocument();
    const stored = await server.env.db.selectFrom('bookings').select('status').where('id', '=', booking.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('confirmed');
  });

  it('deletes after the browser confirmation, for admins', async () => {
    await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Yaw Boateng' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const interaction = userEvent.setup();
    renderPage(admin);
    await interaction.click(await screen.findByRole('button', { name: 'Delete booking of Yaw Boateng' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to delete this booking?\n\n1 participant will be told by e-mail.'),
    );
    expect(await server.env.db.selectFrom('bookings').select('id').execute()).toHaveLength(1);

    await interaction.click(screen.getByRole('button', { name: 'Delete booking of Yaw Boateng' }));
    expect(await screen.findByText('Booking of Yaw Boateng deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No bookings found')).toBeInTheDocument();
  });
});

describe('BookingsPage bulk actions', () => {
  it('confirms the rows ticked, lists the one refused with its reason, and exports only the rows ticked', async () => {
    // Five seats: three pending hold three, a waitlisted one can take a free seat, one more cannot.
    const ama = await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Ama Owusu', status: 'pending', createdAt: '2026-01-01T10:00:00.000Z' });
    const kofi = await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Kofi Mensah', status: 'pending', createdAt: '2026-01-01T10:01:00.000Z' });
    await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Esi Boateng', status: 'confirmed', createdAt: '2026-01-01T10:02:00.000Z' });
    await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Yaw Darko', status: 'confirmed', createdAt: '2026-01-01T10:03:00.000Z' });
    await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Abena Kyei', status: 'confirmed', createdAt: '2026-01-01T10:04:00.000Z' });
    const late = await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Kwame Asante', status: 'waitlisted', createdAt: '2026-01-01T10:05:00.000Z' });
    const interaction = userEvent.setup();
    renderPage(user);
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(screen.queryByRole('region', { name: 'Selected bookings' })).not.toBeInTheDocument();

    for (const name of ['Ama Owusu', 'Kofi Mensah', 'Kwame Asante']) await interaction.click(screen.getByRole('checkbox', { name: `Select booking of ${name}` }));
    const bar = screen.getByRole('region', { name: 'Selected bookings' });
    expect(bar).toHaveTextContent('3 bookings selected');
    expect(screen.getByRole('checkbox', { name: 'Select every booking on this page' })).toHaveAttribute('data-indeterminate', 'true');
    const exported = new URL(within(bar).getByRole('link', { name: 'Export Selected' }).getAttribute('href') ?? '', 'http://site');
    expect(exported.pathname).toBe('/api/export/bookings.csv');
    expect(exported.searchParams.get('ids')?.split(',').sort()).toEqual([ama.id, kofi.id, late.id].sort());

    await interaction.click(within(bar).getByRole('button', { name: 'Confirm Bookings' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Some bookings were not changed');
    expect(notice).toHaveTextContent('Confirmed 2 bookings. 1 booking refused:');
    expect(notice).toHaveTextContent('Kwame Asante: This time slot is full.');
    const statuses = await server.env.db.selectFrom('bookings').select(['id', 'status']).where('id', 'in', [ama.id, kofi.id, late.id]).execute();
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [ama.id]: 'confirmed', [kofi.id]: 'confirmed', [late.id]: 'waitlisted' });
    expect(screen.queryByRole('region', { name: 'Selected bookings' })).not.toBeInTheDocument();
  });

  it('cancels every booking the filters match after the browser confirmation', async () => {
    for (const name of ['Ama Owusu', 'Kofi Mensah']) await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name, status: 'pending' });
    await insertBookingRow(server.env.db, fixture.slot, fixture.eventId, { name: 'Esi Boateng', status: 'confirmed' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const interaction = userEvent.setup();
    renderPage();
    await interaction.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await interaction.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(rows()).toHaveLength(2));

    await interaction.click(screen.getByRole('checkbox', { name: 'Select booking of Ama Owusu' }));
    // Both match, one is ticked: "all matching" chooses the filter, not the rows.
    await interaction.click(screen.getByRole('button', { name: 'Select all 2 bookings matching' }));
    const bar = screen.getByRole('region', { name: 'Selected bookings' });
    expect(bar).toHaveTextContent('All 2 bookings matching the filters');
    expect(within(bar).getByRole('link', { name: 'Export Selected' })).toHaveAttribute('href', '/api/export/bookings.csv?status=pending');
    await interaction.click(within(bar).getByRole('button', { name: 'Cancel Bookings' }));
    expect(confirm).toHaveBeenCalledWith('Cancel 2 bookings? Each participant is told by e-mail.');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cancelled 2 bookings.');
    const left = await server.env.db.selectFrom('bookings').select('status').orderBy('participantName').execute();
    expect(left.map((row) => row.status)).toEqual(['cancelled', 'confirmed', 'cancelled']);
  });
  /** A paid seat (EUR 100 + 19 % tax), booked by Ingrid Berg and marked paid yesterday: a refund can be made. */
  async function paidBookingOfIngrid(): Promise<void> {
    const db = server.env.db;
    await db.updateTable('eventSessions').set({ priceAmountMinor: 10_000, priceCurrency: 'EUR', taxRateBasisPoints: 1_900 }).where('id', '=', fixture.sessionId).execute();
    const billing = { billingCompany: 'Fjord Trading AS', billingAddress: 'Karl Johans gate 22\n0159 Oslo', billingCountry: 'NO', billingVatNumber: null };
    const { id } = await callerFor(server.env.deps, null).bookings.create({ timeSlotId: fixture.slot.id, participantName: 'Ingrid Berg', participantEmail: 'ingrid@example.com', participantPhone: null, answers: {}, ...billing });
    await callerFor(server.env.deps, admin).payments.markPaid({ bookingId: id, amountMinor: 11_900, paidOn: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) });
  }

  /** Opens Ingrid Berg's booking (confirmed, paid), refunds it from its detail; answers the detail. */
  async function refundFromItsDetail(): Promise<HTMLElement> {
    const interaction = userEvent.setup();
    await interaction.click(await screen.findByRole('button', { name: 'View booking of Ingrid Berg' }));
    const detail = await screen.findByRole('dialog', { name: 'Booking of Ingrid Berg' });
    expect(within(detail).getByRole('row', { name: 'Status Confirmed' })).toBeInTheDocument();
    await interaction.click(await within(detail).findByRole('button', { name: 'Refund' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refund Booking' });
    await interaction.click(within(confirm).getByRole('button', { name: 'Refund' }));
    return detail;
  }

  it('shows a refunded booking as cancelled in its open detail at once, as the list does', async () => {
    await paidBookingOfIngrid();
    renderPage();
    const detail = await refundFromItsDetail();
    expect(await within(detail).findByRole('row', { name: 'Status Cancelled' })).toBeInTheDocument();
  });

  it('shows a refunded booking as cancelled in its open detail at once when the list, filtered to Confirmed, no longer holds it', async () => {
    await paidBookingOfIngrid();
    renderWithProviders(<BookingsPage filters={{ status: 'confirmed' }} />, { baseUrl: server.baseUrl, sessionToken: admin.token });
    const detail = await refundFromItsDetail();
    // The list reloads without it (it is no longer confirmed); the detail still shows it, as it now is.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'View booking of Ingrid Berg' })).not.toBeInTheDocument());
    expect(await within(detail).findByRole('row', { name: 'Status Cancelled' })).toBeInTheDocument();
    expect(within(detail).getByRole('row', { name: 'Payment Refund due' })).toBeInTheDocument();
  });
});
