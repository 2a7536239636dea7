// The manage-my-booking link: the token from the e-mail opens the booking and cancels it (waitlist
// promotion and e-mails included, in one transaction); only its hash is stored.
// @module-tag postgres
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { redactUrl } from '@server/http/log-redaction';
import { newId } from '@server/core/ids';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { startEmailSender } from '@server/email/sender';
import { insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import { callerFor, createTestEnv, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { refuseInserts, tableNames } from '@tests/support/dialect';
import { icsProperty, parseMail, startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';
import { futureYear, isoDay } from '@tests/dates';

/** 14 March in a year ahead of the clock (tests/dates.ts): a slot in the future, in daylight time. */
const SLOT_DAY = isoDay(futureYear(), 3, 14);
const MANAGE_LINK = /http:\/\/127\.0\.0\.1:3000\/booking\/manage\/([A-Za-z0-9_-]{43})/;
const SETTINGS = { ...DEFAULT_SYSTEM_SETTINGS, siteName: 'Accra Bridge Partners', timezone: 'America/New_York' as const };

let env: TestEnv;
let callers: RoleCallers;
let server: TestSmtpServer;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  await saveSystemSettings(env.db, SETTINGS);
});
beforeEach(async () => {
  await env.db.deleteFrom('emailOutbox').execute();
  server = await startSmtpServer();
  await useSmtpServer(env.db, server);
});
afterEach(() => server.close());
afterEach(() => env.close());

async function deliver(): Promise<void> {
  const sender = startEmailSender(env.deps, { intervalMs: null });
  await sender.runOnce();
  await sender.stop();
}

async function slotWithCapacity(capacity: number, times = { start: `${SLOT_DAY}T14:00:00.000Z`, end: `${SLOT_DAY}T16:00:00.000Z` }) {
  const event = await insertEventRow(env.db, { title: 'West Africa Trade Mission' });
  const session = await insertSessionRow(env.db, event.id, { title: 'Market Entry Clinic', maxParticipants: capacity });
  return env.db
    .insertInto('timeSlots')
    .values({ id: newId(), sessionId: session.id, startTime: times.start, endTime: times.end })
    .returningAll()
    .executeTakeFirstOrThrow();
}

let counter = 0;
async function book(timeSlotId: string, name = 'Ama Mensah') {
  counter += 1;
  const email = `manage${counter}@example.com`;
  const result = await callers.anonymous.bookings.create({ timeSlotId, participantName: name, participantEmail: email });
  return { ...result, email };
}

function mailsTo(address: string) {
  return server.received.filter((mail) => mail.rcptTo.includes(address)).map((mail) => parseMail(mail.raw));
}

function tokenSentTo(address: string): string {
  const texts = mailsTo(address).map((mail) => mail.text ?? '');
  const token = texts.map((text) => MANAGE_LINK.exec(text)?.[1]).find((found) => found !== undefined);
  if (token === undefined) throw new Error(`No manage link was sent to ${address}`);
  return token;
}

async function everyStoredValue(): Promise<string> {
  const dumps: string[] = [];
  for (const name of await tableNames(env.db)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(env.db);
    dumps.push(JSON.stringify(rows.rows));
  }
  return dumps.join('\n');
}

describe('bookings.manage', () => {
  it('opens the booking of the link in the e-mail, with times to show in the site timezone', async () => {
    const slot = await slotWithCapacity(5);
    const booking = await book(slot.id);
    await deliver();
    const token = tokenSentTo(booking.email);
    expect(await callers.anonymous.bookings.manage({ token })).toEqual({
      id: booking.id,
      status: 'pending',
      payment: null,
      participantName: 'Ama Mensah',
      eventTitle: 'West Africa Trade Mission',
      sessionTitle: 'Market Entry Clinic',
      location: 'Room 1',
      startTime: `${SLOT_DAY}T14:00:00.000Z`,
      endTime: `${SLOT_DAY}T16:00:00.000Z`,
      timezone: 'America/New_York',
      canCancel: true,
      offerExpiresAt: null,
    });
  });

  it("shows the firm's titles in the page's language, English where a French one is missing", async () => {
    const slot = await slotWithCapacity(5);
    const booking = await book(slot.id);
    await deliver();
    const token = tokenSentTo(booking.email);
    await env.db.updateTable('events').set({ translations: JSON.stringify({ fr: { title: 'Mission commerciale en Afrique de l’Ouest' } }) }).execute();
    const french = callerFor(env.deps, null, { language: 'fr' });
    expect(await french.bookings.manage({ token })).toMatchObject({ eventTitle: 'Mission commerciale en Afrique de l’Ouest', sessionTitle: 'Market Entry Clinic' });
    await env.db.updateTable('eventSessions').set({ translations: JSON.stringify({ fr: { title: 'Atelier d’entrée sur le marché' } }) }).execute();
    expect(await french.bookings.manage({ token })).toMatchObject({ sessionTitle: 'Atelier d’entrée sur le marché' });
    expect(await callers.anonymous.bookings.manage({ token })).toMatchObject({ eventTitle: 'West Africa Trade Mission', sessionTitle: 'Market Entry Clinic' });
  });

  it('says the link is not valid for an unknown, blank or malformed token', async () => {
    await expectTRPCError(callers.anonymous.bookings.manage({ token: 'A'.repeat(43) }), 'NOT_FOUND', 'This booking link is not valid.');
    await expectTRPCError(callers.anonymous.bookings.manage({ token: 'not a token' }), 'NOT_FOUND', 'This booking link is not valid.');
    await expectFieldErrors(callers.anonymous.bookings.manage({ token: '  ' }), { token: 'This booking link is not valid.' });
    await expectFieldErrors(callers.anonymous.bookings.cancelByToken({ token: 'x'.repeat(201) }), {
      token: 'This booking link is not valid.',
    });
  });

  it('stores only the SHA-256 of the token; after sending, no column anywhere holds the token', async () => {
    const slot = await slotWithCapacity(5);
    const booking = await book(slot.id);
    const row = await env.db.selectFrom('bookings').selectAll().where('id', '=', booking.id).executeTakeFirstOrThrow();
    await deliver();
    const token = tokenSentTo(booking.email);
    expect(row.manageTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await everyStoredValue()).not.toContain(token);
  });
});

describe('bookings.cancelByToken', () => {
  it('cancels, promotes the oldest waitlisted booking, and sends the cancelled and promotion messages', async () => {
    const slot = await slotWithCapacity(1);
    const held = await book(slot.id, 'Held Seat');
    const firstInLine = await book(slot.id, 'First In Line');
    const secondInLine = await book(slot.id, 'Second In Line');
    await deliver();
    const token = tokenSentTo(held.email);
    server.received.length = 0;

    const cancelled = await callers.anonymous.bookings.cancelByToken({ token });
    expect(cancelled).toMatchObject({ id: held.id, status: 'cancelled', canCancel: false, timezone: 'America/New_York' });
    const statuses = await env.db.selectFrom('bookings').select(['id', 'status']).where('timeSlotId', '=', slot.id).execute();
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [held.id]: 'cancelled',
      [firstInLine.id]: 'pending',
      [secondInLine.id]: 'waitlisted',
    });

    await deliver();
    const [cancellation] = mailsTo(held.email);
    expect(cancellation?.subject).toBe('Accra Bridge Partners: booking cancelled for Market Entry Clinic');
    expect(icsProperty(cancellation?.ics ?? '', 'METHOD')).toBe('CANCEL');
    expect(icsProperty(cancellation?.ics ?? '', 'SEQUENCE')).toBe('1');
    const [promotion] = mailsTo(firstInLine.email);
    expect(promotion?.subject).toBe('Accra Bridge Partners: a seat opened up for Market Entry Clinic');
    expect(mailsTo(secondInLine.email)).toHaveLength(0);
    expect(server.received).toHaveLength(2);

    // The promoted participant's new link works.
    await expect(callers.anonymous.bookings.manage({ token: tokenSentTo(firstInLine.email) })).resolves.toMatchObject({
      id: firstInLine.id,
      status: 'pending',
      canCancel: true,
    });

    // Again: nothing changes and nothing more is written.
    const outboxBefore = await env.db.selectFrom('emailOutbox').select('id').execute();
    await expect(callers.anonymous.bookings.cancelByToken({ token })).resolves.toEqual(cancelled);
    await expect(callers.anonymous.bookings.manage({ token })).resolves.toEqual(cancelled);
    expect(await env.db.selectFrom('emailOutbox').select('id').execute()).toEqual(outboxBefore);
    expect((await env.db.selectFrom('bookings').select('status').where('id', '=', secondInLine.id).executeTakeFirstOrThrow()).status).toBe(
      'waitlisted',
    );
  });

  it('changes nothing when its messages cannot be stored', async () => {
    const slot = await slotWithCapacity(1);
    const held = await book(slot.id);
    const waiting = await book(slot.id);
    await deliver();
    const token = tokenSentTo(held.email);
    const restoreInserts = await refuseInserts(env.db, 'email_outbox', 'outbox is down');
    try {
      await expectTRPCError(callers.anonymous.bookings.cancelByToken({ token }), 'INTERNAL_SERVER_ERROR');
    } finally {
      await restoreInserts();
    }
    const rows = await env.db.selectFrom('bookings').select(['id', 'status']).where('timeSlotId', '=', slot.id).execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({ [held.id]: 'pending', [waiting.id]: 'waitlisted' });
  });

  it('refuses once the session has started', async () => {
    const now = Date.now();
    const slot = await slotWithCapacity(5, {
      start: new Date(now - 3_600_000).toISOString(),
      end: new Date(now + 3_600_000).toISOString(),
    });
    const booking = await callers.user.bookings.adminCreate({
      timeSlotId: slot.id,
      status: 'confirmed',
      participantName: 'Late Comer',
      participantEmail: 'late@example.com',
    });
    await deliver();
    const token = tokenSentTo('late@example.com');
    await expect(callers.anonymous.bookings.manage({ token })).resolves.toMatchObject({ id: booking.id, canCancel: false });
    await expectTRPCError(
      callers.anonymous.bookings.cancelByToken({ token }),
      'PRECONDITION_FAILED',
      'This booking can no longer be cancelled: its session has already started.',
    );
    expect((await env.db.selectFrom('bookings').select('status').where('id', '=', booking.id).executeTakeFirstOrThrow()).status).toBe(
      'confirmed',
    );
  });
});

