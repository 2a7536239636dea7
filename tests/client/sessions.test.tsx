// The admin sessions screen against a real API server: stats, the table's defaults, server-side
// search and status filter, toggle and delete as an admin, the wizard resetting when reopened, a
// read-only screen for role user, and the load failure message.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionsPage } from '@client/features/admin/sessions/SessionsPage';
import { insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { callerFor, createAccount } from '@tests/support/helpers';
import { newId } from '@server/core/ids';
import { fill, renderRoute, testServerPerFile, UNREACHABLE } from './render';
import { futureYear, isoDay } from '@tests/dates';

// Thursday 13 March in a year ahead of the clock (tests/dates.ts).
const YEAR = futureYear(3, 13, 'Thursday');
const MARCH_13 = isoDay(YEAR, 3, 13);

const server = testServerPerFile();
let adminToken: string;
let userToken: string;

beforeEach(async () => {
  const db = server.env.db;
  const admin = await createAccount(db, 'admin');
  adminToken = admin.token;
  userToken = (await createAccount(db, 'user')).token;
  await callerFor(server.env.deps, admin).settings.updateSystem({
    siteName: 'Test Site',
    siteDescription: null,
    timezone: 'America/New_York',
    maintenanceMode: false,
    allowRegistrations: true,
    maxFileSize: 10,
  });
  const event = await insertEventRow(db, { title: 'Accra Exchange' });
  const matchmaking = await insertSessionRow(db, event.id, { title: 'Morning Matchmaking', maxParticipants: 10, location: 'Room 1' });
  await db.updateTable('eventSessions').set({ facilitator: 'Ama Mensah' }).where('id', '=', matchmaking.id).execute();
  await insertSessionRow(db, event.id, { title: 'Investor Briefing', maxParticipants: null, location: null, isActive: false });
  await insertSessionRow(db, event.id, { title: 'Market Entry Clinic', maxParticipants: 15, location: 'Room 1' });
});
function renderPage(token: string | undefined = adminToken, baseUrl = server.baseUrl) {
  return renderRoute(SessionsPage, { baseUrl, sessionToken: token, path: '/admin/sessions' });
}

const statValue = (label: string) => within(screen.getByLabelText(label)).getAllByText(/./).at(-1)?.textContent;
const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;

describe('SessionsPage', () => {
  it('shows the stats and the table with its defaults', async () => {
    await renderPage();
    await waitFor(() => expect(statValue('Total Sessions')).toBe('3'));
    expect(statValue('Active Sessions')).toBe('2');
    expect(statValue('Max Capacity')).toBe('25');
    expect(statValue('Locations')).toBe('1');

    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Session', 'Facilitator', 'Location', 'Capacity', 'Status', 'Created', 'Actions']);
    const briefing = await rowOf('Investor Briefing');
    const cells = within(briefing).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual(['Investor BriefingAccra Exchange', 'Not assigned', 'TBD', 'Unlimited', 'Inactive']);
    expect(cells[5]).toMatch(/E[DS]T$/);
    expect(within(briefing).getByRole('button', { name: 'Activate session Investor Briefing' })).toBeInTheDocument();
    const matchmaking = await rowOf('Morning Matchmaking');
    expect(within(matchmaking).getAllByRole('cell').map((cell) => cell.textContent).slice(1, 5)).toEqual([
      'Ama Mensah',
      'Room 1',
      '10',
      'Active',
    ]);
    expect(screen.getByRole('link', { name: 'Delegates' })).toHaveAttribute('href', '/admin/delegates');
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
  });

  it('searches and filters on the server, with the empty state', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByText('Morning Matchmaking');

    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    await waitFor(() => expect(screen.queryByText('Morning Matchmaking')).not.toBeInTheDocument());
    expect(screen.getByText('Investor Briefing')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Active' }));
    await fill(user, screen.getByLabelText('Search sessions'), 'clinic');
    await waitFor(() => expect(screen.queryByText('Morning Matchmaking')).not.toBeInTheDocument());
    expect(screen.getByText('Market Entry Clinic')).toBeInTheDocument();

    await fill(user, screen.getByLabelText('Search sessions'), 'clinic nothing like this');
    expect(await screen.findByText('No sessions found')).toBeInTheDocument();
  });

  it('toggles the stored status and deletes after the browser confirmation', async () => {
    const user = userEvent.setup();
    const db = server.env.db;
    const event = await insertEventRow(db, { title: 'Tema Port Day' });
    const session = await insertSessionRow(db, event.id, { title: 'Port Tour' });
    await renderPage();

    const row = await rowOf('Port Tour');
    await user.click(within(row).getByRole('button', { name: 'Deactivate session Port Tour' }));
    expect(await within(row).findByRole('button', { name: 'Activate session Port Tour' })).toBeInTheDocument();
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    const stored = await db.selectFrom('eventSessions').select('isActive').where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(stored.isActive).toBe(0);

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(within(row).getByRole('button', { name: 'Delete session Port Tour' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenLastCalledWith(
        'Are you sure you want to delete this session?\n\nNobody will be e-mailed: no participant has a live booking here.',
      ),
    );
    expect(screen.getByText('Port Tour')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Delete session Port Tour' }));
    await waitFor(() => expect(screen.queryByText('Port Tour')).not.toBeInTheDocument());
    expect(await screen.findByText('Session deleted successfully')).toBeInTheDocument();
    expect(await db.selectFrom('eventSessions').select('id').where('id', '=', session.id).executeTakeFirst()).toBeUndefined();
  });

  it('reports a failed toggle with the server reason', async () => {
    const user = userEvent.setup();
    const db = server.env.db;
    const event = await insertEventRow(db, { title: 'Kumasi Forum' });
    const session = await insertSessionRow(db, event.id, { title: 'Vanishing Session' });
    await renderPage();
    const row = await rowOf('Vanishing Session');
    await db.deleteFrom('eventSessions').where('id', '=', session.id).execute();
    await user.click(within(row).getByRole('button', { name: 'Deactivate session Vanishing Session' }));
    expect(await screen.findByText('Failed to update session status: Session not found.')).toBeInTheDocument();
  });

  it('opens the wizard afresh every time', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Session' });
    await fill(user, within(dialog).getByLabelText(/^Title/), 'Half typed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Session' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add Session' }));
    const reopened = await screen.findByRole('dialog', { name: 'Add Session' });
    expect(within(reopened).getByLabelText(/^Title/)).toHaveValue('');

    await user.click(within(reopened).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await rowOf('Morning Matchmaking')).getByRole('button', { name: 'Edit session Morning Matchmaking' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Session' });
    expect(await within(edit).findByRole('button', { name: 'Update Session' })).toBeInTheDocument();
  });

  it('the editor always starts from the stored session, never from a copy cached by an earlier opening', async () => {
    const user = userEvent.setup();
    const db = server.env.db;
    const event = await insertEventRow(db, { title: 'Cape Coast Meetup' });
    const session = await insertSessionRow(db, event.id, { title: 'Heritage Walk' });
    await insertSlotRow(db, session.id, 72);
    await callerFor(server.env.deps, await createAccount(db, 'admin')).delegates.create({
      sessionId: session.id,
      name: 'Abena Owusu',
      email: 'abena@example.com',
    });
    await renderPage();

    await user.click(within(await rowOf('Heritage Walk')).getByRole('button', { name: 'Edit session Heritage Walk' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Session' });
    for (let step = 0; step < 3; step += 1) await user.click(await within(dialog).findByRole('button', { name: 'Previous' }));
    await fill(user, within(dialog).getByLabelText(/^Title/), 'Heritage Walk Extended');
    for (const next of ['Next: Delegate Profile', 'Next: Time Slots', 'Next: Review']) {
      await user.click(await within(dialog).findByRole('button', { name: next }));
    }
    await user.click(await within(dialog).findByRole('button', { name: 'Update Session' }));
    expect(await screen.findByText('Session updated successfully')).toBeInTheDocument();
    const row = await rowOf('Heritage Walk Extended');

    // Someone else renames it meanwhile; the table still shows the name it loaded.
    await db.updateTable('eventSessions').set({ title: 'Heritage Walk Final' }).where('id', '=', session.id).execute();
    await user.click(within(row).getByRole('button', { name: 'Edit session Heritage Walk Extended' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Session' });
    await within(dialog).findByRole('button', { name: 'Update Session' });
    expect(within(dialog).getByText('Heritage Walk Final')).toBeInTheDocument();
  });

  it('is read-only for role user', async () => {
    await renderPage(userToken);
    await waitFor(() => expect(statValue('Total Sessions')).not.toBe(''));
    await screen.findByText('Morning Matchmaking');
    expect(screen.queryByRole('button', { name: 'Add Session' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Activate|Deactivate|Edit|Delete) session/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Delegates' })).toBeInTheDocument();
  });

  it('lets role user open a session read-only: details, time slots in the site timezone, delegates', async () => {
    const db = server.env.db;
    const event = await insertEventRow(db, { title: 'Kumasi Forum' });
    const session = await insertSessionRow(db, event.id, { title: 'Cocoa Supply Talk', maxParticipants: 8, location: 'Hall B' });
    await db
      .insertInto('timeSlots')
      .values({ id: newId(), sessionId: session.id, startTime: `${MARCH_13}T14:00:00.000Z`, endTime: `${MARCH_13}T16:00:00.000Z` })
      .execute();
    await db
      .insertInto('delegates')
      .values({ id: newId(), sessionId: session.id, name: 'Efua Sarpong', email: 'efua@example.com', phone: null, organization: 'Cocoa Board', position: 'Analyst', bio: null, photoUrl: null })
      .execute();
    const user = userEvent.setup();
    await renderPage(userToken);
    const row = await rowOf('Cocoa Supply Talk');
    expect(within(row).queryByRole('button', { name: /^(Edit|Delete|Activate|Deactivate)/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'View session Cocoa Supply Talk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cocoa Supply Talk' });
    expect(await within(dialog).findByText(`Thursday, March 13, ${YEAR}, 10:00 AM – 12:00 PM EDT`)).toBeInTheDocument();
    expect(within(dialog).getByText('0 / 8')).toBeInTheDocument();
    expect(within(dialog).getByText('Facilitator: Not assigned · Location: Hall B · Capacity: 8 · Price per seat: Free')).toBeInTheDocument();
    expect(within(dialog).getByText('Efua Sarpong')).toBeInTheDocument();
    expect(within(dialog).getByText('Analyst, Cocoa Board')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Edit|Delete|Save/ })).not.toBeInTheDocument();
    // The other tests of this file count the sessions of beforeAll.
    await db.deleteFrom('eventSessions').where('id', '=', session.id).execute();
  });

  it("says when the sessions cannot be loaded, with the reason", async () => {
    await renderPage(undefined, UNREACHABLE);
    // The reason is the fetch failure's own words (a browser and Node word it differently).
    // Found by its words: a success toast of an earlier test (also role alert) may still be fading.
    const alert = (await screen.findByText(/^Failed to load sessions: /, {}, { timeout: 5000 })).closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toMatch(/^Failed to load sessions: \S.*Try again$/);
    expect(screen.queryByText('No sessions found')).not.toBeInTheDocument();
  });
});
