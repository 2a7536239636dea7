// Every public page and every back-office screen, at phone (375 px) and desktop (1280 px) widths,
// passes axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules with no violation, no badge is cut off,
// and at 375 px nothing scrolls sideways. Screens are checked in the state a visitor or a member of staff first sees
// them, with data in their lists, plus the booking confirmation, the sessions wizard and each
// Settings tab.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from './env';
import { expect, test } from './fixtures';
import { type BookableSlot, createBookableSlot, mutate, readDatabase, signInAsAdmin } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const MANAGE_LINK = new RegExp(`${E2E_BASE_URL.replace(/[.:/]/g, '\\$&')}/booking/manage/([A-Za-z0-9_-]{43})`);

/** axe's findings as short lines (rule, impact, the first few offending elements), for a readable failure. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
        .join(' | ')}`,
  );
}

async function expectAccessible(page: Page, width: number, what: string): Promise<void> {
  expect(await violations(page), `axe violations on ${what} at ${width} px`).toEqual([]);
  // No badge is cut off: each label fits in its badge.
  const cutBadges = await page
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent));
  expect(cutBadges, `badges cut off on ${what} at ${width} px`).toEqual([]);
  if (width <= 375) {
    const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(sizes.scroll, `${what} scrolls sideways at ${width} px`).toBeLessThanOrEqual(sizes.inner);
  }
}

/** A booking made through the API, and its manage token read from the message in the outbox. */
async function bookAndGetManageToken(request: APIRequestContext, slot: BookableSlot, email: string): Promise<string> {
  await mutate(request, 'bookings.create', {
    timeSlotId: slot.slotId,
    participantName: 'Abena Owusu',
    participantEmail: email,
  });
  await expect
    .poll(() => readDatabase((db) => db.prepare('select text_body from email_outbox where to_address = ?').get(email)))
    .toBeDefined();
  const row = readDatabase((db) => db.prepare('select text_body from email_outbox where to_address = ?').get(email)) as {
    text_body: string;
  };
  const token = MANAGE_LINK.exec(row.text_body)?.[1];
  if (token === undefined) throw new Error('no manage link in the booking message');
  return token;
}

