// The back office's record screens in a real browser against the real server: bookings, contacts and
// delegates persist (through a reload and in the database), Export CSV downloads the filtered rows,
// and a role-user account sees only what it may do.
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { createAccountViaApi, createBookableSlot, mutate, readDatabase, signInThroughApi } from './support';
import { expect, test } from './fixtures';

/** A suffix that keeps each test's records apart in the shared end-to-end database. */
function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function book(request: APIRequestContext, slotId: string, name: string, email: string): Promise<string> {
  const booking = await mutate<{ id: string; status: string }>(request, 'bookings.create', {
    timeSlotId: slotId,
    participantName: name,
    participantEmail: email,
  });
  expect(booking.status).toBe('pending');
  return booking.id;
}

async function submitContact(request: APIRequestContext, name: string, company: string): Promise<void> {
  await mutate(request, 'contacts.submit', {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    company,
    message: `Hello from ${name}, about entering new markets.`,
  });
}

function bookingStatus(id: string): string | undefined {
  return readDatabase((db) => (db.prepare('select status from bookings where id = ?').get(id) as { status: string } | undefined)?.status);
}

function contactByName(name: string): { status: string; notes: string | null } | undefined {
  return readDatabase(
    (db) => db.prepare('select status, notes from contact_forms where name = ?').get(name) as { status: string; notes: string | null } | undefined,
  );
}

async function search(page: Page, label: string, text: string, expectedRowText: string): Promise<void> {
  await page.getByRole('textbox', { name: label }).fill(text);
  await expect(page.getByRole('row').filter({ hasText: expectedRowText })).toHaveCount(1);
}

