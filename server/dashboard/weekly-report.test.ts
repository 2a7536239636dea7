// The weekly report: Monday from 08:00 in the site's timezone (DST-safe), once per person per ISO
// week across restarts, only to accounts with Enable Email Notifications and Weekly Reports on, with
// the last 7 days' bookings and contacts by status, the next 7 days' slots with seats taken of
// capacity, and the failed e-mails; 'Send me this report now' (settings.sendWeeklyReport, U).
// Delivered to a real SMTP server on loopback, with the scheduler's clock set by the test.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDeps } from '@server/core/deps';
import { newId } from '@server/core/ids';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { priorityOf } from '@server/email/enqueue.service';
import { startScheduler } from '@server/scheduler/scheduler';
import { isoWeekOf, weeklyReportDue } from './weekly-report.service';
import type { AppDeps } from '@server/core/deps';
import { insertBookingRow, insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import { createAccount, createTestEnv, expectTRPCError, roleCallers, type RoleCallers, type TestAccount, type TestEnv } from '@tests/support/helpers';
import { reopenDatabase } from '@tests/support/postgres-env';
import { type ParsedMail, deliverDue, startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';

const SITE = 'Accra Bridge Partners';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 30 November 2026, 08:00 in New York (EST, UTC-5). */
const MONDAY_8AM = Date.parse('2026-11-30T13:00:00.000Z');

let env: TestEnv;
let callers: RoleCallers;
let server: TestSmtpServer;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  // Nobody gets reports unless a test turns them on.
  await env.db.updateTable('users').set({ notifyWeeklyReports: 0 }).execute();
  await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, siteName: SITE, timezone: 'America/New_York' });
  server = await startSmtpServer();
  await useSmtpServer(env.db, server);
});
afterEach(async () => {
  await server.close();
  await env.close();
});

async function runScheduler(at: number, deps: AppDeps = env.deps) {
  const scheduler = startScheduler(deps, { intervalMs: null, now: () => new Date(at) });
  try {
    return await scheduler.runOnce();
  } finally {
    await scheduler.stop();
  }
}

/** A sender run at `at` (the clock the scheduler ran at: messages are due by the clock that wrote them), or now. */
function deliver(at?: number): Promise<ParsedMail[]> {
  return deliverDue(env.deps, server, at === undefined ? undefined : () => new Date(at));
}

async function staff(role: 'admin' | 'user', flags: { notifyEmail: 0 | 1; notifyWeeklyReports: 0 | 1 }): Promise<TestAccount> {
  const account = await createAccount(env.db, role);
  await env.db.updateTable('users').set(flags).where('id', '=', account.user.id).execute();
  return account;
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('when the report is due', () => {
  it('numbers ISO weeks by their Thursday, across years', () => {
    expect(isoWeekOf('2026-11-30')).toBe('2026-W49');
    expect(isoWeekOf('2026-12-31')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-03')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-04')).toBe('2027-W01');
    expect(isoWeekOf('2025-12-29')).toBe('2026-W01');
  });

  it('is Monday from 08:00 on the site clock, on either side of a daylight-saving change', () => {
    const zone = 'America/New_York';
    // Monday 2 November 2026, the day after clocks went back: 08:00 EST is 13:00 UTC.
    expect(weeklyReportDue(new Date('2026-11-02T12:59:00.000Z'), zone)).toBe(false);
    expect(weeklyReportDue(new Date('2026-11-02T13:00:00.000Z'), zone)).toBe(true);
    // Monday 15 March 2027, the day after clocks went forward: 08:00 EDT is 12:00 UTC.
    expect(weeklyReportDue(new Date('2027-03-15T11:59:00.000Z'), zone)).toBe(false);
    expect(weeklyReportDue(new Date('2027-03-15T12:00:00.000Z'), zone)).toBe(true);
    // Monday 04:59 UTC is still Sunday evening in New York; Tuesday is too late.
    expect(weeklyReportDue(new Date('2026-11-30T04:59:00.000Z'), zone)).toBe(false);
    expect(weeklyReportDue(new Date('2026-12-01T13:00:00.000Z'), zone)).toBe(false);
    // Monday 23:59 in New York is Tuesday in UTC: still due.
    expect(weeklyReportDue(new Date('2026-12-01T04:59:00.000Z'), zone)).toBe(true);
  });
});

