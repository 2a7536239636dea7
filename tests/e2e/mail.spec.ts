// E-mail end to end. SMTP is not configured here, so a booking's messages wait in the outbox with the
// reason 'SMTP not configured' and their manage link still in the stored text (the sender removes it
// only once a message is sent). The visitor's link opens the booking, times named in the site's
// zone, and cancels it; an admin sees the waiting message in Settings > Email Log and retries it.
import type { Page } from '@playwright/test';
import { dateFormatter } from '@server/shared/format-date';
import { i18nOf } from '@server/shared/i18n/catalogs';
import { localeOf } from '@server/shared/i18n/languages';
import { E2E_BASE_URL } from './env';
import { expect, test } from './fixtures';
import { type BookableSlot, createBookableSlot, mutate, readDatabase, signInThroughApi } from './support';

interface OutboxRow {
  id: string;
  kind: string;
  subject: string;
  status: string;
  last_error: string | null;
  text_body: string;
  next_attempt_at: string;
}

const MANAGE_LINK = new RegExp(`${E2E_BASE_URL.replace(/[.:/]/g, '\\$&')}/booking/manage/([A-Za-z0-9_-]{43})`);

function outboxTo(address: string): OutboxRow[] {
  return readDatabase(
    (db) =>
      db
        .prepare(
          'select id, kind, subject, status, last_error, text_body, next_attempt_at from email_outbox where to_address = ? order by created_at, id',
        )
        .all(address) as OutboxRow[],
  );
}

function bookingStatus(email: string): string | undefined {
  const row = readDatabase((db) => db.prepare('select status from bookings where participant_email = ?').get(email)) as
    | { status: string }
    | undefined;
  return row?.status;
}

function slotTimes(slotId: string): { start_time: string; end_time: string } {
  return readDatabase((db) => db.prepare('select start_time, end_time from time_slots where id = ?').get(slotId)) as {
    start_time: string;
    end_time: string;
  };
}

async function bookThroughForm(page: Page, slot: BookableSlot, name: string, email: string): Promise<void> {
  await page.goto(`/booking/${slot.eventId}`);
  await expect(page.getByRole('combobox', { name: 'Select Event' })).toHaveValue(slot.eventTitle);
  await page.getByRole('combobox', { name: 'Select Session' }).click();
  await page.getByRole('option', { name: new RegExp(slot.sessionTitle) }).click();
  await page.getByRole('radio').first().check();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
}

test.describe(() => {
  // The page shows times in the site's timezone (put back after the test, tests/e2e/fixtures.ts).
  test.use({ siteTimezone: 'America/New_York' });

  test('a visitor books, opens the manage link from the e-mail in the outbox and cancels', async ({ page, request }) => {
    const stamp = Date.now();
    const slot = await createBookableSlot(request, { title: `Mail Forum ${stamp}`, capacity: 5 });
    const email = `manage-${stamp}@example.com`;
    await bookThroughForm(page, slot, 'Abena Owusu', email);

    // The message waits: nothing can be sent without SMTP settings, and the log says why.
    await expect
      .poll(() => outboxTo(email).map((row) => [row.kind, row.status, row.last_error]))
      .toEqual([['booking-received', 'pending', 'SMTP not configured']]);
    const [received] = outboxTo(email);
    const token = MANAGE_LINK.exec(received?.text_body ?? '')?.[1];
    expect(token, 'the manage link in the stored message').toBeDefined();

    await page.goto(`/booking/manage/${token ?? ''}`);
    await expect(page.getByRole('heading', { name: 'Manage Your Booking' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Booking', exact: true })).toBeVisible();
    const detail = (label: string) =>
      page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell');
    await expect(detail('Name')).toHaveText('Abena Owusu');
    await expect(detail('Event')).toHaveText(slot.eventTitle);
    await expect(detail('Session')).toHaveText(slot.sessionTitle);
    await expect(detail('Location')).toHaveText('Room A');
    const times = slotTimes(slot.slotId);
    // The visitor's clock (the browser's zone, UTC here) beside the site's, as the site's formatter writes it.
    const english = i18nOf('en');
    const dates = dateFormatter({ locale: localeOf('en'), t: (key, values) => english._(key, values) });
    const expected = dates.visitorSlotLine(times.start_time, times.end_time, 'America/New_York', 'UTC');
    expect(expected).toMatch(/ your time \(UTC\) \/ .+ in New York \(E[SD]T\)$/);
    await expect(detail('Date and time')).toHaveText(expected);
    await expect(detail('Status')).toHaveText('Pending confirmation');

    await page.getByRole('button', { name: 'Cancel Booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel Booking' }).click();

    await expect(page.getByText('Your booking has been cancelled.')).toBeVisible();
    await expect(detail('Status')).toHaveText('Cancelled');
    await expect(page.getByRole('button', { name: 'Cancel Booking' })).toHaveCount(0);
    expect(bookingStatus(email)).toBe('cancelled');
    // The cancellation is written to the outbox too (it carries no link).
    await expect.poll(() => outboxTo(email).map((row) => row.kind)).toEqual(['booking-received', 'booking-cancelled']);

    await page.getByRole('link', { name: 'Book another session' }).click();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByRole('heading', { name: 'Book Your Session' })).toBeVisible();
  });
});

test('an unknown manage link says it is not valid', async ({ page }) => {
  await page.goto(`/booking/manage/${'A'.repeat(43)}`);
  await expect(page.getByText('This booking link is not valid.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the booking page' })).toHaveAttribute('href', '/booking');
});

test('an admin sees the waiting message in the Email Log and retries it', async ({ page, request }) => {
  const stamp = Date.now();
  const slot = await createBookableSlot(request, { title: `Mail Log Forum ${stamp}`, capacity: 5 });
  const email = `log-${stamp}@example.com`;
  await mutate(request, 'bookings.create', { timeSlotId: slot.slotId, participantName: 'Yaw Darko', participantEmail: email });
  await expect.poll(() => outboxTo(email).map((row) => row.last_error)).toEqual(['SMTP not configured']);
  const [message] = outboxTo(email);
  if (message === undefined) throw new Error('no message was written');

  await signInThroughApi(page);
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Email Log' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText(/SMTP is not configured, so no message can go out/)).toBeVisible();
  await panel.getByRole('textbox', { name: 'Search messages' }).fill(email);
  const row = panel.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText(message.subject);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Pending');
  await expect(row.getByRole('cell').nth(3)).toHaveText('SMTP not configured');

  await row.getByRole('button', { name: /^View / }).click();
  const dialog = page.getByRole('dialog', { name: 'Message Details' });
  await expect(dialog.getByText('No attempts yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  const clicked = new Date().toISOString();
  await row.getByRole('button', { name: /^Retry / }).click();
  await expect(page.getByText('Message queued for another attempt')).toBeVisible();
  const [retried] = outboxTo(email);
  expect(retried?.status).toBe('pending');
  expect(retried?.next_attempt_at.localeCompare(clicked)).toBeGreaterThanOrEqual(0);

  // The hint leads to the SMTP settings.
  await panel.getByRole('button', { name: 'Email settings' }).click();
  await expect(page.getByRole('tab', { name: 'Email', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByLabel(/SMTP Host/)).toBeVisible();
});
