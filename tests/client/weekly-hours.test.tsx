// My hours against a real API server: each day's ranges in time pickers, a message under a range that
// ends before it starts or overlaps another (nothing saved then), a day copied to every weekday, and
// the API given minutes as before; dates with other hours picked in a calendar, their ranges in the
// same time pickers, and a date listed twice refused beside it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AvailabilityEditor } from '@client/features/admin/consultations/AvailabilityEditor';
import { callerFor, createAccount, type TestAccount } from '@tests/support/helpers';
import { fill, renderWithProviders, testServerPerFile } from './render';
import { futureYear, isoDay } from '@tests/dates';

// Dates of a year ahead of the clock (tests/dates.ts).
const YEAR = futureYear();
const MARCH_13 = isoDay(YEAR, 3, 13);
const MARCH_20 = isoDay(YEAR, 3, 20);

const server = testServerPerFile();
let staff: TestAccount;

beforeEach(async () => {
  staff = await createAccount(server.env.db, 'user');
  await callerFor(server.env.deps, staff).consultations.availability.set({
    userId: staff.user.id,
    timeZone: 'UTC',
    weekly: [{ weekday: 1, startMinute: 9 * 60, endMinute: 12 * 60 }],
    overrides: [],
  });
});

async function weeklyOf() {
  return (await callerFor(server.env.deps, staff).consultations.availability.get({ userId: staff.user.id })).weekly;
}

async function overridesOf() {
  return (await callerFor(server.env.deps, staff).consultations.availability.get({ userId: staff.user.id })).overrides;
}

/** The staff member's hours with 13 March off. */
async function withMarch13Off() {
  await callerFor(server.env.deps, staff).consultations.availability.set({
    userId: staff.user.id,
    timeZone: 'UTC',
    weekly: [{ weekday: 1, startMinute: 9 * 60, endMinute: 12 * 60 }],
    overrides: [{ date: MARCH_13, ranges: [] }],
  });
}

describe('time zone', () => {
  it('shows an account kept in UTC as UTC, first of the choices (the browser’s own list has no UTC)', async () => {
    const person = userEvent.setup();
    renderWithProviders(<AvailabilityEditor />, { baseUrl: server.baseUrl, sessionToken: staff.token });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('UTC');
    await person.click(zone);
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent(/^UTC$/);
    expect(options.filter((option) => option.textContent === 'Europe/Paris')).toHaveLength(1);
  });
});

describe('weekly hours', () => {
  it('shows each day’s ranges in time pickers and says under a range what is wrong, saving nothing', async () => {
    const person = userEvent.setup();
    renderWithProviders(<AvailabilityEditor />, { baseUrl: server.baseUrl, sessionToken: staff.token });
    const monday = await screen.findByRole('group', { name: 'Monday' });
    // The stored zone shows in its field (the runtime's zone list has no 'UTC').
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
    expect(within(monday).getByLabelText('Monday range 1 start')).toHaveValue('09:00');
    expect(within(monday).getByLabelText('Monday range 1 end')).toHaveValue('12:00');
    expect(within(screen.getByRole('group', { name: 'Tuesday' })).getByText('No consultations')).toBeInTheDocument();

    await person.click(within(monday).getByRole('button', { name: 'Add a range on Monday' }));
    await fill(person, within(monday).getByLabelText('Monday range 2 start'), '11:00');
    await fill(person, within(monday).getByLabelText('Monday range 2 end'), '14:00');
    await person.click(within(monday).getByRole('button', { name: 'Add a range on Monday' }));
    await fill(person, within(monday).getByLabelText('Monday range 3 start'), '17:00');
    await fill(person, within(monday).getByLabelText('Monday range 3 end'), '16:00');
    await person.click(screen.getByRole('button', { name: 'Save hours' }));

    expect(await within(monday).findByRole('alert', { name: 'Monday range 2: This range overlaps another one of the same day' })).toHaveTextContent(
      'This range overlaps another one of the same day',
    );
    expect(within(monday).getByRole('alert', { name: 'Monday range 3: The end must be after the start' })).toHaveTextContent('The end must be after the start');
    expect(within(monday).getAllByRole('alert')).toHaveLength(2);
    expect(screen.getByText('Some hours need a look: see the messages under them.')).toBeInTheDocument();
    expect(await weeklyOf()).toEqual([{ weekday: 1, startMinute: 540, endMinute: 720 }]);
  });

  it('copies a day to every weekday, removes a range, and saves minutes as the API always took them', async () => {
    const person = userEvent.setup();
    renderWithProviders(<AvailabilityEditor />, { baseUrl: server.baseUrl, sessionToken: staff.token });
    const monday = await screen.findByRole('group', { name: 'Monday' });
    await person.click(within(monday).getByRole('button', { name: 'Add a range on Monday' }));
    await fill(person, within(monday).getByLabelText('Monday range 2 start'), '13:00');
    await fill(person, within(monday).getByLabelText('Monday range 2 end'), '17:30');
    await person.click(within(monday).getByRole('button', { name: "Copy Monday's hours to every weekday" }));
    const friday = screen.getByRole('group', { name: 'Friday' });
    expect(within(friday).getByLabelText('Friday range 2 end')).toHaveValue('17:30');
    expect(within(screen.getByRole('group', { name: 'Saturday' })).getByText('No consultations')).toBeInTheDocument();
    await person.click(within(friday).getByRole('button', { name: 'Remove Friday range 2' }));

    await person.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('Hours saved.')).toBeInTheDocument();
    const morning = { startMinute: 540, endMinute: 720 };
    const afternoon = { startMinute: 780, endMinute: 1050 };
    await waitFor(async () =>
      expect(await weeklyOf()).toEqual([
        ...[1, 2, 3, 4].flatMap((weekday) => [{ weekday, ...morning }, { weekday, ...afternoon }]),
        { weekday: 5, ...morning },
      ]),
    );
  });
});

