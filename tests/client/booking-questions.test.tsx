// The event's registration questions on the booking form, against a real API server: asked after
// the participant's fields, checked with the same messages as the server, sent and stored.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingForm } from '@client/features/booking/BookingForm';
import { replaceEventQuestions } from '@server/registration-questions/registration-questions.repository';
import { insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { fill, renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();

beforeEach(async () => {
  const db = server.env.db;
  const event = await insertEventRow(db, { title: 'Accra Exchange' });
  const session = await insertSessionRow(db, event.id, { title: 'Morning Matchmaking' });
  await insertSlotRow(db, session.id, 48);
  await replaceEventQuestions(db, event.id, [
    { kind: 'short_text', label: 'Company', helpText: 'As on your business card', required: true, choices: [] },
    { kind: 'one_choice', label: 'Sector', helpText: null, required: true, choices: ['Agriculture', 'Energy'] },
    { kind: 'many_choices', label: 'Interests', helpText: null, required: false, choices: ['Export', 'Import'] },
    { kind: 'yes_no', label: 'First time?', helpText: null, required: false, choices: [] },
    { kind: 'country', label: 'Country', helpText: null, required: true, choices: [] },
  ]);
});
async function choose(user: ReturnType<typeof userEvent.setup>, label: string | RegExp, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('BookingForm with registration questions', () => {
  it('asks the questions after the participant, refuses missing answers with their messages, then stores the answers', async () => {
    const user = userEvent.setup();
    const onBooked = vi.fn();
    renderWithProviders(<BookingForm timeZone="UTC" visitorTimeZone="UTC" onBooked={onBooked} />, { baseUrl: server.baseUrl });
    await choose(user, 'Select Event', 'Accra Exchange');
    await choose(user, 'Select Session', 'Morning Matchmaking (Room 1)');
    const slots = await screen.findByRole('radiogroup', { name: /Select Time Slot/ });
    await user.click(within(slots).getAllByRole('radio')[0] as HTMLElement);
    await fill(user, screen.getByLabelText(/Full Name/), 'Efua Mensah');
    await fill(user, screen.getByLabelText(/Email Address/), 'efua@example.com');

    const company = await screen.findByRole('textbox', { name: /Company/ });
    expect(screen.getByText('As on your business card')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findAllByText('Please answer this question')).toHaveLength(3);
    expect(company).toHaveFocus();
    expect(await server.env.db.selectFrom('bookings').select('id').execute()).toEqual([]);

    await fill(user, company, 'Volta Cocoa Ltd');
    await user.click(within(screen.getByRole('radiogroup', { name: /Sector/ })).getByRole('radio', { name: 'Energy' }));
    await user.click(screen.getByRole('checkbox', { name: 'Import' }));
    await user.click(screen.getByRole('checkbox', { name: 'Export' }));
    await user.click(within(screen.getByRole('radiogroup', { name: /First time/ })).getByRole('radio', { name: 'No' }));
    await choose(user, /Country/, 'Ghana');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());

    const answers = await server.env.db.selectFrom('bookingAnswers').select(['label', 'value']).orderBy('position').execute();
    expect(answers).toEqual([
      { label: 'Company', value: 'Volta Cocoa Ltd' },
      { label: 'Sector', value: 'Energy' },
      { label: 'Interests', value: 'Export, Import' },
      { label: 'First time?', value: 'No' },
      { label: 'Country', value: 'Ghana' },
    ]);
  });
});
