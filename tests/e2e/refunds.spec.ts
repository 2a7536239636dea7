// Refunds in a real browser at 1,280 and 375 px: a paid booking refunded from its detail after the
// confirmation that says a credit note follows (the credit note listed with the invoice, the payment
// 'Refund due'), then marked refunded (the negative payment listed, 'Refunded'); axe clean, nothing
// scrolling sideways, a screenshot of each kept for a person to look at.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
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

for (const width of [1280, 375]) {
  test(`refunding a paid booking and marking it refunded at ${width} px`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signInThroughUi(page);
    const run = `${width} ${Date.now().toString(36)}`;
    const slot = await createBookableSlot(page.request, { title: `Refunded Briefing ${run}`, capacity: 8, price: PRICE });
    const name = `Refund Payer ${run}`;
    const booking = await mutate<{ id: string }>(page.request, 'bookings.create', { timeSlotId: slot.slotId, participantName: name, participantEmail: `refund-${width}@example.com`, ...BILLING });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await mutate(page.request, 'payments.markPaid', { bookingId: booking.id, amountMinor: 3966, paidOn: yesterday });

    await page.goto(`/admin/bookings?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `View booking of ${name}` }).click();
    const detail = page.getByRole('dialog', { name: `Booking of ${name}` });
    await expect(detail.getByRole('row', { name: 'Payment Paid' })).toBeVisible();
    await detail.getByRole('button', { name: 'Refund' }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund Booking' });
    await expect(confirm.getByText('A credit note cancelling its invoice will be issued and e-mailed to the participant, and €39.66 will be due back to the buyer.', { exact: false })).toBeVisible();
    await expectReadable(page, width, 'the refund confirmation');
    await confirm.getByRole('button', { name: 'Refund' }).click();
    await expect(detail.getByRole('row', { name: 'Payment Refund due' })).toBeVisible();
    await expect(detail.getByRole('row', { name: 'Status Cancelled' })).toBeVisible();
    const invoices = detail.getByRole('table', { name: 'Invoices' });
    await expect(invoices.getByRole('link', { name: /^Credit note CN-\d{4}-\d{5}$/ })).toBeVisible();
    await expect(invoices.getByText('-€39.66')).toBeVisible();
    await expectReadable(page, width, 'a booking with its refund due');
    await page.screenshot({ path: testInfo.outputPath(`refund-due-${width}.png`), fullPage: true });

    await detail.getByRole('button', { name: 'Mark Refunded' }).click();
    await detail.getByRole('button', { name: 'Record Refund' }).click();
    await expect(detail.getByRole('row', { name: 'Payment Refunded' })).toBeVisible();
    await expect(detail.getByRole('table', { name: 'Payments received' }).getByText('Refund marked by hand')).toBeVisible();
    await expectReadable(page, width, 'a refunded booking');
    await page.screenshot({ path: testInfo.outputPath(`refunded-${width}.png`), fullPage: true });
  });
}
