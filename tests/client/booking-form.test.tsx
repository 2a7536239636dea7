// The booking form against a real API server: when Confirm Booking is enabled, what changing the
// event or the session clears, and the participant validation messages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingForm, type BookingResult } from '@client/features/booking/BookingForm';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { fill, renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let ids: { eventA: string; eventB: string; sessionA1: string; sessionA2: string; slotA1: string };

beforeEach(async () => {
  const db = server.env.db;
  const eventA = await insertEventRow(db, { title: 'Accra Exchange', displayOrder: 1 });
  const eventB = await insertEventRow(db, { title: 'Lagos Summit', displayOrder: 2 });
  const sessionA1 = await insertSessionRow(db, eventA.id, { title: 'Morning Matchmaking', maxParticipants: 2 });
  const sessionA2 = await insertSessionRow(db, eventA.id, { title: 'Investor Briefing', maxParticipants: null });
  await insertSessionRow(db, eventB.id, { title: 'Market Entry Clinic' });
  // Noon UTC two days ahead, whatever the hour of the run: the slot crosses midnight in neither
  // UTC nor Lagos, so its times read without 'next day'.
  const noon = new Date();
  noon.setUTCDate(noon.getUTCDate() + 2);
  noon.setUTCHours(12, 0, 0, 0);
  const slotA1 = await insertSlotRow(db, sessionA1.id, (noon.getTime() - Date.now()) / 3_600_000);
  const fullSlot = await insertSlotRow(db, sessionA1.id, 72);
  await insertSlotRow(db, sessionA1.id, -24); // past: never offered
  await insertSlotRow(db, sessionA2.id, 96);
  for (const email of ['one@example.com', 'two@example.com']) {
    await insertBookingRow(db, fullSlot, eventA.id, { email, status: 'confirmed' });
  }
  ids = { eventA: eventA.id, eventB: eventB.id, sessionA1: sessionA1.id, sessionA2: sessionA2.id, slotA1: slotA1.id };
});
function renderForm(props: { initialEventId?: string; visitorTimeZone?: string; onBooked?: (result: BookingResult) => void } = {}) {
  return renderWithProviders(
    <BookingForm
      timeZone="UTC"
      visitorTimeZone={props.visitorTimeZone ?? 'Africa/Lagos'}
      initialEventId={props.initialEventId}
      onBooked={props.onBooked ?? (() => undefined)}
    />,
    { baseUrl: server.baseUrl },
  );
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirm Booking' });

describe('BookingForm', () => {
  it('shows a skeleton first, then enables Confirm Booking only once event, session and slot are chosen', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('Loading booking form')).toBeInTheDocument();

    await choose(user, 'Select Event', 'Accra Exchange');
    expect(confirmButton()).toBeDisabled();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await choose(user, 'Select Session', 'Morning Matchmaking (Room 1)');
    expect(confirmButton()).toBeDisabled();
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(2); // the past slot is not offered
    expect(screen.getByText('2 seats left')).toBeInTheDocument();
    expect(screen.getByText('Full – join the waitlist')).toBeInTheDocument();

    await user.click(radios[0] as HTMLElement);
    expect(confirmButton()).toBeEnabled();
    // Under the button: sending the form agrees to the privacy policy.
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  it('clears the slot when the session changes, and session and slot when the event changes', async () => {
    const user = userEvent.setup();
    renderForm();
    await choose(user, 'Select Event', 'Accra Exchange');
    await choose(user, 'Select Session', 'Morning Matchmaking (Room 1)');
    await user.click((await screen.findAllByRole('radio'))[0] as HTMLElement);
    expect(confirmButton()).toBeEnabled();

    await choose(user, 'Select Session', 'Investor Briefing (Room 1)');
    expect(confirmButton()).toBeDisabled();
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(1);
    expect(radios[0]).not.toBeChecked();
    expect(screen.getByText('Seats available')).toBeInTheDocument();
    await user.click(radios[0] as HTMLElement);
    expect(confirmButton()).toBeEnabled();

    await choose(user, 'Select Event', 'Lagos Summit');
    expect(confirmButton()).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Select Session' })).toHaveValue('');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('gives each slot one row in the visitor’s zone and the event’s, with the event and session beside the form', async () => {
    const user = userEvent.setup();
    const db = server.env.db;
    await db.updateTable('events').set({ description: 'Meet 30+ businesses in 60 minutes.', date: '13 October', location: 'Accra' }).where('id', '=', ids.eventA).execute();
    await db.updateTable('eventSessions').set({ description: 'Speed meetings with buyers.' }).where('id', '=', ids.sessionA1).execute();
    // A morning two days ahead (still before the full slot, three days ahead), so neither zone's
    // times cross midnight whenever the suite runs.
    const day = new Date(Date.now() + 48 * 3_600_000).toISOString().slice(0, 10);
    await db.updateTable('timeSlots').set({ startTime: `${day}T09:35:00.000Z`, endTime: `${day}T11:35:00.000Z` }).where('id', '=', ids.slotA1).execute();
    await db
      .insertInto('delegates')
      .values({ id: 'd1', sessionId: ids.sessionA1, name: 'Ama Owusu', email: 'ama@example.com', phone: '+233 20 000 0000', organization: 'GIPC', position: 'Trade Attaché', bio: null, photoUrl: null })
      .execute();
    renderForm({ visitorTimeZone: 'Africa/Lagos' });
    const details = await screen.findByRole('complementary', { name: 'Event details' });
    expect(details).toHaveTextContent('Choose an event to see its details, sessions and speakers here.');

    await choose(user, 'Select Event', 'Accra Exchange');
    expect(within(details).getByRole('heading', { level: 2, name: 'Accra Exchange' })).toBeInTheDocument();
    // Its days come from its upcoming slots (site zone UTC), not the label typed for it.
    const starts = (
      await db
        .selectFrom('timeSlots')
        .innerJoin('eventSessions', 'eventSessions.id', 'timeSlots.sessionId')
        .select('startTime')
        .where('eventSessions.eventId', '=', ids.eventA)
        .where('eventSessions.isActive', '=', 1)
        .where('startTime', '>', new Date().toISOString())
        .orderBy('startTime')
        .execute()
    ).map((slot) => new Date(slot.startTime));
    const days = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).formatRange(starts[0] ?? new Date(), starts.at(-1) ?? new Date());
    expect(details).toHaveTextContent(`Date${days.replace(/\s+/g, ' ')}LocationAccra`);
    expect(details).not.toHaveTextContent('13 October');
    expect(details).toHaveTextContent('Meet 30+ businesses in 60 minutes.');

    await choose(user, 'Select Session', 'Morning Matchmaking (Room 1)');
    expect(within(details).getByRole('heading', { level: 3, name: 'Morning Matchmaking' })).toBeInTheDocument();
    expect(details).toHaveTextContent('WhereRoom 1Speed meetings with buyers.');
    expect(details).toHaveTextContent('Ama OwusuTrade Attaché, GIPC');
    expect(details).not.toHaveTextContent('ama@example.com');

    // Lagos is an hour ahead of the event's zone (UTC here): the visitor's clock, then the event's.
    const radios = await screen.findAllByRole('radio');
    const slot = await db.selectFrom('timeSlots').select(['startTime', 'endTime']).where('id', '=', ids.slotA1).executeTakeFirstOrThrow();
    const lagos = new Intl.DateTimeFormat('en-US', { timeZone: 'Africa/Lagos', hour: 'numeric', minute: '2-digit' });
    const utc = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });
    const row = radios[0]?.closest('label');
    expect(row).toHaveTextContent(`${lagos.format(new Date(slot.startTime))} – ${lagos.format(new Date(slot.endTime))} your time (Lagos)`);
    expect(row).toHaveTextContent(`${utc.format(new Date(slot.startTime))} – ${utc.format(new Date(slot.endTime))} UTC`);
    expect(row).toHaveTextContent('2 seats left');
    // The whole row is the target: a click on its seats text chooses it.
    await user.click(within(row as HTMLElement).getByText('2 seats left'));
    expect(radios[0]).toBeChecked();
  });

  it('shows a paid session’s price per seat with its tax beside the form, and nothing of the kind for a free one', async () => {
    const user = userEvent.setup();
    await server.env.db
      .updateTable('eventSessions')
      .set({ priceAmountMinor: 45_000, priceCurrency: 'EUR', taxRateBasisPoints: 1900 })
      .where('id', '=', ids.sessionA2)
      .execute();
    renderForm();
    const details = await screen.findByRole('complementary', { name: 'Event details' });
    await choose(user, 'Select Event', 'Accra Exchange');
    await choose(user, 'Select Session', 'Morning Matchmaking (Room 1)');
    expect(details).toHaveTextContent(/Morning MatchmakingWhereRoom 1$/);
    expect(details).not.toHaveTextContent('Price');
    await choose(user, 'Select Session', 'Investor Briefing (Room 1)');
    expect(details).toHaveTextContent(/Investor BriefingWhereRoom 1Price€450.00 per seat, excl. 19% tax$/);
  });

  it('gives one zone when the visitor is in the event’s', async () => {
    const user = userEvent.setup();
    renderForm({ visitorTimeZone: 'UTC' });
    await choose(user, 'Select Event', 'Accra Exchange');
    await choose(user, 'Select Session', 'Morning Matchmaking (Room 1)');
    const row = (await screen.findAllByRole('radio'))[0]?.closest('label');
    expect(row).toHaveTextContent(/ UTC 2 seats left$/);
    expect(row).not.toHaveTextContent('your time');
  });

  it('preselects the event of /booking/:eventId', async () => {
    renderForm({ initialEventId: ids.eventB });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Select Event' })).toHaveValue('Lagos Summit'));
    expect(screen.getByRole('combobox', { name: 'Select Session' })).toBeInTheDocument();
  });

  it('says so when the event of the link is not open for booking', async () => {
    renderForm({ initialEventId: 'no-such-event' });
    expect(await screen.findByText('That event is not open for booking. Please choose one of the events below.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Select Event' })).toHaveValue('');
  });

  it('validates the participant with the server schema messages and sends nothing', async () => {
    const user = userEvent.setup();
    const onBooked = vi.fn();
    renderForm({ onBooked });
    await choose(user, 'Select Event', 'Accra Exchange');
    await choose(user, 'Select Session', 'Morning Matchmaking (Room 1)');
    await user.click((await screen.findAllByRole('radio'))[0] as HTMLElement);
    await fill(user, screen.getByLabelText(/Email Address/), 'not-an-email');
    // Counts the requests that would create a booking: the form must not send one at all.
    const fetches = vi.spyOn(globalThis, 'fetch');
    const createCalls = () => fetches.mock.calls.filter(([url]) => String(url instanceof Request ? url.url : url).includes('bookings.create'));
    await user.click(confirmButton());

    expect(await screen.findByText('Participant name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(createCalls()).toEqual([]);
    expect(onBooked).not.toHaveBeenCalled();
    const stored = await server.env.db.selectFrom('bookings').select('id').where('timeSlotId', '=', ids.slotA1).execute();
    expect(stored).toEqual([]);
  });

  it('books the chosen slot and reports the status', async () => {
    const user = userEvent.setup();
    const onBooked = vi.fn();
    renderForm({ onBooked });
    await choose(user, 'Select Event', 'Accra Exchange');
    await choose(user, 'Select Session', 'Morning Matchmaking (Room 1)');
    await user.click((await screen.findAllByRole('radio'))[0] as HTMLElement);
    await fill(user, screen.getByLabelText(/Full Name/), 'Efua Mensah');
    await fill(user, screen.getByLabelText(/Email Address/), 'efua@example.com');
    await user.click(confirmButton());
    await waitFor(() =>
      expect(onBooked).toHaveBeenCalledWith(
        { id: expect.any(String), status: 'pending' },
        // What the success screen sums up: the choices as the form showed them, and the participant.
        {
          eventTitle: 'Accra Exchange',
          sessionTitle: 'Morning Matchmaking',
          location: 'Room 1',
          startTime: expect.any(String),
          endTime: expect.any(String),
          participantName: 'Efua Mensah',
          participantEmail: 'efua@example.com',
          visitorTimeZone: 'Africa/Lagos',
          paid: false,
        },
      ),
    );
    const row = await server.env.db
      .selectFrom('bookings')
      .select(['participantName', 'status', 'eventId', 'sessionId'])
      .where('timeSlotId', '=', ids.slotA1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ participantName: 'Efua Mensah', status: 'pending', eventId: ids.eventA, sessionId: ids.sessionA1 });
  });

  it('keeps what was typed and shows the server message when the booking is refused', async () => {
    const user = userEvent.setup();
    renderForm();
    await choose(user, 'Select Event', 'Accra Exchange');
    await choose(user, 'Select Session', 'Morning Matchmaking (Room 1)');
    await user.click((await screen.findAllByRole('radio'))[0] as HTMLElement);
    await fill(user, screen.getByLabelText(/Full Name/), 'Efua Again');
    await fill(user, screen.getByLabelText(/Email Address/), 'efua@example.com');
    // Staff close the session while the visitor types.
    await server.env.db.updateTable('eventSessions').set({ isActive: 0 }).where('id', '=', ids.sessionA1).execute();
    await user.click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This time slot is no longer available.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Efua Again');
    expect(screen.getByLabelText(/Email Address/)).toHaveValue('efua@example.com');
  });

  it('answers an address that already holds the slot like any booking: the holder is e-mailed instead', async () => {
    const user = userEvent.setup();
    await insertBookingRow(server.env.db, { id: ids.slotA1, sessionId: ids.sessionA1 }, ids.eventA, { email: 'efua@example.com' });
    const onBooked = vi.fn();
    renderForm({ onBooked });
    await choose(user, 'Select Event', 'Accra Exchange');
    await choose(user, 'Select Session', 'Morning Matchmaking (Room 1)');
    await user.click((await screen.findAllByRole('radio'))[0] as HTMLElement);
    await fill(user, screen.getByLabelText(/Full Name/), 'Efua Again');
    await fill(user, screen.getByLabelText(/Email Address/), 'efua@example.com');
    await user.click(confirmButton());
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith({ id: expect.any(String), status: 'pending' }, expect.objectContaining({ participantEmail: expect.any(String) })));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
