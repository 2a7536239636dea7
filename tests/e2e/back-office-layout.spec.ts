// The back office's frame and its widest screens in a real browser: every sidebar entry has its icon
// and Delegates is among them; the Email Log fits 1,280 px with one line per message and every column
// on screen; the video field's preview is allowed by the site's own Content-Security-Policy.
import AxeBuilder from '@axe-core/playwright';
import { createBookableSlot, mutate, signInThroughUi } from './support';
import { expect, test } from './fixtures';

test('the sidebar has an icon for every entry and lists Delegates', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughUi(page);
  await page.goto('/admin/dashboard');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const links = nav.getByRole('link');
  await expect(links).toHaveText(['Dashboard', 'Events', 'Sessions', 'Delegates', 'Bookings', 'Contacts', 'Settings', 'Home Page', 'Audit Log']);
  const withIcons = await links.evaluateAll((anchors) => anchors.filter((anchor) => anchor.querySelector('svg') !== null).length);
  expect(withIcons).toBe(9);
  await nav.getByRole('link', { name: 'Delegates' }).click();
  await expect(page).toHaveURL(/\/admin\/delegates$/);
  await expect(page.getByRole('heading', { name: 'Delegates', level: 1 })).toBeVisible();
});

test('the Email Log fits 1,280 px: one line per message, every column on screen', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const title = `A Very Long Event Title For The Email Log Layout Check ${stamp}`;
  const slot = await createBookableSlot(request, { title, capacity: 10 });
  await mutate(request, 'bookings.adminCreate', {
    timeSlotId: slot.slotId,
    status: 'confirmed',
    participantName: 'Adwoa Longname-Mensah',
    participantEmail: `adwoa.a.very.long.address.${stamp}@subdomain.example.com`,
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughUi(page);
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Email Log' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('textbox', { name: 'Search messages' }).fill(stamp);
  const table = panel.getByRole('table', { name: 'Email log' });
  const row = table.getByRole('row').filter({ hasText: 'Adwoa' });
  await expect(row.first()).toBeVisible();

  const fit = await table.evaluate((element) => ({
    table: element.scrollWidth,
    frame: element.parentElement?.clientWidth ?? 0,
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(fit.table).toBeLessThanOrEqual(fit.frame);
  expect(fit.page).toBeLessThanOrEqual(fit.window);
  await expect(panel.getByRole('columnheader', { name: 'Actions' })).toBeInViewport();
  // One line: every row is as tall as a row of single-line cells.
  const heights = await table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((tr) => tr.getBoundingClientRect().height));
  for (const height of heights) expect(height).toBeLessThan(56);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test('the Content-Security-Policy lets the video preview play from a blob: URL', async ({ page }) => {
  const response = await page.goto('/admin/login');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("media-src 'self' blob: https:");
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  // A video element on a blob: URL, as the upload field's preview makes one.
  await page.evaluate(() => {
    const video = document.createElement('video');
    video.src = URL.createObjectURL(new Blob([new Uint8Array(16)], { type: 'video/mp4' }));
    document.body.append(video);
    video.load();
  });
  await expect.poll(() => violations).toEqual([]);
});
