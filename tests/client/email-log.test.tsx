// Settings > Email Log against a real API server: messages written by the server's own repositories
// and by a real public booking (SMTP is not configured, so it waits with that reason), shown with
// status, attempts and errors in the site timezone; Retry, attempts, filter, search and pages.
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsPage } from '@client/features/admin/settings/SettingsPage';
import type { EmailKind } from '@db/schema';
import {
  insertAttempt,
  insertOutboxMessage,
  markMessageFailed,
  markMessageSent,
} from '@server/email/outbox.repository';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { pauseSending } from '@server/email/sending-pause.service';
import { insertBookableSlot } from '@tests/support/fixtures';
import { callerFor, createAccount, type TestAccount } from '@tests/support/helpers';
import { fill, renderWithProviders, testServerPerFile } from './render';

const LONG_ERROR =
  '550 5.1.1 Mailbox unavailable: the recipient address was rejected by the receiving server after several tries';

const BODY = 'Dear Ama,\n\nYour booking of the Accra Summit is confirmed.\nSee you there.';

const server = testServerPerFile();
let admin: TestAccount;
let member: TestAccount;
const ids: Record<string, string> = {};

async function message(name: string, options: { kind?: EmailKind; subject: string; createdAt?: string; textBody?: string }): Promise<string> {
  const id = await insertOutboxMessage(server.env.db, {
    kind: options.kind ?? 'booking-confirmed',
    toAddress: `${name}@example.com`,
    subject: options.subject,
    textBody: options.textBody ?? 'Hello',
    htmlBody: '<p>Hello</p>',
    ics: null,
    icsMethod: null,
    bookingId: null,
    lastError: null,
    nextAttemptAt: new Date().toISOString(),
  });
  if (options.createdAt !== undefined) {
    // created_at is never updated by the app (the schema types it so); a test may backdate a row.
    await sql`update email_outbox set created_at = ${options.createdAt} where id = ${id}`.execute(server.env.db);
  }
  ids[name] = id;
  return id;
}

