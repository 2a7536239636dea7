// A real browser walks an event's booking from a LinkedIn campaign link: the beacons it sends and the
// booking it stores give exactly one visitor at each step of the funnel, credited to the campaign.
import { expect, test } from './fixtures';
import { createBookableSlot, mutate, query, signInAsAdmin, signInThroughApi } from './support';

// Headless Chromium says "HeadlessChrome", which the server rightly takes for a bot.
test.use({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' });

interface Funnel {
  steps: { step: string; count: number; dropOff: number | null }[];
}

test('the booking funnel counts one walk exactly, and credits its campaign', async ({ page, request }) => {
  test.setTimeout(60_000);
  const slot = await createBookableSlot(request, { title: `Funnel Forum ${Date.now()}`, capacity: 10 });
  try {
    await page.goto(`/events/${slot.eventId}?utm_source=linkedin&utm_medium=social&utm_campaign=accra-mission`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('load');
    await page.goto(`/booking/${slot.eventId}`);
    await page.getByRole('combobox', { name: 'Select Session' }).click();
    await page.getByRole('option', { name: /Funnel Forum .* Workshop/ }).click();
    await page.getByRole('radio').first().check();
    await page.getByLabel('Full Name').fill('Kwame Mensah');
    await page.getByLabel('Email Address').fill(`funnel-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

    const today = new Date().toISOString().slice(0, 10);
    const range = { from: today, to: today };
    // The server writes its sums every 10 seconds: wait for that write, not for a time.
    await expect
      .poll(async () => (await query<Funnel>(request, 'analytics.funnel', { ...range, eventId: slot.eventId })).steps, { timeout: 20_000 })
      .toEqual([
        { step: 'event-viewed', count: 1, dropOff: null },
        { step: 'booking-started', count: 1, dropOff: 0 },
        { step: 'slot-chosen', count: 1, dropOff: 0 },
        { step: 'details-entered', count: 1, dropOff: 0 },
        { step: 'booked', count: 1, dropOff: 0 },
      ]);
    const sources = await query<{ campaigns: { campaign: string; visitors: number; bookings: number }[] }>(request, 'analytics.sources', range);
    expect(sources.campaigns.find((row) => row.campaign === 'linkedin / social / accra-mission')?.bookings).toBeGreaterThanOrEqual(1);
  } finally {
    await signInAsAdmin(request);
    await mutate(request, 'events.delete', { id: slot.eventId });
  }
});

for (const width of [375, 1280]) {
  test(`the Analytics screen at ${width} px: its figures, a chart shown as a table, no sideways scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInThroughApi(page);
    await page.goto('/admin/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByLabel('Visitors')).toContainText('against the 30 days before');
    const daily = page.getByRole('region', { name: 'Day by day' });
    await daily.getByRole('button', { name: 'Show as table' }).click();
    await expect(daily.getByRole('region', { name: 'Day by day as a table' }).getByRole('row')).toHaveCount(31);
    // A custom range is picked in Mantine's calendars, the day written out, not in mm/dd/yyyy fields.
    await page.getByText('Custom', { exact: true }).click();
    const from = page.getByRole('button', { name: 'From' });
    await expect(from).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await expect(page.locator('input[type="date"]')).toHaveCount(0);
    await from.click();
    await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