describe('the scheduled weekly report', () => {
  it('goes on Monday at 08:00 to each staff member with both switches on, once per person per week, across restarts', async () => {
    const admin = await staff('admin', { notifyEmail: 1, notifyWeeklyReports: 1 });
    const user = await staff('user', { notifyEmail: 1, notifyWeeklyReports: 1 });
    await staff('user', { notifyEmail: 1, notifyWeeklyReports: 0 });
    await staff('admin', { notifyEmail: 0, notifyWeeklyReports: 1 });

    expect((await runScheduler(MONDAY_8AM - 60_000)).weeklyReports).toBe(0);
    expect((await runScheduler(MONDAY_8AM)).weeklyReports).toBe(2);
    expect((await runScheduler(MONDAY_8AM + 5 * 60_000)).weeklyReports).toBe(0);

    // A restarted process: new deps and a new connection on the same database file.
    const reopened = reopenDatabase(env);
    try {
      expect((await runScheduler(MONDAY_8AM + HOUR, createDeps(reopened.db, env.deps.config))).weeklyReports).toBe(0);
    } finally {
      await reopened.close();
    }

    const mails = await deliver(MONDAY_8AM + HOUR);
    expect(mails.map((mail) => mail.headers.to).sort()).toEqual([admin.user.email, user.user.email].sort());
    const stored = await env.db.selectFrom('emailOutbox').select(['kind', 'priority']).execute();
    expect(stored).toEqual([
      { kind: 'weekly-report', priority: 3 },
      { kind: 'weekly-report', priority: 3 },
    ]);

    // The next Monday is another week.
    expect((await runScheduler(MONDAY_8AM + 7 * DAY)).weeklyReports).toBe(2);
  });

  it('reports the last 7 days by status, the next 7 days with seats of capacity, and failed e-mails, in the site timezone', async () => {
    const admin = await staff('admin', { notifyEmail: 1, notifyWeeklyReports: 1 });
    const user = await staff('user', { notifyEmail: 1, notifyWeeklyReports: 1 });
    const event = await insertEventRow(env.db, { title: 'Lagos Market Entry' });
    const session = await insertSessionRow(env.db, event.id, { title: 'Regulatory Briefing', maxParticipants: 10 });
    const open = await insertSessionRow(env.db, event.id, { title: 'Open Forum', maxParticipants: null });
    const slot = { id: newId(), sessionId: session.id, startTime: iso(MONDAY_8AM + 2 * DAY), endTime: iso(MONDAY_8AM + 2 * DAY + 2 * HOUR) };
    const forum = { id: newId(), sessionId: open.id, startTime: iso(MONDAY_8AM + 3 * DAY), endTime: iso(MONDAY_8AM + 3 * DAY + HOUR) };
    const farAway = { id: newId(), sessionId: session.id, startTime: iso(MONDAY_8AM + 9 * DAY), endTime: iso(MONDAY_8AM + 9 * DAY + HOUR) };
    await env.db.insertInto('timeSlots').values([slot, forum, farAway]).execute();
    const lastWeek = iso(MONDAY_8AM - 2 * DAY);
    await insertBookingRow(env.db, slot, event.id, { status: 'confirmed', createdAt: lastWeek });
    await insertBookingRow(env.db, slot, event.id, { status: 'pending', createdAt: lastWeek });
    await insertBookingRow(env.db, slot, event.id, { status: 'cancelled', createdAt: lastWeek });
    await insertBookingRow(env.db, forum, event.id, { status: 'waitlisted', createdAt: lastWeek });
    await insertBookingRow(env.db, farAway, event.id, { status: 'confirmed', createdAt: iso(MONDAY_8AM - 10 * DAY) });
    for (const [status, createdAt] of [
      ['new', lastWeek],
      ['new', lastWeek],
      ['closed', lastWeek],
      ['new', iso(MONDAY_8AM - 8 * DAY)],
    ] as const) {
      await env.db
        .insertInto('contactForms')
        .values({ id: newId(), name: 'Efua', email: 'efua@example.com', company: null, message: 'Hello', status, notes: null, createdAt })
        .execute();
    }
    await env.db
      .insertInto('emailOutbox')
      .values({
        id: newId(),
        kind: 'booking-received',
        toAddress: 'lost@example.com',
        subject: 'Booking received',
        textBody: 't',
        htmlBody: 'h',
        status: 'failed',
        attempts: 6,
        lastError: '550 mailbox unavailable',
        updatedAt: lastWeek,
      })
      .execute();

    await runScheduler(MONDAY_8AM);
    const reports = (await deliver(MONDAY_8AM)).filter((m) => m.subject.endsWith('weekly report'));
    expect(reports).toHaveLength(2);
    const mail = reports.find((m) => m.headers.to === admin.user.email);
    // A user's report shows what their own procedures would: the e-mail log is for admins.
    const usersReport = (reports.find((m) => m.headers.to === user.user.email)?.text ?? '').replace(/\r\n/g, '\n');
    expect(usersReport).toContain('New bookings: 4 (Pending 1, Confirmed 1, Waitlisted 1, Cancelled 1)');
    expect(usersReport).not.toContain('lost@example.com');
    expect(usersReport).not.toContain('550 mailbox unavailable');
    expect(usersReport).not.toMatch(/failed/i);
    expect(mail?.subject).toBe(`${SITE}: weekly report`);
    const text = (mail?.text ?? '').replace(/\r\n/g, '\n');
    expect(text).toContain(`Your weekly report from ${SITE}, for the 7 days to Nov 30, 2026, 8:00\u00a0AM EST and the 7 days ahead.`);
    expect(text).toContain('New bookings: 4 (Pending 1, Confirmed 1, Waitlisted 1, Cancelled 1)');
    expect(text).toContain('New contact messages: 3 (New 2, In progress 0, Completed 0, Closed 1)');
    expect(text).toContain('Sessions ahead: 2');
    expect(text).toContain('Failed e-mails: 1');
    expect(text).toContain('Sessions in the next 7 days (seats taken of capacity):');
    expect(text).toMatch(/- Regulatory Briefing \(Lagos Market Entry\), Wednesday, December 2, 2026, 8:00\u00a0AM – 10:00\u00a0AM EST: 2 of 10\n/);
    expect(text).toMatch(/- Open Forum \(Lagos Market Entry\), Thursday, December 3, 2026, 8:00\u00a0AM – 9:00\u00a0AM EST: 0 taken, no limit\n/);
    expect(text).toContain('1 e-mail failed in the last 7 days (see the Email Log):\n- Booking received to lost@example.com: 550 mailbox unavailable');
    expect(text).toContain('Change your notification settings: http://127.0.0.1:3000/admin/settings?tab=notifications');
    expect(text.trimEnd().endsWith(SITE)).toBe(true);
    expect(mail?.html).toContain(`<h1 style="font-size:18px;margin:0 0 16px;">${SITE}</h1>`);
    expect(mail?.html).toContain('href="http://127.0.0.1:3000/admin/settings?tab=notifications"');
  });
});