async function signIn(page: Page): Promise<void> {
  await mutate(page.request, 'auth.signIn', E2E_ADMIN);
}

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    // The events go when a test ends (with their sessions and bookings): the home page shows only
    // the first few events, which other specs expect to be theirs.
    const created: string[] = [];
    test.afterEach(async ({ request }) => {
      await signInAsAdmin(request);
      for (const id of created.splice(0)) await mutate(request, 'events.delete', { id });
    });

    test('public pages: home, booking form and confirmation, manage booking, sign-in', async ({ page, request }) => {
      test.setTimeout(90_000);
      const stamp = `${width}-${Date.now()}`;
      const slot = await createBookableSlot(request, { title: `Axe Forum ${stamp}`, capacity: 5 });
      created.push(slot.eventId);

      await page.goto('/');
      await expect(page.locator('#events').getByRole('link', { name: 'Register Now' }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, width, 'the home page');

      await page.goto(`/booking/${slot.eventId}`);
      await expect(page.getByRole('combobox', { name: 'Select Event' })).toHaveValue(slot.eventTitle);
      await expectAccessible(page, width, 'the booking form');
      await page.getByRole('combobox', { name: 'Select Session' }).click();
      await page.getByRole('option', { name: new RegExp(slot.sessionTitle) }).click();
      await page.getByRole('radio').first().check();
      // The form with its field messages showing.
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByText('Participant name is required', { exact: true })).toBeVisible();
      await expectAccessible(page, width, 'the booking form with errors');
      await page.getByLabel('Full Name').fill('Kofi Mensah');
      await page.getByLabel('Email Address').fill(`axe-form-${stamp}@example.com`);
      await page.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
      await expectAccessible(page, width, 'the booking confirmation');

      const token = await bookAndGetManageToken(request, slot, `axe-manage-${stamp}@example.com`);
      await page.goto(`/booking/manage/${token}`);
      await expect(page.getByRole('heading', { name: 'Your Booking', exact: true })).toBeVisible();
      await expectAccessible(page, width, 'the manage-booking page');

      await page.goto('/admin/login');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expectAccessible(page, width, 'the sign-in page');

      await page.goto('/fr/nope');
      await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
      await expectAccessible(page, width, 'the not-found page');
    });

    test('the consultation pages: types, calendar and times, details, confirmation', async ({ page, request }) => {
      test.setTimeout(60_000);
      await signInAsAdmin(request);
      const adminId = readDatabase((db) => (db.prepare("select id from users where email = 'admin@e2e.example.com'").get() as { id: string }).id);
      await mutate(request, 'consultations.availability.set', {
        timeZone: 'UTC',
        weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 6 * 60, endMinute: 20 * 60 })),
        overrides: [],
      });
      const title = `Axe call ${width}-${Date.now()}`;
      await mutate(request, 'consultations.types.create', { title, durationMinutes: 30, locationKind: 'phone', horizonDays: 30, staffIds: [adminId] });
      await page.goto('/consultation');
      await page.getByRole('radio', { name: new RegExp(title) }).check();
      await expect(page.getByRole('table', { name: /days with free times/ })).toHaveAttribute('aria-busy', 'false');
      if ((await page.locator('[data-free]').count()) === 0) {
        await page.getByRole('button', { name: 'Next month' }).click();
        await expect(page.getByRole('table', { name: /days with free times/ })).toHaveAttribute('aria-busy', 'false');
      }
      await page.locator('[data-free]').first().click();
      await expectAccessible(page, width, 'the consultation calendar and times');
      await page.getByRole('group', { name: 'Free times' }).getByRole('button').first().click();
      await page.getByRole('button', { name: 'Book consultation' }).click();
      await expect(page.getByText('Name is required')).toBeVisible();
      await expectAccessible(page, width, 'the consultation details with errors');
    });

    test("public pages with a customer's identity, logo-less mark, map and colours", async ({ page, request, restoreAfterTest }) => {
      test.setTimeout(60_000);
      await signInAsAdmin(request);
      const slot = await createBookableSlot(request, { title: `Axe Brand ${width}-${Date.now()}`, capacity: 5 });
      created.push(slot.eventId);
      restoreAfterTest((admin) => mutate(admin, 'settings.updateIdentity', { siteName: 'Our Firm', addressLines: [], mapMode: 'none', social: {} }));
      await mutate(request, 'settings.updateIdentity', {
        siteName: 'Kestrel & Finch Partners',
        tagline: 'Export advice for makers in the north.',
        siteDescription: 'Kestrel & Finch helps small manufacturers sell abroad.',
        contactEmail: 'hello@kestrel-finch.example',
        contactPhone: '+44 161 496 0000',
        addressLines: ['12 Mill Lane', 'Manchester M1 1AA'],
        openingHours: 'Monday to Thursday, 8:00 to 16:00',
        replyPromise: 'We answer within two working days.',
        mapMode: 'link',
        mapLatitude: 53.4808,
        mapLongitude: -2.2426,
        social: { linkedin: 'https://www.linkedin.com/company/kestrel-finch', instagram: 'https://www.instagram.com/kestrelfinch' },
        footerText: 'Registered in England and Wales, no. 01234567.',
        primaryColor: '#1d4ed8',
        accentColor: '#fde68a',
      });
      for (const [path, what] of [
        ['/', 'the home page'],
        [`/booking/${slot.eventId}`, 'the booking form'],
        ['/admin/login', 'the sign-in page'],
      ] as const) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        // The saved colours reached the page before any script ran.
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim())).toBe('#1d4ed8');
        await expectAccessible(page, width, `${what} in a customer's colours`);
      }
    });

    test('back office: dashboard and every list, the sessions wizard, home page editor', async ({ page, request }) => {
      // The longest walk of the suite (axe on a dozen screens): it ran out of 120 s in both CI runs of
      // 2026-11-28's evening, at the wizard, with every step passing.
      test.setTimeout(240_000);
      const stamp = `${width}-${Date.now()}`;
      const slot = await createBookableSlot(request, { title: `Axe Office ${stamp}`, capacity: 5 });
      created.push(slot.eventId);
      await bookAndGetManageToken(request, slot, `axe-office-${stamp}@example.com`);
      await mutate(request, 'contacts.submit', {
        name: 'Ama Mensah',
        email: `axe-contact-${stamp}@example.com`,
        message: 'We would like to expand to Ghana next year.',
      });
      await signIn(page);

      const screens: [string, string][] = [
        ['/admin/dashboard', 'Dashboard'],
        ['/admin/events', 'Events'],
        ['/admin/sessions', 'Sessions'],
        ['/admin/bookings', 'Bookings'],
        ['/admin/payments', 'Payments'],
        ['/admin/calendar', 'Calendar'],
        ['/admin/contacts', 'Contact Management'],
        ['/admin/consultations', 'Consultations'],
        ['/admin/analytics', 'Analytics'],
        ['/admin/delegates', 'Delegates'],
        ['/admin/audit', 'Audit Log'],
        ['/admin/home-page', 'Home Page'],
      ];
      for (const [path, heading] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await page.waitForLoadState('networkidle');
        // Nothing still loading (loaders are role=status); a form's Save bar says its save state in one too.
        await expect(page.getByRole('status').filter({ hasNotText: /^(All changes saved|Unsaved changes)$/ })).toHaveCount(0);
        await expectAccessible(page, width, path);
      }

      await page.goto('/admin/sessions');
      await page.getByRole('button', { name: 'Add Session' }).click();
      const wizard = page.getByRole('dialog');
      await expect(wizard.getByRole('button', { name: '1 Session Details' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, width, 'the sessions wizard');
      if (width <= 375) {
        // The four steps fit on one line: every step's circle sits at the same height.
        await expect(wizard.getByText('Step 1 of 4: Session Details')).toBeVisible();
        const tops = await wizard
          .locator('.mantine-Stepper-step')
          .evaluateAll((steps) => steps.map((step) => Math.round(step.getBoundingClientRect().top)));
        expect(tops).toHaveLength(4);
        expect(new Set(tops).size).toBe(1);
      } else {
        await expect(wizard.getByText('Step 1 of 4: Session Details')).toBeHidden();
      }
    });

    test('back office: every Settings tab', async ({ page }) => {
      // Eight tabs, each read by axe: over a minute on a busy two-core machine.
      test.setTimeout(180_000);
      await signIn(page);
      await page.goto('/admin/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      for (const tab of ['Profile', 'Security', 'Notifications', 'System', 'Site', 'Email', 'Email Log', 'Users']) {
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
        await expectAccessible(page, width, `the ${tab} tab of Settings`);
      }
    });
  });
}
