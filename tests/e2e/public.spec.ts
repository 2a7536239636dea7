import fs from 'node:fs';
import { createBookableSlot, mutate, readDatabase } from './support';
import { expect, test } from './fixtures';

interface BookingRow {
  status: string;
  participant_name: string;
  participant_email: string;
  event_id: string;
  session_id: string;
}

function bookingsOf(slotId: string): BookingRow[] {
  return readDatabase((db) =>
    db
      .prepare(
        'select status, participant_name, participant_email, event_id, session_id from bookings where time_slot_id = ? order by created_at',
      )
      .all(slotId) as BookingRow[],
  );
}

test('a visitor books a slot and the booking is stored as pending', async ({ page, request }) => {
  const slot = await createBookableSlot(request, { title: 'Accra Trade Forum', capacity: 10 });

  await page.goto('/booking');
  await page.getByRole('button', { name: 'Register for an event' }).click();
  await page.getByRole('combobox', { name: 'Select Event' }).click();
  await page.getByRole('option', { name: slot.eventTitle }).click();
  const confirm = page.getByRole('button', { name: 'Confirm Booking' });
  await expect(confirm).toBeDisabled();
  await page.getByRole('combobox', { name: 'Select Session' }).click();
  await page.getByRole('option', { name: /Accra Trade Forum Workshop/ }).click();
  await expect(confirm).toBeDisabled();
  await expect(page.getByText('10 seats left')).toBeVisible();
  await page.getByRole('radio').first().check();
  await expect(confirm).toBeEnabled();

  await page.getByLabel('Full Name').fill('Kwame Mensah');
  await page.getByLabel('Email Address').fill('Kwame.Mensah@example.com');
  await page.getByLabel('Phone Number').fill('+233 20 000 0000');
  await confirm.click();

  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  expect(bookingsOf(slot.slotId)).toEqual([
    {
      status: 'pending',
      participant_name: 'Kwame Mensah',
      participant_email: 'kwame.mensah@example.com',
      event_id: slot.eventId,
      session_id: slot.sessionId,
    },
  ]);
  // The summary of what was booked, and the booking as a calendar file to download.
  const summary = page.getByRole('table', { name: 'Your booking' });
  await expect(summary).toContainText(`Event${slot.eventTitle}`);
  await expect(summary).toContainText(`Session${slot.sessionTitle}`);
  await expect(summary).toContainText('E-mailkwame.mensah@example.com');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('booking.ics');
  const [booking] = readDatabase((db) => db.prepare('select id from bookings where time_slot_id = ?').all(slot.slotId) as { id: string }[]);
  const ics = fs.readFileSync(await file.path(), 'utf8');
  expect(ics).toContain(`UID:booking-${booking?.id ?? ''}@127.0.0.1\r\n`);
  expect(ics).toContain(`SUMMARY:${slot.sessionTitle} – ${slot.eventTitle}\r\n`);

  // A new form within the page: focus moves to its heading (a page loaded with its HTML leaves it).
  await page.getByRole('button', { name: 'Book Another Session' }).click();
  await expect(page.getByRole('heading', { name: 'Book Your Session' })).toBeFocused();
});

test('a visitor who books a full slot is put on the waitlist', async ({ page, request }) => {
  const slot = await createBookableSlot(request, { title: 'Lagos Matchmaking Day', capacity: 1 });
  await mutate(request, 'bookings.create', {
    timeSlotId: slot.slotId,
    participantName: 'First Person',
    participantEmail: 'first@example.com',
  });

  await page.goto(`/booking/${slot.eventId}`);
  await expect(page.getByRole('combobox', { name: 'Select Event' })).toHaveValue(slot.eventTitle);
  await page.getByRole('combobox', { name: 'Select Session' }).click();
  await page.getByRole('option', { name: /Lagos Matchmaking Day Workshop/ }).click();
  await expect(page.getByText('Full – join the waitlist')).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByLabel('Full Name').fill('Second Person');
  await page.getByLabel('Email Address').fill('second@example.com');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();

  await expect(page.getByRole('heading', { name: 'You’re on the Waitlist' })).toBeVisible();
  expect(bookingsOf(slot.slotId).map((row) => [row.participant_email, row.status])).toEqual([
    ['first@example.com', 'pending'],
    ['second@example.com', 'waitlisted'],
  ]);
});

test('changing the event clears the session and the slot', async ({ page, request }) => {
  const first = await createBookableSlot(request, { title: 'Nairobi Expansion Clinic', capacity: 5 });
  const second = await createBookableSlot(request, { title: 'Kumasi Export Briefing', capacity: 5 });
  await page.goto(`/booking/${first.eventId}`);
  await page.getByRole('combobox', { name: 'Select Session' }).click();
  await page.getByRole('option', { name: /Nairobi Expansion Clinic Workshop/ }).click();
  await page.getByRole('radio').first().check();
  await page.getByRole('combobox', { name: 'Select Event' }).click();
  await page.getByRole('option', { name: second.eventTitle }).click();
  await expect(page.getByRole('combobox', { name: 'Select Session' })).toHaveValue('');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();
});