describe('the manage gate', () => {
  it('works in Maintenance Mode and with registrations closed, while new bookings are refused', async () => {
    const slot = await slotWithCapacity(5);
    const booking = await book(slot.id);
    await deliver();
    const token = tokenSentTo(booking.email);
    await saveSystemSettings(env.db, { ...SETTINGS, maintenanceMode: true, allowRegistrations: false });
    try {
      await expectTRPCError(
        callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'New', participantEmail: 'new@example.com' }),
        'SERVICE_UNAVAILABLE',
      );
      await expect(callers.anonymous.bookings.manage({ token })).resolves.toMatchObject({ status: 'pending' });
      await expect(callers.anonymous.bookings.cancelByToken({ token })).resolves.toMatchObject({ status: 'cancelled' });
    } finally {
      await saveSystemSettings(env.db, SETTINGS);
    }
  });

  it('rate-limits manage and cancel per client address', async () => {
    const limited = await createTestEnv({ limits: { publicFormsPerWindow: 3 } });
    try {
      const visitor = callerFor(limited.deps, null, { ip: '203.0.113.9' });
      const token = 'B'.repeat(43);
      await expectTRPCError(visitor.bookings.manage({ token }), 'NOT_FOUND');
      await expectTRPCError(visitor.bookings.manage({ token }), 'NOT_FOUND');
      await expectTRPCError(visitor.bookings.cancelByToken({ token }), 'NOT_FOUND');
      await expectTRPCError(visitor.bookings.manage({ token }), 'TOO_MANY_REQUESTS', 'Too many requests. Please try again in 10 minutes.');
      await expectTRPCError(callerFor(limited.deps, null, { ip: '203.0.113.10' }).bookings.manage({ token }), 'NOT_FOUND');
    } finally {
      await limited.close();
    }
  });
});

describe('request logs', () => {
  it('redact the token from the manage page, the tRPC query input and the setup link', () => {
    const token = 'zf5SWv9Pa5rpTCQaV9p7kwKovr2FZXV_OjpETIod73A';
    expect(redactUrl(`/booking/manage/${token}`)).toBe('/booking/manage/[redacted]');
    expect(redactUrl(`/booking/manage/${token}?from=mail`)).toBe('/booking/manage/[redacted]?from=mail');
    const input = encodeURIComponent(JSON.stringify({ token }));
    expect(redactUrl(`/api/trpc/bookings.manage?input=${input}`)).toBe('/api/trpc/bookings.manage?[redacted]');
    expect(redactUrl(`/api/trpc/settings.public,bookings.manage?batch=1&input=${input}`)).toBe(
      '/api/trpc/settings.public,bookings.manage?[redacted]',
    );
    expect(redactUrl(`/admin/setup?token=${token}&x=1`)).toBe('/admin/setup?token=[redacted]&x=1');
    expect(redactUrl('/api/trpc/events.list?input=%7B%7D')).toBe('/api/trpc/events.list?input=%7B%7D');
  });
});
