// The delete confirmations of bookings, sessions, events and (in the session form) stored time slots
// say how many participants will be e-mailed 'booking cancelled', counted by the real API server:
// live bookings (pending, confirmed, waitlisted) in slots not over; cancelled ones and past slots
// are not counted; 0 says nobody will be e-mailed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingsPage } from '@client/features/admin/bookings/BookingsPage';
import { DeleteEventModal } from '@client/features/admin/events/DeleteEventModal';
import type { EventDto } from '@client/features/admin/events/event-form';
import { participantsToldText } from '@client/features/admin/kit/participants-told';
import { SessionsPage } from '@client/features/admin/sessions/SessionsPage';
import { SessionWizard } from '@client/features/admin/sessions/SessionWizard';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { callerFor, createAccount, type TestAccount } from '@tests/support/helpers';
import { renderRoute, renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin');
});
/** An event with one session and two future slots: three live bookings, one cancelled, one in a past slot. */
async function bookedEvent() {
  const db = server.env.db;
  const event = await insertEventRow(db, { title: 'Accra Exchange' });
  const session = await insertSessionRow(db, event.id, { title: 'Port Tour', maxParticipants: 10 });
  const slot = await insertSlotRow(db, session.id, 48);
  const later = await insertSlotRow(db, session.id, 72);
  const past = await insertSlotRow(db, session.id, -48);
  await insertBookingRow(db, slot, event.id, { name: 'Ama Owusu', status: 'confirmed' });
  await insertBookingRow(db, slot, event.id, { name: 'Kofi Mensah', status: 'waitlisted' });
  await insertBookingRow(db, later, event.id, { name: 'Esi Quartey', status: 'pending' });
  await insertBookingRow(db, later, event.id, { name: 'Yaw Boateng', status: 'cancelled' });
  await insertBookingRow(db, past, event.id, { name: 'Abena Darko', status: 'confirmed' });
  return { event, session, slot, later };
}

describe('participantsToldText', () => {
  it('counts participants, and says nobody for 0', () => {
    expect(participantsToldText(0)).toBe('Nobody will be e-mailed: no participant has a live booking here.');
    expect(participantsToldText(1)).toBe('1 participant will be told by e-mail.');
    expect(participantsToldText(3)).toBe('3 participants will be told by e-mail.');
  });
});

describe('delete confirmations', () => {
  it('the session delete says 3 participants will be told; declining deletes nothing', async () => {
    const { session } = await bookedEvent();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    await renderRoute(SessionsPage, { baseUrl: server.baseUrl, sessionToken: admin.token, path: '/admin/sessions' });
    await user.click(await screen.findByRole('button', { name: 'Delete session Port Tour' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to delete this session?\n\n3 participants will be told by e-mail.'),
    );
    expect(await server.env.db.selectFrom('eventSessions').select('id').where('id', '=', session.id).executeTakeFirst()).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Delete session Port Tour' }));
    expect(await screen.findByText('Session deleted successfully')).toBeInTheDocument();
  });

  it('the booking delete says 1 participant for a live booking, and nobody for a cancelled one', async () => {
    await bookedEvent();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = userEvent.setup();
    renderWithProviders(<BookingsPage />, { baseUrl: server.baseUrl, sessionToken: admin.token });
    await user.click(await screen.findByRole('button', { name: 'Delete booking of Ama Owusu' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to delete this booking?\n\n1 participant will be told by e-mail.'),
    );
    await user.click(screen.getByRole('button', { name: 'Delete booking of Yaw Boateng' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenLastCalledWith(
        'Are you sure you want to delete this booking?\n\nNobody will be e-mailed: no participant has a live booking here.',
      ),
    );
  });

  it('the Delete Event modal says how many participants will be told', async () => {
    const { event } = await bookedEvent();
    const empty = await insertEventRow(server.env.db, { title: 'Quiet Event' });
    const listed = await callerFor(server.env.deps, admin).events.adminList({});
    const dto = (id: string) => listed.items.find((item) => item.id === id) as EventDto;
    const view = renderWithProviders(<DeleteEventModal opened event={dto(event.id)} onClose={() => undefined} />, {
      baseUrl: server.baseUrl,
      sessionToken: admin.token,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete Event' });
    expect(await within(dialog).findByText('3 participants will be told by e-mail.')).toBeInTheDocument();
    view.rerender(<></>);
    view.unmount();
    renderWithProviders(<DeleteEventModal opened event={dto(empty.id)} onClose={() => undefined} />, {
      baseUrl: server.baseUrl,
      sessionToken: admin.token,
    });
    const second = await screen.findByRole('dialog', { name: 'Delete Event' });
    expect(await within(second).findByText('Nobody will be e-mailed: no participant has a live booking here.')).toBeInTheDocument();
  });

  it("removing a stored slot in the session form says how many of its participants will be told; declining keeps it", async () => {
    const { session } = await bookedEvent();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderWithProviders(<SessionWizard opened sessionId={session.id} onClose={() => undefined} />, {
      baseUrl: server.baseUrl,
      sessionToken: admin.token,
    });
    await user.click(await screen.findByRole('button', { name: 'Previous' }));
    const removeButtons = await screen.findAllByRole('button', { name: /^Remove time slot/ });
    expect(removeButtons).toHaveLength(3);
    // Slots are listed by start: the past one, then the slot in 48 hours (2 live bookings).
    await user.click(removeButtons[1] as HTMLElement);
    const question = 'Are you sure you want to remove this time slot? Its bookings are cancelled when the session is saved.';
    await waitFor(() => expect(confirm).toHaveBeenLastCalledWith(`${question}\n\n2 participants will be told by e-mail.`));
    expect(screen.getAllByRole('button', { name: /^Remove time slot/ })).toHaveLength(3);
    await user.click(removeButtons[1] as HTMLElement);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Remove time slot/ })).toHaveLength(2));
  });
});
