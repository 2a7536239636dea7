// The admin events screen in a real browser against the built server: create with a real upload
// and benefits (then seen on the home page), status toggle and reorder that survive a reload, the
// Delete Event modal, the dashboard's Create New Event quick action, and the read-only user view.
import type { Page } from '@playwright/test';
import { createAccountViaApi, mutate, readDatabase, signInAsAdmin, signInThroughApi, signInThroughUi } from './support';
import { expect, test } from './fixtures';

/** A real 1x1 PNG: the server checks uploads by content. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface StoredEvent {
  id: string;
  title: string;
  image_url: string;
  benefits: string;
  is_active: number;
  display_order: number;
}

function storedEvent(title: string): StoredEvent | undefined {
  return readDatabase(
    (db) =>
      db
        .prepare('select id, title, image_url, benefits, is_active, display_order from events where title = ?')
        .get(title) as StoredEvent | undefined,
  );
}

async function createEventViaApi(request: Parameters<typeof signInAsAdmin>[0], title: string, displayOrder: number) {
  await signInAsAdmin(request);
  return mutate<{ id: string }>(request, 'events.create', {
    title,
    date: '5 JUNE, 2031',
    location: 'Kumasi',
    imageUrl: '/seed/events/west-africa-summit.svg',
    benefits: [],
    isActive: true,
    displayOrder,
  });
}

/** Titles of the events table's rows, top to bottom. */
async function rowTitles(page: Page, titles: string[]): Promise<string[]> {
  const rows = await page.getByRole('row').allTextContents();
  return rows.flatMap((text) => titles.filter((title) => text.includes(title)));
}

test('an admin creates an event with an uploaded image and benefits, and it shows on the home page', async ({ page }) => {
  const title = `Accra Trade Summit ${Date.now()}`;
  await signInThroughApi(page);
  await page.goto('/admin/events');
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await expect(dialog).toBeVisible();

  // A file that only pretends to be a PNG is refused with the server's message under the field.
  await dialog.getByLabel('Image file').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(dialog.getByText('Unsupported file type. Use JPG, GIF or PNG.')).toBeVisible();

  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel('Date').fill('13 OCTOBER, 2031');
  await dialog.getByLabel('Location').fill('Kotoka Airport Area, Accra');
  await dialog.getByLabel('Image file').setInputFiles({ name: 'summit.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(dialog.getByText('Unsupported file type. Use JPG, GIF or PNG.')).toBeHidden();
  await expect(dialog.getByRole('img', { name: 'Image preview' })).toBeVisible();
  await dialog.getByLabel('Registration Link').fill('https://example.com/register');
  await dialog.getByRole('button', { name: 'Add Benefit' }).click();
  await dialog.getByLabel('Benefit 1', { exact: true }).fill('Meet 30+ businesses in 60 minutes');
  await dialog.getByRole('button', { name: 'Add Benefit' }).click();
  await dialog.getByLabel('Benefit 2', { exact: true }).fill('Leave with a partner shortlist');
  await dialog.getByRole('button', { name: 'Create Event' }).click();

  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Image', { exact: true })).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  const stored = storedEvent(title);
  expect(stored?.image_url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
  expect(JSON.parse(stored?.benefits ?? '[]')).toEqual(['Meet 30+ businesses in 60 minutes', 'Leave with a partner shortlist']);
  const served = await page.request.get(stored?.image_url ?? '');
  expect(served.headers()['content-type']).toBe('image/png');

  await page.goto('/#events');
  const events = page.locator('#events');
  await expect(events.getByText(title).first()).toBeVisible();
  await expect(events.getByText('Meet 30+ businesses in 60 minutes')).toBeVisible();
  await expect(events.locator(`img[src="${stored?.image_url}"]`).first()).toBeAttached();
});

test('an admin toggles status and reorders events (both stored), then deletes one in the Delete Event modal', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const first = `Reorder Alpha ${stamp}`;
  const second = `Reorder Beta ${stamp}`;
  // Far down the order, so they are neighbours at the end of the list.
  await createEventViaApi(request, first, 900_000);
  await createEventViaApi(request, second, 900_001);

  await signInThroughApi(page);
  await page.goto('/admin/events');
  const toggle = page.getByRole('switch', { name: `Active: ${first}` });
  await expect(toggle).toBeChecked();
  // Mantine draws the switch's track over a zero-size input, so it is operated like a keyboard user would.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Event deactivated')).toBeVisible();
  await expect.poll(() => storedEvent(first)?.is_active).toBe(0);
  await page.reload();
  await expect(page.getByRole('switch', { name: `Active: ${first}` })).not.toBeChecked();
  await expect(page.getByRole('row', { name: new RegExp(first) }).getByText('Inactive', { exact: true })).toBeVisible();

  expect(await rowTitles(page, [first, second])).toEqual([first, second]);
  await page.getByRole('button', { name: `Move ${second} up` }).click();
  await expect(page.getByText('Event order updated')).toBeVisible();
  await expect.poll(() => rowTitles(page, [first, second])).toEqual([second, first]);
  const [movedUp, movedDown] = [storedEvent(second), storedEvent(first)];
  expect((movedUp?.display_order ?? 0) < (movedDown?.display_order ?? 0)).toBe(true);
  await page.reload();
  await expect(page.getByRole('switch', { name: `Active: ${second}` })).toBeVisible();
  expect(await rowTitles(page, [first, second])).toEqual([second, first]);

  await page.getByRole('button', { name: `Delete ${first}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Event' });
  await expect(
    dialog.getByText(
      'Are you sure you want to delete this event? This will permanently remove the event and all associated data.',
    ),
  ).toBeVisible();
  await expect(dialog.getByText('Item to delete')).toBeVisible();
  await expect(dialog.getByText(first)).toBeVisible();
  await expect(dialog.getByText('This action cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Event deleted successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(first) })).toHaveCount(0);
  expect(storedEvent(first)).toBeUndefined();
  expect(storedEvent(second)).toBeDefined();
});

test("the dashboard's Create New Event quick action opens the event form", async ({ page }) => {
  await signInThroughUi(page);
  await page.getByRole('link', { name: 'Create New Event' }).click();
  await page.waitForURL(/\/admin\/events\?create=true$/);
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Title/)).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.waitForURL(/\/admin\/events$/);
});

test('a user sees the events table without create, edit, delete, toggle or reorder controls', async ({ page, request }) => {
  const title = `Read Only Forum ${Date.now()}`;
  await createEventViaApi(request, title, 900_100);
  const credentials = await createAccountViaApi(request, 'user');

  await signInThroughUi(page, credentials);
  await expect(page.getByRole('link', { name: 'View All Bookings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Event' })).toHaveCount(0);

  await page.goto('/admin/events');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Event' })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete|Move) / })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
});
