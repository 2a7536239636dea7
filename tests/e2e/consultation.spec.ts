// Booking a consultation at 375 px, from the booking page's first question to the confirmation,
// with times in the visitor's zone (Tokyo) and axe clean at every step; then the e-mail's manage
// link moves it to another time and cancels it. One public booking post (the shared form limit).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { expect, test } from './fixtures';
import { createAccountViaApi, mutate, readDatabase, signInAsAdmin, signInThroughUi } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const MANAGE_LINK = new RegExp(`${E2E_BASE_URL.replace(/[.:/]/g, '\\$&')}/consultations/manage/([A-Za-z0-9_-]{43})`);

test.use({ viewport: { width: 375, height: 812 }, timezoneId: 'Asia/Tokyo' });

async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.map((violation) => `${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.html.slice(0, 120)).join(' | ')}`);
  expect(found, `axe violations on ${what}`).toEqual([]);
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(sizes.scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(sizes.inner);
}

/** Picks the first day with free times (this month or the next) and its first time. */
async function pickFirstFreeTime(page: Page): Promise<string> {
  const freeDay = page.getByRole('button', { name: /, free times$/ });
  await expect(page.getByRole('table', { name: /days with free times/ })).toHaveAttribute('aria-busy', 'false');
  if ((await freeDay.count()) === 0) {
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByRole('table', { name: /days with free times/ })).toHaveAttribute('aria-busy', 'false');
  }
  await freeDay.first().click();
  const time = page.getByRole('group', { name: 'Free times' }).getByRole('button').first();
  const label = (await time.textContent()) ?? '';
  await time.click();
  return label;
}

