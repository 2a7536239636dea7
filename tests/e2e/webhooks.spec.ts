// Webhooks end to end: an admin adds an endpoint in Settings > Integrations pointing at a receiver
// on loopback that verifies signatures with `standardwebhooks`; a visitor's booking reaches it
// through the running server's sender, and the endpoint's delivery log says so. The screen fits
// and passes axe at 375 and 1280 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { createAccountViaApi, createBookableSlot, mutate, signInThroughApi } from './support';
import { startWebhookReceiver } from '@tests/support/webhook-receiver';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('an admin adds a webhook endpoint and a booking reaches it, signed; the log shows it', async ({ page, request }, testInfo) => {
  // Two widths, each with axe twice, and a wait for the sender's next pass.
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  try {
    const slot = await createBookableSlot(request, { title: `Webhook Forum ${Date.now()}`, capacity: 10 });
    const admin = await createAccountViaApi(request, 'admin');
    await signInThroughApi(page, admin);
    await page.goto('/admin/settings?tab=integrations');
    await page.getByRole('button', { name: 'New Endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Webhook Endpoint' });
    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
    await dialog.getByRole('checkbox', { name: 'Booking made (booking.created)' }).check();
    await dialog.getByRole('textbox', { name: 'Description' }).fill('CRM');
    await dialog.getByRole('button', { name: 'Add Endpoint' }).click();
    receiver.secret = (await page.getByRole('dialog', { name: 'Copy the Signing Secret' }).getByLabel('Signing secret').textContent()) ?? '';
    expect(receiver.secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    const booking = await mutate<{ id: string }>(request, 'bookings.create', { timeSlotId: slot.slotId, participantName: 'Efua Mensah', participantEmail: `efua-${Date.now()}@example.com` });
    // The server's sender runs every few seconds.
    await expect.poll(() => receiver.received.map((event) => `${event.type} ${String(event.data.id)}`), { timeout: 20_000 }).toEqual([`booking.created ${booking.id}`]);
    expect(receiver.badSignatures).toBe(0);

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/settings?tab=integrations');
      const table = page.getByRole('table', { name: 'Webhook endpoints' });
      await expect(table.getByText(receiver.url)).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(results.violations.map((violation) => violation.id), `axe on Integrations at ${width} px`).toEqual([]);
      const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
      await page.screenshot({ path: testInfo.outputPath(`integrations-${width}.png`), });

      await page.getByRole('button', { name: `Delivery log of ${receiver.url}` }).click();
      const log = page.getByRole('dialog', { name: 'Delivery Log' });
      const row = log.getByRole('row').filter({ hasText: 'booking.created' });
      await expect(row.getByText('Delivered')).toBeVisible();
      await expect(row.getByText('HTTP 204')).toBeVisible();
      const inLog = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(WCAG_TAGS).analyze();
      expect(inLog.violations.map((violation) => violation.id), `axe on the delivery log at ${width} px`).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`delivery-log-${width}.png`) });
      await log.getByRole('button', { name: 'Close' }).click();
    }
  } finally {
    await receiver.close();
  }
});
