// The booking and time-slot modals' date-and-time pickers in a real browser, at 1,280 and 375 px:
// each opens its calendar within the screen, Escape closes the calendar and not the form, axe finds
// nothing with it open, and a picked time is read in the site's zone (New York), not the browser's
// (Tokyo, fixed here so the two clocks differ). Also every back-office picker's picked day (a list's
// day filter), and the theme's respect for a system that asks for less motion.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createBookableSlot, pickDateTime, readDatabase, signInThroughApi } from './support';
import { expect, test } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** The open calendar, its arrows and its check button within the screen's width. */
async function expectCalendarOnScreen(page: Page, width: number) {
  for (const name of ['Previous month', 'Next month', 'Set date and time']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box?.x ?? -1, name).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(width);
  }
}

test.use({ siteTimezone: 'America/New_York', timezoneId: 'Asia/Tokyo' });

for (const width of [1280, 375]) {
  test(`at ${width} px the booking modal's Booking Date is picked from a calendar in the site's zone`, async ({ page, request }, testInfo) => {
    // Axe with the calendar open and the pickers driven as a person does: about 25 s alone, a minute on a loaded machine.
    test.setTimeout(120_000);
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const slot = await createBookableSlot(request, { title: `Picker Forum ${stamp}`, capacity: 5 });
    await page.setViewportSize({ width, height: 800 });
    await signInThroughApi(page);
    await page.goto('/admin/bookings');
    await page.getByRole('button', { name: 'Add Booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Booking' });
    await dialog.getByRole('combobox', { name: 'Event' }).click();
    await page.getByRole('option', { name: slot.eventTitle }).click();
    await dialog.getByRole('combobox', { name: 'Session' }).click();
    await page.getByRole('option', { name: slot.sessionTitle }).click();
    await dialog.getByRole('combobox', { name: 'Time Slot' }).click();
    await page.getByRole('option', { name: /seats? left/ }).click();
    await dialog.getByLabel(/^Full Name/).fill('Abena Ofori');
    await dialog.getByLabel(/^Email Address/).fill(`abena-${stamp}@example.com`);

    const field = dialog.getByLabel(/^Booking Date/);
    await field.click();
    await expectCalendarOnScreen(page, width);
    await page.screenshot({ path: testInfo.outputPath(`booking-date-${width}.png`) });
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Set date and time' })).toBeHidden();
    await expect(dialog).toBeVisible();

    await pickDateTime(page, field, '2026-03-10 09:30');
    await expect(field).toHaveText('Mar 10, 2026, 9:30 AM EDT');
    await dialog.getByRole('button', { name: 'Create Booking' }).click();
    await expect(dialog).toBeHidden();
    const stored = readDatabase((db) =>
      db.prepare('select booking_date from bookings where participant_email = ?').get(`abena-${stamp}@example.com`),
    );
    // 09:30 in New York on 10 March 2026 is daylight time, UTC-4.
    expect(stored).toEqual({ booking_date: '2026-03-10T13:30:00.000Z' });
  });

  test(`at ${width} px the time slot modal's Start Time and End Time are picked from a calendar in the site's zone`, async ({ page, request }, testInfo) => {
    // Axe with the calendar open and the pickers driven as a person does: about 25 s alone, a minute on a loaded machine.
    test.setTimeout(120_000);
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const slot = await createBookableSlot(request, { title: `Slot Picker Forum ${stamp}`, capacity: 5 });
    await page.setViewportSize({ width, height: 800 });
    await signInThroughApi(page);
    await page.goto('/admin/sessions');
    await page.getByRole('button', { name: `Edit session ${slot.sessionTitle}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Session' });
    await editor.getByRole('button', { name: 'Previous' }).click();
    await editor.getByRole('button', { name: /^Edit time slot/ }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Time Slot' });

    await modal.getByLabel(/^Start Time/).click();
    await expectCalendarOnScreen(page, width);
    // The slot's day stands out as picked (it did not: see client/features/admin/kit/date-pickers.css).
    const picked = page.locator('button[data-selected]');
    await expect(picked).toHaveCount(1);
    expect(await picked.evaluate((day) => getComputedStyle(day).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: testInfo.outputPath(`slot-start-${width}.png`) });
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Set date and time' })).toBeHidden();
    // Escape closed the calendar only.
    await expect(modal).toBeVisible();

    await pickDateTime(page, modal.getByLabel(/^Start Time/), '2031-07-01 08:00');
    await pickDateTime(page, modal.getByLabel(/^End Time/), '2031-07-01 09:45');
    await expect(modal.getByText('Duration: 105 minutes')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`slot-modal-${width}.png`) });
    await modal.getByRole('button', { name: 'Save Time Slot' }).click();
    await expect(modal).toBeHidden();
    // The wizard's list shows the slot from its UTC times, in the site's zone: the same wall clock.
    await expect(editor.getByText('Tuesday, July 1, 2031, 8:00 AM – 9:45 AM EDT')).toBeVisible();
  });
}

test("a list's day filter shows the day it picked, and no greyed days of the months around it", async ({ page }) => {
  await signInThroughApi(page);
  await page.goto('/admin/bookings');
  const from = page.getByRole('button', { name: 'From', exact: true });
  await from.click();
  await page.getByRole('button', { name: /^12 / }).first().click();
  await expect(from).toHaveText(/^12 /);
  await from.click();
  // The picked day stands out (Mantine's own rule lost to a later-loaded button reset before the
  // theme's picked-day class: client/features/admin/kit/date-pickers.css).
  const picked = page.locator('button[data-selected]');
  await expect(picked).toHaveCount(1);
  expect(await picked.evaluate((day) => getComputedStyle(day).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  // The other months' days, greyed below the contrast text needs, are not shown.
  await expect(page.locator('button[data-outside]').filter({ visible: true })).toHaveCount(0);
});

for (const [motion, duration] of [['reduce', '0s'], ['no-preference', '0.2s']] as const) {
  test.describe(`a member of staff whose system prefers ${motion} motion`, () => {
    test.use({ reducedMotion: motion });

    test(`sees a modal open with a ${duration} transition`, async ({ page }) => {
      await signInThroughApi(page);
      await page.goto('/admin/bookings');
      await page.getByRole('button', { name: 'Add Booking' }).click();
      const content = page.locator('.mantine-Modal-content');
      await expect(page.getByRole('dialog', { name: 'Add Booking' })).toBeVisible();
      expect(await content.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe(duration);
    });
  });
}
