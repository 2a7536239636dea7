// The back office's frame and its widest screens in a real browser: every sidebar entry has its icon
// and Delegates is among them; the Email Log fits 1,280 px with one line per message and every column
// on screen; the video field's preview is allowed by the site's own Content-Security-Policy.
import AxeBuilder from '@axe-core/playwright';
import { createBookableSlot, mutate, readDatabase, signInThroughApi, signInThroughUi } from './support';
import { expect, test } from './fixtures';

test('the sidebar has an icon for every entry and lists Delegates', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughApi(page);
  await page.goto('/admin/dashboard');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const links = nav.getByRole('link');
  await expect(links).toHaveText(['Dashboard', 'Events', 'Sessions', 'Delegates', 'Bookings', 'Payments', 'Calendar', 'Check-in', 'Contacts', 'Consultations', 'Analytics', 'Settings', 'Home Page', 'Audit Log', 'Privacy']);
  const withIcons = await links.evaluateAll((anchors) => anchors.filter((anchor) => anchor.querySelector('svg') !== null).length);
  expect(withIcons).toBe(15);
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
  await signInThroughApi(page);
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

test('the dashboard runs the week: its figures match the database, and it reads well at 1,280 and 375 px', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const slot = await createBookableSlot(request, { title: `Dashboard Forum ${stamp}`, capacity: 6 });
  await mutate(request, 'bookings.adminCreate', { timeSlotId: slot.slotId, status: 'confirmed', participantName: 'Efua Mensah', participantEmail: `efua-${stamp}@example.com` });
  const expected = readDatabase((db) => {
    const now = new Date().toISOString();
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    // The next five slots of active sessions of active events, as the dashboard lists them.
    const next = db
      .prepare(
        `select t.id, s.title,
                (select count(*) from bookings b where b.time_slot_id = t.id and b.status in ('pending', 'confirmed')) as taken,
                s.max_participants as capacity
           from time_slots t join event_sessions s on s.id = t.session_id join events e on e.id = s.event_id
          where t.start_time >= ? and s.is_active = 1 and e.is_active = 1
          order by t.start_time, t.id limit 5`,
      )
      .all(now) as { id: string; title: string; taken: number; capacity: number | null }[];
    return {
      newBookings: (db.prepare('select count(*) as n from bookings where created_at >= ?').get(weekAgo) as { n: number }).n,
      contactsWaiting: (db.prepare("select count(*) as n from contact_forms where status = 'new'").get() as { n: number }).n,
      next,
    };
  });
  const [first] = expected.next;
  if (first === undefined) throw new Error('no upcoming slot');

  await signInThroughUi(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/dashboard');
    const bookings = page.getByLabel('New Bookings, Last 7 Days');
    await expect(bookings).toContainText(String(expected.newBookings));
    await expect(page.getByLabel('Contacts Waiting')).toContainText(String(expected.contactsWaiting));
    // The next sessions are the database's next five slots, in order, each linking to its bookings.
    const next = page.getByRole('region', { name: 'Next sessions' });
    const rows = next.getByRole('row');
    await expect(rows).toHaveCount(expected.next.length + 1);
    await expect(rows.nth(1).getByRole('link', { name: first.title })).toHaveAttribute('href', `/admin/bookings?timeSlotId=${first.id}`);
    await expect(rows.nth(1)).toContainText(first.capacity === null ? `${first.taken} booked (no limit)` : `${first.taken} / ${first.capacity}`);
    // The last sign-in stays on one line.
    const lastLogin = page.getByLabel('Last Login').locator('p span, span').last();
    const lines = await lastLogin.evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)));
    expect(lines).toBe(1);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => violation.id), `axe at ${width} px`).toEqual([]);
    const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
  }
});
