// A paid session as a visitor sees it, at 1,280 and 375 px: its price per seat with its tax on the
// event page (in the server's first HTML) and beside the booking form, then the booking of a paid
// seat (price, tax and total, billing details, a seat that awaits payment); axe clean, nothing
// scrolling sideways; a screenshot of each is kept in the test's output for a person to look at.
// A free session's form stays as it was: none of the paid part downloaded, its chunk in its budget.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_CLIENT_DIR } from './env';
import { expect, test } from './fixtures';
import { createBookableSlot } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PRICE = { amountMinor: 45_000, currency: 'EUR', taxRatePercent: 19 };
const PRICE_TEXT = '€450.00 per seat, excl. 19% tax';
const KB = 1024;

async function expectReadable(page: Page, width: number, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`), `axe on ${what} at ${width} px`).toEqual([]);
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(sizes.scroll, `${what} scrolls sideways at ${width} px`).toBeLessThanOrEqual(sizes.inner);
}

for (const width of [1280, 375]) {
  test(`a paid session's price on its event page and beside the booking form at ${width} px`, async ({ page, request }, testInfo) => {
    // Five pages checked by axe on a shared machine: more than the default 30 seconds.
    test.slow();
    const slot = await createBookableSlot(request, { title: `Paid Export Masterclass ${width}`, capacity: 8, price: PRICE });
    await page.setViewportSize({ width, height: 900 });

    const html = await (await page.request.get(`/events/${slot.eventId}`)).text();
    expect(html).toContain(PRICE_TEXT);
    await page.goto(`/events/${slot.eventId}`);
    await expect(page.getByText(PRICE_TEXT)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectReadable(page, width, 'the event page');
    await page.screenshot({ path: testInfo.outputPath(`event-${width}.png`), fullPage: true });

    await page.goto(`/booking/${slot.eventId}`);
    await page.getByRole('combobox', { name: 'Select Session' }).click();
    await page.getByRole('option', { name: `${slot.sessionTitle} (Room A)` }).click();
    const details = page.getByRole('complementary', { name: 'Event details' });
    await expect(details.getByText(PRICE_TEXT)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectReadable(page, width, 'the booking form');
    await page.screenshot({ path: testInfo.outputPath(`booking-${width}.png`), fullPage: true });

    // Booking a paid seat: €450.00 + 19% = €535.50 for one seat.
    await page.getByRole('radio').first().check();
    await page.getByLabel('Full Name').fill('Efua Mensah');
    await page.getByLabel('Email Address').fill(`efua-${width}@example.com`);
    await expect(page.getByRole('table', { name: 'Amount to pay' })).toContainText('€535.50');
    await page.getByRole('textbox', { name: 'Company', exact: true }).fill('Nordlicht GmbH');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Hafenstraße 1, 20457 Hamburg');
    await page.getByRole('combobox', { name: 'Country', exact: true }).fill('Germany');
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByRole('textbox', { name: 'VAT number' }).fill('DE12345');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByText('A VAT number from this country looks like DE123456789', { exact: true })).toBeVisible();
    await expectReadable(page, width, 'the paid booking form with a field message');
    await page.screenshot({ path: testInfo.outputPath(`billing-${width}.png`), fullPage: true });
    await page.getByRole('textbox', { name: 'VAT number' }).fill('DE123456789');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Seat is Held' })).toBeVisible();
    await expectReadable(page, width, 'the awaiting-payment confirmation');
    await page.screenshot({ path: testInfo.outputPath(`awaiting-${width}.png`), fullPage: true });
  });
}

/** What the server sends of a built file: its .gz beside it (every script over 1 KB has one), or the file. */
function sentSize(file: string): number {
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : fs.statSync(file).size;
}

test("a free session's booking form downloads no paid part, and its own chunk stays within 5.5 KB gzip", async ({ page, request }, testInfo) => {
  const slot = await createBookableSlot(request, { title: 'Free Market Briefing', capacity: 8 });
  const scripts: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname);
  });
  await page.goto(`/booking/${slot.eventId}`);
  await page.getByRole('combobox', { name: 'Select Session' }).click();
  await page.getByRole('option', { name: `${slot.sessionTitle} (Room A)` }).click();
  await page.getByRole('radio').first().check();
  await page.getByLabel('Full Name').fill('Kwame Boateng');
  await page.getByLabel('Email Address').fill('kwame@example.com');
  await page.waitForLoadState('networkidle');

  // The billing fields, the voucher and the price maths are the paid part's: a free form never asks for them.
  expect(scripts.filter((file) => /\/(BillingFields|vouchers\.schemas)-/.test(file))).toEqual([]);
  const form = scripts.filter((file) => /^\/assets\/BookingPage-[\w-]+\.js$/.test(file));
  expect(form).toHaveLength(1);
  const formBytes = sentSize(path.join(E2E_CLIENT_DIR, form[0] ?? ''));
  // 5,604 B with gzip -9 before paid sessions; 6,651 B after them, before the paid part went its own way.
  expect(formBytes / KB, `${form[0]}: ${(formBytes / KB).toFixed(2)} KB`).toBeLessThanOrEqual(5.5);
  // Everything the page's scripts weigh, for docs/performance.md (the report's annotations).
  const total = [...new Set(scripts)].reduce((sum, file) => sum + sentSize(path.join(E2E_CLIENT_DIR, file)), 0);
  testInfo.annotations.push({ type: 'weight', description: `booking form ${formBytes} B, all scripts ${total} B gzip in ${new Set(scripts).size} files` });
});
