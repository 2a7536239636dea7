// The session wizard against a real API server (site timezone America/New_York): each step's
// validation, the delegate step's two faces, time slots entered in the site's timezone, the one
// save, editing from step 4, and a failed save that keeps the wizard as typed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SessionWizard } from '@client/features/admin/sessions/SessionWizard';
import { insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { callerFor, createAccount, type Caller } from '@tests/support/helpers';
import { fill, renderWithProviders, testServerPerFile } from './render';
import { pickDateTime } from './pick-date-time';
import { futureYear, isoDay } from '@tests/dates';

// Mondays in a year ahead of the clock (tests/dates.ts), so the expected texts stay exact.
const MARCH_YEAR = futureYear(3, 10, 'Monday');
const MARCH_10 = isoDay(MARCH_YEAR, 3, 10);
const JUNE_YEAR = futureYear(6, 2, 'Monday');
const JUNE_2 = isoDay(JUNE_YEAR, 6, 2);
const JUNE_3 = isoDay(JUNE_YEAR, 6, 3);

const ZONE = 'America/New_York';
const server = testServerPerFile();
let adminToken: string;
let admin: Caller;
let staffedDelegateId: string;

beforeEach(async () => {
  const db = server.env.db;
  const account = await createAccount(db, 'admin');
  adminToken = account.token;
  admin = callerFor(server.env.deps, account);
  await admin.settings.updateSystem({
    siteName: 'Test Site',
    siteDescription: null,
    timezone: ZONE,
    maintenanceMode: false,
    allowRegistrations: true,
    maxFileSize: 10,
  });
  const staffedEvent = await insertEventRow(db, { title: 'Lagos Summit' });
  const staffedSession = await insertSessionRow(db, staffedEvent.id, { title: 'Opening Panel' });
  const delegate = await admin.delegates.create({
    sessionId: staffedSession.id,
    name: 'Ngozi Okafor',
    email: 'ngozi@example.com',
    organization: 'Lagos Chamber',
    bio: 'Twenty years in trade.',
  });
  staffedDelegateId = delegate.id;
});
function renderWizard(sessionId: string | null = null, onClose = vi.fn()) {
  renderWithProviders(<SessionWizard opened sessionId={sessionId} onClose={onClose} />, {
    baseUrl: server.baseUrl,
    sessionToken: adminToken,
  });
  return onClose;
}

type User = ReturnType<typeof userEvent.setup>;

const button = (name: string) => screen.getByRole('button', { name });

async function chooseEvent(user: User, title: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Event' }));
  await user.click(await screen.findByRole('option', { name: title }));
}

async function fillDetails(user: User, eventTitle: string, title: string) {
  await chooseEvent(user, eventTitle);
  await fill(user, screen.getByLabelText(/^Title/), title);
}

let eventCounter = 0;
/** A new event without delegates (each save of a new delegate gives its event one). Call before rendering. */
async function freshEvent(): Promise<string> {
  eventCounter += 1;
  const event = await insertEventRow(server.env.db, { title: `Fresh Event ${eventCounter}` });
  return event.title;
}

/** Fills step 1 for an event without delegates and goes to step 2. */
async function toDelegateStep(user: User, eventTitle: string, title: string) {
  await fillDetails(user, eventTitle, title);
  await user.click(button('Next: Delegate Profile'));
  await screen.findByLabelText(/Full Name/);
}

async function toTimeSlotStep(user: User, eventTitle: string, title: string) {
  await toDelegateStep(user, eventTitle, title);
  await fill(user, screen.getByLabelText(/Full Name/), 'Kofi Boateng');
  await fill(user, screen.getByLabelText(/Email Address/), 'Kofi@Example.com');
  await user.click(button('Next: Time Slots'));
  await screen.findByRole('button', { name: 'Quick Add Time Slot' });
}

function dateInZone(ms: number): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(ms);
}

async function sessionByTitle(title: string) {
  return server.env.db.selectFrom('eventSessions').selectAll().where('title', '=', title).executeTakeFirst();
}

