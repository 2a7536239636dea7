// The back-office calendar in a real browser at 1,280 and 375 px: a week's slots on a time grid of
// seven day columns (a list of days on a phone) and a month's, seats taken / capacity with how full each is, Previous /
// Today / Next, a slot opening its bookings, no sideways scroll, and axe finding nothing.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { calendarRange, todayIn, weekHeading } from '@client/features/admin/calendar/calendar-days';
import { dateFormatter } from '@server/shared/format-date';
import { i18nOf } from '@server/shared/i18n/catalogs';
import { localeOf } from '@server/shared/i18n/languages';
import { futureYear, isoDay } from '@tests/dates';
import { mutate, query, signInAsAdmin, signInThroughApi } from './support';
import { expect, test } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const HOUR = 3_600_000;

// A Monday 23 November ahead of the clock: the week is 23 to 29 November, the next one starts on the 30th.
const YEAR = futureYear(11, 23, 'Monday');
const nov = (day: number) => isoDay(YEAR, 11, day);
const dec = (day: number) => isoDay(YEAR, 12, day);

/** The page's formatter in English (its week headings have thin spaces round the dash; names match with any space). */
function englishDates() {
  const english = i18nOf('en');
  return dateFormatter({ locale: localeOf('en'), t: (key, values) => english._(key, values) });
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.scroll).toBeLessThanOrEqual(width.inner);
}

/**
 * One session of capacity 2 with slots at noon UTC (the same day in any zone the other tests set):
 * Monday 23 November (one booking: half full), Wednesday 25 November (two: full) and Tuesday
 * 1 December (none).
 */
async function createWeek(request: APIRequestContext, stamp: string) {
  await signInAsAdmin(request);
  const event = await mutate<{ id: string }>(request, 'events.create', {
    title: `Calendar Expo ${stamp}`,
    description: 'An end-to-end test event.',
    date: '23 NOVEMBER, 2031',
    location: 'Accra',
    imageUrl: '/seed/events/west-africa-summit.svg',
    benefits: [],
    isActive: true,
    displayOrder: 1,
  });
  const noon = (day: string) => ({ startTime: `${day}T12:00:00.000Z`, endTime: new Date(Date.parse(`${day}T12:00:00.000Z`) + HOUR).toISOString() });
  const session = await mutate<{ id: string; timeSlots: { id: string; startTime: string }[] }>(request, 'sessions.create', {
    eventId: event.id,
    title: `Calendar Clinic ${stamp}`,
    location: 'Room A',
    maxParticipants: 2,
    isActive: true,
    timeSlots: [noon(nov(23)), noon(nov(25)), noon(dec(1))],
    delegates: [],
  });
  const slotOn = (day: string) => {
    const slot = session.timeSlots.find((candidate) => candidate.startTime.startsWith(day));
    if (slot === undefined) throw new Error(`no slot on ${day}`);
    return slot.id;
  };
  const book = (timeSlotId: string, name: string) =>
    mutate(request, 'bookings.adminCreate', {
      timeSlotId,
      status: 'confirmed',
      participantName: `${name} ${stamp}`,
      participantEmail: `${name.toLowerCase()}-${stamp}@example.com`,
    });
  await book(slotOn(nov(23)), 'Ama');
  await book(slotOn(nov(25)), 'Kofi');
  await book(slotOn(nov(25)), 'Esi');
  return { wednesdaySlot: slotOn(nov(25)) };
}

