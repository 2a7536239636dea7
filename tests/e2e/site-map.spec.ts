// Settings > Site's map point in a real browser, at phone and desktop widths: opened directly, the
// map shows (its tiles cannot load here: the test page reaches nothing outside the site, so the note
// over the map shows), a click sets the point, Save keeps it across a reload, and the home page's
// contact section shows the card that needs no network beside the OpenStreetMap frame.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mutate, query, signInAsAdmin, signInThroughApi } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const TILES_FAILED = 'Map tiles could not load. A click still sets the point; or enter the coordinates.';
const POINT = /^Point: -?\d{1,2}\.\d{6}, -?\d{1,3}\.\d{6}$/;

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

interface Identity {
  mapMode: string;
  mapLatitude: number | null;
  mapLongitude: number | null;
}

for (const width of [375, 1280]) {
  test(`an admin sets the map point with a click at ${width} px, and the home page shows it`, async ({ page, request }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(request);
    await mutate(request, 'settings.updateIdentity', { siteName: 'Our Firm', addressLines: ['12 Mill Lane', 'Manchester M1 1AA'], mapMode: 'none', social: {} });
    try {
      await signInThroughApi(page);
      await page.goto('/admin/settings?tab=site');
      const panel = page.getByRole('tabpanel');
      // E-mail and phone side by side on a desk, one above the other on a phone (never both cut).
      const email = await panel.getByRole('textbox', { name: 'Email Address' }).boundingBox();
      const phone = await panel.getByRole('textbox', { name: 'Phone Number' }).boundingBox();
      if (email === null || phone === null) throw new Error('The contact fields have no box');
      if (width === 375) expect(phone.y, 'the phone under the e-mail at 375 px').toBeGreaterThan(email.y + email.height);
      else expect(phone.y, 'the phone beside the e-mail at 1,280 px').toBe(email.y);
      await panel.getByText('OpenStreetMap view').click();
      const map = panel.getByRole('group', { name: 'Map: click the place to set the point' });
      await expect(map).toBeVisible();
      // No tile can load here: the note says so over the map.
      await expect(panel.getByText(TILES_FAILED)).toBeVisible();
      await expect(panel.getByText('No point yet: click the map where the firm is.')).toBeVisible();

      // A click left of the map's centre: the point is west of the view's centre (0° longitude).
      const box = await map.boundingBox();
      if (box === null) throw new Error('The map has no box');
      await map.click({ position: { x: box.width / 4, y: box.height / 2 } });
      const shown = panel.getByText(POINT);
      await expect(shown).toBeVisible();
      await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
      const text = (await shown.textContent()) ?? '';
      const [latitude, longitude] = text.replace('Point: ', '').split(', ').map(Number);
      expect(longitude).toBeLessThan(0);
      expect(await violations(page), `axe on the Site tab with the map at ${width} px`).toEqual([]);

      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Site settings saved')).toBeVisible();
      const { identity } = await query<{ identity: Identity }>(request, 'settings.get');
      expect(identity).toMatchObject({ mapMode: 'embed', mapLatitude: latitude, mapLongitude: longitude });

      await page.reload();
      await expect(page.getByRole('tabpanel').getByText(text, { exact: true })).toBeVisible();
      await expect(page.getByRole('tabpanel').getByRole('group', { name: 'Map: click the place to set the point' }).locator('.leaflet-marker-icon')).toHaveCount(1);

      await page.goto('/');
      const contact = page.locator('#contact');
      await contact.scrollIntoViewIfNeeded();
      await expect(contact.getByText('12 Mill Lane, Manchester M1 1AA', { exact: true })).toBeVisible();
      await expect(contact.getByRole('link', { name: /^Open in OpenStreetMap/ })).toBeVisible();
      await expect(contact.getByRole('link', { name: /^Open in OpenStreetMap/ })).toHaveAttribute('href', new RegExp(`^https://www\\.openstreetmap\\.org/\\?mlat=`));
      await expect(contact.locator('iframe')).toHaveCount(1);
    } finally {
      await mutate(request, 'settings.updateIdentity', { siteName: 'Our Firm', addressLines: [], mapMode: 'none', social: {} });
    }
  });
}
