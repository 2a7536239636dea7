// The admin dashboard against a real server: the empty database's texts, then the numbers, the next
// slot, the previous sign-in and the five latest contacts once there is data; the week's figures and
// next sessions; the user's view.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DashboardPage } from '@client/features/admin/dashboard/DashboardPage';
import { trpc } from '@client/trpc';
import { newId } from '@server/core/ids';
import { formatDateTime } from '@server/shared/time';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { insertBookableSlot, insertBookingRow, insertEventRow } from '@tests/support/fixtures';
import { renderRoute, testServerPerFile } from './render';

const server = testServerPerFile();

beforeEach(async () => {
  await server.env.db.deleteFrom('events').execute();
  await server.env.db.deleteFrom('contactForms').execute();
});

function RoleProbe() {
  const me = trpc.auth.me.useQuery();
  return me.data ? <span>signed in as {me.data.role}</span> : null;
}

function DashboardWithRole() {
  return (
    <>
      <RoleProbe />
      <DashboardPage />
    </>
  );
}

async function renderDashboard(account: TestAccount) {
  const view = await renderRoute(DashboardWithRole, { baseUrl: server.baseUrl, sessionToken: account.token });
  await screen.findByText(`signed in as ${account.user.role}`);
  return view;
}

/** The value shown in a stat card, found by its label. */
async function statCard(label: string): Promise<HTMLElement> {
  return screen.findByLabelText(label);
}

async function insertContact(name: string, createdAt: string) {
  await server.env.db
    .insertInto('contactForms')
    .values({
      id: newId(),
      name,
      email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
      company: null,
      message: 'Hello',
      notes: null,
      createdAt,
    })
    .execute();
}

