// A voucher as a visitor and an admin see it, at 1,280 and 375 px: the booking form of a paid
// session takes a code, shows the discount and the lower total and books a seat charged that; the
// Vouchers section of Settings > Billing lists it. Axe clean, nothing scrolling sideways; a
// screenshot of each is kept in the test's output for a person to look at.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createBookableSlot, mutate, readDatabase, signInThroughUi } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PRICE = { amountMinor: 45_000, currency: 'EUR', taxRatePercent: 19 };

async function expectReadable(page: Page, width: number, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`), `axe on ${what} at ${width} px`).toEqual([]);
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(sizes.scroll, `${what} scrolls sideways at ${width} px`).toBeLessThanOrEqual(sizes.inner);
}

for (const width of [1280, 375]) {
  test(`a paid booking with a voucher, and the Vouchers section, at ${width} px`, async ({ page, request }, testInfo) => {
    test.slow();
    const slot = await createBookableSlot(request, { title: `Voucher Masterclass ${width}`, capacity: 8, price: PRICE });
    // A code and a visitor of their own, so a repeat on the same server (--repeat-each) makes a new
    // voucher and finds its own booking.
    const run = Date.now().toString(36).toUpperCase();
    const code = `TRADE${width}-${run}`;
    const email = `efua-voucher-${width}-${run.toLowerCase()}@example.com`;
    await mutate(request, 'vouchers.create', { code, kind: 'percent', percent: 20, maxUses: 5, appliesTo: 'events', eventIds: [slot.eventId] });
    await page.setViewportSize({ width, height: 900 });

    await page.goto(`/booking/${slot.eventId}`);
    await page.getByRole('combobox', { name: 'Select Session' }).click();
    await page.getByRole('option', { name: `${slot.sessionTitle} (Room A)` }).click();
    await page.getByRole('radio').first().check();
    await page.getByLabel('Full Name').fill('Efua Mensah');
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('textbox', { name: 'Voucher code' }).fill('nope');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('This voucher code is not known', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Voucher code' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Voucher ${code} applied` })).toBeVisible();
    // €450.00 - 20% = €360.00 net, 19% tax €68.40, €428.40.
    await expect(page.getByRole('table', { name: 'Amount to pay' })).toContainText('-€90.00');
    await expect(page.getByTestId('booking-total')).toHaveText('€428.40');
    await page.waitForLoadState('networkidle');
    await expectReadable(page, width, 'the booking form with a voucher');
    await page.screenshot({ path: testInfo.outputPath(`voucher-form-${width}.png`), fullPage: true });

    await page.getByRole('textbox', { name: 'Company', exact: true }).fill('Nordlicht GmbH');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Hafenstraße 1, 20457 Hamburg');
    // The country by keyboard (paid-sessions.spec.ts clicks it): once in CI the click on the
    // option waited 90 s for it to be "visible and stable" without a retry logged, at this width
    // only; not reproduced here in 10 runs, 4 of them with the CPU throttled 6x. A keyboard user
    // types, moves down until the country is highlighted and presses Enter.
    const country = page.getByRole('combobox', { name: 'Country', exact: true });
    await country.fill('Germany');
    const germany = page.getByRole('option', { name: 'Germany' });
    await expect(germany).toBeAttached();
    for (let presses = 0; presses < 3; presses += 1) {
      if ((await germany.getAttribute('data-combobox-selected')) !== null) break;
      await country.press('ArrowDown');
    }
    await expect(germany).toHaveAttribute('data-combobox-selected', 'true');
    await country.press('Enter');
    await expect(country).toHaveValue('Germany');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Seat is Held' })).toBeVisible();
    const stored = readDatabase((db) =>
      db.prepare('select voucher_code, charge_discount_minor, charge_gross_minor from bookings where participant_email = ?').get(email),
    );
    expect(stored).toEqual({ voucher_code: code, charge_discount_minor: 9000, charge_gross_minor: 42_840 });

    await signInThroughUi(page);
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Billing' }).click();
    const table = page.getByRole('table', { name: 'Vouchers' });
    const row = table.getByRole('row').filter({ has: page.getByText(code, { exact: true }) });
    await expect(row.getByText('1 of 5')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectReadable(page, width, 'the Vouchers section');
    await page.screenshot({ path: testInfo.outputPath(`vouchers-section-${width}.png`), fullPage: true });
  });
}
