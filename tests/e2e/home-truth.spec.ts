// The public home page tells the truth in Chromium at phone (375 px) and desktop (1280 px) widths:
// booking buttons and the contact form give way to the notices under Maintenance Mode or with
// registrations closed, nothing scrolls sideways, events link to the calendar feed, and an admin's
// edit of a testimonial on the Home Page screen shows on / at once.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccountViaApi, createBookableSlot, mutate, signInAsAdmin, signInThroughApi } from './support';

const SYSTEM = { siteName: 'Kestrel & Finch', siteDescription: 'Consulting', timezone: 'UTC', maxFileSize: 10 };

async function setSite(request: APIRequestContext, flags: { maintenanceMode: boolean; allowRegistrations: boolean }) {
  await signInAsAdmin(request);
  await mutate(request, 'settings.updateSystem', { ...SYSTEM, ...flags });
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [375, 1280]) {
  test.describe(`home page at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test.afterEach(async ({ request }) => {
      await setSite(request, { maintenanceMode: false, allowRegistrations: true });
    });

    test('open: Register Now and the calendar feed link; no sideways scroll', async ({ page, request }) => {
      const slot = await createBookableSlot(request, { title: `Feed Forum ${width}`, capacity: 5 });
      await page.goto('/');
      const events = page.locator('#events');
      await expect(events.getByRole('link', { name: 'Register Now' }).first()).toBeVisible();
      const feed = events.getByRole('link', { name: 'Subscribe to calendar' }).first();
      await expect(feed).toHaveAttribute('href', '/events.ics');
      const ics = await request.get('/events.ics');
      expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect((await ics.text()).replace(/\r\n /g, '')).toContain(`SUMMARY:${slot.eventTitle} – `);
      await expectNoHorizontalScroll(page);
    });

    test('maintenance: the notice replaces booking buttons and the contact form', async ({ page, request }) => {
      await setSite(request, { maintenanceMode: true, allowRegistrations: true });
      await page.goto('/');
      const contact = page.locator('#contact');
      await expect(contact.getByText('The site is under maintenance. Please try again later.')).toBeVisible();
      await expect(contact.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Book Consultation' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    });

    test('registrations closed: no Register Now, no 24-hour promise, the events say so', async ({ page, request }) => {
      await setSite(request, { maintenanceMode: false, allowRegistrations: false });
      await page.goto('/');
      await expect(page.locator('#events').getByText('Bookings are currently closed.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Book Consultation' })).toHaveCount(0);
      await expect(page.getByText(/24 hours/)).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    });
  });
}

test('an admin edits a testimonial on the Home Page screen and sees it on the home page', async ({ page, request }) => {
  const admin = await createAccountViaApi(request, 'admin');
  await signInThroughApi(page, admin);
  await page.goto('/admin/home-page');
  // A new install has none: the firm writes its own.
  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  const first = page.getByRole('group', { name: 'Testimonial 1' });
  await first.getByRole('textbox', { name: 'Name' }).fill('Kofi Asante');
  await first.getByRole('textbox', { name: 'Role', exact: true }).fill('COO, Volta Foods');
  await first.getByRole('textbox', { name: 'Text', exact: true }).fill('They opened Canada for us in one season.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Home page saved')).toBeVisible();

  await page.goto('/');
  await expect(page.getByText('They opened Canada for us in one season.')).toBeVisible();
  await expect(page.getByText('COO, Volta Foods')).toBeVisible();
  await expect(page.locator('[data-monogram="KA"]')).toBeVisible();
});