test('a week and a month of slots at 1,280 px: seats by fullness, moving, a slot opens its bookings', async ({ page, request }) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const { wednesdaySlot } = await createWeek(request, stamp);
  const { timezone } = await query<{ timezone: string }>(request, 'settings.public');

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughApi(page);
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  const thisWeek = calendarRange('week', todayIn(timezone));
  await expect(page.getByRole('heading', { name: weekHeading(englishDates(), thisWeek.from, thisWeek.to), level: 2 })).toBeVisible();

  await page.goto(`/admin/calendar?date=${nov(25)}`);
  await expect(page.getByRole('heading', { name: `November 23 – 29, ${YEAR}`, level: 2 })).toBeVisible();
  const day = (name: string) => page.getByRole('group', { name });
  const ours = (name: string) => day(name).getByRole('link').filter({ hasText: `Calendar Clinic ${stamp}` });
  await expect(ours('Monday, November 23')).toContainText(`Calendar Expo ${stamp}`);
  await expect(ours('Monday, November 23')).toContainText('1 / 2 · Filling up');
  await expect(ours('Wednesday, November 25')).toContainText('2 / 2 · Full');
  await expect(ours('Tuesday, November 24')).toHaveCount(0);
  // Seven columns side by side.
  const tops = await page.getByRole('group', { name: /day, November/ }).evaluateAll((groups) => groups.map((group) => Math.round(group.getBoundingClientRect().top)));
  expect(tops).toHaveLength(7);
  expect(new Set(tops).size).toBe(1);
  // On the time grid: an hour long is 72 px tall, and noon UTC sits at the same height on both days.
  const mondayBox = await ours('Monday, November 23').boundingBox();
  const wednesdayBox = await ours('Wednesday, November 25').boundingBox();
  expect(Math.round(mondayBox?.height ?? 0)).toBe(72);
  expect(Math.round(wednesdayBox?.y ?? -1)).toBe(Math.round(mondayBox?.y ?? 0));
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('heading', { name: `November 30 – December 6, ${YEAR}`, level: 2 })).toBeVisible();
  await expect(ours('Tuesday, December 1')).toContainText('0 / 2 · Seats free');
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page.getByRole('heading', { name: `November 23 – 29, ${YEAR}`, level: 2 })).toBeVisible();

  await page.getByText('Month', { exact: true }).click();
  await expect(page.getByRole('heading', { name: `November ${YEAR}`, level: 2 })).toBeVisible();
  const month = page.getByRole('table', { name: 'Month' });
  await expect(month.getByRole('link').filter({ hasText: `Calendar Clinic ${stamp}` })).toHaveCount(3);
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('heading', { name: `December ${YEAR}`, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page.getByRole('heading', { name: `November ${YEAR}`, level: 2 })).toBeVisible();

  // A click opens that slot's bookings.
  await month.getByRole('link').filter({ hasText: `Calendar Clinic ${stamp}` }).filter({ hasText: 'Full' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?.*timeSlotId=${wednesdaySlot}`));
  const table = page.getByRole('table', { name: 'Bookings' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText(`Kofi ${stamp}`);
  await expect(table).toContainText(`Esi ${stamp}`);
});

test('at 375 px the week is a list of days and the month lists its busy days; a slot opens its bookings', async ({ page, request }) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const { wednesdaySlot } = await createWeek(request, stamp);

  await page.setViewportSize({ width: 375, height: 800 });
  await signInThroughApi(page);
  await page.goto(`/admin/calendar?date=${nov(23)}`);
  await expect(page.getByRole('heading', { name: `November 23 – 29, ${YEAR}`, level: 2 })).toBeVisible();
  const ours = (name: string) => page.getByRole('group', { name }).getByRole('link').filter({ hasText: `Calendar Clinic ${stamp}` });
  await expect(ours('Wednesday, November 25')).toContainText('2 / 2 · Full');
  // One column: each day below the one before.
  const boxes = await page.getByRole('group', { name: /day, November/ }).evaluateAll((groups) =>
    groups.map((group) => ({ left: Math.round(group.getBoundingClientRect().left), top: group.getBoundingClientRect().top })),
  );
  expect(new Set(boxes.map((box) => box.left)).size).toBe(1);
  expect(boxes.map((box) => box.top)).toEqual([...boxes.map((box) => box.top)].sort((a, b) => a - b));
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('heading', { name: `November 30 – December 6, ${YEAR}`, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page.getByRole('heading', { name: `November 23 – 29, ${YEAR}`, level: 2 })).toBeVisible();

  await page.getByText('Month', { exact: true }).click();
  await expect(page.getByRole('heading', { name: `November ${YEAR}`, level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Month' })).toHaveCount(0);
  await expect(ours('Monday, November 23')).toContainText('1 / 2 · Filling up');
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  await ours('Wednesday, November 25').click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?.*timeSlotId=${wednesdaySlot}`));
  await expect(page.getByText(`Kofi ${stamp}`).first()).toBeVisible();
});
