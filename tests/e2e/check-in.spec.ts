// The check-in screen on a phone (375 px): choose session and slot, type the code of a confirmed
// booking, see it checked in; axe clean and nothing wider than the screen.
import AxeBuilder from '@axe-core/playwright';
import { createBookableSlot, mutate, readDatabase, signInThroughApi } from './support';
import { expect, test } from './fixtures';

test('checks in a booking by its code at 375 px, axe clean, no sideways scroll', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const slot = await createBookableSlot(request, { title: `Check-in Exchange ${stamp}`, capacity: 10 });
  const booking = await mutate<{ id: string }>(request, 'bookings.adminCreate', {
    timeSlotId: slot.slotId,
    status: 'confirmed',
    participantName: 'Adwoa Mensah',
    participantEmail: `adwoa.${stamp}@example.com`,
  });
  const code = readDatabase((db) => (db.prepare('select check_in_code as code from bookings where id = ?').get(booking.id) as { code: string }).code);

  await page.setViewportSize({ width: 375, height: 740 });
  await signInThroughApi(page);
  await page.goto('/admin/check-in');
  await page.getByRole('combobox', { name: 'Session' }).click();
  await page.getByRole('option', { name: new RegExp(`Check-in Exchange ${stamp}`) }).first().click();
  await page.getByRole('combobox', { name: 'Time slot' }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByText('Attendance: 0 / 1')).toBeVisible();

  await page.getByRole('textbox', { name: 'Check-in code' }).fill(code);
  await page.getByRole('button', { name: 'Check In', exact: true }).click();
  await expect(page.getByRole('status').getByText('Adwoa Mensah is checked in.')).toBeVisible();
  await expect(page.getByText('Attendance: 1 / 1')).toBeVisible();

  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test('only the check-in page may use the camera; the sidebar opens it as a page of its own', async ({ page }) => {
  const cameraAllowed = () =>
    page.evaluate(() => (document as Document & { featurePolicy: { allowsFeature(name: string): boolean } }).featurePolicy.allowsFeature('camera'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughApi(page);
  await page.goto('/admin/dashboard');
  expect(await cameraAllowed()).toBe(false);
  // A document load, not a client-side move: the new page carries the check-in page's policy.
  const loaded = page.waitForEvent('load');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Check-in' }).click();
  await loaded;
  await expect(page).toHaveURL(/\/admin\/check-in$/);
  expect(await cameraAllowed()).toBe(true);
  await page.goto('/');
  expect(await cameraAllowed()).toBe(false);
});
