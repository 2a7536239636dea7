// Payments in a real browser at 1,280 and 375 px: a paid booking marked paid by hand from its detail
// (the receipt's payment listed), then a bank statement (CSV) uploaded on the Payments screen that
// pays a second booking and lists a line with a wrong amount for a person; the list of paid bookings
// filtered through the address, its CSV and its link to the booking; the dashboard's revenue; axe
// clean, nothing scrolling sideways, a screenshot of each kept for a person to look at.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { openDatabase } from '@db/database';
import { E2E_DATA_DIR } from './env';
import { expect, test } from './fixtures';
import { createBookableSlot, mutate, signInThroughUi } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PRICE = { amountMinor: 3333, currency: 'EUR', taxRatePercent: 19 };
const BILLING = { billingCompany: 'Nordlicht GmbH', billingAddress: 'Hafenstraße 1\n20457 Hamburg', billingCountry: 'DE', billingVatNumber: null };

async function expectReadable(page: Page, width: number, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(found, `axe on ${what} at ${width} px`).toEqual([]);
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(sizes.scroll, `${what} scrolls sideways at ${width} px`).toBeLessThanOrEqual(sizes.inner);
}

/** The payment reference the booking's e-mail gave its participant. */
async function referenceOf(bookingId: string): Promise<string> {
  const { db } = openDatabase(path.join(E2E_DATA_DIR, 'app.db'));
  try {
    const row = await db.selectFrom('bookings').select('paymentReference').where('id', '=', bookingId).executeTakeFirstOrThrow();
    return row.paymentReference ?? '';
  } finally {
    await db.destroy();
  }
}

for (const width of [1280, 375]) {
  test(`marking a booking paid and importing a statement at ${width} px`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signInThroughUi(page);
    const run = `${width} ${Date.now().toString(36)}`;
    const slot = await createBookableSlot(page.request, { title: `Paid Briefing ${run}`, capacity: 8, price: PRICE });
    const byHand = `Hand Payer ${run}`;
    await mutate(page.request, 'bookings.create', { timeSlotId: slot.slotId, participantName: byHand, participantEmail: `hand-${width}@example.com`, ...BILLING });
    const byBank = await mutate<{ id: string }>(page.request, 'bookings.create', { timeSlotId: slot.slotId, participantName: `Bank Payer ${run}`, participantEmail: `bank-${width}@example.com`, ...BILLING });

    // By hand, from the booking's detail.
    await page.goto(`/admin/bookings?search=${encodeURIComponent(byHand)}`);
    await page.getByRole('button', { name: `View booking of ${byHand}` }).click();
    const dialog = page.getByRole('dialog', { name: `Booking of ${byHand}` });
    await expect(dialog.getByRole('row', { name: 'Payment Awaiting payment' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Mark Paid' }).click();
    await expect(dialog.getByLabel(/^Amount received \(EUR\)/)).toHaveValue('39.66');
    await expectReadable(page, width, 'the Mark Paid form');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await expect(dialog.getByRole('table', { name: 'Payments received' }).getByText('Marked paid by hand')).toBeVisible();
    await expect(dialog.getByRole('row', { name: 'Payment Paid' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`mark-paid-${width}.png`), fullPage: true });
    await page.keyboard.press('Escape');

    // From the bank's statement, on the Payments screen.
    const reference = (await referenceOf(byBank.id)).replace(/(.{4})(?=.)/g, '$1 ');
    const today = new Date().toISOString().slice(0, 10);
    // A short transfer first (left for a person), then the full one (pays).
    const csv = `Date;Amount;Reference\n${today};20,00;${reference}\n${today};39,66;${reference} Seminar\n`;
    await page.goto('/admin/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import Statement' }).click();
    await expect(page.getByText('1 booking paid', { exact: true })).toBeVisible();
    await expect(page.getByText('1 line to check', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lines to check' }).getByText("The amount is not the booking's total")).toBeVisible();
    await expectReadable(page, width, 'the Payments screen');
    await page.screenshot({ path: testInfo.outputPath(`statement-${width}.png`), fullPage: true });

    // The same statement again pays nothing twice.
    await page.getByRole('button', { name: 'Import Statement' }).click();
    await expect(page.getByText('1 line already imported', { exact: true })).toBeVisible();
    await expect(page.getByText('0 bookings paid', { exact: true })).toBeVisible();

    // The list of paid bookings: the one paid by the statement, found by its reference typed with
    // spaces in lower case, filtered to Paid through the address as a shared link would.
    const typed = reference.toLowerCase();
    await page.goto(`/admin/payments?status=paid&search=${encodeURIComponent(typed)}`);
    const list = page.getByRole('region', { name: 'Payments' });
    await expect(list.getByRole('link', { name: `Bank Payer ${run}` })).toBeVisible();
    await expect(list.getByText('Paid', { exact: true })).toBeVisible();
    await expect(list.getByText('€39.66', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Search payments' })).toHaveValue(typed);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/exports/payments.csv?search=${encodeURIComponent(typed).replace(/%20/g, '+')}&status=paid`);
    await expectReadable(page, width, 'the Payments list');
    await page.screenshot({ path: testInfo.outputPath(`payments-list-${width}.png`), fullPage: true });
    const exported = await page.request.get(`/api/exports/payments.csv?status=paid&search=${encodeURIComponent(typed)}`);
    expect(exported.status()).toBe(200);
    // The byte-order mark is the server tests' to check: the browser's decoder drops it.
    const lines = (await exported.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Invoice Number,Invoice Date,Kind,Buyer Company,Buyer Name,Net,Tax,Gross,Currency,Payment Reference,Due Date,Paid On,Status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,Invoice,Nordlicht GmbH,Bank Payer ${run},33.33,6.33,39.66,EUR,`);
    expect(lines[1]).toMatch(new RegExp(`,${today},Paid$`));

    // The row opens its booking on the Bookings screen.
    await list.getByRole('link', { name: `Bank Payer ${run}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bookings\\?bookingId=${byBank.id}$`));
    await expect(page.getByRole('button', { name: `View booking of Bank Payer ${run}` })).toBeVisible();

    // The dashboard counts the money received.
    await page.goto('/admin');
    await expect(page.getByLabel('Revenue This Week')).toContainText('Received');
    await expectReadable(page, width, 'the dashboard with revenue');
  });
}
