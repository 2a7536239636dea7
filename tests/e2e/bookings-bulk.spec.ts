// The bookings screen at 1,280 and 375 px in a real browser: the table fits a 1,280 px screen with its
// actions visible (no sideways scroll), several rows are confirmed in one action with the one that
// would overfill its slot refused and named, the booking modal has no id fields, and axe finds
// nothing with the bulk bar and its result on screen.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createBookableSlot, mutate, readDatabase, signInThroughApi } from './support';
import { expect, test } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

function statusOf(id: string): string | undefined {
  return readDatabase((db) => (db.prepare('select status from bookings where id = ?').get(id) as { status: string } | undefined)?.status);
}

test('staff confirm several bookings in one action; the one that would overfill its slot is refused and named', async ({ page, request }) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slot = await createBookableSlot(request, { title: `Bulk Forum ${stamp}`, capacity: 3 });
  const staffBook = (name: string, status: string) =>
    mutate<{ id: string }>(request, 'bookings.adminCreate', {
      timeSlotId: slot.slotId,
      status,
      participantName: `${name} ${stamp}`,
      participantEmail: `${name.toLowerCase()}-${stamp}@example.com`,
    });
  const ama = await staffBook('Ama', 'pending');
  const kofi = await staffBook('Kofi', 'pending');
  await staffBook('Esi', 'confirmed');
  const kwame = await staffBook('Kwame', 'waitlisted');

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughApi(page);
  await page.goto('/admin/bookings');
  // The search applies after a pause in typing, and a new filter starts the ticks over: wait for the
  // list the search asked for (alone on a fresh site the unfiltered list already has these 4 rows).
  const searched = page.waitForResponse((response) => response.url().includes('bookings.list') && decodeURIComponent(response.url()).includes(stamp));
  await page.getByRole('textbox', { name: 'Search bookings' }).fill(stamp);
  await searched;
  const table = page.getByRole('table', { name: 'Bookings' });
  await expect(table.getByRole('row')).toHaveCount(5);

  // The whole table fits: nothing scrolls sideways and the actions are on screen.
  const overflow = await table.evaluate((element) => {
    const frame = element.parentElement;
    return { table: element.scrollWidth, frame: frame?.clientWidth ?? 0, page: document.documentElement.scrollWidth, window: window.innerWidth };
  });
  expect(overflow.table).toBeLessThanOrEqual(overflow.frame);
  expect(overflow.page).toBeLessThanOrEqual(overflow.window);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeInViewport();
  await expect(table.getByRole('button', { name: `Edit booking of Kwame ${stamp}` })).toBeInViewport();

  for (const name of ['Ama', 'Kofi', 'Kwame']) await page.getByRole('checkbox', { name: `Select booking of ${name} ${stamp}` }).check();
  const bar = page.getByRole('region', { name: 'Selected bookings' });
  await expect(bar).toContainText('3 bookings selected');
  await bar.getByRole('button', { name: 'Confirm Bookings' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Some bookings were not changed' });
  await expect(notice).toContainText('Confirmed 2 bookings. 1 booking refused:');
  await expect(notice).toContainText(`Kwame ${stamp}: This time slot is full.`);
  expect([statusOf(ama.id), statusOf(kofi.id), statusOf(kwame.id)]).toEqual(['confirmed', 'confirmed', 'waitlisted']);
  expect(await axeViolations(page)).toEqual([]);

  // With rows ticked again, at phone width: the bar wraps, axe still finds nothing.
  await page.getByRole('checkbox', { name: 'Select every booking on this page' }).check();
  await expect(bar).toContainText('4 bookings selected');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(bar.getByRole('button', { name: 'Clear Selection' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // After the resize the back office re-lays itself out for a phone: wait for it (not at once under load).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('the booking modal chooses event, session and slot from pickers and names no id', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughApi(page);
  await page.goto('/admin/bookings');
  await page.getByRole('button', { name: 'Add Booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Booking' });
  await expect(dialog.getByRole('combobox', { name: 'Event' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Session' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Time Slot' })).toBeVisible();
  await expect(dialog.getByText(/\bID\b/)).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: /\bID\b/ })).toHaveCount(0);
});
