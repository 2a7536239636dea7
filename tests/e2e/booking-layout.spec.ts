// The booking form as a visitor abroad sees it, at 1,280 and 375 px: the page loads without a focus
// box on its heading; beside the form, the chosen event and session with their delegates; each time
// slot one row (radio, date, times and seats on one line at 1,280, wrapping at 375, nothing sideways)
// whose whole surface chooses it, in the visitor's zone (Tokyo here) and the event's; axe clean.
// It books nothing: the public forms' limit is shared by the whole suite.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createBookableSlot, mutate, query } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.use({ timezoneId: 'Asia/Tokyo' });

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => node.html.slice(0, 160)).join(' | ')}`);
}

/** The vertical middle of an element's first line box. */
async function firstLineMiddle(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const first = range.getClientRects()[0] ?? element.getBoundingClientRect();
    return first.top + first.height / 2;
  });
}

for (const width of [1280, 375]) {
  test(`booking form at ${width} px: details beside it, one row per slot in both zones, axe clean`, async ({ page, request }) => {
    const slot = await createBookableSlot(request, { title: `Tema Port Logistics Day ${width}`, capacity: 6 });
    await mutate(request, 'delegates.create', {
      sessionId: slot.sessionId,
      name: 'Abena Korantema',
      email: 'abena.korantema@example.com',
      phone: '+233 20 111 2222',
      organization: 'Ghana Ports Authority',
      position: 'Head of Trade',
      bio: null,
      photoUrl: null,
    });
    const { timezone } = await query<{ timezone: string }>(request, 'settings.public');
    await page.setViewportSize({ width, height: 900 });

    await page.goto(`/booking/${slot.eventId}`);
    await expect(page.getByRole('combobox', { name: 'Select Event' })).toHaveValue(slot.eventTitle);
    // A page that came with its HTML: nothing focused, so no focus box is drawn on the heading.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    const details = page.getByRole('complementary', { name: 'Event details' });
    await expect(details.getByRole('heading', { level: 2, name: slot.eventTitle })).toBeVisible();
    // The event's days come from its slots (the server writes them), not the label typed for it.
    const { schedule } = await query<{ schedule: { days: { en: string } } | null }>(request, 'events.byId', { id: slot.eventId });
    await expect(details).toContainText(`Date${schedule?.days.en ?? 'no schedule'}LocationAccra`);
    await expect(details).not.toContainText('1 MARCH, 2031');
    await page.getByRole('combobox', { name: 'Select Session' }).click();
    await page.getByRole('option', { name: new RegExp(slot.sessionTitle) }).click();
    await expect(details.getByRole('heading', { level: 3, name: slot.sessionTitle })).toBeVisible();
    await expect(details).toContainText('Abena KorantemaHead of Trade, Ghana Ports Authority');
    await expect(details).not.toContainText('abena.korantema@example.com');

    const radio = page.getByRole('radio').first();
    const row = page.locator('label').filter({ has: radio });
    // Tomorrow 10:00-12:00 UTC is 7:00-9:00 PM in Tokyo; the event's zone is the site's.
    await expect(row).toContainText('7:00 PM – 9:00 PM your time (Tokyo)');
    // Then the site's clock: a zone with a place reads 'in Accra (GMT)', UTC (no place) plainly.
    if (timezone === 'UTC') await expect(row).toContainText('10:00 AM – 12:00 PM UTC');
    else if (timezone !== 'Asia/Tokyo') await expect(row).toContainText(' in ');
    await expect(row).toContainText('6 seats left');

    const [date, time, seats] = [row.locator('span').nth(0), row.locator('span').nth(1), row.getByText('6 seats left')];
    const middles = await Promise.all([radio, date, time, seats].map(firstLineMiddle));
    const spread = Math.max(...middles) - Math.min(...middles);
    if (width === 1280) {
      // Radio, date, times and seats on one line.
      expect(spread, `first lines' middles ${middles.join(', ')}`).toBeLessThan(4);
    } else {
      // Stacked beside the radio, inside the row's width.
      const rowBox = await row.boundingBox();
      const seatsBox = await seats.boundingBox();
      expect(seatsBox !== null && rowBox !== null && seatsBox.x + seatsBox.width <= rowBox.x + rowBox.width).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The whole row is the target: a click on its far end (the seats) chooses the slot.
    await seats.click();
    await expect(radio).toBeChecked();
    await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();

    expect(await violations(page), `axe violations at ${width} px`).toEqual([]);
  });
}
