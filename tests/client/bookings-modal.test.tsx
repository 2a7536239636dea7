// The booking modal against a real API server: its validation messages, the slot chosen from
// pickers (no id fields), server refusals under the right field, the booking date entered in the
// site's timezone, and an edit starting from the booking.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { BookingFormModal, type BookingItem } from '@client/features/admin/bookings/BookingFormModal';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { callerFor, createAccount, type TestAccount } from '@tests/support/helpers';
import { fill, renderWithProviders, testServerPerFile } from './render';
import { pickDateTime } from './pick-date-time';

const server = testServerPerFile();
let admin: TestAccount;
let ids: { eventA: string; eventB: string; sessionA1: string; sessionA2: string; slotA1: string; slotA2: string };

type Interaction = ReturnType<typeof userEvent.setup>;

beforeEach(async () => {
  const db = server.env.db;
  admin = await createAccount(db, 'admin');
  await saveSystemSettings(db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'America/New_York' });
  const eventA = await insertEventRow(db, { title: 'Accra Exchange', displayOrder: 1 });
  const eventB = await insertEventRow(db, { title: 'Lagos Summit', displayOrder: 2 });
  const sessionA1 = await insertSessionRow(db, eventA.id, { title: 'Morning Matchmaking', maxParticipants: 1 });
  const sessionA2 = await insertSessionRow(db, eventA.id, { title: 'Investor Briefing', maxParticipants: null });
  await insertSessionRow(db, eventB.id, { title: 'Market Entry Clinic' });
  const slotA1 = await insertSlotRow(db, sessionA1.id, 48);
  const slotA2 = await insertSlotRow(db, sessionA2.id, 72);
  ids = { eventA: eventA.id, eventB: eventB.id, sessionA1: sessionA1.id, sessionA2: sessionA2.id, slotA1: slotA1.id, slotA2: slotA2.id };
});
beforeEach(async () => {
  await server.env.db.deleteFrom('bookings').execute();
});

function renderModal(booking: BookingItem | null = null) {
  return renderWithProviders(<BookingFormModal opened booking={booking} onClose={() => undefined} />, {
    baseUrl: server.baseUrl,
    sessionToken: admin.token,
  });
}

async function choose(interaction: Interaction, label: string, option: string | RegExp) {
  await interaction.click(screen.getByRole('combobox', { name: label }));
  await interaction.click(await screen.findByRole('option', { name: option }));
}

/** A field by its exact label, with or without the required asterisk. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
/** The dialog, once its form is there (it waits for the site timezone). */
async function modalReady(title: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name: title });
  await within(dialog).findByRole('button', { name: title === 'Add Booking' ? 'Create Booking' : 'Update Booking' });
  return dialog;
}

const save = () => screen.getByRole('button', { name: 'Create Booking' });

