// My hours, Calendars: a staff member adds a calendar feed (served on loopback by this test) and
// sees its health; a feed no longer published is refused with the reason. The section is axe clean
// and fits at 1280 and 375 px.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { signInThroughUi } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FEED = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//e2e//EN\r\nBEGIN:VEVENT\r\nUID:e2e-1\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:20300107T100000Z\r\nDTEND:20300107T110000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

for (const width of [1280, 375]) {
  test(`a staff member adds a calendar feed and sees its health at ${width} px`, async ({ page }, testInfo) => {
    const server = http.createServer((request, response) => {
      if (request.url === '/secret/gone.ics') response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': 'text/calendar' }).end(FEED);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const feedOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await page.setViewportSize({ width, height: 900 });
      await signInThroughUi(page);
      // At 375 px the navigation is behind a menu button: go straight to the page.
      await page.goto('/admin/consultations');
      await page.getByRole('tab', { name: 'My hours' }).click();
      await expect(page.getByRole('heading', { name: 'Calendars' })).toBeVisible();
      await page.getByRole('button', { name: 'Add a calendar feed' }).click();
      const name = `Google ${width}`;
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      const address = page.getByRole('textbox', { name: 'Secret address in iCal format' });
      // A feed that is no longer published is refused, with the reason beside the address.
      await address.fill(`${feedOrigin}/secret/gone.ics`);
      await page.getByRole('button', { name: 'Add feed' }).click();
      await expect(page.getByText('The feed is no longer published')).toBeVisible();
      await address.fill(`${feedOrigin}/secret/basic.ics`);
      await page.getByRole('button', { name: 'Add feed' }).click();
      const card = page.locator('.mantine-Card-root').filter({ hasText: name });
      await expect(card).toContainText('Working');
      await expect(card).toContainText('read only');
      await expect(page.getByText('/secret/basic.ics')).toHaveCount(0);
      await card.scrollIntoViewIfNeeded();
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html.slice(0, 120) ?? ''}`)).toEqual([]);
      const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
      await page.screenshot({ path: testInfo.outputPath(`calendars-${width}.png`), fullPage: false });
      page.once('dialog', (dialog) => void dialog.accept());
      await card.getByRole('button', { name: 'Remove' }).click();
      await expect(card).toHaveCount(0);
    } finally {
      server.close();
    }
  });
}
