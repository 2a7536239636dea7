// The manage page of a waitlisted booking offered a freed seat, against a real API server: the
// deadline is shown, Take the Seat confirms the booking, Decline cancels it and passes the seat on.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManageBookingPage } from '@client/features/booking/ManageBookingPage';
import { hashManageToken, newManageToken } from '@server/email/manage-token';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let ids: { offered: string; next: string };
let token: string;

beforeEach(async () => {
  const db = server.env.db;
  const event = await insertEventRow(db, { title: 'Accra Exchange' });
  const session = await insertSessionRow(db, event.id, { title: 'Speed Meetings', maxParticipants: 1 });
  await db.updateTable('eventSessions').set({ offerHours: 2 }).where('id', '=', session.id).execute();
  const slot = await insertSlotRow(db, session.id, 48);
  const offered = await insertBookingRow(db, slot, event.id, { email: 'offered@example.com', status: 'waitlisted', createdAt: '2026-01-01T00:00:00.000Z' });
  const next = await insertBookingRow(db, slot, event.id, { email: 'next@example.com', status: 'waitlisted', createdAt: '2026-01-02T00:00:00.000Z' });
  const manage = newManageToken();
  token = manage.token;
  await db.updateTable('bookings').set({ manageTokenHash: manage.hash, offerExpiresAt: new Date(Date.now() + 3_600_000).toISOString() }).where('id', '=', offered.id).execute();
  expect(hashManageToken(token)).toBe(manage.hash);
  ids = { offered: offered.id, next: next.id };
});
async function statusOf(id: string) {
  return (await server.env.db.selectFrom('bookings').select(['status', 'offerExpiresAt']).where('id', '=', id).executeTakeFirstOrThrow());
}

/** The manage page under its route, as in the app (its cancelled state links to /booking). */
async function renderManagePage() {
  const root = createRootRoute();
  const manage = createRoute({ getParentRoute: () => root, path: '/booking/manage/$token', component: ManageBookingPage });
  const booking = createRoute({ getParentRoute: () => root, path: '/booking', component: () => <p>The booking form</p> });
  const router = createRouter({ routeTree: root.addChildren([manage, booking]), history: createMemoryHistory({ initialEntries: [`/booking/manage/${token}`] }) });
  await act(() => router.load());
  renderWithProviders(<RouterProvider router={router} />, { baseUrl: server.baseUrl });
}

describe('OfferPanel', () => {
  it('takes the offered seat', async () => {
    const user = userEvent.setup();
    await renderManagePage();
    expect(await screen.findByText('A seat is offered to you')).toBeInTheDocument();
    expect(screen.getByText(/it is held for you until/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take the Seat' }));
    expect(await screen.findByText('The seat is yours')).toBeInTheDocument();
    expect((await statusOf(ids.offered)).status).toBe('confirmed');
  });

  it('declines it: the booking is cancelled and the next in line is offered the seat', async () => {
    const user = userEvent.setup();
    await renderManagePage();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(async () => expect((await statusOf(ids.offered)).status).toBe('cancelled'));
    expect(await screen.findByText('This booking has been cancelled.')).toBeInTheDocument();
    expect((await statusOf(ids.next)).offerExpiresAt).not.toBeNull();
  });
});
