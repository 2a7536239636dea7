// Privacy in a real browser at 375 and 1280 px: the back office's Find a person (a booking found,
// exported and erased after the confirmation) and the public privacy page in English and French,
// reached from the footer, each axe clean with nothing wider than the screen.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createBookableSlot, mutate, signInThroughApi } from './support';
import { expect, test } from './fixtures';

const VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 900 },
];

async function expectAxeCleanAndNarrow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test(`finds, exports and erases a person at ${viewport.width} px, axe clean`, async ({ page, request }) => {
    const stamp = `${Date.now().toString(36)}${viewport.width}`;
    const email = `efua.${stamp}@example.com`;
    const slot = await createBookableSlot(request, { title: `Privacy Exchange ${stamp}`, capacity: 10 });
    await mutate(request, 'bookings.adminCreate', { timeSlotId: slot.slotId, status: 'confirmed', participantName: 'Efua Privacy', participantEmail: email });

    await page.setViewportSize(viewport);
    await signInThroughApi(page);
    await page.goto('/admin/privacy');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Bookings (1)' })).toBeVisible();
    await expect(page.getByText(/^Efua Privacy, confirmed, booked /)).toBeVisible();
    await expectAxeCleanAndNarrow(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as JSON' }).click();
    expect((await download).suggestedFilename()).toBe(`person-${email}.json`);

    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: "Erase this person's records?" });
    await expect(dialog.getByText(new RegExp(`^Erase every record of ${email.replace(/\./g, '\\.')}: 1 booking, `))).toBeVisible();
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await expect(page.getByRole('status').getByText(new RegExp(`^Erased 1 booking`))).toBeVisible();
    await expect(page.getByText(`Nothing is stored about ${email}.`)).toBeVisible();
    // Axe reads colours: not while the dialog fades out.
    await expect(dialog).toBeHidden();
    await expectAxeCleanAndNarrow(page);
  });

  test(`shows the privacy page in English and French at ${viewport.width} px, axe clean`, async ({ page, request }) => {
    const slot = await createBookableSlot(request, { title: `Privacy Page Exchange ${Date.now().toString(36)}`, capacity: 10 });
    await page.setViewportSize(viewport);
    // The consent line under the booking form leads to the page.
    await page.goto(`/booking/${slot.eventId}`);
    await page.getByRole('link', { name: 'privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How long we keep your data' })).toBeVisible();
    await expectAxeCleanAndNarrow(page);

    // Every public page's footer links it, in the page's language.
    await page.goto('/fr/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Confidentialité' }).click();
    await expect(page).toHaveURL(/\/fr\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
    await expectAxeCleanAndNarrow(page);
  });
}
