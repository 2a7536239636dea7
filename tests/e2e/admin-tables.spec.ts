// The back office's tables on a phone and on a desk, with long real-world values: at 375 px every
// row of the Dashboard, Bookings, Events, the E-mail Log, the Audit Log and Consultations is a card (label: value
// lines) and nothing scrolls sideways; at 1,280 px they are tables with their headers. Long values
// are cut with an ellipsis (never broken inside a word) and keep their whole text as title. axe is
// clean on each screen at both sizes. Screenshots go to the test's output folder for a person to look at.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { createBookableSlot, mutate, readDatabase, signInAsAdmin, signInThroughApi, signInThroughUi } from './support';
import { expect, test } from './fixtures';

interface Screen {
  name: string;
  open: (page: Page) => Promise<Locator>;
}

async function noViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => violation.id), where).toEqual([]);
}

/** How the table is laid out: its rows' display, its header's visibility and the widths that scroll. */
function layoutOf(table: Locator) {
  return table.evaluate((element) => {
    const frame = element.parentElement;
    const firstRow = element.querySelector('tbody > tr');
    const head = element.querySelector('thead');
    return {
      rowDisplay: firstRow === null ? '' : getComputedStyle(firstRow).display,
      headHeight: head === null ? 0 : head.getBoundingClientRect().height,
      frameScroll: frame?.scrollWidth ?? 0,
      frameClient: frame?.clientWidth ?? 0,
      pageScroll: document.documentElement.scrollWidth,
      window: window.innerWidth,
    };
  });
}