describe('settings.sendWeeklyReport', () => {
  it('sends the report to the caller at once, whatever their switches, and records it', async () => {
    await env.db.updateTable('users').set({ notifyEmail: 0 }).execute();
    expect(await callers.user.settings.sendWeeklyReport()).toEqual({ to: callers.userAccount.user.email });
    const [mail, ...rest] = await deliver();
    expect(rest).toHaveLength(0);
    expect(mail?.headers.to).toBe(callers.userAccount.user.email);
    expect(mail?.subject).toBe(`${SITE}: weekly report`);
    const audit = await env.db.selectFrom('auditLog').select(['action', 'entity', 'summary', 'userId']).where('entity', '=', 'email').execute();
    expect(audit).toEqual([
      { action: 'create', entity: 'email', summary: `weekly report to ${callers.userAccount.user.email}`, userId: callers.userAccount.user.id },
    ]);
    // It does not stand for the Monday report.
    await env.db.updateTable('users').set({ notifyEmail: 1, notifyWeeklyReports: 1 }).execute();
    expect((await runScheduler(MONDAY_8AM)).weeklyReports).toBe(2);
  });

  it('is for signed-in staff: anonymous gets UNAUTHORIZED, admins may too', async () => {
    await expectTRPCError(callers.anonymous.settings.sendWeeklyReport(), 'UNAUTHORIZED');
    expect(await callers.admin.settings.sendWeeklyReport()).toEqual({ to: callers.adminAccount.user.email });
  });

  it('puts reports after every other kind in the sending order', () => {
    expect(priorityOf('weekly-report')).toBeGreaterThan(priorityOf('booking-reminder'));
    expect(priorityOf('booking-reminder')).toBeGreaterThan(priorityOf('system-alert'));
    expect(priorityOf('system-alert')).toBeGreaterThan(priorityOf('booking-received'));
  });
});
