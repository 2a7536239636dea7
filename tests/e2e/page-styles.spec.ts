// Every public page, opened directly (as a link from an e-mail or the header's button opens it, with
// no other page loaded before), at a phone's and a desktop's width: no Mantine part without its
// styles, no giant icon, no sideways scroll, and no taller than its content should be
// (tests/e2e/style-check.ts). Pages that show more after a choice (the consultation's calendar and
// times, the booking form's questions) are checked again in that state.
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { expect, test } from './fixtures';
import { createAccountViaApi, createBookableSlot, mutate, query, readDatabase, signInAsAdmin } from './support';
import { styleProblems } from './style-check';

const BOOKING_LINK = new RegExp(`${E2E_BASE_URL.replace(/[.:/]/g, '\\$&')}/booking/manage/([A-Za-z0-9_-]{43})`);
const CONSULTATION_LINK = new RegExp(`${E2E_BASE_URL.replace(/[.:/]/g, '\\$&')}/consultations/manage/([A-Za-z0-9_-]{43})`);

interface Fixture {
  eventId: string;
  bookingToken: string;
  consultationToken: string;
  typeTitle: string;
}

/** An event with a question of every kind, one booking of it and one consultation, with their manage links. */
async function createFixture(request: APIRequestContext): Promise<Fixture> {
  const stamp = Date.now();
  const slot = await createBookableSlot(request, { title: `Styled Forum ${stamp}`, capacity: 5 });
  await signInAsAdmin(request);
  await mutate(request, 'registrationQuestions.save', {
    eventId: slot.eventId,
    questions: [
      { kind: 'short_text', label: 'Your role', required: true },
      { kind: 'one_choice', label: 'Sector', choices: ['Energy', 'Retail'] },
      { kind: 'many_choices', label: 'Interests', choices: ['Trade', 'Finance'] },
      { kind: 'yes_no', label: 'First visit?' },
      { kind: 'country', label: 'Country' },
    ],
  });
  const email = `styled-${stamp}@example.com`;
  const questions = await query<{ id: string; label: string }[]>(request, 'registrationQuestions.forEvent', { eventId: slot.eventId });
  const role = questions.find((question) => question.label === 'Your role')?.id ?? '';
  await mutate(request, 'bookings.create', { timeSlotId: slot.slotId, participantName: 'Style Checker', participantEmail: email, answers: { [role]: 'Buyer' } });
  // A consultant of its own, so a second run (a retry in a new worker) finds the time free.
  const staff = await createAccountViaApi(request, 'user');
  await signInAsAdmin(request);
  const staffId = readDatabase((db) => (db.prepare('select id from users where email = ?').get(staff.email) as { id: string }).id);
  await mutate(request, 'consultations.availability.set', {
    userId: staffId,
    timeZone: 'UTC',
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 18 * 60 })),
    overrides: [],
  });
  const typeTitle = `Styled call ${stamp}`;
  const type = await mutate<{ id: string }>(request, 'consultations.types.create', {
    title: typeTitle,
    description: 'A consultation for the style check.',
    durationMinutes: 30,
    locationKind: 'video',
    locationDetail: 'https://meet.example.com/styled',
    horizonDays: 60,
    staffIds: [staffId],
  });
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await mutate(request, 'consultations.book', { typeId: type.id, startsAt: `${day}T10:00:00.000Z`, timeZone: 'UTC', visitorName: 'Style Checker', visitorEmail: email });
  const texts = readDatabase((db) => db.prepare('select text_body as text from email_outbox where to_address = ?').all(email)) as { text: string }[];
  const bookingToken = texts.map((row) => BOOKING_LINK.exec(row.text)?.[1]).find((token) => token !== undefined) ?? '';
  const consultationToken = texts.map((row) => CONSULTATION_LINK.exec(row.text)?.[1]).find((token) => token !== undefined) ?? '';
  return { eventId: slot.eventId, bookingToken, consultationToken, typeTitle };
}