describe('dates with other hours', () => {
  it('picks a date in the calendar and its ranges with time pickers, and saves them as minutes', async () => {
    await withMarch13Off();
    const person = userEvent.setup();
    renderWithProviders(<AvailabilityEditor />, { baseUrl: server.baseUrl, sessionToken: staff.token });
    const first = await screen.findByRole('group', { name: 'Date 1' });
    expect(within(first).getByRole('button', { name: 'Date' })).toHaveTextContent(`13 Mar ${YEAR}`);
    expect(within(first).getByRole('checkbox', { name: 'Day off' })).toBeChecked();

    // A new date starts the day after the last one, as a day off.
    await person.click(screen.getByRole('button', { name: 'Add a date' }));
    const second = screen.getByRole('group', { name: 'Date 2' });
    expect(within(second).getByRole('button', { name: 'Date' })).toHaveTextContent(`14 Mar ${YEAR}`);
    await person.click(within(second).getByRole('button', { name: 'Date' }));
    await person.click(await screen.findByRole('button', { name: `20 March ${YEAR}` }));
    expect(within(second).getByRole('button', { name: 'Date' })).toHaveTextContent(`20 Mar ${YEAR}`);
    await person.click(within(second).getByRole('checkbox', { name: 'Day off' }));
    expect(within(second).getByLabelText('Date 2 range 1 start')).toHaveValue('09:00');
    expect(within(second).getByLabelText('Date 2 range 1 end')).toHaveValue('17:00');
    await fill(person, within(second).getByLabelText('Date 2 range 1 start'), '10:00');
    await fill(person, within(second).getByLabelText('Date 2 range 1 end'), '12:30');
    await person.click(within(second).getByRole('button', { name: 'Add a range on Date 2' }));
    expect(within(second).getByLabelText('Date 2 range 2 start')).toHaveValue('13:00');
    await fill(person, within(second).getByLabelText('Date 2 range 2 end'), '16:00');

    await person.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('Hours saved.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await overridesOf()).toEqual([
        { date: MARCH_13, ranges: [] },
        {
          date: MARCH_20,
          ranges: [
            { startMinute: 600, endMinute: 750 },
            { startMinute: 780, endMinute: 960 },
          ],
        },
      ]),
    );
  });

  it('says beside a date that it is already in the list and under a range what is wrong, saving nothing', async () => {
    await withMarch13Off();
    const person = userEvent.setup();
    renderWithProviders(<AvailabilityEditor />, { baseUrl: server.baseUrl, sessionToken: staff.token });
    await screen.findByRole('group', { name: 'Date 1' });
    await person.click(screen.getByRole('button', { name: 'Add a date' }));
    const second = screen.getByRole('group', { name: 'Date 2' });
    await person.click(within(second).getByRole('button', { name: 'Date' }));
    await person.click(await screen.findByRole('button', { name: `13 March ${YEAR}` }));
    await person.click(within(second).getByRole('checkbox', { name: 'Day off' }));
    await fill(person, within(second).getByLabelText('Date 2 range 1 start'), '15:00');
    await fill(person, within(second).getByLabelText('Date 2 range 1 end'), '14:00');
    await person.click(screen.getByRole('button', { name: 'Save hours' }));

    expect(await within(second).findByRole('alert', { name: 'Date 2 range 1: The end must be after the start' })).toHaveTextContent('The end must be after the start');
    expect(within(second).getByRole('button', { name: 'Date' })).toHaveAccessibleDescription('This date is already in the list');
    expect(within(screen.getByRole('group', { name: 'Date 1' })).queryByText('This date is already in the list')).toBeNull();
    expect(screen.getByText('Some hours need a look: see the messages under them.')).toBeInTheDocument();
    expect(await overridesOf()).toEqual([{ date: MARCH_13, ranges: [] }]);
  });
});
