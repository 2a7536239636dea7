// A long form in a modal keeps its footer in view (issue 41): the Add Session wizard, its body
// scrolled to the middle at 375 x 700 and 1,280 x 800 px, still shows Cancel and the step's Next
// button at the bottom of the modal, across its whole width, with the fields passing beneath it;
// at the end of the form the footer sits after the last field, where it always did.
import { expect, test } from './fixtures';
import { signInThroughApi } from './support';

for (const [width, height] of [
  [375, 700],
  [1280, 800],
] as const) {
  test(`the Add Session wizard's footer stays in view while its body scrolls, at ${width} x ${height}`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    await signInThroughApi(page);
    await page.goto('/admin/sessions');
    await page.getByRole('button', { name: 'Add Session' }).click();
    const wizard = page.getByRole('dialog', { name: 'Add Session' });
    const next = wizard.getByRole('button', { name: 'Next: Delegate Profile' });
    await expect(next).toBeVisible();
    // Mantine scrolls the modal's content box (the dialog itself).
    const scrolled = await wizard.evaluate((content) => {
      content.scrollTop = (content.scrollHeight - content.clientHeight) / 2;
      return { top: content.scrollTop, room: content.scrollHeight - content.clientHeight };
    });
    expect(scrolled.room, 'the form is longer than the modal').toBeGreaterThan(0);
    await page.screenshot({ path: testInfo.outputPath(`wizard-${width}-middle.png`) });

    const modal = await wizard.boundingBox();
    const footer = await next.evaluate((button) => {
      const bar = button.closest('form > div > :last-child');
      const box = bar?.getBoundingClientRect();
      return box === undefined ? null : { left: box.left, right: box.right, bottom: box.bottom, top: box.top };
    });
    if (modal === null || footer === null) throw new Error('no modal or footer');
    // At the bottom edge of the modal, across its width.
    expect(Math.abs(footer.bottom - (modal.y + modal.height))).toBeLessThanOrEqual(1);
    expect(Math.abs(footer.left - modal.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(footer.right - (modal.x + modal.width))).toBeLessThanOrEqual(1);
    await expect(next).toBeInViewport();
    await expect(wizard.getByRole('button', { name: 'Cancel' })).toBeInViewport();
    // The buttons answer where they are drawn: nothing of the form lies over them.
    const centre = await next.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && button.contains(top);
    });
    expect(centre, 'the Next button is on top at its centre').toBe(true);

    // A field reached with the keyboard is brought into view above the footer, not under it.
    await wizard.evaluate((content) => {
      content.scrollTop = 0;
    });
    const active = wizard.getByRole('switch', { name: 'Active' });
    await active.focus();
    const [field, bar] = await Promise.all([active.boundingBox(), next.boundingBox()]);
    if (field === null || bar === null) throw new Error('no field or footer box');
    expect(field.y + field.height, 'the focused field is above the footer').toBeLessThanOrEqual(bar.y - 12);

    // At the end, the footer follows the last field.
    await wizard.evaluate((content) => {
      content.scrollTop = content.scrollHeight;
    });
    await page.screenshot({ path: testInfo.outputPath(`wizard-${width}-end.png`) });
    await expect(next).toBeInViewport();
  });
}
