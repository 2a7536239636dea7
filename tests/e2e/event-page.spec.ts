// An event's public page at 1,280 and 375 px: server-rendered (its first HTML holds the event, the
// seats and the Open Graph tags), adopted by React without an error or a request for its data, axe
// finds nothing and nothing scrolls sideways; Register leads into the booking form with the event
// chosen, the home page's events link there, and an unknown event is a 404. It also reads with
// JavaScript off, and signed-in staff get it from the app's router.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { expect, test } from './fixtures';
import { createAccountViaApi, createBookableSlot, query, signInThroughApi } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
}

/** React marks the elements it has adopted with its own properties: then the page responds. */
async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (target) => {
      const element = document.querySelector(target);
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    },
    selector,
  );
}

test('the first HTML of an event page holds the event, its seats and its Open Graph tags', async ({ page, request }) => {
  const slot = await createBookableSlot(request, { title: 'Takoradi Oil & Gas Forum', capacity: 5 });
  // As a visitor (the page's context has no session; `request` is signed in as staff).
  const response = await page.request.get(`/events/${slot.eventId}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('Takoradi Oil &amp; Gas Forum</h1>');
  expect(html).toContain('Takoradi Oil &amp; Gas Forum Workshop</h3>');
  expect(html).toContain('5 seats left');
  expect(html).toMatch(/<meta property="og:title" content="Takoradi Oil &#38; Gas Forum \| [^"]+" \/>/);
  expect(html).toContain(`<meta property="og:url" content="${E2E_BASE_URL}/events/${slot.eventId}" />`);
  expect(html).toContain(`<meta property="og:image" content="${E2E_BASE_URL}/seed/events/west-africa-summit.svg" />`);
  expect(html).toContain('<meta property="og:description" content="An end-to-end test event." />');
});

for (const width of [1280, 375]) {
  test(`an event page at ${width} px: hydrated without errors, axe clean, Register preselects the event`, async ({ page, request }) => {
    const slot = await createBookableSlot(request, { title: `Cape Coast Tourism Day ${width}`, capacity: 5 });
    await page.setViewportSize({ width, height: 900 });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const apiReads: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/trpc/')) apiReads.push(new URL(sent.url()).pathname);
    });

    await page.goto(`/events/${slot.eventId}`);
    await expect(page).toHaveTitle(new RegExp(`^Cape Coast Tourism Day ${width} \\| `));
    await expect(page.getByRole('heading', { level: 1, name: `Cape Coast Tourism Day ${width}` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: slot.sessionTitle })).toBeVisible();
    const dates = page.getByRole('list', { name: `Next dates of ${slot.sessionTitle}` });
    await expect(dates.getByRole('listitem')).toHaveCount(1);
    await expect(dates.getByRole('listitem')).toContainText('5 seats left');
    await expect(dates.getByRole('listitem')).toContainText('10:00 AM – 12:00 PM UTC');
    await waitForHydration(page, 'h1');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    // Its data came with the page.
    expect(apiReads.filter((path) => path.includes('events.page'))).toEqual([]);

    expect(await violations(page), `axe violations at ${width} px`).toEqual([]);
    const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(sizes.scroll, `the event page scrolls sideways at ${width} px`).toBeLessThanOrEqual(sizes.inner);

    const register = page.getByRole('link', { name: `Register for Cape Coast Tourism Day ${width}` }).first();
    await expect(register).toHaveAttribute('href', `/booking/${slot.eventId}`);
    await register.click();
    await expect(page).toHaveURL(`/booking/${slot.eventId}`);
    await expect(page.getByRole('combobox', { name: 'Select Event' })).toHaveValue(`Cape Coast Tourism Day ${width}`);
  });
}

test("the home page's events link to their pages, and an unknown event is a 404", async ({ page, request }) => {
  await createBookableSlot(request, { title: 'Ho Volta Crafts Fair', capacity: null });
  const shown = await query<{ id: string; title: string }[]>(request, 'events.list', { limit: 3 });
  await page.goto('/');
  for (const event of shown) {
    await expect(page.getByRole('link', { name: `Event details: ${event.title}` })).toHaveAttribute('href', `/events/${event.id}`);
  }
  const first = shown[0];
  if (first === undefined) throw new Error('no event on the home page');
  await page.getByRole('link', { name: `Event details: ${first.title}` }).click();
  await expect(page).toHaveURL(`/events/${first.id}`);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();

  const missing = await page.goto('/events/no-such-event');
  expect(missing?.status()).toBe(404);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('an event page reads as the server sent it', async ({ page, request }) => {
    const slot = await createBookableSlot(request, { title: 'Sunyani Cocoa Roundtable', capacity: 3 });
    await page.goto(`/events/${slot.eventId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sunyani Cocoa Roundtable' })).toBeVisible();
    await expect(page.getByText('3 seats left')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register for Sunyani Cocoa Roundtable' }).first()).toHaveAttribute('href', `/booking/${slot.eventId}`);
  });
});

test('signed-in staff see an event page rendered in the browser, under the app', async ({ page, request }) => {
  const slot = await createBookableSlot(request, { title: 'Wa Shea Butter Expo', capacity: 4 });
  await signInThroughApi(page, await createAccountViaApi(request, 'user'));
  await page.goto(`/events/${slot.eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Wa Shea Butter Expo' })).toBeVisible();
  await expect(page.getByText('4 seats left')).toBeVisible();
  await page.goto('/events/no-such-event');
  await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
});
