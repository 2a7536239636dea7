// A paid session as a visitor sees it, at 1,280 and 375 px: its price per seat with its tax on the
// event page (in the server's first HTML) and beside the booking form, then the booking of a paid
// seat (price, tax and total, billing details, a seat that awaits payment); axe clean, nothing
// scrolling sideways; a screenshot of each is kept in the test's output for a person to look at.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createBookableSlot } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PRICE = { amountMinor: 45_000, currency: 'EUR', taxRatePercent: 19 };
const PRICE_TEXT = '€450.00 per seat, excl. 19% tax';

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
