// System alerts, delivered to a real SMTP server on loopback: only admins with Enable Email
// Notifications and System Alerts on get them; at most one per kind per clock hour, across restarts
// (claimed in the database); each of the four triggers: an e-mail that gave up, sign-in failures
// passing the limit (over real HTTP, with the hook the server is built with), a slot's waitlist
// starting, and a start after an unclean stop.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createDeps } from '@server/core/deps';
import { newId } from '@server/core/ids';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import {
  clearServerRunning,
  emailGaveUpAlert,
  noteServerStart,
  raiseSystemAlert,
  systemAlertHooks,
} from './system-alerts.service';
import { insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createAccount, createTestEnv, SAME_ORIGIN, TEST_PASSWORD, type TestAccount, type TestEnv } from '@tests/support/helpers';
import { reopenDatabase } from '@tests/support/postgres-env';
import { type ParsedMail, deliverDue, smtpError, startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';

const SITE = 'Accra Bridge Partners';
const HOUR = 3_600_000;
const SETTINGS_LINK = 'Change your notification settings: http://127.0.0.1:3000/admin/settings?tab=notifications';

let env: TestEnv;
let server: TestSmtpServer;
let admin: TestAccount;

beforeEach(async () => {
  env = await createTestEnv();
  await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, siteName: SITE, timezone: 'America/New_York' });
  admin = await createAccount(env.db, 'admin', { email: 'alerts@example.com' });
  // Only this admin wants alerts; the other accounts of each test are set up by the test.
  await env.db.updateTable('users').set({ notifyEmail: 1, notifySystemAlerts: 1, notifyNewBookings: 0, notifyNewContacts: 0 }).execute();
  server = await startSmtpServer({}, { onMessage: (mail) => (mail.rcptTo.includes('bounce@example.com') ? smtpError(550, 'Mailbox unavailable') : undefined) });
  await useSmtpServer(env.db, server);
});
afterEach(async () => {
  await server.close();
  await env.close();
});

function deliver(at?: number): Promise<ParsedMail[]> {
  return deliverDue(env.deps, server, at === undefined ? undefined : () => new Date(at));
}

const text = (mail: ParsedMail | undefined) => (mail?.text ?? '').replace(/\r\n/g, '\n');

const gaveUp = emailGaveUpAlert({ toAddress: 'x@example.com', subject: 'Booking received', attempts: 6, lastError: '550 Mailbox unavailable' });

describe('who gets alerts, and how often', () => {
  it('goes only to admins with both switches on; role user and switched-off admins get nothing', async () => {
    const user = await createAccount(env.db, 'user', { email: 'staff@example.com' });
    const quiet = await createAccount(env.db, 'admin', { email: 'quiet@example.com' });
    const muted = await createAccount(env.db, 'admin', { email: 'muted@example.com' });
    await env.db.updateTable('users').set({ notifyEmail: 1, notifySystemAlerts: 1 }).where('id', '=', user.user.id).execute();
    await env.db.updateTable('users').set({ notifyEmail: 1, notifySystemAlerts: 0 }).where('id', '=', quiet.user.id).execute();
    await env.db.updateTable('users').set({ notifyEmail: 0, notifySystemAlerts: 1 }).where('id', '=', muted.user.id).execute();

    expect(await raiseSystemAlert(env.db, env.deps.config.publicOrigin, gaveUp)).toBe(1);
    const mails = await deliver();
    expect(mails.map((mail) => mail.headers.to)).toEqual([admin.user.email]);
    expect(await env.db.selectFrom('emailOutbox').select('priority').execute()).toEqual([{ priority: 1 }]);
  });

  it('sends at most one per kind per hour: two triggers in the same hour give one e-mail, the next hour another, across restarts', async () => {
    const at = Date.parse('2026-11-23T15:05:00.000Z');
    const origin = env.deps.config.publicOrigin;
    expect(await raiseSystemAlert(env.db, origin, gaveUp, new Date(at))).toBe(1);
    expect(await raiseSystemAlert(env.db, origin, gaveUp, new Date(at + 50 * 60_000))).toBe(0);
    // Another kind in the same hour is not held back.
    expect(await raiseSystemAlert(env.db, origin, { ...gaveUp, kind: 'unclean-stop' }, new Date(at))).toBe(1);
    // A restarted process (its own connection to the same file) knows the hour is taken.
    const reopened = reopenDatabase(env);
    try {
      expect(await raiseSystemAlert(reopened.db, origin, gaveUp, new Date(at + 54 * 60_000))).toBe(0);
      expect(await raiseSystemAlert(reopened.db, origin, gaveUp, new Date(at + 55 * 60_000))).toBe(1);
    } finally {
      await reopened.close();
    }
    // Each written at its trigger's moment, so due by then.
    expect(await deliver(at + 55 * 60_000)).toHaveLength(3);
  });
});