/** The pages and the height (CSS px) each should stay under at 375 and at 1280 px wide. */
function pagesOf(fixture: Fixture): { path: string; tallest: [phone: number, desktop: number] }[] {
  return [
    { path: '/', tallest: [16_000, 9_000] },
    { path: '/fr/', tallest: [16_000, 9_000] },
    { path: `/events/${fixture.eventId}`, tallest: [4_500, 2_800] },
    { path: '/booking', tallest: [2_000, 1_300] },
    { path: `/booking/${fixture.eventId}`, tallest: [4_000, 2_600] },
    { path: `/fr/booking/${fixture.eventId}`, tallest: [4_000, 2_600] },
    { path: `/booking/manage/${fixture.bookingToken}`, tallest: [3_000, 2_000] },
    { path: '/consultation', tallest: [3_000, 1_600] },
    { path: '/fr/consultation', tallest: [3_000, 1_600] },
    { path: `/consultations/manage/${fixture.consultationToken}`, tallest: [2_200, 1_400] },
    { path: '/privacy', tallest: [3_000, 2_000] },
    { path: '/admin/login', tallest: [1_200, 1_000] },
    { path: '/nope', tallest: [2_200, 1_400] },
    { path: '/fr/admin/nope', tallest: [2_200, 1_400] },
    { path: `/booking/manage/${'A'.repeat(43)}`, tallest: [2_200, 1_400] },
  ];
}

/** What is wrong with the page as it stands, each problem named with `what`; empty when nothing is. */
async function problemsOf(page: Page, what: string, tallest: number): Promise<string[]> {
  const problems = await styleProblems(page);
  return [
    ...problems.unstyled.map((part) => `${what}: ${part} has no styles`),
    // Which sheets the page had, so a failure on a busy machine says what was missing.
    ...(problems.unstyled.length > 0 ? [`${what} had the style sheets ${problems.sheets.join(', ')}`] : []),
    ...problems.giantIcons.map((icon) => `${what}: icon drawn too large in ${icon}`),
    ...(problems.scrollsSideways ? [`${what} scrolls sideways`] : []),
    ...(problems.height >= tallest ? [`${what} is ${problems.height} px tall (at most ${tallest})`] : []),
  ];
}

let fixture: Fixture;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  fixture = await createFixture(request);
  await request.dispose();
});

for (const [index, width] of [375, 1280].entries()) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 812 : 900 }, timezoneId: 'America/Toronto' });

    test('every public page opened directly is styled', async ({ page }) => {
      test.setTimeout(120_000);
      // Every page is looked at before the test fails, so one run lists all that is wrong.
      const found: string[] = [];
      for (const { path, tallest } of pagesOf(fixture)) {
        await page.goto('about:blank');
        await page.goto(path, { waitUntil: 'networkidle' });
        await expect(page.locator('main, form').first()).toBeVisible();
        found.push(...(await problemsOf(page, path, tallest[index] ?? 0)));
      }
      expect(found).toEqual([]);
    });

    test('the consultation page with its calendar and times is styled', async ({ page }) => {
      await page.goto('/consultation', { waitUntil: 'networkidle' });
      await page.getByRole('radio', { name: new RegExp(fixture.typeTitle) }).check();
      const freeDay = page.locator('[data-free]');
      await expect(page.getByRole('table', { name: /days with free times/ })).toHaveAttribute('aria-busy', 'false');
      if ((await freeDay.count()) === 0) {
        await page.getByRole('button', { name: 'Next month' }).click();
        await expect(page.getByRole('table', { name: /days with free times/ })).toHaveAttribute('aria-busy', 'false');
      }
      await freeDay.first().click();
      await page.getByRole('group', { name: 'Free times' }).getByRole('button').first().click();
      await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
      expect(await problemsOf(page, 'the consultation page with a time picked', index === 0 ? 3_400 : 2_300)).toEqual([]);
    });

    test('the booking form with its questions is styled', async ({ page }) => {
      await page.goto(`/booking/${fixture.eventId}`, { waitUntil: 'networkidle' });
      await expect(page.getByRole('textbox', { name: /Your role/ })).toBeVisible();
      expect(await problemsOf(page, 'the booking form with questions', index === 0 ? 4_000 : 2_600)).toEqual([]);
    });
  });
}