async function outboxRow(id: string) {
  return server.env.db.selectFrom('emailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

beforeEach(async () => {
  const { db } = server.env;
  await saveSystemSettings(db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'America/New_York' });
  admin = await createAccount(db, 'admin', { name: 'Ada Admin', email: 'ada@example.com' });
  member = await createAccount(db, 'user', { name: 'Uma User', email: 'uma@example.com' });

  // Out of attempts: six refusals, the last one long.
  const failed = await message('failed', { subject: 'Your booking is confirmed', createdAt: '2026-11-02T10:00:00.000Z', textBody: BODY });
  for (let attempt = 1; attempt <= 6; attempt += 1) {
    await insertAttempt(db, failed, `2026-11-02T10:0${attempt}:00.000Z`, attempt === 6 ? LONG_ERROR : `421 Busy, try ${attempt}`);
  }
  await markMessageFailed(db, failed, {
    status: 'failed',
    attempts: 6,
    lastError: LONG_ERROR,
    nextAttemptAt: '2026-11-02T11:00:00.000Z',
    updatedAt: '2026-11-02T10:06:00.000Z',
  });

  // Sent at the first attempt.
  const sent = await message('desk', { kind: 'admin-new-contact', subject: 'New contact message', createdAt: '2026-11-01T10:00:00.000Z' });
  await insertAttempt(db, sent, '2026-11-02T10:05:00.000Z', null);
  await markMessageSent(db, sent, { attempts: 1, sentAt: '2026-11-02T10:05:00.000Z', textBody: 'Hello', htmlBody: '<p>Hello</p>' });

  // A real public booking: its messages wait for SMTP settings.
  const { slot } = await insertBookableSlot(db);
  const booking = await callerFor(server.env.deps, null).bookings.create({
    timeSlotId: slot.id,
    participantName: 'Kofi Boateng',
    participantEmail: 'kofi@example.com',
  });
  ids.booking = booking.id;
});

afterEach(() => {
  // Toasts live in a module-level store: without this, earlier tests' toasts queue up later ones.
  notifications.clean();
});

async function openLog(account: TestAccount = admin) {
  const user = userEvent.setup();
  renderWithProviders(<SettingsPage />, { baseUrl: server.baseUrl, sessionToken: account.token });
  await user.click(await screen.findByRole('tab', { name: 'Email Log' }));
  const panel = screen.getByRole('tabpanel');
  await within(panel).findByText(/^Showing /);
  return { user, panel };
}

/** The cells of the log row of `recipient`, as text. */
function rowOf(panel: HTMLElement, recipient: string): HTMLElement {
  const row = within(within(panel).getByRole('table', { name: 'Email log' })).getByText(recipient).closest('tr');
  if (row === null) throw new Error(`no row for ${recipient}`);
  return row;
}

function cellsOf(panel: HTMLElement, recipient: string): string[] {
  return within(rowOf(panel, recipient))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('Email Log', () => {
  it('lists messages newest first with status, attempts, errors and times in the site timezone', async () => {
    const { panel } = await openLog();

    expect(within(panel).getByRole('heading', { name: 'Email Log' })).toBeInTheDocument();
    const headers = within(panel).getAllByRole('columnheader').map((header) => header.textContent);
    // No Attempts column (its width reads the recipient and the subject): a failed message says its count.
    expect(headers).toEqual(['Recipient', 'Subject', 'Status', 'Last Error', 'Sent / Next Attempt', 'Actions']);

    expect(cellsOf(panel, 'failed@example.com')).toEqual([
      'failed@example.com',
      'Your booking is confirmed',
      'Failed',
      LONG_ERROR,
      'Failed after 6 attempts',
      '', // icon buttons, named below
    ]);
    const failedRow = rowOf(panel, 'failed@example.com');
    for (const name of ['View', 'Retry', 'Dismiss']) {
      expect(within(failedRow).getByRole('button', { name: `${name} Your booking is confirmed to failed@example.com` })).toBeInTheDocument();
    }
    expect(cellsOf(panel, 'desk@example.com')).toEqual([
      'desk@example.com',
      'New contact message',
      'Sent',
      // The one empty marker: a dash seen, 'No error' heard.
      '–No error',
      // Short on the row (one line); the year and the zone are in the tooltip.
      'Sent Nov 2, 5:05\u00a0AM',
      '',
    ]);
    const waiting = cellsOf(panel, 'kofi@example.com');
    expect(waiting.slice(2, 5)).toEqual(['Pending', 'SMTP not configured', 'Once SMTP is configured']);

    // Newest first: the booking's message (now) before the failed (Nov 2) before the sent (Nov 1).
    const recipients = within(panel)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(recipients.indexOf('kofi@example.com')).toBeLessThan(recipients.indexOf('failed@example.com'));
    expect(recipients.indexOf('failed@example.com')).toBeLessThan(recipients.indexOf('desk@example.com'));
  });

  it('says SMTP is not configured and leads to the Email tab', async () => {
    const { user, panel } = await openLog();

    expect(within(panel).getByText(/SMTP is not configured, so no message can go out/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Email settings' }));
    expect(screen.getByRole('tab', { name: 'Email' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByLabelText(/SMTP Host/)).toBeInTheDocument();
  });

  it('says sending is paused in a restored copy, and resumes it after a confirmation', async () => {
    await pauseSending(server.env.db, 'This copy was restored from the backup 2026-11-27T03-00-00-000Z; its outbox came with it.', new Date('2026-11-27T14:00:00.000Z'));
    const { user, panel } = await openLog();

    const notice = (await within(panel).findByText('Sending is paused')).closest('[role="alert"]') as HTMLElement;
    expect(notice).toHaveTextContent(
      'This copy was restored from the backup 2026-11-27T03-00-00-000Z; its outbox came with it. Nothing is sent while sending is paused ' +
        '(since Nov 27, 2026, 9:00 AM EST): 2 messages wait in the outbox, and new ones join them. Resume only once this copy is the live site.',
    );
    await user.click(within(notice).getByRole('button', { name: 'Resume Sending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resume sending?' });
    expect(dialog).toHaveTextContent('The 2 messages waiting in the outbox go out at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Resume Sending' }));
    await waitFor(() => expect(within(panel).queryByText('Sending is paused')).not.toBeInTheDocument());
    expect(await screen.findByText('Sending resumed: 2 messages on their way')).toBeInTheDocument();
    expect(await server.env.db.selectFrom('settings').select('key').where('key', '=', 'sending').execute()).toEqual([]);
  });

  it('shows the attempts of a message, the accepted one as accepted', async () => {
    const { user, panel } = await openLog();

    await user.click(within(panel).getByRole('button', { name: 'View Your booking is confirmed to failed@example.com' }));
    let dialog = await screen.findByRole('dialog', { name: 'Message Details' });
    const attempts = await within(dialog).findByRole('table', { name: 'Delivery attempts' });
    const results = within(attempts)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(results).toHaveLength(6);
    expect(results[0]).toEqual(['1', 'Nov 2, 2026, 5:01\u00a0AM EST', '421 Busy, try 1']);
    expect(results[5]).toEqual(['6', 'Nov 2, 2026, 5:06\u00a0AM EST', LONG_ERROR]);
    // The details the one-line row leaves out: the whole subject and when the message was written.
    expect(within(dialog).getByText('Your booking is confirmed', { exact: false })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Created: Nov 2, 2026, 5:00 AM EST');
    // The message itself, its lines kept.
    const body = await within(dialog).findByText(/^Dear Ama,/);
    expect(body.textContent).toBe(BODY);
    expect(body).toHaveStyle({ whiteSpace: 'pre-wrap' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(panel).getByRole('button', { name: 'View New contact message to desk@example.com' }));
    dialog = await screen.findByRole('dialog', { name: 'Message Details' });
    expect(await within(dialog).findByText('Accepted by the server')).toBeInTheDocument();

    // Sent messages cannot be retried.
    expect(within(rowOf(panel, 'desk@example.com')).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it('puts a failed message back in line with Retry', async () => {
    const { user, panel } = await openLog();

    await user.click(within(panel).getByRole('button', { name: 'Retry Your booking is confirmed to failed@example.com' }));
    expect(await screen.findByText('Message queued for another attempt')).toBeInTheDocument();
    const stored = await outboxRow(ids.failed ?? '');
    expect([stored.status, stored.attempts, stored.maxAttempts]).toEqual(['pending', 6, 7]);
    await waitFor(() => expect(cellsOf(panel, 'failed@example.com')[2]).toBe('Pending'));
    // Its six attempts are in the tooltip of its next one (the list has no Attempts column).
    expect(within(rowOf(panel, 'failed@example.com')).getByTitle(/^Next attempt .* \(6 attempts so far\)$/)).toBeInTheDocument();
  });

  it('puts every failed message back in line with Retry All Failed, saying how many', async () => {
    const { user, panel } = await openLog();
    const button = await within(panel).findByRole('button', { name: 'Retry All Failed (1)' });
    await user.click(button);
    expect(await screen.findByText('1 failed message queued again')).toBeInTheDocument();
    expect((await outboxRow(ids.failed ?? '')).status).toBe('pending');
    expect(await within(panel).findByRole('button', { name: 'Retry All Failed (0)' })).toBeDisabled();
  });

  it('dismisses a failed message after the confirmation; Cancel keeps it; other rows have no Dismiss', async () => {
    const { user, panel } = await openLog();
    expect(within(rowOf(panel, 'desk@example.com')).queryByRole('button', { name: /^Dismiss/ })).not.toBeInTheDocument();
    expect(within(rowOf(panel, 'kofi@example.com')).queryByRole('button', { name: /^Dismiss/ })).not.toBeInTheDocument();

    const dismissButton = within(panel).getByRole('button', { name: 'Dismiss Your booking is confirmed to failed@example.com' });
    await user.click(dismissButton);
    let dialog = await screen.findByRole('dialog', { name: 'Dismiss Message' });
    expect(dialog).toHaveTextContent(
      'Dismiss the failed message \u201cYour booking is confirmed\u201d to failed@example.com? It is removed from the log with its attempts and will not be sent.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dismiss Message' })).not.toBeInTheDocument());
    expect((await outboxRow(ids.failed ?? '')).status).toBe('failed');

    await user.click(dismissButton);
    dialog = await screen.findByRole('dialog', { name: 'Dismiss Message' });
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Message dismissed')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('failed@example.com')).not.toBeInTheDocument());
    expect(await server.env.db.selectFrom('emailOutbox').select('id').where('id', '=', ids.failed ?? '').execute()).toEqual([]);
  });

  it("shows the server's refusal when the message went out in the meantime", async () => {
    const race = await message('race', { subject: 'Booking received' });
    const { user, panel } = await openLog();
    await markMessageSent(server.env.db, race, { attempts: 1, sentAt: new Date().toISOString(), textBody: 'Hello', htmlBody: '<p>Hello</p>' });

    await user.click(within(panel).getByRole('button', { name: 'Retry Booking received to race@example.com' }));
    expect(await screen.findByText('Failed to retry message: This message was already sent.')).toBeInTheDocument();
    await waitFor(() => expect(cellsOf(panel, 'race@example.com')[2]).toBe('Sent'));
    expect((await outboxRow(race)).status).toBe('sent');
  });

  it('filters by status and searches recipient and subject on the server', async () => {
    const { user, panel } = await openLog();

    await user.click(within(panel).getByRole('combobox', { name: 'Filter by status' }));
    await user.click(await screen.findByRole('option', { name: 'Sent' }));
    await waitFor(() => expect(within(panel).queryByText('kofi@example.com')).not.toBeInTheDocument());
    expect(within(panel).getByText('desk@example.com')).toBeInTheDocument();

    await user.click(within(panel).getByRole('combobox', { name: 'Filter by status' }));
    await user.click(await screen.findByRole('option', { name: 'All Status' }));
    await fill(user, within(panel).getByLabelText('Search messages'), 'kofi@');
    await waitFor(() => expect(within(panel).queryByText('desk@example.com')).not.toBeInTheDocument());
    expect(within(panel).getByText('kofi@example.com')).toBeInTheDocument();

    await fill(user, within(panel).getByLabelText('Search messages'), 'no such message');
    expect(await within(panel).findByText('No messages found')).toBeInTheDocument();
  });

  it('pages through the log on the server', async () => {
    for (let index = 1; index <= 25; index += 1) await message(`bulk${index}`, { subject: `Bulk notice ${index}` });
    const { user, panel } = await openLog();

    await fill(user, within(panel).getByLabelText('Search messages'), 'Bulk notice');
    expect(await within(panel).findByText('Showing 1–20 of 25')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: '2' }));
    expect(await within(panel).findByText('Showing 21–25 of 25')).toBeInTheDocument();
    expect(within(panel).getAllByRole('row')).toHaveLength(6);
  });

  it('is not there for a role-user account', async () => {
    renderWithProviders(<SettingsPage />, { baseUrl: server.baseUrl, sessionToken: member.token });
    await screen.findByRole('tab', { name: 'Profile' });
    expect(screen.queryByRole('tab', { name: 'Email Log' })).not.toBeInTheDocument();
    expect(screen.queryByText('failed@example.com')).not.toBeInTheDocument();
  });
});
