// The Analytics screen against a real API server: a range's figures against the range before, the
// day-by-day chart readable as a table, top pages and sources, and an event's funnel, from daily
// aggregates and a booking stored as the real collector and booking form write them.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { AnalyticsDailyTable } from '@db/schema';
import { AnalyticsPage } from '@client/features/admin/analytics/AnalyticsPage';
import { insertBookableSlot, insertBookingRow } from '@tests/support/fixtures';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let staff: TestAccount;
let eventId: string;

const DAY_MS = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

function visits(row: Partial<Insertable<AnalyticsDailyTable>> & { day: string; path: string; visitors: number }): Insertable<AnalyticsDailyTable> {
  return { step: 'pageview', eventId: '', source: 'direct', utmSource: '', utmMedium: '', utmCampaign: '', language: 'en', device: 'desktop', hits: row.visitors, entries: row.visitors, ...row };
}

beforeEach(async () => {
  const { db } = server.env;
  // A staff member who is not an admin: the screen is for all staff.
  staff = await createAccount(db, 'user', { name: 'Sam Staff', email: 'sam@example.com' });
  const { event, session, slot } = await insertBookableSlot(db);
  eventId = event.id;
  await db
    .insertInto('analyticsDaily')
    .values([
      visits({ day: dayAgo(0), path: '/', visitors: 3, hits: 4, source: 'linkedin', utmSource: 'linkedin', utmMedium: 'social', utmCampaign: 'accra-mission' }),
      visits({ day: dayAgo(2), path: `/events/${event.id}`, visitors: 2, hits: 2 }),
      visits({ day: dayAgo(2), path: `/events/${event.id}`, step: 'event-viewed', eventId: event.id, visitors: 2, entries: 0 }),
      visits({ day: dayAgo(2), path: `/booking/${event.id}`, step: 'booking-started', eventId: event.id, visitors: 1, entries: 0 }),
      // In the 30 days before the range.
      visits({ day: dayAgo(40), path: '/', visitors: 5, hits: 6 }),
    ])
    .execute();
  const booking = await insertBookingRow(db, { id: slot.id, sessionId: session.id }, event.id);
  await db.updateTable('bookings').set({ visitSource: 'linkedin', visitUtmSource: 'linkedin', visitUtmMedium: 'social', visitUtmCampaign: 'accra-mission' }).where('id', '=', booking.id).execute();
});

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A 'yyyy-mm-dd' day as the calendar names its button ('27 November 2026') and its month heading. */
function calendarNames(day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { heading: `${MONTHS[month - 1]} ${year}`, button: `${date} ${MONTHS[month - 1]} ${year}`, monthIndex: year * 12 + month - 1 };
}

/** 'November 2026' as a count of months, to know which way to go. */
function monthIndexOf(heading: string): number {
  const [name = '', year = ''] = heading.split(' ');
  return Number(year) * 12 + MONTHS.indexOf(name);
}

/** Opens a date picker, goes to the day's month with the calendar's arrows and picks the day. */
async function pickDay(user: ReturnType<typeof userEvent.setup>, label: string, day: string) {
  const { heading, button, monthIndex } = calendarNames(day);
  await user.click(screen.getByRole('button', { name: label }));
  const month = await screen.findByRole('button', { name: 'Choose a month' });
  for (let step = 0; step < 3 && month.textContent !== heading; step++) {
    await user.click(screen.getByRole('button', { name: monthIndex < monthIndexOf(month.textContent ?? '') ? 'Previous month' : 'Next month' }));
  }
  await user.click(await screen.findByRole('button', { name: button }));
}

function card(label: string) {
  return screen.getByLabelText(label);
}