test('a visitor books a consultation in their own zone, then moves and cancels it from the link', async ({ page, request }) => {
  // A long journey (book, move, cancel, axe at each step): a busy machine needs more than 30 s.
  test.setTimeout(90_000);
  const stamp = Date.now();
  const staff = await createAccountViaApi(request, 'user');
  await signInAsAdmin(request);
  const users = await mutate<{ items: { id: string; email: string }[] }>(request, 'users.list', { search: staff.email }).catch(() => null);
  const staffId =
    users?.items.find((user) => user.email === staff.email)?.id ??
    readDatabase((db) => (db.prepare('select id from users where email = ?').get(staff.email) as { id: string }).id);
  await mutate(request, 'consultations.availability.set', {
    userId: staffId,
    timeZone: 'Europe/London',
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 17 * 60 })),
    overrides: [],
  });
  const title = `Strategy call ${stamp}`;
  await mutate(request, 'consultations.types.create', {
    title,
    description: 'An end-to-end test consultation.',
    durationMinutes: 60,
    locationKind: 'video',
    locationDetail: 'https://meet.example.com/e2e',
    minNoticeHours: 24,
    horizonDays: 60,
    staffIds: [staffId],
  });

  // /booking asks first: a consultation or an event.
  await page.goto('/booking');
  await expect(page.getByRole('combobox', { name: 'Select Event' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Book a consultation' }).click();
  await expect(page.getByRole('heading', { name: 'Book a Consultation' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(title) }).check();
  await expect(page.getByRole('combobox', { name: 'Your time zone' })).toHaveValue('Asia/Tokyo');
  await expectAccessible(page, 'the consultation page with its calendar');

  const picked = await pickFirstFreeTime(page);
  // 09:00-17:00 in London is evening or night in Tokyo: the times are shown in the visitor's zone.
  // The first free time is 24 hours' notice from now, so tomorrow's may start on a half hour.
  expect(picked).toMatch(/^(1?\d):(00|30)\u00a0(AM|PM)$/);
  await page.getByRole('textbox', { name: 'Name' }).fill('Kenji Tanaka');
  await page.getByRole('textbox', { name: 'Email' }).fill(`kenji-${stamp}@example.com`);
  await page.getByRole('textbox', { name: 'Company' }).fill('Tanaka Trading');
  await page.getByRole('textbox', { name: 'Message' }).fill('Expanding to West Africa.');
  await expectAccessible(page, 'the consultation form');
  await page.getByRole('button', { name: 'Book consultation' }).click();
  await expect(page.getByRole('heading', { name: 'Your consultation is booked' })).toBeVisible();
  await expect(page.getByText(new RegExp(`${title} with E2E user`))).toBeVisible();
  // The time in the visitor's zone, named by its city, beside the site's.
  await expect(page.getByText(/your time \(Tokyo\)/)).toBeVisible();
  await expectAccessible(page, 'the booked consultation');

  const message = readDatabase((db) =>
    db.prepare("select text_body as text, ics from email_outbox where kind = 'consultation-booked' and to_address = ?").get(`kenji-${stamp}@example.com`),
  ) as { text: string; ics: string };
  expect(message.ics).toContain('LOCATION:Video call: https://meet.example.com/e2e');
  const token = MANAGE_LINK.exec(message.text)?.[1] ?? '';

  await page.goto(`/consultations/manage/${token}`);
  await expect(page.getByRole('group', { name: 'Your consultation' })).toContainText(title);
  await expectAccessible(page, 'the manage page');
  // Add to calendar here too: the e-mail's entry (same UID), as a file.
  const addToCalendar = page.getByRole('link', { name: 'Add to calendar (.ics)' });
  const uid = /UID:[^\r\n]+/.exec(message.ics)?.[0] ?? 'no UID';
  expect(decodeURIComponent((await addToCalendar.getAttribute('href')) ?? '')).toContain(uid);
  await expect(addToCalendar).toHaveAttribute('download', 'consultation.ics');
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await pickFirstFreeTime(page);
  await page.getByRole('button', { name: 'Move to this time' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your consultation has moved' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel consultation' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your consultation is cancelled' })).toBeVisible();
  await expectAccessible(page, 'the cancelled consultation');
  await expect(page.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveCount(0);

  const sequences = readDatabase((db) =>
    db.prepare("select kind, ics from email_outbox where to_address = ? order by created_at, id").all(`kenji-${stamp}@example.com`),
  ) as { kind: string; ics: string }[];
  expect(sequences.map((row) => [row.kind, /SEQUENCE:(\d+)/.exec(row.ics)?.[1]])).toEqual([
    ['consultation-booked', '0'],
    ['consultation-rescheduled', '1'],
    ['consultation-cancelled', '2'],
  ]);
});

test.describe('back office', () => {
  test.use({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });

  test('staff see their consultations, everyone\'s on request, set their hours, and admins see the types', async ({ page, request }) => {
    const stamp = Date.now();
    await signInAsAdmin(request);
    const adminId = readDatabase((db) => (db.prepare("select id from users where email = 'admin@e2e.example.com'").get() as { id: string }).id);
    await mutate(request, 'consultations.availability.set', {
      timeZone: 'UTC',
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 6 * 60, endMinute: 20 * 60 })),
      overrides: [],
    });
    const title = `Office check ${stamp}`;
    const type = await mutate<{ id: string }>(request, 'consultations.types.create', { title, durationMinutes: 30, locationKind: 'phone', horizonDays: 30, staffIds: [adminId] });
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await mutate(request, 'consultations.book', { typeId: type.id, startsAt: `${day}T10:00:00.000Z`, timeZone: 'UTC', visitorName: `Office Visitor ${stamp}`, visitorEmail: `office-${stamp}@example.com` });

    await signInThroughUi(page);
    await page.getByRole('link', { name: 'Consultations', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Consultations' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Consultations' })).toContainText(`Office Visitor ${stamp}`);
    await page.getByRole('textbox', { name: 'Search visitor' }).fill(`visitor ${stamp}`);
    await expect(page.getByRole('table', { name: 'Consultations' }).getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', new RegExp(`consultantId=${adminId}`));
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await page.getByRole('tab', { name: 'My hours' }).click();
    const monday = page.getByRole('group', { name: 'Monday' });
    await expect(monday.getByLabel('Monday range 1 start')).toHaveValue('06:00');
    await expect(monday.getByLabel('Monday range 1 end')).toHaveValue('20:00');
    await monday.getByLabel('Monday range 1 end').fill('12:00');
    await monday.getByRole('button', { name: 'Add a range on Monday' }).click();
    await monday.getByLabel('Monday range 2 start').fill('13:00');
    await monday.getByLabel('Monday range 2 end').fill('18:00');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Hours saved.' })).toBeVisible();

    await page.getByRole('tab', { name: 'Types' }).click();
    await expect(page.getByRole('table', { name: 'Consultation types' })).toContainText(title);

    // The calendar shows it on its day beside the event sessions.
    await page.goto(`/admin/calendar?date=${day}`);
    await expect(page.locator('[data-consultation]').filter({ hasText: title })).toContainText(`Office Visitor ${stamp}`);
  });
});
