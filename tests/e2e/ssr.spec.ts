// The public pages arrive rendered by the server: readable with JavaScript off, and with it React
// adopts the markup without a hydration error and the page works (carousel, contact form once
// scrolled to, booking).
import type { Page } from '@playwright/test';
import { createBookableSlot, query } from './support';
import { expect, test } from './fixtures';

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

/** The page's uncaught errors and console errors (and warnings, when asked), as they come. */
function collectErrors(page: Page, { warnings = false } = {}): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || (warnings && message.type() === 'warning')) errors.push(message.text());
  });
  return errors;
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the hero, the services and the events', async ({ page, request }) => {
    await createBookableSlot(request, { title: 'Kumasi Export Clinic', capacity: 5 });
    const [first] = await query<{ title: string }[]>(request, 'events.list', { limit: 3 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'International expansion consulting' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Market Entry Advisory' })).toBeVisible();
    await expect(page.getByRole('heading', { name: first?.title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book Consultation' }).first()).toHaveAttribute('href', '/consultation');
  });

  test('the booking page shows its frame and heading (the form needs JavaScript to send)', async ({ page }) => {
    await page.goto('/booking');
    await expect(page.getByRole('heading', { name: 'Book Your Session' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeAttached();
  });
});

test('the home page hydrates without errors and its data needs no request', async ({ page, request }) => {
  await createBookableSlot(request, { title: 'Tamale Agribusiness Forum', capacity: 5 });
  const [first] = await query<{ title: string }[]>(request, 'events.list', { limit: 3 });
  const errors = collectErrors(page, { warnings: true });
  const apiReads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/trpc/')) apiReads.push(new URL(sent.url()).pathname);
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { name: first?.title })).toBeVisible();
  await waitForHydration(page, 'h1');
  // Hydrated: the carousel's buttons respond.
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(page.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
  await page.waitForLoadState('networkidle');
  // Parts far below the fold are adopted only when scrolled near: the contact form appears then.
  const contact = page.locator('#contact');
  await expect(contact.getByLabel('Loading contact form')).toBeAttached();
  await contact.scrollIntoViewIfNeeded();
  await expect(contact.getByLabel('Full Name')).toBeVisible();
  expect(errors).toEqual([]);
  expect(apiReads).toEqual([]);
});

test('a visitor books from the server-rendered page of an event', async ({ page, request }) => {
  const slot = await createBookableSlot(request, { title: 'Cape Coast Tourism Mission', capacity: 5 });
  const errors = collectErrors(page);

  await page.goto(`/booking/${slot.eventId}`);
  await expect(page.getByRole('combobox', { name: 'Select Event' })).toHaveValue(slot.eventTitle);
  await waitForHydration(page, 'h1');
  await page.getByRole('combobox', { name: 'Select Session' }).click();
  await page.getByRole('option', { name: new RegExp(slot.sessionTitle) }).click();
  await page.getByRole('radio').first().check();
  await page.getByLabel('Full Name').fill('Efua Mensah');
  await page.getByLabel('Email Address').fill('efua.mensah@example.com');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("an event page opens without formatting a date; its sessions are adopted once they show", async ({ page, request }) => {
    const slot = await createBookableSlot(request, { title: 'Sunyani Cocoa Briefing', capacity: 5 });
    const errors = collectErrors(page);
    // Counts the page's date formatters: the first one loads the browser's date data, a long task
    // on a slow phone, which the page's opening must not pay for a part below the fold.
    await page.addInitScript(() => {
      const counted = window as unknown as { dateFormatsMade: number };
      counted.dateFormatsMade = 0;
      Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
        construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          counted.dateFormatsMade += 1;
          return new target(...args);
        },
        apply(target, _this, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          counted.dateFormatsMade += 1;
          return target(...args);
        },
      });
    });
    const dateFormatsMade = () => page.evaluate(() => (window as unknown as { dateFormatsMade: number }).dateFormatsMade);

    await page.goto(`/events/${slot.eventId}`);
    await waitForHydration(page, 'h1');
    await page.waitForLoadState('networkidle');
    const sessions = page.getByRole('heading', { name: 'Sessions' });
    // Below the fold, shown from the server's markup, not adopted, and no date formatted yet.
    expect(await sessions.evaluate((heading) => heading.getBoundingClientRect().top)).toBeGreaterThan(812);
    await expect(page.getByRole('heading', { name: slot.sessionTitle })).toBeAttached();
    expect(await sessions.evaluate((heading) => Object.keys(heading).some((key) => key.startsWith('__reactFiber')))).toBe(false);
    expect(await dateFormatsMade()).toBe(0);

    await sessions.scrollIntoViewIfNeeded();
    await waitForHydration(page, '#event-sessions');
    expect(await dateFormatsMade()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
