// The Home Page editor in a real browser at 1,280 and 375 px: the sections to jump to (links beside
// the form, a select on a phone), the Save bar in view wherever the page is scrolled and saying when
// something is unsaved, the preview beside the form on a wide screen and below it on a phone, one
// form with no form inside it, no sideways scroll, axe clean.
import AxeBuilder from '@axe-core/playwright';
import { signInThroughUi } from './support';
import { expect, test } from './fixtures';

for (const width of [1280, 375]) {
  test(`the Home Page editor at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 800 });
    await signInThroughUi(page);
    await page.goto('/admin/home-page');
    const slide = page.getByRole('group', { name: 'Slide 1' });
    await expect(slide.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`home-page-editor-${width}.png`) });

    expect(await page.locator('form form').count()).toBe(0);
    const bar = page.getByRole('region', { name: 'Save' });
    await expect(bar).toBeInViewport();
    await expect(bar.getByRole('status')).toHaveText('All changes saved');

    // Jump to the Founder: by its link beside the form, or the select on a phone.
    const founder = page.getByRole('region', { name: 'Founder' });
    if (width >= 1280) {
      await page.getByRole('navigation', { name: 'Home page sections' }).getByRole('link', { name: 'Founder' }).click();
    } else {
      await expect(page.getByRole('navigation', { name: 'Home page sections' })).toBeHidden();
      await page.getByRole('combobox', { name: 'Go to section' }).click();
      await page.getByRole('option', { name: 'Founder' }).click();
    }
    await expect(founder.getByRole('heading', { name: 'Founder' })).toBeInViewport();
    await expect(founder).toBeFocused();
    await founder.getByRole('textbox', { name: 'Founder Role', exact: true }).fill('Managing Partner and Founder');
    await expect(bar).toBeInViewport();
    await expect(bar.getByRole('status')).toHaveText('Unsaved changes');
    await page.screenshot({ path: testInfo.outputPath(`home-page-editor-${width}-founder.png`) });

    // The French texts behind their tab.
    await founder.getByRole('tab', { name: /^French/ }).click();
    await expect(founder.getByRole('textbox', { name: 'French founder role' })).toBeVisible();
    await expect(founder.getByRole('textbox', { name: 'Founder Role', exact: true })).toBeHidden();

    const preview = page.getByRole('region', { name: 'How it looks' });
    const form = page.getByRole('region', { name: 'Hero Slides' });
    const [previewBox, formBox] = [await preview.boundingBox(), await form.boundingBox()];
    if (previewBox === null || formBox === null) throw new Error('no preview or form on screen');
    if (width >= 1280) expect(previewBox.x).toBeGreaterThan(formBox.x + formBox.width);
    else expect(previewBox.y).toBeGreaterThan(formBox.y + formBox.height);

    await bar.getByRole('button', { name: 'Discard' }).click();
    await expect(bar.getByRole('status')).toHaveText('All changes saved');
    const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