describe('SessionWizard: step 1, Session Details', () => {
  it('blocks Next with the field messages and moves on once the step is valid', async () => {
    const user = userEvent.setup();
    const eventTitle = await freshEvent();
    renderWizard();
    await screen.findByRole('combobox', { name: 'Event' });
    expect(screen.getByLabelText(/Max participants/)).toHaveValue('20');
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();

    await user.click(button('Next: Delegate Profile'));
    expect(await screen.findByText('Event is required')).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Full Name/)).not.toBeInTheDocument();

    await fillDetails(user, eventTitle, 'Market Entry Workshop');
    expect(screen.queryByText('Event is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Max participants/));
    await user.click(button('Next: Delegate Profile'));
    expect(await screen.findByText('Max participants must be at least 1')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Unlimited' }));
    expect(screen.getByLabelText(/Max participants/)).toBeDisabled();
    await user.click(button('Next: Delegate Profile'));
    expect(await screen.findByLabelText(/Full Name/)).toBeInTheDocument();
    expect(button('Next: Time Slots')).toBeInTheDocument();
  });

  it('Previous goes back and keeps every value as typed', async () => {
    const user = userEvent.setup();
    const eventTitle = await freshEvent();
    renderWizard();
    await fillDetails(user, eventTitle, 'Kept Title');
    await fill(user, screen.getByLabelText('Location'), 'Room 7');
    await user.click(button('Next: Delegate Profile'));
    await fill(user, await screen.findByLabelText(/Full Name/), 'Ama Mensah');
    await user.click(button('Previous'));

    expect(screen.getByLabelText(/^Title/)).toHaveValue('Kept Title');
    expect(screen.getByLabelText('Location')).toHaveValue('Room 7');
    expect(screen.getByRole('combobox', { name: 'Event' })).toHaveValue(eventTitle);
    await user.click(button('Next: Delegate Profile'));
    expect(await screen.findByLabelText(/Full Name/)).toHaveValue('Ama Mensah');
  });
});

describe('SessionWizard: step 2, Delegate Profile', () => {
  it('asks for a new delegate when the event has none, with the field messages', async () => {
    const user = userEvent.setup();
    const eventTitle = await freshEvent();
    renderWizard();
    await toDelegateStep(user, eventTitle, 'Delegate Check');
    for (const label of [/Full Name/, /Email Address/, /Phone Number/, /Organization/, /Position\/Title/]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }

    await user.click(button('Next: Time Slots'));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();

    await fill(user, screen.getByLabelText(/Full Name/), 'Kofi Boateng');
    await fill(user, screen.getByLabelText(/Email Address/), 'not-an-email');
    await user.click(button('Next: Time Slots'));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();

    await fill(user, screen.getByLabelText(/Email Address/), 'kofi@example.com');
    await user.click(button('Next: Time Slots'));
    expect(await screen.findByRole('button', { name: 'Quick Add Time Slot' })).toBeInTheDocument();
  });

  it('lists the event delegates instead, lets you pass, and edits one at once (keeping its bio)', async () => {
    const user = userEvent.setup();
    renderWizard();
    await fillDetails(user, 'Lagos Summit', 'Second Panel');
    await user.click(button('Next: Delegate Profile'));

    const row = (await screen.findByText('Ngozi Okafor')).closest('tr') as HTMLElement;
    expect(within(row).getByText('ngozi@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Lagos Chamber')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Full Name/)).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Edit delegate Ngozi Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Delegate' });
    await fill(user, within(dialog).getByLabelText(/Organization/), 'Lagos Chamber of Commerce');
    await user.click(within(dialog).getByRole('button', { name: 'Save Delegate' }));
    expect(await screen.findByText('Delegate Ngozi Okafor updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('Lagos Chamber of Commerce')).toBeInTheDocument();
    const stored = await server.env.db.selectFrom('delegates').selectAll().where('id', '=', staffedDelegateId).executeTakeFirstOrThrow();
    expect(stored.organization).toBe('Lagos Chamber of Commerce');
    expect(stored.bio).toBe('Twenty years in trade.');

    await user.click(button('Next: Time Slots'));
    expect(await screen.findByRole('button', { name: 'Quick Add Time Slot' })).toBeInTheDocument();
  });
});

describe('SessionWizard: failures to load', () => {
  it('says when the events cannot be loaded', async () => {
    renderWithProviders(<SessionWizard opened sessionId={null} onClose={vi.fn()} />, {
      baseUrl: server.baseUrl,
      sessionToken: 'not-a-session',
    });
    expect(await screen.findByText('Error loading events: Please sign in to continue.')).toBeInTheDocument();
  });
});

describe('SessionWizard: step 3, Time Slots', () => {
  it('requires a slot; quick add makes one starting a day ahead on the next quarter hour and lasting 120 minutes', async () => {
    const user = userEvent.setup();
    const eventTitle = await freshEvent();
    renderWizard();
    await toTimeSlotStep(user, eventTitle, 'Quick Slot Session');

    await user.click(button('Next: Review'));
    expect(await screen.findByText('At least one time slot is required')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Session' })).not.toBeInTheDocument();

    const before = Date.now();
    await user.click(button('Quick Add Time Slot'));
    const after = Date.now();
    expect(screen.queryByText('At least one time slot is required')).not.toBeInTheDocument();
    const row = screen.getByText('120 minutes').closest('tr') as HTMLElement;
    // The day of the slot's start: a day ahead rounded up to the quarter hour, which is the next day
    // when the test runs in the last quarter hour before midnight in New York.
    const quarter = 15 * 60_000;
    const startDays = [before, after].map((at) => dateInZone(Math.ceil((at + 24 * 3_600_000) / quarter) * quarter));
    expect(startDays.some((day) => row.textContent?.includes(day) === true)).toBe(true);
    expect(row).toHaveTextContent(/E[DS]T/);

    await user.click(button('Next: Review'));
    expect(await screen.findByText('Quick Slot Session')).toBeInTheDocument();
    expect(screen.getByText('20 participants')).toBeInTheDocument();
    expect(screen.getByText(/Kofi Boateng \(Kofi@Example.com\)/)).toBeInTheDocument();
    await user.click(button('Create Session'));
    expect(await screen.findByText('Session created successfully')).toBeInTheDocument();

    const session = await sessionByTitle('Quick Slot Session');
    expect(session?.maxParticipants).toBe(20);
    const slots = await server.env.db.selectFrom('timeSlots').selectAll().where('sessionId', '=', session?.id ?? '').execute();
    expect(slots).toHaveLength(1);
    const start = Date.parse(slots[0]?.startTime ?? '');
    // A day ahead, rounded up to the next quarter hour (New York's offset is whole hours).
    expect(start).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 60_000);
    expect(start - (before + 24 * 3_600_000)).toBeLessThan(15 * 60_000 + 60_000);
    expect(start % (15 * 60_000)).toBe(0);
    expect(Date.parse(slots[0]?.endTime ?? '') - start).toBe(120 * 60_000);
    const delegates = await server.env.db.selectFrom('delegates').selectAll().where('sessionId', '=', session?.id ?? '').execute();
    expect(delegates.map((delegate) => [delegate.name, delegate.email])).toEqual([['Kofi Boateng', 'kofi@example.com']]);
  });

  it('the slot modal validates, shows the duration as edited, and reads times in the site timezone', async () => {
    const user = userEvent.setup();
    const eventTitle = await freshEvent();
    const onClose = renderWizard();
    await toTimeSlotStep(user, eventTitle, 'Zoned Slot Session');

    await user.click(button('Add Time Slot'));
    let dialog = await screen.findByRole('dialog', { name: 'Add Time Slot' });
    const start = () => within(dialog).getByLabelText(/^Start Time/);
    const end = () => within(dialog).getByLabelText(/^End Time/);
    expect(within(dialog).getByText('Duration: 120 minutes')).toBeInTheDocument();

    // Mantine keeps a clear button out of the accessibility tree (keyboard users clear with Backspace).
    await user.click(within(dialog).getByLabelText('Clear Start Time'));
    await user.click(within(dialog).getByLabelText('Clear End Time'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Time Slot' }));
    expect(await within(dialog).findByText('Start time is required')).toBeInTheDocument();
    expect(within(dialog).getByText('End time is required')).toBeInTheDocument();

    await pickDateTime(user, start(), `${MARCH_10} 10:00`);
    await pickDateTime(user, end(), `${MARCH_10} 09:00`);
    // The field shows the time as the back office does, with the zone of that day.
    expect(start()).toHaveTextContent(`Mar 10, ${MARCH_YEAR}, 10:00 AM EDT`);
    await user.click(within(dialog).getByRole('button', { name: 'Save Time Slot' }));
    expect(await within(dialog).findByText('End time must be after start time')).toBeInTheDocument();

    await pickDateTime(user, end(), `${MARCH_10} 11:30`);
    expect(within(dialog).getByText('Duration: 90 minutes')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Time Slot' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Time Slot' })).not.toBeInTheDocument());
    const row = screen.getByText('90 minutes').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent(`Monday, March 10, ${MARCH_YEAR}, 10:00 AM – 11:30 AM EDT`);

    // Edit it: the modal opens with the slot's times in the site's zone.
    await user.click(within(row).getByRole('button', { name: /^Edit time slot/ }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Time Slot' });
    expect(start()).toHaveTextContent(`Mar 10, ${MARCH_YEAR}, 10:00 AM EDT`);
    expect(end()).toHaveTextContent(`Mar 10, ${MARCH_YEAR}, 11:30 AM EDT`);
    await pickDateTime(user, end(), `${MARCH_10} 12:00`);
    await user.click(within(dialog).getByRole('button', { name: 'Save Time Slot' }));
    expect(await screen.findByText('120 minutes')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(button('Next: Review'));
    await user.click(await screen.findByRole('button', { name: 'Create Session' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const session = await sessionByTitle('Zoned Slot Session');
    const slots = await server.env.db.selectFrom('timeSlots').selectAll().where('sessionId', '=', session?.id ?? '').execute();
    expect(slots.map((slot) => [slot.startTime, slot.endTime])).toEqual([[`${MARCH_10}T14:00:00.000Z`, `${MARCH_10}T16:00:00.000Z`]]);
  });

  it('Escape closes only the slot modal, not the wizard', async () => {
    const user = userEvent.setup();
    const eventTitle = await freshEvent();
    const onClose = renderWizard();
    await toTimeSlotStep(user, eventTitle, 'Escape Session');
    await user.click(button('Add Time Slot'));
    await screen.findByRole('dialog', { name: 'Add Time Slot' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Time Slot' })).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add Session' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('removes a slot', async () => {
    const user = userEvent.setup();
    const eventTitle = await freshEvent();
    renderWizard();
    await toTimeSlotStep(user, eventTitle, 'Removal Session');
    await user.click(button('Quick Add Time Slot'));
    await user.click(screen.getByRole('button', { name: /^Remove time slot/ }));
    expect(screen.queryByText('120 minutes')).not.toBeInTheDocument();
    expect(button('Quick Add Time Slot')).toBeInTheDocument();
  });
});

describe('SessionWizard: editing', () => {
  it('opens at step 4 with the session, goes back keeping values, and updates', async () => {
    const db = server.env.db;
    const event = await insertEventRow(db, { title: 'Kumasi Forum' });
    const session = await insertSessionRow(db, event.id, { title: 'Investor Briefing', maxParticipants: null, location: 'Hall B' });
    const slot = await db
      .insertInto('timeSlots')
      .values({ id: 'slot-edit-1', sessionId: session.id, startTime: `${JUNE_2}T13:00:00.000Z`, endTime: `${JUNE_2}T14:30:00.000Z` })
      .returningAll()
      .executeTakeFirstOrThrow();
    await admin.delegates.create({ sessionId: session.id, name: 'Yaw Darko', email: 'yaw@example.com', photoUrl: '/uploads/yaw.png' });

    const user = userEvent.setup();
    const onClose = renderWizard(session.id);
    expect(await screen.findByRole('button', { name: 'Update Session' })).toBeInTheDocument();
    expect(screen.getByText('Investor Briefing')).toBeInTheDocument();
    expect(screen.getByText('Kumasi Forum')).toBeInTheDocument();
    expect(screen.getByText('Hall B')).toBeInTheDocument();
    expect(screen.getByText('Unlimited')).toBeInTheDocument();
    expect(screen.getByText('Not assigned')).toBeInTheDocument();
    expect(await screen.findByText(/Yaw Darko \(yaw@example.com\)/)).toBeInTheDocument();
    expect(screen.getByText(`Monday, June 2, ${JUNE_YEAR}, 9:00 AM – 10:30 AM EDT (90 minutes)`)).toBeInTheDocument();

    await user.click(button('Previous'));
    expect(await screen.findByText('90 minutes')).toBeInTheDocument();
    await user.click(button('Previous'));
    expect(await screen.findByText('Yaw Darko')).toBeInTheDocument();
    await user.click(button('Previous'));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Investor Briefing');
    expect(screen.getByRole('checkbox', { name: 'Unlimited' })).toBeChecked();

    await fill(user, screen.getByLabelText(/^Title/), 'Investor Briefing II');
    await user.click(screen.getByRole('checkbox', { name: 'Unlimited' }));
    await fill(user, screen.getByLabelText(/Max participants/), '12');
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(button('Next: Delegate Profile'));
    await user.click(await screen.findByRole('button', { name: 'Next: Time Slots' }));
    await user.click(button('Add Time Slot'));
    const dialog = await screen.findByRole('dialog', { name: 'Add Time Slot' });
    await pickDateTime(user, within(dialog).getByLabelText(/^Start Time/), `${JUNE_3} 09:00`);
    await pickDateTime(user, within(dialog).getByLabelText(/^End Time/), `${JUNE_3} 10:00`);
    await user.click(within(dialog).getByRole('button', { name: 'Save Time Slot' }));
    await user.click(await screen.findByRole('button', { name: 'Next: Review' }));
    await user.click(await screen.findByRole('button', { name: 'Update Session' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const stored = await db.selectFrom('eventSessions').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow();
    expect([stored.title, stored.maxParticipants, stored.isActive]).toEqual(['Investor Briefing II', 12, 0]);
    const slots = await db.selectFrom('timeSlots').selectAll().where('sessionId', '=', session.id).orderBy('startTime').execute();
    expect(slots.map((row) => [row.id === slot.id, row.startTime])).toEqual([
      [true, `${JUNE_2}T13:00:00.000Z`],
      [false, `${JUNE_3}T13:00:00.000Z`],
    ]);
    const delegates = await db.selectFrom('delegates').selectAll().where('sessionId', '=', session.id).execute();
    expect(delegates.map((row) => [row.name, row.photoUrl])).toEqual([['Yaw Darko', '/uploads/yaw.png']]);
  });

  it('deletes a delegate at once after the Confirm Delete dialog, and the update no longer lists it', async () => {
    const db = server.env.db;
    const event = await insertEventRow(db, { title: 'Takoradi Day' });
    const session = await insertSessionRow(db, event.id, { title: 'Oil and Gas Panel' });
    const other = await insertSessionRow(db, event.id, { title: 'Fisheries Panel' });
    await insertSlotRow(db, session.id, 72);
    const own = await admin.delegates.create({ sessionId: session.id, name: 'Esi Quaye', email: 'esi@example.com' });
    const elsewhere = await admin.delegates.create({ sessionId: other.id, name: 'Kwesi Arthur', email: 'kwesi@example.com' });

    const user = userEvent.setup();
    const onClose = renderWizard(session.id);
    await user.click(await screen.findByRole('button', { name: 'Previous' }));
    await user.click(await screen.findByRole('button', { name: 'Previous' }));
    await user.click(await screen.findByRole('button', { name: 'Delete delegate Esi Quaye' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(within(dialog).getByText('Are you sure you want to delete this delegate? This action cannot be undone.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delegate Esi Quaye deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Esi Quaye' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Kwesi Arthur' })).toBeInTheDocument();
    expect(await db.selectFrom('delegates').select('id').where('id', '=', own.id).executeTakeFirst()).toBeUndefined();

    await user.click(button('Next: Time Slots'));
    await user.click(await screen.findByRole('button', { name: 'Next: Review' }));
    expect(await screen.findByText("None of its own; the event's delegates: Kwesi Arthur")).toBeInTheDocument();
    await user.click(button('Update Session'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const stored = await db.selectFrom('delegates').select(['id', 'sessionId']).where('id', '=', elsewhere.id).executeTakeFirst();
    expect(stored?.sessionId).toBe(other.id);
  });

  it('a refused save says why and keeps the wizard open as typed', async () => {
    const db = server.env.db;
    const event = await insertEventRow(db, { title: 'Tema Port Day' });
    const session = await insertSessionRow(db, event.id, { title: 'Port Tour' });
    await insertSlotRow(db, session.id, 48);
    await admin.delegates.create({ sessionId: session.id, name: 'Efua Sam', email: 'efua@example.com' });

    const user = userEvent.setup();
    const onClose = renderWizard(session.id);
    await user.click(await screen.findByRole('button', { name: 'Previous' }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    onTestFinished(() => confirm.mockRestore());
    await user.click(await screen.findByRole('button', { name: /^Remove time slot/ }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    await user.click(await screen.findByRole('button', { name: 'Quick Add Time Slot' }));
    await user.click(button('Next: Review'));
    // Someone else deletes the session while this form is open.
    await db.deleteFrom('eventSessions').where('id', '=', session.id).execute();
    await user.click(await screen.findByRole('button', { name: 'Update Session' }));

    expect(await screen.findByText('Failed to save session: Session not found.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(button('Update Session')).toBeInTheDocument();
    expect(screen.getAllByText(/\(120 minutes\)/)).toHaveLength(1);
  });
});

describe('SessionWizard: price', () => {
  it('prices a free session per seat with its tax, shown in full before saving', async () => {
    const db = server.env.db;
    const event = await insertEventRow(db, { title: 'Tamale Workshop' });
    const session = await insertSessionRow(db, event.id, { title: 'Export Paperwork' });
    await insertSlotRow(db, session.id);
    await admin.delegates.create({ sessionId: session.id, name: 'Efua Asante', email: 'efua@example.com' });
    const user = userEvent.setup();
    const onClose = renderWizard(session.id);
    expect(await screen.findByRole('button', { name: 'Update Session' })).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    for (let step = 0; step < 3; step += 1) await user.click(button('Previous'));

    await user.click(screen.getByRole('checkbox', { name: 'Paid session (booked seats are invoiced)' }));
    await fill(user, screen.getByLabelText(/Tax rate/), '');
    await user.click(button('Next: Delegate Profile'));
    expect(await screen.findByText('Price must be more than 0 (a free session has no price)')).toBeInTheDocument();
    expect(screen.getByText('Tax rate must be between 0 and 100%, with at most two decimals')).toBeInTheDocument();

    await fill(user, screen.getByLabelText(/Price per seat \(EUR, excluding tax\)/), '450');
    await fill(user, screen.getByLabelText(/Tax rate/), '19');
    expect(screen.getByText('One seat: €450.00 + €85.50 tax = €535.50')).toBeInTheDocument();
    await user.click(button('Next: Delegate Profile'));
    await user.click(await screen.findByRole('button', { name: 'Next: Time Slots' }));
    await user.click(await screen.findByRole('button', { name: 'Next: Review' }));
    expect(await screen.findByText('€450.00, tax 19%')).toBeInTheDocument();
    await user.click(button('Update Session'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const priced = await db.selectFrom('eventSessions').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow();
    expect([priced.priceAmountMinor, priced.priceCurrency, priced.taxRateBasisPoints]).toEqual([45_000, 'EUR', 1900]);
  });
});