test.describe('back-office tables', () => {
  test.use({ timezoneId: 'UTC' });

  test('are cards without sideways scroll at 375 px and tables at 1,280 px, axe clean', async ({ page, request, restoreAfterTest }, testInfo) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const title = `An Exceptionally Long Leadership Summit Title For Narrow Screens ${stamp}`;
    const slot = await createBookableSlot(request, { title, capacity: 10 });
    const email = `adwoa.a.very.long.address.${stamp}@subdomain.example.com`;
    await mutate(request, 'bookings.adminCreate', { timeSlotId: slot.slotId, status: 'confirmed', participantName: 'Adwoa Longname-Mensah', participantEmail: email });
    await signInAsAdmin(request);
    const adminId = readDatabase((db) => (db.prepare("select id from users where email = 'admin@e2e.example.com'").get() as { id: string }).id);
    await mutate(request, 'consultations.availability.set', {
      timeZone: 'UTC',
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 6 * 60, endMinute: 20 * 60 })),
      overrides: [],
    });
    const type = await mutate<{ id: string }>(request, 'consultations.types.create', {
      title: `Tables check ${stamp}`,
      durationMinutes: 30,
      locationKind: 'phone',
      horizonDays: 30,
      staffIds: [adminId],
    });
    const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    // Booked in a partner's widget: the row says so under the visitor, and the Partner filter shows.
    restoreAfterTest((admin) => mutate(admin, 'settings.updateEmbed', { allowedOrigins: [] }));
    await mutate(request, 'settings.updateEmbed', { allowedOrigins: ['https://chamber-of-commerce.example'] });
    await mutate(request, 'consultations.book', {
      typeId: type.id,
      startsAt: `${day}T11:00:00.000Z`,
      timeZone: 'UTC',
      visitorName: `Table Visitor ${stamp}`,
      visitorEmail: `table-visitor-${stamp}@example.com`,
      partner: 'https://chamber-of-commerce.example',
    });

    const screens: Screen[] = [
      {
        name: 'dashboard',
        open: async (p) => {
          await p.goto('/admin/dashboard');
          const next = p.getByRole('table', { name: 'Next sessions' });
          await expect(p.getByRole('table', { name: 'Your next consultations' })).toBeVisible();
          return next;
        },
      },
      {
        name: 'bookings',
        open: async (p) => {
          await p.goto(`/admin/bookings?search=${stamp}`);
          return p.getByRole('table', { name: 'Bookings' });
        },
      },
      {
        name: 'events',
        open: async (p) => {
          await p.goto('/admin/events');
          return p.getByRole('table', { name: /events/i });
        },
      },
      {
        name: 'email-log',
        open: async (p) => {
          await p.goto('/admin/settings');
          await p.getByRole('tab', { name: 'Email Log' }).click();
          await p.getByRole('textbox', { name: 'Search messages' }).fill(stamp);
          return p.getByRole('table', { name: 'Email log' });
        },
      },
      {
        name: 'audit-log',
        open: async (p) => {
          await p.goto('/admin/audit');
          return p.getByRole('table', { name: 'Audit log' });
        },
      },
      {
        name: 'consultations',
        open: async (p) => {
          await p.goto('/admin/consultations');
          await p.getByRole('combobox', { name: 'Consultant' }).click();
          await p.getByRole('option', { name: 'Everyone' }).click();
          await expect(p.getByRole('combobox', { name: 'Partner' })).toBeVisible();
          const consultations = p.getByRole('table', { name: 'Consultations' });
          await expect(consultations.getByText('via chamber-of-commerce.example').first()).toBeVisible();
          return consultations;
        },
      },
    ];

    await signInThroughUi(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of screens) {
        const table = await screen.open(page);
        await expect(table.locator('tbody > tr').first()).toBeVisible();
        await expect(table.locator('tbody td[colspan]')).toHaveCount(0);
        const layout = await layoutOf(table);
        const where = `${screen.name} at ${width} px`;
        expect(layout.frameScroll, where).toBeLessThanOrEqual(layout.frameClient);
        expect(layout.pageScroll, where).toBeLessThanOrEqual(layout.window);
        if (width === 375) {
          expect(layout.rowDisplay, where).toBe('block');
          expect(layout.headHeight, where).toBeLessThanOrEqual(1);
        } else {
          expect(layout.rowDisplay, where).toBe('table-row');
          expect(layout.headHeight, where).toBeGreaterThan(20);
        }
        if (screen.name === 'dashboard') {
          // Every table of the dashboard, not only the one returned, follows the width.
          const displays = await page.getByRole('table').evaluateAll((tables) => tables.map((element) => getComputedStyle(element.querySelector('tbody > tr') ?? element).display));
          expect(displays, where).toEqual(displays.map(() => (width === 375 ? 'block' : 'table-row')));
        }
        if (screen.name === 'bookings' && width === 1280) {
          // Time Slot and Booking Date: two lines at most each, never four.
          for (const column of [4, 5]) {
            const lines = await table.locator(`tbody > tr >> nth=0 >> td >> nth=${column - 1}`).evaluate((cell) =>
              [...cell.querySelectorAll('p')].reduce((sum, line) => sum + Math.round(line.getBoundingClientRect().height / parseFloat(getComputedStyle(line).lineHeight)), 0),
            );
            expect(lines, `${where}, column ${column}`).toBeLessThanOrEqual(2);
          }
        }
        if (screen.name === 'events' && width === 375) {
          // The title has the card's width, not a third of it beside the thumbnail.
          const share = await table.locator('tbody > tr').first().evaluate((row) => {
            const title = row.querySelector('td p');
            return title === null ? 0 : title.getBoundingClientRect().width / row.getBoundingClientRect().width;
          });
          expect(share, where).toBeGreaterThan(0.6);
        }
        await noViolations(page, where);
        await page.screenshot({ path: testInfo.outputPath(`${screen.name}-${width}.png`), fullPage: true });
      }
    }

    // On a phone the Consultations filters are each the screen's width, not three ragged widths.
    await page.setViewportSize({ width: 375, height: 900 });
    await screens.find((screen) => screen.name === 'consultations')?.open(page);
    const widths = await Promise.all(
      ['Consultant', 'Type', 'Status', 'Partner', 'Search visitor'].map(async (name) => (await page.getByRole(name === 'Search visitor' ? 'textbox' : 'combobox', { name }).boundingBox())?.width ?? 0),
    );
    expect(new Set(widths.map(Math.round)).size, `filter widths ${widths.join(', ')}`).toBe(1);
    expect(widths[0]).toBeGreaterThan(300);

    // A card labels its values; the long address is one line cut with an ellipsis, whole as its title.
    const table = await screens.find((screen) => screen.name === 'bookings')?.open(page);
    if (table === undefined) throw new Error('no bookings screen');
    const card = table.locator('tbody > tr').first();
    const label = await card.locator('td').nth(1).evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(label).toBe('"Participant"');
    const address = card.getByTitle(email);
    await expect(address).toHaveCSS('text-overflow', 'ellipsis');
    await expect(address).toHaveCSS('white-space', 'nowrap');
    const cut = await address.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut).toBe(true);
    // The actions are the card's last line.
    const actions = card.locator('td').last();
    await expect(actions.getByRole('button', { name: 'Edit booking of Adwoa Longname-Mensah' })).toBeVisible();
  });

  test("the bookings' bulk-action bar stays in view while the list scrolls", async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    const slot = await createBookableSlot(request, { title: `Sticky Bar Forum ${stamp}`, capacity: 40 });
    for (let index = 0; index < 12; index += 1) {
      await mutate(request, 'bookings.adminCreate', {
        timeSlotId: slot.slotId,
        status: 'pending',
        participantName: `Sticky Participant ${index}`,
        participantEmail: `sticky-${index}-${stamp}@example.com`,
      });
    }
    await page.setViewportSize({ width: 1280, height: 700 });
    await signInThroughApi(page);
    await page.goto(`/admin/bookings?search=${stamp}`);
    const table = page.getByRole('table', { name: 'Bookings' });
    await expect(table.locator('tbody > tr')).toHaveCount(12);
    await page.getByRole('checkbox', { name: 'Select booking of Sticky Participant 0' }).check();
    const bar = page.getByRole('region', { name: 'Selected bookings' });
    await expect(bar).toContainText('1 booking selected');
    await page.getByRole('checkbox', { name: 'Select booking of Sticky Participant 11' }).scrollIntoViewIfNeeded();
    await page.getByRole('checkbox', { name: 'Select booking of Sticky Participant 11' }).check();
    await expect(bar).toContainText('2 bookings selected');
    await expect(bar).toBeInViewport();
    await expect(bar.getByRole('button', { name: 'Confirm Bookings' })).toBeInViewport();
  });
});