describe('an e-mail that gave up', () => {
  it('alerts the admins once, naming the address, subject and error; the alert links to the Notifications settings', async () => {
    const at = Date.parse('2026-11-23T15:00:00.000Z');
    for (const subject of ['First lost message', 'Second lost message']) {
      await env.db
        .insertInto('emailOutbox')
        .values({ id: newId(), kind: 'booking-received', toAddress: 'bounce@example.com', subject, textBody: 't', htmlBody: 'h', createdAt: new Date(at - 25 * 3_600_000).toISOString(), nextAttemptAt: new Date(at - 1000).toISOString() })
        .execute();
    }
    expect(await deliver(at)).toHaveLength(0);
    const failed = await env.db.selectFrom('emailOutbox').select('status').where('kind', '=', 'booking-received').execute();
    expect(failed).toEqual([{ status: 'failed' }, { status: 'failed' }]);

    const [alert, ...rest] = await deliver(at);
    expect(rest).toHaveLength(0);
    expect(alert?.headers.to).toBe(admin.user.email);
    expect(alert?.subject).toBe(`${SITE} alert: an e-mail could not be sent`);
    expect(text(alert)).toContain('An e-mail gave up after 1 attempt and will not be tried again unless you retry it in the Email Log.');
    expect(text(alert)).toContain('To: bounce@example.com');
    expect(text(alert)).toMatch(/Subject: (First|Second) lost message/);
    expect(text(alert)).toMatch(/Last error: .*550/);
    expect(text(alert)).toContain(SETTINGS_LINK);
    expect(alert?.html).toContain(`<h1 style="font-size:18px;margin:0 0 16px;">${SITE}</h1>`);
  });
});

