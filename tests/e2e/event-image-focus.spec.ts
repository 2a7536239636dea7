// The event image's focal point end to end, at 1,280 and 375 px: an admin clicks the subject on the
// picture's preview in Edit Event (the Focus X/Y numbers follow; axe clean, nothing scrolls
// sideways) and saves; the event page's hero, in its first HTML and once React has adopted it, crops
// the picture around that point (object-position), where an event without one keeps the centre.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { createBookableSlot, readDatabase, signInThroughApi } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

function storedFocus(eventId: string): { image_focus_x: number | null; image_focus_y: number | null } | undefined {
  return readDatabase(
    (db) =>
      db.prepare('select image_focus_x, image_focus_y from events where id = ?').get(eventId) as
        | { image_focus_x: number | null; image_focus_y: number | null }
        | undefined,
  );
}

for (const width of [1280, 375]) {
  test(`at ${width} px an admin sets the focal point with a click, and the event page's hero keeps it`, async ({ page, request }, testInfo) => {
    const slot = await createBookableSlot(request, { title: `Focal Forum ${width} ${Date.now()}`, capacity: 5 });
    await page.setViewportSize({ width, height: 900 });

    // Before: the centre, as every event had.
    const before = await page.request.get(`/events/${slot.eventId}`);
    expect(await before.text()).toContain('style="object-position:50% 50%"');

    await signInThroughApi(page);
    await page.goto('/admin/events');
    await page.getByRole('textbox', { name: 'Search events' }).fill(slot.eventTitle);
    await page.getByRole('button', { name: `Edit ${slot.eventTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Event' });
    const picture = dialog.getByTestId('image-focus-preview').locator('img');
    // In the middle of the modal, clear of its sticky header and footer.
    await picture.evaluate((image) => image.scrollIntoView({ block: 'center' }));
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(dialog.getByLabel('Focus X (%)')).toHaveValue('');
    await page.screenshot({ path: testInfo.outputPath(`event-form-${width}.png`) });

    const box = await picture.boundingBox();
    if (box === null) throw new Error('the preview has no box');
    // A click at a whole pixel about a fifth across and four fifths down: the share of the picture it is.
    const [clickX, clickY] = [Math.round(box.x + box.width * 0.2), Math.round(box.y + box.height * 0.8)];
    const [focusX, focusY] = [Math.round(((clickX - box.x) / box.width) * 100), Math.round(((clickY - box.y) / box.height) * 100)];
    expect(Math.abs(focusX - 20) <= 1 && Math.abs(focusY - 80) <= 1).toBe(true);
    await page.mouse.click(clickX, clickY);
    await expect(dialog.getByLabel('Focus X (%)')).toHaveValue(String(focusX));
    await expect(dialog.getByLabel('Focus Y (%)')).toHaveValue(String(focusY));
    // The marker sits where the click was, on the picture (its frame is the picture's size).
    const mark = await dialog.getByTestId('image-focus-preview').locator('span').boundingBox();
    if (mark === null) throw new Error('no marker');
    expect(Math.abs(mark.x + mark.width / 2 - clickX), 'the marker across').toBeLessThanOrEqual(2);
    expect(Math.abs(mark.y + mark.height / 2 - clickY), 'the marker down').toBeLessThanOrEqual(2);
    const frame = await dialog.getByTestId('image-focus-preview').boundingBox();
    expect(Math.round(frame?.width ?? 0), 'the frame is the picture (and its border)').toBe(Math.round(box.width + 2));
    await page.screenshot({ path: testInfo.outputPath(`event-form-${width}-set.png`) });
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(WCAG_TAGS).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html ?? ''}`)).toEqual([]);
    const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(sizes.scroll, `the form scrolls sideways at ${width} px`).toBeLessThanOrEqual(sizes.inner);

    await dialog.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByText('Event updated successfully')).toBeVisible();
    expect(storedFocus(slot.eventId)).toEqual({ image_focus_x: focusX, image_focus_y: focusY });

    // As a visitor (signed-in staff get the page from the app's router): the page as first sent
    // (server-rendered), then as the browser shows it.
    await page.context().clearCookies();
    const after = await page.request.get(`/events/${slot.eventId}`);
    expect(await after.text()).toContain(`style="object-position:${focusX}% ${focusY}%"`);
    await page.goto(`/events/${slot.eventId}`);
    const hero = page.locator('section[aria-labelledby="event-title"] img');
    await expect(hero).toHaveCSS('object-position', `${focusX}% ${focusY}%`);
    await expect(hero).toHaveCSS('object-fit', 'cover');
  });
}