describe('Analytics screen', () => {
  it('shows the last 30 days against the 30 before, the days as a table, top pages and sources', async () => {
    renderWithProviders(<AnalyticsPage />, { baseUrl: server.baseUrl, sessionToken: staff.token });
    expect(await screen.findByRole('heading', { name: 'Analytics', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(card('Visitors')).toHaveTextContent('5no change against the 30 days before'));
    expect(card('Page views')).toHaveTextContent('6no change against the 30 days before');
    expect(card('Bookings')).toHaveTextContent('1new against the 30 days before');
    expect(card('Conversion rate')).toHaveTextContent('20.0%0.0% in the 30 days before');

    const pages = within(screen.getByRole('region', { name: 'Top pages' }));
    expect(pages.getAllByRole('row').map((row) => row.textContent)).toEqual(['PageVisitorsPage views', '/34', `/events/${eventId}22`]);
    const sources = within(screen.getByRole('region', { name: 'Top sources' }));
    expect(sources.getByRole('row', { name: 'linkedin 3 1' })).toBeInTheDocument();
    const campaigns = within(screen.getByRole('region', { name: 'Campaigns' }));
    expect(campaigns.getByRole('row', { name: 'linkedin / social / accra-mission 3 1' })).toBeInTheDocument();

    // The chart is a picture; its table is there for screen readers, and anyone can show it.
    const user = userEvent.setup();
    const daily = within(screen.getByRole('region', { name: 'Day by day' }));
    await user.click(daily.getByRole('button', { name: 'Show as table' }));
    const table = within(daily.getByRole('region', { name: 'Day by day as a table' }));
    expect(table.getAllByRole('row')).toHaveLength(31);
    expect(table.getByRole('row', { name: `${dayAgo(0)} 3 4 1` })).toBeInTheDocument();
    expect(daily.getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("shows an event's funnel step by step with what was lost between steps", async () => {
    renderWithProviders(<AnalyticsPage />, { baseUrl: server.baseUrl, sessionToken: staff.token });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Booking funnel of' }));
    await user.click(await screen.findByRole('option', { name: 'Fixture Event' }));
    const funnel = within(screen.getByRole('region', { name: 'Booking funnel' }));
    await user.click(funnel.getByRole('button', { name: 'Show as table' }));
    await waitFor(() =>
      expect(within(funnel.getByRole('region', { name: 'Booking funnel as a table' })).getAllByRole('row').map((row) => row.textContent)).toEqual([
        'StepVisitorsLost since the step before',
        'Event page viewed2–',
        'Booking started150.0%',
        'Time slot chosen0100.0%',
        'Details entered0–',
        'Booked1–',
      ]),
    );
  });

  it('counts a custom range picked in the calendars, and says when its end is before its start', async () => {
    renderWithProviders(<AnalyticsPage />, { baseUrl: server.baseUrl, sessionToken: staff.token });
    const user = userEvent.setup();
    await waitFor(() => expect(card('Visitors')).toHaveTextContent('5no change against the 30 days before'));
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    // Mantine's calendar, not the browser's mm/dd/yyyy field: the day is written out.
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent(formatted(dayAgo(29)));
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent(formatted(dayAgo(0)));

    await pickDay(user, 'To', dayAgo(1));
    await pickDay(user, 'From', dayAgo(2));
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent(formatted(dayAgo(2)));
    await waitFor(() => expect(card('Visitors')).toHaveTextContent('2new against the 2 days before'));
    const daily = within(screen.getByRole('region', { name: 'Day by day' }));
    await user.click(daily.getByRole('button', { name: 'Show as table' }));
    const table = within(daily.getByRole('region', { name: 'Day by day as a table' }));
    expect(table.getAllByRole('row').map((row) => row.textContent)).toEqual(['DayVisitorsPage viewsBookings', `${dayAgo(2)}220`, `${dayAgo(1)}000`]);

    await pickDay(user, 'From', dayAgo(0));
    expect(await screen.findByText('The end must be on or after the start')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});

/** The day as the pickers write it ('27 Nov 2026'). */
function formatted(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${(MONTHS[month - 1] ?? '').slice(0, 3)} ${year}`;
}
