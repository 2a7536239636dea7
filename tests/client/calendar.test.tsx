// The calendar screen against a real API server: a week and a month of slots in the site's
// timezone, seats taken / capacity with the fullness in words and colour, Previous / Today / Next,
// and each slot linking to its bookings.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CalendarPage } from '@client/features/admin/calendar/CalendarPage';
import { calendarRange, todayIn, weekHeading } from '@client/features/admin/calendar/calendar-days';
import type { CalendarSearch } from '@client/features/admin/calendar/calendar-search';
import { LanguageProvider } from '@client/i18n';
import { newId } from '@server/core/ids';
import { dateFormatter } from '@server/shared/format-date';
import { i18nOf, pageCatalog } from '@server/shared/i18n/catalogs';
import { localeOf } from '@server/shared/i18n/languages';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { futureYear, isoDay } from '@tests/dates';
import { insertBookingRow, insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderRoute, testServerPerFile } from './render';

// Monday 23 November in a year ahead of the clock: the week is 23 to 29 November.
const YEAR = futureYear(11, 23, 'Monday');
const nov = (day: number) => isoDay(YEAR, 11, day);

const server = testServerPerFile();
let account: TestAccount;
let ids: { event: string; tax: string; taxSlot: string };

async function slotAt(sessionId: string, startIso: string) {
  return server.env.db
    .insertInto('timeSlots')
    .values({ id: newId(), sessionId, startTime: startIso, endTime: new Date(Date.parse(startIso) + 3_600_000).toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

beforeEach(async () => {
  const db = server.env.db;
  account = await createAccount(db, 'user');
  await saveSystemSettings(db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'America/New_York' });
  const event = await insertEventRow(db, { title: 'Lagos Market Entry' });
  const tax = await insertSessionRow(db, event.id, { title: 'Tax Workshop', maxParticipants: 4 });
  const legal = await insertSessionRow(db, event.id, { title: 'Legal Clinic', maxParticipants: 2 });
  const forum = await insertSessionRow(db, event.id, { title: 'Open Forum', maxParticipants: null, isActive: false });
  // 10:00 AM on Monday 23 November in New York.
  const taxSlot = await slotAt(tax.id, `${nov(23)}T15:00:00.000Z`);
  await insertBookingRow(db, taxSlot, event.id, { status: 'pending' });
  await insertBookingRow(db, taxSlot, event.id, { status: 'cancelled' });
  const legalSlot = await slotAt(legal.id, `${nov(25)}T15:00:00.000Z`);
  await insertBookingRow(db, legalSlot, event.id, { status: 'confirmed' });
  await insertBookingRow(db, legalSlot, event.id, { status: 'pending' });
  // 11:30 PM on Sunday 29 November in New York, already Monday 30 November in UTC.
  const lateSlot = await slotAt(tax.id, `${nov(30)}T04:30:00.000Z`);
  for (const status of ['confirmed', 'confirmed'] as const) await insertBookingRow(db, lateSlot, event.id, { status });
  // The next week: Wednesday 2 December, of an inactive session (still shown, marked).
  const forumSlot = await slotAt(forum.id, `${isoDay(YEAR, 12, 2)}T15:00:00.000Z`);
  for (const status of ['pending', 'confirmed', 'waitlisted'] as const) await insertBookingRow(db, forumSlot, event.id, { status });
  ids = { event: event.id, tax: tax.id, taxSlot: taxSlot.id };
});
const english = i18nOf('en');
const dates = dateFormatter({ locale: localeOf('en'), t: (key, values) => english._(key, values) });

function Harness() {
  const [search, setSearch] = useState<CalendarSearch>({ date: nov(25) });
  return <CalendarPage search={search} onSearchChange={setSearch} />;
}

function renderCalendar() {
  return renderRoute(Harness, { baseUrl: server.baseUrl, sessionToken: account.token });
}

/** The calendar on a French page: its headings and day names from the French formatter. */
function FrenchHarness() {
  return (
    <LanguageProvider page={{ language: 'fr', messages: pageCatalog('fr', 'app') }}>
      <Harness />
    </LanguageProvider>
  );
}

function slotLinks(day: string): string[] {
  return within(screen.getByRole('group', { name: day }))
    .queryAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('CalendarPage', () => {
  it("shows a week's slots by site-zone day with seats taken / capacity and how full each is", async () => {
    await renderCalendar();
    // The week's days as the date formatter writes a span of days (thin spaces around the dash, as an event's days).
    expect(await screen.findByRole('heading', { name: `November 23\u2009–\u200929, ${YEAR}` })).toBeInTheDocument();
    expect(screen.getByText('Times in America/New_York')).toBeInTheDocument();
    await waitFor(() => expect(slotLinks('Monday, November 23')).toHaveLength(1));
    expect(slotLinks('Monday, November 23')).toEqual(['10:00\u00a0AM – 11:00\u00a0AMTax WorkshopLagos Market Entry1 / 4 · Seats free']);
    expect(slotLinks('Wednesday, November 25')).toEqual(['10:00\u00a0AM – 11:00\u00a0AMLegal ClinicLagos Market Entry2 / 2 · Full']);
    // Late on Sunday in New York, although Monday in UTC.
    expect(slotLinks('Sunday, November 29')).toEqual(['11:30\u00a0PM – 12:30\u00a0AMTax WorkshopLagos Market Entry2 / 4 · Filling up']);
    expect(slotLinks('Tuesday, November 24')).toEqual([]);
    expect(within(screen.getByRole('group', { name: 'Tuesday, November 24' })).getByText('No slots')).toBeInTheDocument();
    const colours = screen.getAllByRole('link').map((link) => link.querySelector('[data-fullness]')?.getAttribute('data-fullness'));
    expect(colours).toEqual(['green', 'red', 'yellow']);
  });

  it("links each slot to its bookings: the bookings screen filtered to the slot, its session and day", async () => {
    await renderCalendar();
    await waitFor(() => expect(slotLinks('Monday, November 23')).toHaveLength(1));
    const link = within(screen.getByRole('group', { name: 'Monday, November 23' })).getByRole('link');
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/admin/bookings');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      eventId: ids.event,
      sessionId: ids.tax,
      timeSlotId: ids.taxSlot,
      from: nov(23),
      to: nov(23),
    });
  });

  it('draws the week as a time grid: each slot at its start and as tall as it lasts, overlapping ones side by side', async () => {
    // 10:30 to 11:30 AM on Monday in New York: overlaps the Tax Workshop's 10:00 to 11:00 AM.
    await slotAt(ids.tax, `${nov(23)}T15:30:00.000Z`);
    await renderCalendar();
    await waitFor(() => expect(slotLinks('Monday, November 23')).toHaveLength(2));
    // From 8 AM (none earlier) to midnight (Sunday's slot runs past it), one label an hour.
    const hours = [...document.querySelectorAll('[data-hour]')].map((label) => label.textContent);
    expect(hours).toHaveLength(16);
    expect([hours[0], hours[2], hours[15]]).toEqual(['8:00\u00a0AM', '10:00\u00a0AM', '11:00\u00a0PM']);
    const box = (link: HTMLElement) => {
      const { top, height, left, width } = link.style;
      return { top, height, left, width };
    };
    const monday = within(screen.getByRole('group', { name: 'Monday, November 23' })).getAllByRole('link');
    expect(monday.map((link) => link.textContent)).toEqual([
      '10:00\u00a0AM – 11:00\u00a0AMTax WorkshopLagos Market Entry1 / 4 · Seats free',
      '10:30\u00a0AM – 11:30\u00a0AMTax WorkshopLagos Market Entry0 / 4 · Seats free',
    ]);
    // 72 px an hour: two hours below 8 AM is 144 px; half an hour more is 180 px.
    expect(monday.map(box)).toEqual([
      { top: '144px', height: '72px', left: 'calc(0% + 1px)', width: 'calc(50% - 3px)' },
      { top: '180px', height: '72px', left: 'calc(50% + 1px)', width: 'calc(50% - 3px)' },
    ]);
    const wednesday = within(screen.getByRole('group', { name: 'Wednesday, November 25' })).getByRole('link');
    expect(box(wednesday)).toEqual({ top: '144px', height: '72px', left: 'calc(0% + 1px)', width: 'calc(100% - 3px)' });
    // 11:30 PM to 12:30 AM: drawn to midnight, half an hour.
    const sunday = within(screen.getByRole('group', { name: 'Sunday, November 29' })).getByRole('link');
    expect(box(sunday)).toEqual({ top: '1116px', height: '36px', left: 'calc(0% + 1px)', width: 'calc(100% - 3px)' });
  });

  it('says when the next session is in an empty week, and jumps to its week', async () => {
    const interaction = userEvent.setup();
    await renderCalendar();
    await screen.findByRole('heading', { name: `November 23\u2009–\u200929, ${YEAR}` });
    // A week with sessions says nothing of the next one.
    await waitFor(() => expect(slotLinks('Monday, November 23')).toHaveLength(1));
    expect(screen.queryByText(/Next session:/)).not.toBeInTheDocument();
    await interaction.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('heading', { name: `November 16\u2009–\u200922, ${YEAR}` })).toBeInTheDocument();
    expect(await screen.findByText(`No session this week. Next session: Mon, Nov 23, ${YEAR}`)).toBeInTheDocument();
    await interaction.click(screen.getByRole('button', { name: 'Go to that week' }));
    expect(await screen.findByRole('heading', { name: `November 23\u2009–\u200929, ${YEAR}` })).toBeInTheDocument();
    await waitFor(() => expect(slotLinks('Monday, November 23')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Go to that week' })).not.toBeInTheDocument();
  });

  it('moves by week, switches to the month and back to today', async () => {
    const interaction = userEvent.setup();
    await renderCalendar();
    await screen.findByRole('heading', { name: `November 23\u2009–\u200929, ${YEAR}` });
    await interaction.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { name: `November 30\u2009–\u2009December 6, ${YEAR}` })).toBeInTheDocument();
    await waitFor(() => expect(slotLinks('Wednesday, December 2')).toEqual(['10:00\u00a0AM – 11:00\u00a0AMOpen ForumLagos Market Entry2 booked · No limitInactive']));
    await interaction.click(screen.getByRole('button', { name: 'Previous week' }));
    await interaction.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('heading', { name: `November 16\u2009–\u200922, ${YEAR}` })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByRole('link')).toHaveLength(0));

    // The month of the day shown: a grid from the Monday before the 1st to the Sunday after the 30th.
    await interaction.click(screen.getByRole('radio', { name: 'Month' }));
    expect(await screen.findByRole('heading', { name: `November ${YEAR}` })).toBeInTheDocument();
    const grid = await screen.findByRole('table', { name: 'Month' });
    expect(within(grid).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    await waitFor(() => expect(within(grid).getAllByRole('link')).toHaveLength(4));
    expect(within(grid).getAllByRole('link').map((link) => link.textContent)).toEqual([
      '10:00\u00a0AMTax WorkshopLagos Market Entry1 / 4, Seats free',
      '10:00\u00a0AMLegal ClinicLagos Market Entry2 / 2, Full',
      '11:30\u00a0PMTax WorkshopLagos Market Entry2 / 4, Filling up',
      '10:00\u00a0AMOpen ForumLagos Market Entry2 booked, No limitInactive',
    ]);
    await interaction.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: `December ${YEAR}` })).toBeInTheDocument();
    await interaction.click(screen.getByRole('button', { name: 'Previous month' }));
    await interaction.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: `October ${YEAR}` })).toBeInTheDocument();

    // Today: this week in the site's zone.
    await interaction.click(screen.getByRole('radio', { name: 'Week' }));
    await interaction.click(screen.getByRole('button', { name: 'Today' }));
    const thisWeek = calendarRange('week', todayIn('America/New_York'));
    expect(await screen.findByRole('heading', { name: weekHeading(dates, thisWeek.from, thisWeek.to) })).toBeInTheDocument();
    // Today's column is marked, and only today's.
    const today = todayIn('America/New_York');
    expect(screen.getByRole('heading', { name: `${dates.dayTitle(today)} · Today` })).toBeInTheDocument();
    expect([...document.querySelectorAll('[data-today]')].map((column) => column.getAttribute('aria-label'))).toEqual([dates.dayTitle(today)]);
  });

  it('names the week, the month and the days in the page’s language', async () => {
    const interaction = userEvent.setup();
    await renderRoute(FrenchHarness, { baseUrl: server.baseUrl, sessionToken: account.token });
    // The week's days as the French formatter writes a span of days.
    expect(await screen.findByRole('heading', { name: `23\u201329 novembre ${YEAR}` })).toBeInTheDocument();
    await waitFor(() => expect(slotLinks('lundi 23 novembre')).toHaveLength(1));
    expect(slotLinks('lundi 23 novembre')).toEqual(['10:00 – 11:00Tax WorkshopLagos Market Entry1 / 4 · Seats free']);
    expect(screen.getByRole('group', { name: 'dimanche 29 novembre' })).toBeInTheDocument();

    await interaction.click(screen.getByRole('radio', { name: 'Month' }));
    expect(await screen.findByRole('heading', { name: `novembre ${YEAR}` })).toBeInTheDocument();
    const grid = await screen.findByRole('table', { name: 'Month' });
    expect(within(grid).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.']);
    await interaction.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: `décembre ${YEAR}` })).toBeInTheDocument();
  });
});