test('a visitor sends a contact message and sees Thank You!', async ({ page }) => {
  await page.goto('/#contact');
  const form = page.locator('#contact');
  await form.getByLabel('Full Name').fill('Ama Boateng');
  await form.getByLabel('Email Address').fill('ama@example.com');
  await form.getByLabel('Company Name').fill('Boateng Exports');
  await form.getByLabel('Message').fill('We would like advice on entering the Canadian market.');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(
    page.getByText("Your message has been sent successfully. We'll get back to you within 24 hours."),
  ).toBeVisible();
  const stored = readDatabase((db) =>
    db.prepare("select name, company, status from contact_forms where email = 'ama@example.com'").get(),
  );
  expect(stored).toEqual({ name: 'Ama Boateng', company: 'Boateng Exports', status: 'new' });

  await page.getByRole('button', { name: 'Send Another Message' }).click();
  await expect(form.getByLabel('Full Name')).toHaveValue('');
});

test('the contact form shows its validation messages and sends nothing', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/trpc/contact')) sent.push(request.url());
  });
  await page.goto('/#contact');
  const form = page.locator('#contact');
  await form.getByLabel('Email Address').fill('not-an-email');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  // The form checks its fields before sending: no request left and nothing was stored.
  expect(sent).toEqual([]);
  expect(readDatabase((db) => db.prepare("select count(*) as n from contact_forms where email = 'not-an-email'").get())).toEqual({ n: 0 });
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the mobile menu opens, closes, and closes after choosing a link', async ({ page }) => {
    await page.goto('/');
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(open).toBeVisible();
    await open.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Services' })).toBeVisible();
    await close.click();
    await expect(menu.getByRole('link', { name: 'Services' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Contact' }).click();
    await expect(menu.getByRole('link', { name: 'Contact' })).toBeHidden();
    await expect(page).toHaveURL(/#contact$/);
  });
});

test('an unknown address answers 404 with the site\'s not-found page in its language, and stays where it is', async ({ page }) => {
  for (const [path, heading] of [['/no/such/page', 'Page not found'], ['/fr/nope', 'Page introuvable'], ['/admin/nope', 'Page not found']] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('banner')).toBeVisible();
  }
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

/** Texts that exist only in back-office code: the sign-in page, the back-office frame, the setup page. */
const BACK_OFFICE_TEXTS = ['Sign in to manage events, bookings and messages.', 'Sign out failed', 'An administrator account already exists.'];

test('the home page downloads its own script and no back-office code', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Its own script (client/home.tsx), not the app's entry, which carries the router.
  expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/home-[\w-]+\.js$/));
  expect(scripts).not.toContainEqual(expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/));
  // Whatever the chunks are called, none of the code the home page loaded holds back-office texts.
  const found: string[] = [];
  for (const script of scripts) {
    const code = await (await request.get(script)).text();
    for (const text of BACK_OFFICE_TEXTS) if (code.includes(text)) found.push(`${script}: ${text}`);
  }
  expect(found).toEqual([]);

  // The same check finds them once the sign-in page is opened (so it can fail).
  scripts.length = 0;
  await page.goto('/admin/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  const loginCode = await Promise.all(scripts.map(async (script) => (await request.get(script)).text()));
  expect(loginCode.some((code) => code.includes(BACK_OFFICE_TEXTS[0] ?? ''))).toBe(true);
});

test('the back office is guarded: signed-out visitors go to the sign-in page', async ({ page }) => {
  await page.goto('/admin/bookings');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fbookings$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a visitor can book with the keyboard alone', async ({ page, request }) => {
  // A title of its own, so a retry or a repeat on the same server does not type its way to an
  // earlier run's event.
  const slot = await createBookableSlot(request, { title: `Keyboard Forum ${Date.now().toString(36)}`, capacity: 3 });
  await page.goto('/booking');
  // The question first: once the page is interactive, Enter on "Register for an event".
  const register = page.getByRole('button', { name: 'Register for an event' });
  await expect(register).toBeEnabled();
  await register.press('Enter');

  /** Presses Tab until `target` has focus, as a keyboard user would. */
  async function tabTo(target: ReturnType<typeof page.locator>) {
    for (let presses = 0; presses < 60; presses += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('the element was never reached with Tab');
  }

  const eventSelect = page.getByRole('combobox', { name: 'Select Event' });
  await tabTo(eventSelect);
  await page.keyboard.type(slot.eventTitle); // the list filters as you type; the first match is highlighted
  await page.keyboard.press('Enter');
  await expect(eventSelect).toHaveValue(slot.eventTitle);

  const sessionSelect = page.getByRole('combobox', { name: 'Select Session' });
  await tabTo(sessionSelect);
  // ArrowDown opens the list; the first option is highlighted only if the list had rendered when the
  // key was handled, which a loaded machine does not promise. A keyboard user looks and presses
  // ArrowDown again until their session is highlighted.
  await page.keyboard.press('ArrowDown');
  const sessionOption = page.getByRole('option', { name: new RegExp(slot.sessionTitle) });
  await expect(sessionOption).toBeVisible();
  for (let presses = 0; presses < 5; presses += 1) {
    if ((await sessionOption.getAttribute('data-combobox-selected')) !== null) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(sessionOption).toHaveAttribute('data-combobox-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(sessionSelect).toHaveValue(new RegExp(slot.sessionTitle));

  const radio = page.getByRole('radio').first();
  await tabTo(radio);
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();

  await tabTo(page.getByLabel('Full Name'));
  await page.keyboard.type('Keys Only');
  await page.keyboard.press('Tab');
  await page.keyboard.type('keys@example.com');
  const confirm = page.getByRole('button', { name: 'Confirm Booking' });
  await tabTo(confirm);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  expect(bookingsOf(slot.slotId).map((row) => row.participant_email)).toEqual(['keys@example.com']);
});
