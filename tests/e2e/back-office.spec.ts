// The back office end to end, across screens: what an admin builds becomes bookable by a visitor,
// and a role-user account can neither see nor call what only admins may do.
import { createAccountViaApi, type Credentials, pickDateTime, readDatabase, signInThroughApi, signInThroughUi } from './support';
import { expect, test } from './fixtures';
import { futureYear, isoDay } from '@tests/dates';

/** A real 1x1 PNG: the server checks uploads by content. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin creates an event with an uploaded image and a session through the wizard, and a visitor books it', async ({
  page,
}) => {
  // The event, the wizard with its two date pickers and the booking: about 20 s alone, 31 s on a loaded machine.
  test.setTimeout(90_000);
  const eventTitle = `Diaspora Investment Day ${Date.now()}`;
  const sessionTitle = 'Investor Roundtable';
  const year = futureYear(6, 10, 'Tuesday');

  await signInThroughUi(page);

  // The event, with a real image upload.
  await page.goto('/admin/events');
  await page.getByRole('button', { name: 'Create Event' }).click();
  const eventDialog = page.getByRole('dialog', { name: 'Create Event' });
  await eventDialog.getByLabel(/^Title/).fill(eventTitle);
  await eventDialog.getByLabel('Location').fill('Accra');
  await eventDialog.getByLabel('Image file').setInputFiles({ name: 'day.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(eventDialog.getByRole('img', { name: 'Image preview' })).toBeVisible();
  await eventDialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(eventDialog).toBeHidden();
  const event = readDatabase(
    (db) => db.prepare('select id, image_url from events where title = ?').get(eventTitle) as { id: string; image_url: string },
  );
  expect(event.image_url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
  const image = await page.request.get(event.image_url);
  expect(image.headers()['content-type']).toBe('image/png');

  // The session, with one slot and one delegate, through the four-step wizard.
  await page.goto('/admin/sessions');
  await page.getByRole('button', { name: 'Add Session' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add Session' });
  await wizard.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: eventTitle }).click();
  await wizard.getByRole('textbox', { name: 'Title', exact: true }).fill(sessionTitle);
  await wizard.getByLabel('Location').fill('Hall B');
  await wizard.getByLabel('Max participants').fill('8');
  await wizard.getByRole('button', { name: 'Next: Delegate Profile' }).click();
  await wizard.getByLabel('Full Name').fill('Akua Danso');
  await wizard.getByLabel('Email Address').fill('akua.danso@example.com');
  await wizard.getByRole('button', { name: 'Next: Time Slots' }).click();
  await wizard.getByRole('button', { name: 'Add Time Slot', exact: true }).click();
  const slotModal = page.getByRole('dialog', { name: 'Add Time Slot' });
  await pickDateTime(page, slotModal.getByLabel(/^Start Time/), `${isoDay(year, 6, 10)} 09:00`);
  await pickDateTime(page, slotModal.getByLabel(/^End Time/), `${isoDay(year, 6, 10)} 11:00`);
  await slotModal.getByRole('button', { name: 'Save Time Slot' }).click();
  await wizard.getByRole('button', { name: 'Next: Review' }).click();
  await wizard.getByRole('button', { name: 'Create Session' }).click();
  await expect(wizard).toBeHidden();

  // A visitor books it on the public booking page.
  await page.goto(`/booking/${event.id}`);
  await expect(page.getByRole('combobox', { name: 'Select Event' })).toHaveValue(eventTitle);
  await page.getByRole('combobox', { name: 'Select Session' }).click();
  await page.getByRole('option', { name: `${sessionTitle} (Hall B)` }).click();
  // The site's zone is UTC, as is the browser's: one clock.
  await page.getByRole('radio', { name: `Tue, Jun 10, ${year} 9:00 AM – 11:00 AM UTC 8 seats left` }).check();
  await expect(page.getByText('8 seats left')).toBeVisible();
  await page.getByLabel('Full Name').fill('Yaw Asante');
  await page.getByLabel('Email Address').fill('yaw.asante@example.com');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

  const booking = readDatabase((db) =>
    db
      .prepare(
        `select b.status, s.title as session from bookings b join event_sessions s on s.id = b.session_id
         where b.participant_email = 'yaw.asante@example.com' and b.event_id = ?`,
      )
      .get(event.id),
  );
  expect(booking).toEqual({ status: 'pending', session: sessionTitle });
});

test.describe('a role-user account', () => {
  let user: Credentials;
  test.beforeAll(async ({ request }) => {
    user = await createAccountViaApi(request, 'user');
  });

  test('sees the back office without admin-only actions', async ({ page }) => {
    await signInThroughApi(page, user);
    await page.goto('/admin/events');
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Event' })).toHaveCount(0);

    await page.goto('/admin/sessions');
    await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Session' })).toHaveCount(0);

    await page.goto('/admin/delegates');
    await expect(page.getByRole('heading', { name: 'Delegates', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Delegate' })).toHaveCount(0);

    await page.goto('/admin/settings');
    await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
    for (const tab of ['System', 'Email', 'Users']) await expect(page.getByRole('tab', { name: tab })).toHaveCount(0);
  });

  test('is refused by the server when calling admin-only procedures directly', async ({ page }) => {
    await signInThroughUi(page, user);
    const origin = new URL(page.url()).origin;
    const calls: [string, unknown][] = [
      ['events.create', { title: 'Sneaky', imageUrl: '/x.png' }],
      ['sessions.delete', { id: 'any' }],
      ['delegates.create', { name: 'Sneaky', email: 'sneaky@example.com' }],
      ['bookings.delete', { id: 'any' }],
      ['settings.updateSystem', { siteName: 'Hijacked', timezone: 'UTC', maintenanceMode: true, allowRegistrations: false, maxFileSize: 10 }],
      ['users.create', { name: 'Sneaky', email: 'sneaky@example.com', password: 'sneaky-password', role: 'admin' }],
    ];
    for (const [procedure, input] of calls) {
      const response = await page.request.post(`/api/trpc/${procedure}`, { data: input, headers: { Origin: origin } });
      expect(response.status(), procedure).toBe(403);
      const body = (await response.json()) as { error: { data: { code: string } } };
      expect(body.error.data.code, procedure).toBe('FORBIDDEN');
    }
    const siteName = readDatabase((db) => db.prepare("select value from settings where key = 'system'").get());
    expect(JSON.stringify(siteName ?? {})).not.toContain('Hijacked');
  });
});