test('an admin confirms a booking and updates a contact; both survive a reload and are stored', async ({ page, request }) => {
  const id = unique();
  const slot = await createBookableSlot(request, { title: `Records Forum ${id}`, capacity: 5 });
  const participant = `Adjoa Records ${id}`;
  const bookingId = await book(request, slot.slotId, participant, `adjoa.${id}@example.com`);
  const contactName = `Kwesi Contact ${id}`;
  await submitContact(request, contactName, 'Kwesi Imports');

  await signInThroughApi(page);
  await page.goto('/admin/bookings');
  await search(page, 'Search bookings', participant, participant);
  const row = page.getByRole('row').filter({ hasText: participant });
  // Staff read titles, not ids: the event, the session and the slot's time in the site's timezone.
  await expect(row).toContainText(`Records Forum ${id} WorkshopRecords Forum ${id}`);
  await expect(row).not.toContainText(slot.sessionId);
  await expect(row).not.toContainText(slot.eventId);
  await expect(row).toContainText(/\d{1,2}:\d{2}\s[AP]M – \d{1,2}:\d{2}\s[AP]M UTC/);
  await row.getByRole('button', { name: `Pending: change status of booking of ${participant}` }).click();
  await page.getByRole('menuitem', { name: 'Confirmed' }).click();
  await expect(page.getByText(`Booking of ${participant} is now Confirmed`)).toBeVisible();

  await page.reload();
  await search(page, 'Search bookings', participant, participant);
  await expect(
    page.getByRole('row').filter({ hasText: participant }).getByRole('button', { name: /^Confirmed: change status of / }),
  ).toBeVisible();
  expect(bookingStatus(bookingId)).toBe('confirmed');

  await page.goto('/admin/contacts');
  await expect(page.getByRole('heading', { name: 'Contact Management' })).toBeVisible();
  await search(page, 'Search contacts', contactName, contactName);
  const contactRow = page.getByRole('row').filter({ hasText: contactName });
  await contactRow.getByRole('button', { name: `New: change status of contact ${contactName}` }).click();
  await page.getByRole('menuitem', { name: 'In Progress' }).click();
  await expect(page.getByText(`Contact ${contactName} is now In Progress`)).toBeVisible();

  await contactRow.getByRole('button', { name: `Edit ${contactName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Contact' });
  await dialog.getByLabel('Notes', { exact: true }).fill('Met at the Accra forum; send the proposal.');
  await dialog.getByRole('button', { name: 'Update Contact' }).click();
  await expect(page.getByText(`Contact ${contactName} updated successfully`)).toBeVisible();

  await page.reload();
  await search(page, 'Search contacts', contactName, contactName);
  const reloaded = page.getByRole('row').filter({ hasText: contactName });
  await expect(reloaded.getByRole('button', { name: /^In Progress: change status of / })).toBeVisible();
  await reloaded.getByRole('button', { name: `Edit ${contactName}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Contact' }).getByLabel('Notes', { exact: true })).toHaveValue(
    'Met at the Accra forum; send the proposal.',
  );
  expect(contactByName(contactName)).toEqual({ status: 'in-progress', notes: 'Met at the Accra forum; send the proposal.' });
});

test('an admin adds, edits and deletes a delegate, with the toasts', async ({ page }) => {
  const id = unique();
  const name = `Nana Delegate ${id}`;
  await signInThroughApi(page);
  await page.goto('/admin/delegates');
  await expect(page.getByRole('heading', { name: 'Delegates' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Delegate' }).click();
  const add = page.getByRole('dialog', { name: 'Add Delegate' });
  await add.getByRole('button', { name: 'Save Delegate' }).click();
  await expect(add.getByText('Name is required')).toBeVisible();
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Email').fill(`nana.${id}@example.com`);
  await add.getByLabel('Organization').fill('Ghana Investment Board');
  await add.getByRole('button', { name: 'Save Delegate' }).click();
  await expect(page.getByText(`Delegate ${name} added successfully`)).toBeVisible();
  await expect(add).toBeHidden();

  await search(page, 'Search delegates', `nana.${id}`, name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Ghana Investment Board');
  await expect(row.getByRole('cell').nth(3)).toHaveText('-'); // no position
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Delegate' });
  await edit.getByLabel('Position').fill('Director of Trade');
  await edit.getByRole('button', { name: 'Save Delegate' }).click();
  await expect(page.getByText(`Delegate ${name} updated successfully`)).toBeVisible();
  await expect(row).toContainText('Director of Trade');
  expect(
    readDatabase((db) => db.prepare('select position, session_id from delegates where name = ?').get(name)),
  ).toEqual({ position: 'Director of Trade', session_id: null });

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
  await expect(confirm).toContainText('Are you sure you want to delete this delegate? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Delegate ${name} deleted successfully`)).toBeVisible();
  await expect(page.getByText('No delegates found. Add your first delegate!')).toBeVisible();
  expect(readDatabase((db) => db.prepare('select count(*) as n from delegates where name = ?').get(name))).toEqual({ n: 0 });
});

test('Export CSV downloads the rows of the current filter', async ({ page, request }) => {
  const id = unique();
  const slot = await createBookableSlot(request, { title: `Export Forum ${id}`, capacity: 10 });
  const kept = `Esi Export ${id}`;
  const other = `Yaw Export ${id}`;
  await book(request, slot.slotId, kept, `esi.${id}@example.com`);
  const confirmedId = await book(request, slot.slotId, other, `yaw.${id}@example.com`);
  await mutate(request, 'bookings.setStatus', { id: confirmedId, status: 'confirmed' });
  await submitContact(request, `Ama Export ${id}`, `Export Co ${id}`);

  await signInThroughApi(page);
  await page.goto('/admin/bookings');
  await page.getByRole('textbox', { name: 'Search bookings' }).fill(`Export ${id}`);
  await expect(page.getByRole('row').filter({ hasText: id })).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await expect(page.getByRole('row').filter({ hasText: id })).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Booking ID,Status,Participant Name,Participant Email/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,Pending,${kept},esi.${id}@example.com,`);
  expect(csv).not.toContain(other);

  await page.goto('/admin/contacts');
  await page.getByRole('textbox', { name: 'Search contacts' }).fill(`Export Co ${id}`);
  // The table (and the link) follow the search once it settles: only the matching row is left.
  await expect(page.getByRole('row').filter({ hasText: `Ama Export ${id}` })).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  const [contacts] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(contacts.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const contactLines = fs.readFileSync(await contacts.path(), 'utf8').trimEnd().split('\r\n');
  expect(contactLines).toHaveLength(2);
  expect(contactLines[1]).toContain(`Ama Export ${id}`);
});

test('a role-user account sees no deletes and no delegate changes, but can change a booking status', async ({ page, request }) => {
  const id = unique();
  const slot = await createBookableSlot(request, { title: `User Forum ${id}`, capacity: 5 });
  const participant = `Kojo User ${id}`;
  const bookingId = await book(request, slot.slotId, participant, `kojo.${id}@example.com`);
  const contactName = `Abena User ${id}`;
  await submitContact(request, contactName, 'Abena Foods');
  await mutate(request, 'delegates.create', { name: `Fixed Delegate ${id}`, email: `fixed.${id}@example.com` });
  const credentials = await createAccountViaApi(request, 'user');

  await signInThroughApi(page, credentials);
  await page.goto('/admin/bookings');
  await search(page, 'Search bookings', participant, participant);
  const row = page.getByRole('row').filter({ hasText: participant });
  await expect(row.getByRole('button', { name: `Edit booking of ${participant}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await row.getByRole('button', { name: `Pending: change status of booking of ${participant}` }).click();
  await page.getByRole('menuitem', { name: 'Confirmed' }).click();
  await expect(page.getByText(`Booking of ${participant} is now Confirmed`)).toBeVisible();
  expect(bookingStatus(bookingId)).toBe('confirmed');

  await page.goto('/admin/contacts');
  await search(page, 'Search contacts', contactName, contactName);
  await expect(page.getByRole('button', { name: `Edit ${contactName}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  await page.goto('/admin/delegates');
  await search(page, 'Search delegates', `fixed.${id}`, `Fixed Delegate ${id}`);
  await expect(page.getByRole('button', { name: 'Add Delegate' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
});
