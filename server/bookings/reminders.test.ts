// Booking reminders and outbox retention, run by the scheduler with a clock the test moves, delivered
// to a real SMTP server on loopback.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertOutboxMessage } from '@server/email/outbox.repository';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { startScheduler } from '@server/scheduler/scheduler';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { expectFieldErrors, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { createMailTestEnv, MAIL_TEST_SITE, type MailTestEnv } from '@tests/support/mail-env';
import { icsProperty, type ParsedMail, deliverDue, type TestSmtpServer } from '@tests/support/smtp';

const SITE = MAIL_TEST_SITE;
const HOUR = 3_600_000;
let env: TestEnv;
let callers: RoleCallers;
let server: TestSmtpServer;
let clock: number;

let mail: MailTestEnv;

beforeEach(async () => {
  mail = await createMailTestEnv({ timezone: 'America/New_York' });
  ({ env, callers, server } = mail);
  clock = Date.now();
});
afterEach(() => mail.close());

/** A scheduler run at the test's clock (a fresh scheduler each time, as after a restart). */
async function runScheduler() {
  const scheduler = startScheduler(env.deps, { intervalMs: null, now: () => new Date(clock) });
  try {
    return await scheduler.runOnce();
  } finally {
    await scheduler.stop();
  }
}

/** A sender run at the test's clock too: messages are due by the clock that wrote them. */
function deliver(): Promise<ParsedMail[]> {
  return deliverDue(env.deps, server, () => new Date(clock));
}

async function bookedSlot(startsInHours: number, bookedHoursAgo = 72) {
  const event = await insertEventRow(env.db, { title: 'Lagos Market Entry' });
  const session = await insertSessionRow(env.db, event.id, { title: 'Regulatory Briefing' });
  const slot = await insertSlotRow(env.db, session.id, startsInHours);
  const booking = await insertBookingRow(env.db, slot, event.id, {
    email: 'ama@example.com',
    name: 'Ama Boateng',
    status: 'confirmed',
    createdAt: new Date(Date.now() - bookedHoursAgo * HOUR).toISOString(),
  });
  return { slot, booking };
}

describe('reminders', () => {
  it('sends one reminder once the slot starts within the setting, with the manage link and the .ics, never twice across restarts', async () => {
    await bookedSlot(48);
    expect((await runScheduler()).reminders).toBe(0);
    clock += 23 * HOUR; // 25 hours before the start: not yet
    expect((await runScheduler()).reminders).toBe(0);
    clock += 2 * HOUR; // 23 hours before
    expect((await runScheduler()).reminders).toBe(1);
    expect((await runScheduler()).reminders).toBe(0);
    const [mail, ...rest] = await deliver();
    expect(rest).toHaveLength(0);
    expect(mail?.headers.to).toBe('ama@example.com');
    expect(mail?.subject).toBe(`${SITE}: reminder for Regulatory Briefing`);
    expect(mail?.text).toContain(`This is a reminder of your booking with ${SITE}, starting `);
    expect(mail?.text).toContain('View or cancel your booking: http://127.0.0.1:3000/booking/manage/');
    expect(mail?.html).toContain(SITE);
    expect(icsProperty(mail?.ics ?? '', 'METHOD')).toBe('REQUEST');
    expect(icsProperty(mail?.ics ?? '', 'SEQUENCE')).toBe('1');
    clock += HOUR;
    expect((await runScheduler()).reminders).toBe(0);
  });

  it('sends none for a booking made inside the window, or when the setting is 0', async () => {
    await bookedSlot(10, 1);
    clock += HOUR;
    expect((await runScheduler()).reminders).toBe(0);
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, reminderHours: 0 });
    await bookedSlot(12);
    expect((await runScheduler()).reminders).toBe(0);
  });

  it('a slot moved later and then back into the window is reminded again', async () => {
    const { slot } = await bookedSlot(20);
    expect((await runScheduler()).reminders).toBe(1);
    const later = (hours: number) => new Date(Date.parse(slot.startTime) + hours * HOUR).toISOString();
    await callers.admin.timeSlots.update({ id: slot.id, startTime: later(100), endTime: later(102) });
    expect((await runScheduler()).reminders).toBe(0);
    await callers.admin.timeSlots.update({ id: slot.id, startTime: slot.startTime, endTime: slot.endTime });
    expect((await runScheduler()).reminders).toBe(1);
    const kinds = await env.db.selectFrom('emailOutbox').select('kind').orderBy('createdAt').execute();
    expect(kinds.map((row) => row.kind)).toEqual(['booking-reminder', 'booking-updated', 'booking-updated', 'booking-reminder']);
  });

  it('settings.updateSystem keeps reminderHours 0 to 168 and outboxRetentionDays 1 to 3650', async () => {
    const base = { ...DEFAULT_SYSTEM_SETTINGS };
    expect((await callers.admin.settings.updateSystem({ ...base, reminderHours: 0, outboxRetentionDays: 3650 })).reminderHours).toBe(0);
    await expectFieldErrors(callers.admin.settings.updateSystem({ ...base, reminderHours: 169 }), {
      reminderHours: 'Reminder before a booked slot must be between 0 and 168 hours',
    });
    await expectFieldErrors(callers.admin.settings.updateSystem({ ...base, outboxRetentionDays: 0 }), {
      outboxRetentionDays: 'Keep sent e-mails must be between 1 and 3650 days',
    });
  });
});

describe('outbox retention', () => {
  it('removes sent messages older than the setting once a day; failed ones stay', async () => {
    const old = new Date(clock - 91 * 24 * HOUR).toISOString();
    const ids: string[] = [];
    for (const status of ['sent', 'sent', 'failed'] as const) {
      const id = await insertOutboxMessage(env.db, {
        kind: 'admin-new-contact',
        toAddress: 'a@example.com',
        subject: 'Old',
        textBody: 'Body',
        htmlBody: '<p>Body</p>',
        ics: null,
        icsMethod: null,
        bookingId: null,
        lastError: null,
        nextAttemptAt: old,
      });
      await env.db.updateTable('emailOutbox').set({ status, sentAt: status === 'sent' ? old : null }).where('id', '=', id).execute();
      ids.push(id);
    }
    await env.db.updateTable('emailOutbox').set({ sentAt: new Date(clock - 10 * 24 * HOUR).toISOString() }).where('id', '=', ids[1] ?? '').execute();
    expect((await runScheduler()).removedSent).toBe(1);
    const left = await env.db.selectFrom('emailOutbox').select('id').execute();
    expect(left.map((row) => row.id).sort()).toEqual([ids[1], ids[2]].sort());
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, outboxRetentionDays: 1 });
    expect((await runScheduler()).removedSent).toBe(0); // once a day
    clock += 24 * HOUR;
    expect((await runScheduler()).removedSent).toBe(1);
  });
});