describe('dashboard', () => {
  it('on an empty database says there is nothing yet', async () => {
    const admin = await createAccount(server.env.db, 'admin');
    await renderDashboard(admin);
    expect(await within(await statCard('Total Events')).findByText('0')).toBeInTheDocument();
    expect(within(await statCard('Total Contacts')).getByText('0')).toBeInTheDocument();
    expect(within(await statCard('Days Until Next Event')).getByText('No upcoming events')).toBeInTheDocument();
    expect(within(await statCard('Last Login')).getByText('First sign-in')).toBeInTheDocument();
    expect(await screen.findByText('No recent contact submissions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Event' })).toHaveAttribute('href', '/admin/events?create=true');
    expect(screen.getByRole('link', { name: 'View All Bookings' })).toHaveAttribute('href', '/admin/bookings');
  });

  it('shows the counts, the days to the next slot, the previous sign-in and the five latest contacts', async () => {
    const admin = await createAccount(server.env.db, 'admin');
    const previous = '2026-01-15T10:00:00.000Z';
    await server.env.db.updateTable('users').set({ previousSignInAt: previous }).where('id', '=', admin.user.id).execute();
    const { slot } = await insertBookableSlot(server.env.db); // its slot starts in 24 hours
    await insertEventRow(server.env.db, { title: 'Second Event' });
    const names = ['Ama Owusu', 'Kofi Boateng', 'Efua Mensah', 'Yaw Darko', 'Akosua Asante', 'Kwesi Appiah'];
    for (const [index, name] of names.entries()) {
      await insertContact(name, `2026-02-0${index + 1}T09:00:00.000Z`);
    }

    await renderDashboard(admin);
    expect(await within(await statCard('Total Events')).findByText('2')).toBeInTheDocument();
    expect(within(await statCard('Total Contacts')).getByText('6')).toBeInTheDocument();
    const nextEvent = await statCard('Days Until Next Event');
    expect(within(nextEvent).getByText('1')).toBeInTheDocument();
    expect(within(nextEvent).getByText(`Next slot: ${formatDateTime(slot.startTime, 'UTC')}`)).toBeInTheDocument();
    expect(within(await statCard('Last Login')).getByText('Jan 15, 2026, 10:00 AM UTC')).toBeInTheDocument();

    const table = within(await screen.findByRole('region', { name: 'Recent contacts' })).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Kwesi Appiah',
      'Akosua Asante',
      'Yaw Darko',
      'Efua Mensah',
      'Kofi Boateng',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('kwesi.appiah@example.com')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Feb 6, 2026, 9:00 AM UTC')).toBeInTheDocument();
  });

  it("shows the week: new bookings beside the week before, seats of the next 7 days, waitlist, contacts waiting, next sessions", async () => {
    const admin = await createAccount(server.env.db, 'admin');
    const { event, slot } = await insertBookableSlot(server.env.db, 4); // 4 seats, in 24 hours
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    await insertBookingRow(server.env.db, slot, event.id, { status: 'pending', createdAt: at(1) });
    await insertBookingRow(server.env.db, slot, event.id, { status: 'confirmed', createdAt: at(2) });
    await insertBookingRow(server.env.db, slot, event.id, { status: 'waitlisted', createdAt: at(3) });
    await insertBookingRow(server.env.db, slot, event.id, { status: 'confirmed', createdAt: at(9) });
    await insertContact('Ama Owusu', at(1));

    await renderDashboard(admin);
    const bookings = await statCard('New Bookings, Last 7 Days');
    expect(await within(bookings).findByText('+2 on the week before')).toBeInTheDocument();
    expect(within(bookings).getByText('1 pending, 1 confirmed, 1 waitlisted, 0 cancelled')).toBeInTheDocument();
    expect(within(await statCard('Seats Filled, Next 7 Days')).getByText('75% of 1 slot')).toBeInTheDocument();
    expect(await statCard('Seats Filled, Next 7 Days')).toHaveTextContent('3 / 4');
    expect(await statCard('Waitlisted, Slots to Come')).toHaveTextContent('1');
    expect(within(await statCard('Contacts Waiting')).getByRole('link', { name: '1' })).toHaveAttribute('href', '/admin/contacts');
    const next = within(await screen.findByRole('region', { name: 'Next sessions' }));
    expect(next.getByRole('link', { name: 'Fixture Session' })).toHaveAttribute('href', `/admin/bookings?timeSlotId=${slot.id}`);
    expect(next.getByText('3 / 4')).toBeInTheDocument();
    expect(next.getByText(formatDateTime(slot.startTime, 'UTC'))).toBeInTheDocument();
  });

  it('hides Create New Event from a user', async () => {
    const user = await createAccount(server.env.db, 'user');
    await renderDashboard(user);
    expect(await screen.findByRole('link', { name: 'View All Bookings' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create New Event' })).not.toBeInTheDocument();
  });

  it('shows an admin the set-up checklist, each step linking to where it is done and ticked when it is', async () => {
    const admin = await createAccount(server.env.db, 'admin');
    await insertEventRow(server.env.db, { title: 'First Forum' });
    await renderDashboard(admin);
    const checklist = within(await screen.findByRole('region', { name: 'Set up your site' }));
    expect(checklist.getByText('1 of 5 done. Each step makes the public site more your own.')).toBeInTheDocument();
    const links = checklist.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Upload your logo', '/admin/settings?tab=site'],
      ['Add your contact details', '/admin/settings?tab=site'],
      ['Write your home page (founder, testimonials)', '/admin/home-page'],
      ['Create a first event', '/admin/events?create=true'],
      ['Set up e-mail sending (SMTP)', '/admin/settings?tab=email'],
    ]);
    expect(checklist.getByRole('link', { name: 'Create a first event' }).closest('li')).toHaveTextContent('Create a first event (done)');
    expect(checklist.getByRole('link', { name: 'Upload your logo' }).closest('li')).toHaveTextContent('Upload your logo (to do)');
  });

  it('shows a user no set-up checklist', async () => {
    const user = await createAccount(server.env.db, 'user');
    await renderDashboard(user);
    expect(await screen.findByRole('link', { name: 'View All Bookings' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Set up your site' })).not.toBeInTheDocument();
  });
});
