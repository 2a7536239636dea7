// Admin sessions end to end: the wizard's one save (session, slot and new delegate) becomes bookable
// on the public page at the time entered in the site's timezone; editing from step 4, the status
// toggle and delete persist; a role-user account only reads.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createAccountViaApi, createBookableSlot, mutate, pickDateTime, readDatabase, signInAsAdmin, signInThroughApi } from './support';
import { futureYear, isoDay } from '@tests/dates';

// Tuesday 20 May in a year ahead of the clock (tests/dates.ts).
const MAY_YEAR = futureYear(5, 20, 'Tuesday');
const MAY_20 = isoDay(MAY_YEAR, 5, 20);

async function createEvent(request: APIRequestContext, title: string): Promise<string> {
  await signInAsAdmin(request);
  const event = await mutate<{ id: string }>(request, 'events.create', {
    title,
    description: 'An end-to-end test event.',
    date: '20 MAY, 2031',
    location: 'Accra',
    imageUrl: '/seed/events/west-africa-summit.svg',
    benefits: [],
    isActive: true,
    displayOrder: 1,
  });
  return event.id;
}

interface SessionRow {
  id: string;
  title: string;
  is_active: number;
  max_participants: number | null;
  location: string | null;
}

function sessionsTitled(title: string): SessionRow[] {
  return readDatabase(
    (db) =>
      db
        .prepare('select id, title, is_active, max_participants, location from event_sessions where title = ?')
        .all(title) as SessionRow[],
  );
}

function sessionRow(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByText(title, { exact: true }) });
}

test.describe(() => {
  // Times are entered and shown in the site's timezone (put back after the test, tests/e2e/fixtures.ts).
  test.use({ siteTimezone: 'America/New_York' });

  test('an admin creates a session with a slot and a delegate, and it is bookable; edit, toggle and delete persist', async ({
    page,
    request,
  }) => {
    // The wizard's four steps, the public booking and the edits: about 20 s alone, more on a busy CI machine.
    test.setTimeout(90_000);
    const stamp = Date.now();
    const eventTitle = `Wizard Forum ${stamp}`;
    const title = `Wizard Workshop ${stamp}`;
    const eventId = await createEvent(request, eventTitle);
    await createAndManage(page, { eventId, eventTitle, title });
  });
});