describe('sign-in failures past the limit', () => {
  it('over real HTTP: failures until throttled give one alert naming the account and every address that failed this hour', async () => {
    const target = await createAccount(env.db, 'user', { email: 'target@example.com' });
    await env.db.updateTable('users').set({ notifySystemAlerts: 0 }).where('id', '=', target.user.id).execute();
    // The deps as the server builds them (server/index.ts), with a limit of 3 failures.
    const alerts = systemAlertHooks(env.db, env.deps.config.publicOrigin, (error) => {
      throw error;
    });
    const deps = createDeps(env.db, env.deps.config, { signInFreeFailuresPerEmail: 3, signInFreeFailuresPerIp: 10_000 }, alerts.hooks);
    const app = await buildApp(deps, { logger: false });
    await app.ready();
    try {
      const signIn = (remoteAddress: string, password = 'wrong-password') =>
        app.inject({
          method: 'POST',
          url: '/api/trpc/auth.signIn',
          remoteAddress,
          headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
          payload: JSON.stringify({ email: 'target@example.com', password }),
        });
      // One guess from another address first: not throttled itself, but named in the alert.
      expect((await signIn('203.0.113.4')).statusCode).toBe(401);
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) codes.push((await signIn('198.51.100.7')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      // Another address passing the limit in the same hour: no second alert.
      for (let i = 0; i < 4; i += 1) await signIn('198.51.100.8');
      // The right password from a fresh address still works: only the guessing pairs are refused.
      expect((await signIn('198.51.100.9', TEST_PASSWORD)).statusCode).toBe(200);
      await alerts.settled();
    } finally {
      await app.close();
    }
    const [alert, ...rest] = await deliver();
    expect(rest).toHaveLength(0);
    expect(alert?.headers.to).toBe(admin.user.email);
    expect(alert?.subject).toBe(`${SITE} alert: repeated failed sign-ins for target@example.com`);
    expect(text(alert)).toContain('This may be an attack: someone guessing its password.');
    expect(text(alert)).toContain('Account: target@example.com\nAddresses: 198.51.100.7, 203.0.113.4');
    expect(text(alert)).toContain(SETTINGS_LINK);
  });
});

describe("a slot's waitlist starting", () => {
  it('alerts when a public booking is the first to go onto the waitlist, not for the bookings before or after it', async () => {
    const event = await insertEventRow(env.db, { title: 'Lagos Market Entry' });
    const session = await insertSessionRow(env.db, event.id, { title: 'Regulatory Briefing', maxParticipants: 1 });
    const slot = await insertSlotRow(env.db, session.id, 48);
    const app = await buildApp(env.deps, { logger: false });
    await app.ready();
    const book = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/trpc/bookings.create',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ timeSlotId: slot.id, participantName: 'Ama Boateng', participantEmail: email }),
      });
    try {
      const statuses: string[] = [];
      for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
        const answer = (await book(email)).json<{ result: { data: { status: string } } }>();
        statuses.push(answer.result.data.status);
      }
      expect(statuses).toEqual(['pending', 'waitlisted', 'waitlisted']);
    } finally {
      await app.close();
    }
    const alerts = (await deliver()).filter((mail) => mail.headers.to === admin.user.email);
    expect(alerts.map((mail) => mail.subject)).toEqual([`${SITE} alert: Regulatory Briefing is full`]);
    expect(text(alerts[0])).toContain('A time slot became full and its waitlist started: the latest booking went onto the waitlist.');
    expect(text(alerts[0])).toMatch(/When: .* E[SD]T \(New York\)\n/);
    expect(text(alerts[0])).toContain('Capacity: 1');
  });
});

describe('a start after an unclean stop', () => {
  it('keeps one marker per instance: a second instance starting beside a running one is no unclean stop', async () => {
    const origin = env.deps.config.publicOrigin;
    const now = Date.parse('2026-11-23T09:00:00.000Z');
    expect(await noteServerStart(env.db, origin, 'web1:3000', new Date(now))).toBe(0);
    expect(await noteServerStart(env.db, origin, 'web2:3000', new Date(now + HOUR))).toBe(0);
    await clearServerRunning(env.db, 'web2:3000');
    // web1 is still running: its marker stays, and web2's clean stop did not touch it.
    expect(await noteServerStart(env.db, origin, 'web2:3000', new Date(now + 2 * HOUR))).toBe(0);
    expect(await noteServerStart(env.db, origin, 'web1:3000', new Date(now + 3 * HOUR))).toBe(1);
  });

  it('alerts when the previous run left its marker, not after a clean shutdown', async () => {
    const origin = env.deps.config.publicOrigin;
    const first = Date.parse('2026-11-23T09:00:00.000Z');
    expect(await noteServerStart(env.db, origin, 'web1:3000', new Date(first))).toBe(0);
    // Killed: no clean shutdown, the marker stays. The next start alerts.
    expect(await noteServerStart(env.db, origin, 'web1:3000', new Date(first + 3 * HOUR))).toBe(1);
    // A clean shutdown clears it: the start after that is quiet.
    await clearServerRunning(env.db, 'web1:3000');
    expect(await noteServerStart(env.db, origin, 'web1:3000', new Date(first + 6 * HOUR))).toBe(0);

    const [alert, ...rest] = await deliver();
    expect(rest).toHaveLength(0);
    expect(alert?.subject).toBe(`${SITE} alert: the server restarted after an unclean stop`);
    expect(text(alert)).toContain('Previous run started: Nov 23, 2026, 4:00\u00a0AM EST');
    expect(text(alert)).toContain('Started again: Nov 23, 2026, 7:00\u00a0AM EST');
    expect(text(alert)).toContain(SETTINGS_LINK);
  });
});
