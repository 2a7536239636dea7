// The partner booking widget in Chromium, framed by a page of another site: a tiny partner server
// on localhost (another site than the one under test, on 127.0.0.1) serves a page with the
// <script> tag. Allowed, the booking completes inside the frame and the frame takes its content's
// height; not allowed, Chromium refuses to show the widget (frame-ancestors). The widget page
// passes axe at 375 and 1280 px.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { createBookableSlot, mutate, readDatabase, signInAsAdmin } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface PartnerSite {
  origin: string;
  close: () => Promise<void>;
}

/** A partner's page at http://localhost:<port>/ with the widget's script tag (data attributes as given). */
async function startPartnerSite(attributes: string, lang = 'en'): Promise<PartnerSite> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="${lang}"><head><title>Chamber of Commerce</title></head><body>` +
        `<h1>Chamber of Commerce</h1><p>Book the firm's session below.</p>` +
        `<script src="${E2E_BASE_URL}/embed.js" ${attributes} async></script><p id="after">After the widget</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://localhost:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function allowPartners(request: Parameters<typeof signInAsAdmin>[0], origins: string[]): Promise<void> {
  await signInAsAdmin(request);
  await mutate(request, 'settings.updateEmbed', { allowedOrigins: origins });
}

/** Only the site under test and the partner page: nothing from the outside world. */
async function onlyLocal(page: Page, partner: PartnerSite): Promise<void> {
  await page.route('**/*', (route) => {
    const url = route.request().url();
    return url.startsWith(E2E_BASE_URL) || url.startsWith(partner.origin) ? route.continue() : route.abort('blockedbyclient');
  });
}

async function frameHeights(page: Page): Promise<{ frame: number; content: number }> {
  const frame = await page.locator('iframe').evaluate((element) => element.getBoundingClientRect().height);
  const content = await page
    .frameLocator('iframe')
    .locator('#root > div')
    .evaluate((element) => element.getBoundingClientRect().height);
  return { frame: Math.round(frame), content: Math.ceil(content) };
}

test('a booking completes inside the widget on an allowed partner site, which the frame grows to', async ({ page, request }) => {
  const slot = await createBookableSlot(request, { title: 'Embedded Trade Forum', capacity: 10 });
  const partner = await startPartnerSite(`data-event="${slot.eventId}"`);
  try {
    await allowPartners(request, [partner.origin]);
    await onlyLocal(page, partner);
    await page.goto(`${partner.origin}/`);
    const widget = page.frameLocator('iframe[title="Booking"]');
    await expect(widget.getByRole('heading', { name: 'Book Your Session' })).toBeVisible();
    // No header or footer of the site inside the partner's page.
    await expect(widget.getByRole('banner')).toHaveCount(0);
    await expect(widget.getByRole('contentinfo')).toHaveCount(0);
    // The frame is as tall as its content, not the script's first guess.
    await expect.poll(async () => { const h = await frameHeights(page); return h.frame === h.content && h.frame !== 640; }).toBe(true);
    const before = (await frameHeights(page)).frame;

    await expect(widget.getByRole('combobox', { name: 'Select Event' })).toHaveValue(slot.eventTitle);
    await widget.getByRole('combobox', { name: 'Select Session' }).click();
    await widget.getByRole('option', { name: /Embedded Trade Forum Workshop/ }).click();
    await widget.getByRole('radio').first().check();
    await widget.getByLabel('Full Name').fill('Adjoa Partner');
    await widget.getByLabel('Email Address').fill('adjoa.partner@example.com');
    await widget.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(widget.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    const booked = readDatabase(
      (db) =>
        db.prepare('select status, participant_email, partner from bookings where time_slot_id = ?').all(slot.slotId) as {
          status: string;
          participant_email: string;
          partner: string | null;
        }[],
    );
    // Credited to the partner whose page it was made in.
    expect(booked).toEqual([{ status: 'pending', participant_email: 'adjoa.partner@example.com', partner: partner.origin }]);
    // The frame followed its content to the confirmation.
    await expect.poll(async () => { const h = await frameHeights(page); return h.frame === h.content && h.frame !== before; }).toBe(true);
    await expect(page.locator('#after')).toBeVisible();
  } finally {
    await partner.close();
  }
});

test('a site that is not allowed cannot show the widget', async ({ page, request }) => {
  const slot = await createBookableSlot(request, { title: 'Refused Frame Forum', capacity: 10 });
  const allowed = await startPartnerSite(`data-event="${slot.eventId}"`);
  const other = await startPartnerSite(`data-event="${slot.eventId}"`);
  try {
    await allowPartners(request, [allowed.origin]);
    await onlyLocal(page, other);
    const refused = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
    await page.goto(`${other.origin}/`);
    // Chromium refuses the frame with the policy's reason and shows its error page instead.
    expect((await refused).text()).toBe(
      `Framing '${E2E_BASE_URL}/' violates the following Content Security Policy directive: "frame-ancestors ${allowed.origin}". The request has been blocked.\n`,
    );
    await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Book Your Session' })).toHaveCount(0);
  } finally {
    await allowed.close();
    await other.close();
  }
});

test('the widget page in French, and axe-clean at 375 and 1280 px', async ({ page, request }) => {
  const slot = await createBookableSlot(request, { title: 'Accessible Widget Forum', capacity: 10 });
  const partner = await startPartnerSite(`data-event="${slot.eventId}"`, 'fr');
  try {
    await allowPartners(request, [partner.origin]);
    await onlyLocal(page, partner);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${partner.origin}/`);
      const frame = page.frame({ url: /\/fr\/embed\/booking\// });
      await expect(page.frameLocator('iframe[title="Réservation"]').getByRole('heading', { level: 1 })).toBeVisible();
      if (frame === null) throw new Error('the widget frame is not in French');
      await expect(page.frameLocator('iframe').getByRole('combobox', { name: 'Choisir la séance' })).toBeVisible();
      await page.screenshot({ path: `test-results/embed-partner-${width}.png`, fullPage: true });
      // The widget page alone, as axe sees a document.
      await page.goto(frame.url());
      await expect(page.getByRole('combobox', { name: 'Choisir la séance' })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`), `axe at ${width} px`).toEqual([]);
      const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
    }
  } finally {
    await partner.close();
  }
});
