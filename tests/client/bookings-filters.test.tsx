// The bookings filters live in the URL: a shared or reloaded link shows the same filtered list (and
// the same CSV link), and changing a filter rewrites the URL. Real router, real API server.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { BookingsRoutePage } from '@client/features/admin/bookings/BookingsPage';
import { validateBookingSearch } from '@client/features/admin/bookings/booking-search';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { newId } from '@server/core/ids';
import { insertBookingRow, insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';
import { futureYear, isoDay } from '@tests/dates';

// Two Thursdays in March of a year ahead of the clock (tests/dates.ts).
const YEAR = futureYear();
const MARCH_13 = isoDay(YEAR, 3, 13);
const MARCH_20 = isoDay(YEAR, 3, 20);

// The screen loads six queries at once; on a loaded machine the first answer can take seconds.
configure({ asyncUtilTimeout: 10_000 });

const server = testServerPerFile();
let admin: TestAccount;
let march13SlotId: string;

beforeEach(async () => {
  const db = server.env.db;
  admin = await createAccount(db, 'admin');
  await saveSystemSettings(db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'America/New_York' });
  const event = await insertEventRow(db, { title: 'Accra Exchange' });
  const session = await insertSessionRow(db, event.id, { title: 'Morning Matchmaking' });
  const slot = async (startTime: string) =>
    db
      .insertInto('timeSlots')
      .values({ id: newId(), sessionId: session.id, startTime, endTime: new Date(Date.parse(startTime) + 3_600_000).toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
  const march13 = await slot(`${MARCH_13}T14:00:00.000Z`);
  const march20 = await slot(`${MARCH_20}T14:00:00.000Z`);
  march13SlotId = march13.id;
  await insertBookingRow(db, march13, event.id, { name: 'Ama Owusu', status: 'confirmed' });
  await insertBookingRow(db, march13, event.id, { name: 'Kofi Mensah', status: 'pending' });
  await insertBookingRow(db, march20, event.id, { name: 'Esi Quartey', status: 'confirmed' });
});
async function renderAt(url: string) {
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/admin/bookings',
    validateSearch: validateBookingSearch,
    component: BookingsRoutePage,
  });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: [url] }) });
  await act(() => router.load());
  renderWithProviders(<RouterProvider router={router} />, { baseUrl: server.baseUrl, sessionToken: admin.token });
  return router;
}

function participantNames(): string[] {
  const rows = within(screen.getByRole('table', { name: 'Bookings' })).getAllByRole('row').slice(1);
  // The first cell is the row's tick box; the participant comes next.
  return rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '').sort();
}

describe('bookings filters in the URL', () => {
  it('a shared link shows the filtered list, with the filters filled in and the CSV link following', async () => {
    await renderAt(`/admin/bookings?status=confirmed&from=${MARCH_13}&to=${MARCH_13}`);
    await waitFor(() => expect(participantNames()).toEqual([expect.stringContaining('Ama Owusu')]));
    // The days are written out by the date pickers, not the browser's mm/dd/yyyy.
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent(`13 Mar ${YEAR}`);
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent(`13 Mar ${YEAR}`);
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('Confirmed');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/export/bookings.csv?status=confirmed&from=${MARCH_13}&to=${MARCH_13}`,
    );
  });

  it('changing a filter rewrites the URL; Clear filters empties it', async () => {
    const router = await renderAt('/admin/bookings');
    await waitFor(() => expect(participantNames()).toHaveLength(3));
    const interaction = userEvent.setup();
    await interaction.type(screen.getByRole('textbox', { name: 'Search bookings' }), 'matchmaking');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'matchmaking' }));
    await interaction.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await interaction.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'matchmaking', status: 'pending' }));
    await waitFor(() => expect(participantNames()).toEqual([expect.stringContaining('Kofi Mensah')]));
    await interaction.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole('textbox', { name: 'Search bookings' })).toHaveValue('');
    await waitFor(() => expect(participantNames()).toHaveLength(3));
  });

  it("a calendar slot's link lists that slot's bookings; choosing another day leaves the slot", async () => {
    const router = await renderAt(`/admin/bookings?timeSlotId=${march13SlotId}&to=${MARCH_20}`);
    await waitFor(() => expect(participantNames()).toEqual([expect.stringContaining('Ama Owusu'), expect.stringContaining('Kofi Mensah')]));
    const interaction = userEvent.setup();
    await interaction.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await interaction.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ timeSlotId: march13SlotId, to: MARCH_20, status: 'pending' }));
    await waitFor(() => expect(participantNames()).toEqual([expect.stringContaining('Kofi Mensah')]));
    // From opens on the month of To, and a day is picked in its calendar.
    await interaction.click(screen.getByRole('button', { name: 'From' }));
    // The calendar's arrows have names a screen reader can say.
    expect(await screen.findByRole('button', { name: 'Previous month' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose a month' })).toHaveTextContent(`March ${YEAR}`);
    await interaction.click(await screen.findByRole('button', { name: `20 March ${YEAR}` }));
    await waitFor(() => expect(router.state.location.search).toEqual({ to: MARCH_20, status: 'pending', from: MARCH_20 }));
  });
});

describe('validateBookingSearch', () => {
  it('keeps valid filters and drops what is malformed', () => {
    expect(
      validateBookingSearch({ search: ' ama ', status: 'confirmed', eventId: 'e1', timeSlotId: 's1', from: '2031-03-13', to: '2031-03-20', page: '3' }),
    ).toEqual({ search: 'ama', status: 'confirmed', eventId: 'e1', timeSlotId: 's1', from: '2031-03-13', to: '2031-03-20', page: 3 });
    expect(validateBookingSearch({ status: 'lost', from: '2031-02-30', to: 'tomorrow', page: -1, search: '' })).toEqual({});
  });

  it('puts a reversed range in order', () => {
    expect(validateBookingSearch({ from: '2031-03-20', to: '2031-03-13' })).toEqual({ from: '2031-03-13', to: '2031-03-20' });
  });
});