async function createAndManage(page: Page, { eventId, eventTitle, title }: { eventId: string; eventTitle: string; title: string }) {

  await signInThroughApi(page);
  await page.goto('/admin/sessions');
  await page.getByRole('button', { name: 'Add Session' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add Session' });

  // Step 1
  await wizard.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: eventTitle }).click();
  await wizard.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await wizard.getByLabel('Location').fill('Room 5');
  await wizard.getByLabel('Facilitator').fill('Ama Mensah');
  await wizard.getByLabel('Max participants').fill('5');
  await wizard.getByRole('button', { name: 'Next: Delegate Profile' }).click();

  // Step 2: the new event has no delegates, so the new-delegate form is there.
  await wizard.getByLabel('Full Name').fill('Kofi Boateng');
  await wizard.getByLabel('Email Address').fill('kofi.boateng@example.com');
  await wizard.getByLabel('Organization').fill('Ghana Trade');
  await wizard.getByRole('button', { name: 'Next: Time Slots' }).click();

  // Step 3: 10:00 to 12:00 on Tuesday 20 May in New York (EDT, UTC-4).
  await wizard.getByRole('button', { name: 'Add Time Slot', exact: true }).click();
  const slotModal = page.getByRole('dialog', { name: 'Add Time Slot' });
  await pickDateTime(page, slotModal.getByLabel(/^Start Time/), `${MAY_20} 10:00`);
  await pickDateTime(page, slotModal.getByLabel(/^End Time/), `${MAY_20} 12:00`);
  await expect(slotModal.getByLabel(/^Start Time/)).toHaveText(`May 20, ${MAY_YEAR}, 10:00 AM EDT`);
  await expect(slotModal.getByText('Duration: 120 minutes')).toBeVisible();
  await slotModal.getByRole('button', { name: 'Save Time Slot' }).click();
  await expect(slotModal).toBeHidden();
  await expect(wizard.getByText(`Tuesday, May 20, ${MAY_YEAR}, 10:00 AM – 12:00 PM EDT`)).toBeVisible();
  await wizard.getByRole('button', { name: 'Next: Review' }).click();

  // Step 4
  await expect(wizard.getByText('5 participants')).toBeVisible();
  await expect(wizard.getByText(/Kofi Boateng \(kofi\.boateng@example\.com\)/)).toBeVisible();
  await wizard.getByRole('button', { name: 'Create Session' }).click();
  await expect(wizard).toBeHidden();

  const row = sessionRow(page, title);
  await expect(row).toContainText(eventTitle);
  await expect(row).toContainText('Ama Mensah');
  await expect(row).toContainText('Room 5');
  await expect(row).toContainText('Active');

  const [stored] = sessionsTitled(title);
  expect(stored).toMatchObject({ is_active: 1, max_participants: 5, location: 'Room 5' });
  const sessionId = stored?.id ?? '';
  const slots = readDatabase((db) => db.prepare('select start_time, end_time from time_slots where session_id = ?').all(sessionId));
  expect(slots).toEqual([{ start_time: `${MAY_20}T14:00:00.000Z`, end_time: `${MAY_20}T16:00:00.000Z` }]);
  const delegates = readDatabase((db) => db.prepare('select name, email from delegates where session_id = ?').all(sessionId));
  expect(delegates).toEqual([{ name: 'Kofi Boateng', email: 'kofi.boateng@example.com' }]);

  // The public booking page offers the session and its slot.
  await page.goto(`/booking/${eventId}`);
  await expect(page.getByRole('combobox', { name: 'Select Event' })).toHaveValue(eventTitle);
  await page.getByRole('combobox', { name: 'Select Session' }).click();
  await page.getByRole('option', { name: `${title} (Room 5)` }).click();
  // The browser is in UTC, the site in New York: the visitor's clock first, then the event's.
  await expect(
    page.getByRole('radio', {
      name: `Tue, May 20, ${MAY_YEAR} 2:00 PM – 4:00 PM your time (UTC) 10:00 AM – 12:00 PM in New York (EDT) 5 seats left`,
    }),
  ).toBeVisible();
  await expect(page.getByText('5 seats left')).toBeVisible();

  // Editing opens at step 4; a change made on step 1 persists.
  await page.goto('/admin/sessions');
  await sessionRow(page, title).getByRole('button', { name: `Edit session ${title}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Session' });
  await expect(editor.getByRole('button', { name: 'Update Session' })).toBeVisible();
  await expect(editor.getByText(`Tuesday, May 20, ${MAY_YEAR}, 10:00 AM – 12:00 PM EDT (120 minutes)`)).toBeVisible();
  for (let step = 0; step < 3; step += 1) await editor.getByRole('button', { name: 'Previous' }).click();
  await editor.getByLabel('Location').fill('Room 9');
  await editor.getByRole('button', { name: 'Next: Delegate Profile' }).click();
  await expect(editor.getByRole('cell', { name: 'Kofi Boateng', exact: true })).toBeVisible();
  await editor.getByRole('button', { name: 'Next: Time Slots' }).click();
  await editor.getByRole('button', { name: 'Next: Review' }).click();
  await editor.getByRole('button', { name: 'Update Session' }).click();
  await expect(editor).toBeHidden();
  await page.reload();
  await expect(sessionRow(page, title)).toContainText('Room 9');
  expect(sessionsTitled(title)[0]?.location).toBe('Room 9');
  expect(readDatabase((db) => db.prepare('select count(*) as n from time_slots where session_id = ?').get(sessionId))).toEqual({ n: 1 });

  // Deactivate, then activate again: the stored flag follows, across reloads.
  await sessionRow(page, title).getByRole('button', { name: `Deactivate session ${title}` }).click();
  await expect(sessionRow(page, title).getByRole('button', { name: `Activate session ${title}` })).toBeVisible();
  await page.reload();
  await expect(sessionRow(page, title)).toContainText('Inactive');
  expect(sessionsTitled(title)[0]?.is_active).toBe(0);
  await sessionRow(page, title).getByRole('button', { name: `Activate session ${title}` }).click();
  await expect(sessionRow(page, title).getByRole('button', { name: `Deactivate session ${title}` })).toBeVisible();
  expect(sessionsTitled(title)[0]?.is_active).toBe(1);

  // Delete after the browser's confirmation.
  let confirmText = '';
  page.once('dialog', (dialog) => {
    confirmText = dialog.message();
    void dialog.accept();
  });
  await sessionRow(page, title).getByRole('button', { name: `Delete session ${title}` }).click();
  await expect(page.getByText(title, { exact: true })).toBeHidden();
  // The session has no live booking: the confirmation says nobody will be e-mailed.
  expect(confirmText).toBe('Are you sure you want to delete this session?\n\nNobody will be e-mailed: no participant has a live booking here.');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  await expect(page.getByText(title, { exact: true })).toBeHidden();
  expect(sessionsTitled(title)).toEqual([]);
}

test('a role-user account sees the sessions and stats but no add, edit, delete or toggle', async ({ page, request }) => {
  const slot = await createBookableSlot(request, { title: `Read Only Day ${Date.now()}`, capacity: 8 });
  const credentials = await createAccountViaApi(request, 'user');
  await signInThroughApi(page, credentials);
  await page.goto('/admin/sessions');

  await expect(sessionRow(page, slot.sessionTitle)).toContainText('Active');
  await expect(page.getByLabel('Total Sessions')).not.toContainText('—');
  await expect(page.locator('#admin-main').getByRole('link', { name: 'Delegates' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Session' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Activate|Deactivate|Edit|Delete) session/ })).toHaveCount(0);
  // The only action left is View: the session's details, slots and delegates, read-only.
  await sessionRow(page, slot.sessionTitle).getByRole('button', { name: `View session ${slot.sessionTitle}` }).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText(slot.sessionTitle);
  await expect(details.getByRole('button', { name: /^(Edit|Delete|Add|Save)/ })).toHaveCount(0);
});