describe('BookingFormModal validation', () => {
  it("shows the field messages for a blank form, a bad e-mail and a cleared status", async () => {
    const interaction = userEvent.setup();
    renderModal();
    expect(await modalReady('Add Booking')).toBeInTheDocument();

    await interaction.click(save());
    expect(await screen.findByText('Time slot is required')).toBeInTheDocument();
    expect(screen.getByText('Participant name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.queryByText('Status is required')).not.toBeInTheDocument(); // pending by default

    await fill(interaction, field('Email Address'), 'not-an-email');
    // Mantine keeps its clear button out of the accessibility tree (keyboard users clear with Backspace).
    await interaction.click(within(screen.getByRole('dialog')).getByLabelText('Clear status'));
    await interaction.click(save());
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Status is required')).toBeInTheDocument();

    // A field's message goes as soon as that field is edited.
    await fill(interaction, field('Full Name'), 'Kwame');
    expect(screen.queryByText('Participant name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Time slot is required')).toBeInTheDocument();
    await choose(interaction, 'Event', 'Accra Exchange');
    await choose(interaction, 'Session', 'Morning Matchmaking');
    await choose(interaction, 'Time Slot', /1 seat left/);
    expect(screen.queryByText('Time slot is required')).not.toBeInTheDocument();
    expect(await server.env.db.selectFrom('bookings').select('id').execute()).toHaveLength(0);
  });
});

describe('BookingFormModal slot choice', () => {
  it('chooses the slot from pickers, never an id field; a new session or event clears what depends on it', async () => {
    const interaction = userEvent.setup();
    renderModal();
    await modalReady('Add Booking');
    const dialog = screen.getByRole('dialog', { name: 'Add Booking' });
    expect(within(dialog).queryAllByRole('textbox', { name: /\bID\b/ })).toEqual([]);
    expect(within(dialog).queryByText(/\bID\b/)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Time Slot' })).toBeDisabled();

    await choose(interaction, 'Event', 'Accra Exchange');
    await choose(interaction, 'Session', 'Morning Matchmaking');
    await choose(interaction, 'Time Slot', /1 seat left/);
    expect(screen.getByRole('combobox', { name: 'Time Slot' })).not.toHaveValue('');

    // Another session: the slot goes until a slot of that session is chosen.
    await choose(interaction, 'Session', 'Investor Briefing');
    expect(screen.getByRole('combobox', { name: 'Time Slot' })).toHaveValue('');
    await choose(interaction, 'Time Slot', /EST|EDT/);

    // Another event: session and slot go too.
    await choose(interaction, 'Event', 'Lagos Summit');
    expect(screen.getByRole('combobox', { name: 'Session' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Time Slot' })).toHaveValue('');
  });
});

describe('BookingFormModal saving', () => {
  async function fillNewBooking(interaction: Interaction, email: string, session = 'Morning Matchmaking', slot: RegExp = /seat/) {
    await modalReady('Add Booking');
    await choose(interaction, 'Event', 'Accra Exchange');
    await choose(interaction, 'Session', session);
    await choose(interaction, 'Time Slot', slot);
    await fill(interaction, field('Full Name'), 'Ama Owusu');
    await fill(interaction, field('Email Address'), email);
  }

  it('stores the booking with its booking date read in the site timezone', async () => {
    const interaction = userEvent.setup();
    renderModal();
    await fillNewBooking(interaction, 'Ama@Example.com');
    await fill(interaction, field('Phone Number'), '+233 20 111 2222');
    await pickDateTime(interaction, field('Booking Date'), '2026-03-10 09:30');
    expect(field('Booking Date')).toHaveTextContent('Mar 10, 2026, 9:30 AM EDT');
    await choose(interaction, 'Status', 'Confirmed');
    await interaction.click(save());

    expect(await screen.findByText('Booking for Ama Owusu added successfully')).toBeInTheDocument();
    const stored = await server.env.db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      timeSlotId: ids.slotA1,
      eventId: ids.eventA,
      sessionId: ids.sessionA1,
      participantName: 'Ama Owusu',
      participantEmail: 'ama@example.com',
      participantPhone: '+233 20 111 2222',
      status: 'confirmed',
      // 09:30 in New York on 10 March 2026 is daylight time, UTC-4.
      bookingDate: '2026-03-10T13:30:00.000Z',
    });
  });

  it("puts 'This time slot is full.' under Time Slot and the duplicate message under Email Address", async () => {
    const slot = { id: ids.slotA1, sessionId: ids.sessionA1 };
    await insertBookingRow(server.env.db, slot, ids.eventA, { email: 'taken@example.com', status: 'confirmed' });
    const interaction = userEvent.setup();
    renderModal();
    await fillNewBooking(interaction, 'someone@example.com', 'Morning Matchmaking', /Full/);
    await interaction.click(save());
    const slotField = screen.getByRole('combobox', { name: 'Time Slot' });
    await waitFor(() => expect(slotField).toHaveAccessibleDescription('This time slot is full.'));
    expect(await screen.findByText('Failed to save booking: This time slot is full.')).toBeInTheDocument();

    await choose(interaction, 'Status', 'Waitlisted');
    await fill(interaction, field('Email Address'), 'TAKEN@example.com');
    await interaction.click(save());
    await waitFor(() =>
      expect(field('Email Address')).toHaveAccessibleDescription('You already have a booking for this time slot.'),
    );
    expect(await server.env.db.selectFrom('bookings').select('id').execute()).toHaveLength(1);
  });

  it('starts an edit from the booking, with its slot and date in the site timezone', async () => {
    const slot = { id: ids.slotA2, sessionId: ids.sessionA2 };
    const row = await insertBookingRow(server.env.db, slot, ids.eventA, { name: 'Kofi Mensah', email: 'kofi@example.com' });
    await server.env.db.updateTable('bookings').set({ bookingDate: '2026-01-15T15:45:00.000Z' }).where('id', '=', row.id).execute();
    const list = await callerFor(server.env.deps, admin).bookings.list({});
    const booking = list.items[0];
    if (booking === undefined) throw new Error('no booking listed');
    const interaction = userEvent.setup();

    renderModal(booking);
    expect(await modalReady('Edit Booking')).toBeInTheDocument();
    expect(field('Full Name')).toHaveValue('Kofi Mensah');
    expect(field('Booking Date')).toHaveTextContent('Jan 15, 2026, 10:45 AM EST'); // UTC-5
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Time Slot' }) as HTMLInputElement).value).toMatch(/ (EST|EDT)$/));
    expect(screen.getByRole('combobox', { name: 'Event' })).toHaveValue('Accra Exchange');
    expect(screen.getByRole('combobox', { name: 'Session' })).toHaveValue('Investor Briefing');

    await choose(interaction, 'Status', 'Confirmed');
    await interaction.click(screen.getByRole('button', { name: 'Update Booking' }));
    expect(await screen.findByText('Booking for Kofi Mensah updated successfully')).toBeInTheDocument();
    const stored = await server.env.db.selectFrom('bookings').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    // The untouched booking date is kept exactly.
    expect(stored).toMatchObject({ status: 'confirmed', bookingDate: '2026-01-15T15:45:00.000Z', timeSlotId: ids.slotA2 });
  });
});
