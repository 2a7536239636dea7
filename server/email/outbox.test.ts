// Messages written by booking and contact changes, delivered by the sender to a real SMTP server on
// loopback: who gets what, the text and HTML parts, the .ics, escaping, and the one-transaction rule.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookingStatus } from '@db/schema';
import { newId } from '@server/core/ids';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { startEmailSender } from './sender';
import { insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import { createAccount, createTestEnv, expectTRPCError, roleCallers, type RoleCallers, type TestAccount, type TestEnv } from '@tests/support/helpers';
import { refuseInserts } from '@tests/support/dialect';
import { futureYear, isoDay } from '@tests/dates';
import {
  clearSmtpSettings,
  icsLines,
  icsProperty,
  type ParsedMail,
  parseMail,
  startSmtpServer,
  type TestSmtpServer,
  useSmtpServer,
} from '@tests/support/smtp';

const SITE = 'Accra Bridge Partners';
const ORIGIN = 'http://127.0.0.1:3000';
// Fixed calendar days that stay ahead of the clock (tests/dates.ts), so the expected texts are exact.
const MARCH_YEAR = futureYear(3, 14, 'Friday');
const MARCH_14 = isoDay(MARCH_YEAR, 3, 14);
const JANUARY_YEAR = futureYear(1, 10, 'Friday');
const JANUARY_10 = isoDay(JANUARY_YEAR, 1, 10);
const MANAGE_LINK = /http:\/\/127\.0\.0\.1:3000\/booking\/manage\/([A-Za-z0-9_-]{43})/;

let env: TestEnv;
let callers: RoleCallers;
let server: TestSmtpServer;
let quietAdmins: { noBookings: TestAccount; noEmail: TestAccount; noContacts: TestAccount };

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, siteName: SITE, timezone: 'America/New_York' });
  quietAdmins = {
    noBookings: await createAccount(env.db, 'admin', { email: 'no-bookings@example.com' }),
    noEmail: await createAccount(env.db, 'admin', { email: 'no-email@example.com' }),
    noContacts: await createAccount(env.db, 'admin', { email: 'no-contacts@example.com' }),
  };
  await env.db.updateTable('users').set({ notifyNewBookings: 0 }).where('email', '=', 'no-bookings@example.com').execute();
  await env.db.updateTable('users').set({ notifyEmail: 0 }).where('email', '=', 'no-email@example.com').execute();
  await env.db.updateTable('users').set({ notifyNewContacts: 0 }).where('email', '=', 'no-contacts@example.com').execute();
});
beforeEach(async () => {
  await env.db.deleteFrom('emailOutbox').execute();
  server = await startSmtpServer();
  await useSmtpServer(env.db, server);
});
afterEach(() => server.close());
afterEach(() => env.close());

/** One sender pass, as the server's loop would run it. */
async function deliver(): Promise<number> {
  const sender = startEmailSender(env.deps, { intervalMs: null });
  try {
    return await sender.runOnce();
  } finally {
    await sender.stop();
  }
}

function normalise(text: string | undefined): string {
  return (text ?? '').replace(/\u202f/g, ' ').replace(/\r\n/g, '\n');
}

function mailsTo(address: string): ParsedMail[] {
  return server.received.filter((mail) => mail.rcptTo.includes(address)).map((mail) => parseMail(mail.raw));
}

function onlyMailTo(address: string): ParsedMail {
  const mails = mailsTo(address);
  expect(mails, `messages to ${address}`).toHaveLength(1);
  return mails[0] as ParsedMail;
}

/** Friday 14 March, 10:00-12:00 in New York (EDT), in a year ahead of the clock, or other times. */
async function fixedSlot(
  capacity: number | null,
  times = { start: `${MARCH_14}T14:00:00.000Z`, end: `${MARCH_14}T16:00:00.000Z` },
  location: string | null = 'Kempinski Hotel, Accra',
) {
  const event = await insertEventRow(env.db, { title: 'West Africa Trade Mission' });
  const session = await insertSessionRow(env.db, event.id, { title: 'Market Entry Clinic', maxParticipants: capacity, location });
  const slot = await env.db
    .insertInto('timeSlots')
    .values({ id: newId(), sessionId: session.id, startTime: times.start, endTime: times.end })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { event, session, slot };
}

let counter = 0;
function participant(overrides: { participantName?: string; participantEmail?: string } = {}) {
  counter += 1;
  return { participantName: 'Ama Mensah', participantEmail: `ama${counter}@example.com`, participantPhone: '+233 20 000 0000', ...overrides };
}

async function book(timeSlotId: string, overrides: { participantName?: string; participantEmail?: string } = {}) {
  const input = { timeSlotId, ...participant(overrides) };
  const result = await callers.anonymous.bookings.create(input);
  return { ...result, email: input.participantEmail };
}

async function outboxRows() {
  return env.db.selectFrom('emailOutbox').selectAll().orderBy('createdAt').orderBy('id').execute();
}

describe('booking received', () => {
  it('sends the participant a pending message with text, HTML, the manage link and a REQUEST invite', async () => {
    const { slot } = await fixedSlot(2);
    const booking = await book(slot.id);
    expect(booking.status).toBe('pending');
    expect(await deliver()).toBe(3); // the participant's message and the two admins' new-booking notices

    const [raw] = server.received.filter((mail) => mail.rcptTo.includes(booking.email));
    expect(raw?.mailFrom).toBe('desk@example.com');
    const mail = onlyMailTo(booking.email);
    expect(mail.headers.from).toBe(`${SITE} <desk@example.com>`);
    expect(mail.headers.to).toBe(booking.email);
    expect(mail.subject).toBe(`${SITE}: booking received for Market Entry Clinic`);
    const row = (await outboxRows()).find((candidate) => candidate.toAddress === booking.email);
    expect(mail.headers['message-id']).toBe(`<outbox-${row?.id}@127.0.0.1>`);

    const text = normalise(mail.text);
    expect(text).toContain('Dear Ama Mensah,');
    expect(text).toContain('the booking is pending: we will confirm it within 24 hours with an e-mail confirmation.');
    expect(text).toContain(`When: Friday, March 14, ${MARCH_YEAR}, 10:00\u00a0AM – 12:00\u00a0PM EDT`);
    expect(text).toContain('Where: Kempinski Hotel, Accra');
    expect(text).not.toContain('waitlist');
    const token = MANAGE_LINK.exec(text)?.[1];
    expect(token).toBeDefined();
    const html = normalise(mail.html);
    expect(html).toContain(`href="${ORIGIN}/booking/manage/${token}"`);
    expect(html).toContain('<th align="left" valign="top" style="padding:4px 16px 4px 0;color:#52606d;font-weight:normal;">When</th>');

    const ics = mail.ics ?? '';
    expect(mail.icsHeaders?.['content-type']).toBe('text/calendar; charset=utf-8; method=REQUEST; name=invite.ics');
    expect(mail.icsHeaders?.['content-disposition']).toContain('filename=invite.ics');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(icsProperty(ics, 'METHOD')).toBe('REQUEST');
    expect(icsProperty(ics, 'UID')).toBe(`booking-${booking.id}@127.0.0.1`);
    expect(icsProperty(ics, 'SEQUENCE')).toBe('0');
    expect(icsProperty(ics, 'DTSTART')).toBe(`${MARCH_YEAR}0314T140000Z`);
    expect(icsProperty(ics, 'DTEND')).toBe(`${MARCH_YEAR}0314T160000Z`);
    expect(icsProperty(ics, 'STATUS')).toBe('TENTATIVE');
    expect(icsProperty(ics, 'SUMMARY')).toBe('Market Entry Clinic (West Africa Trade Mission)');
    expect(icsProperty(ics, 'LOCATION')).toBe('Kempinski Hotel\\, Accra');
    expect(icsProperty(ics, 'ORGANIZER')).toBe('mailto:desk@example.com');
    expect(icsLines(ics)).toContain(`ATTENDEE;CN="Ama Mensah";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${booking.email}`);
    // The manage token is not in the calendar file.
    expect(ics).not.toContain(token ?? 'no token');
  });

  it('tells a waitlisted visitor they are on the waitlist, without a calendar invite', async () => {
    const { slot } = await fixedSlot(1);
    const first = await book(slot.id);
    const second = await book(slot.id);
    expect([first.status, second.status]).toEqual(['pending', 'waitlisted']);
    await deliver();

    const pending = onlyMailTo(first.email);
    const waitlisted = onlyMailTo(second.email);
    expect(waitlisted.subject).toBe(`${SITE}: you are on the waitlist for Market Entry Clinic`);
    expect(normalise(waitlisted.text)).toContain('The time slot below is full, so you are on the waitlist.');
    expect(normalise(waitlisted.text)).not.toContain('is pending');
    expect(normalise(waitlisted.text)).toMatch(MANAGE_LINK);
    expect(waitlisted.ics).toBeUndefined();
    expect(pending.subject).not.toBe(waitlisted.subject);
    expect(pending.ics).toBeDefined();
  });

  it('names the zone of the site timezone, EST in winter and PST after a change of setting', async () => {
    const winter = { start: `${JANUARY_10}T15:00:00.000Z`, end: `${JANUARY_10}T16:30:00.000Z` };
    const { slot } = await fixedSlot(null, winter, null);
    const eastern = await book(slot.id);
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, siteName: SITE, timezone: 'America/Los_Angeles' });
    try {
      const pacific = await book(slot.id);
      await deliver();
      expect(normalise(onlyMailTo(eastern.email).text)).toContain(`When: Friday, January 10, ${JANUARY_YEAR}, 10:00\u00a0AM – 11:30\u00a0AM EST`);
      expect(normalise(onlyMailTo(pacific.email).text)).toContain(`When: Friday, January 10, ${JANUARY_YEAR}, 7:00\u00a0AM – 8:30\u00a0AM PST`);
      expect(normalise(onlyMailTo(pacific.email).text)).toContain('Where: To be announced');
      expect(icsProperty(onlyMailTo(pacific.email).ics ?? '', 'DTSTART')).toBe(`${JANUARY_YEAR}0110T150000Z`);
    } finally {
      await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, siteName: SITE, timezone: 'America/New_York' });
    }
  });
});

describe('admin notifications', () => {
  it('sends new booking to every admin with e-mail and New Bookings notifications on, and to no one else', async () => {
    // The full slot's waitlist alert is another message (system-alerts.test.ts); off here.
    await env.db.updateTable('users').set({ notifySystemAlerts: 0 }).execute();
    const { slot } = await fixedSlot(1);
    await book(slot.id, { participantName: 'Kofi Boateng' });
    const waitlisted = await book(slot.id, { participantName: 'Efua Asante' });
    await deliver();

    const admin = callers.adminAccount.user.email;
    const notices = mailsTo(admin);
    expect(notices.map((mail) => mail.subject).sort()).toEqual([
      `${SITE}: new booking from Efua Asante (waitlisted)`,
      `${SITE}: new booking from Kofi Boateng`,
    ]);
    const waitlistNotice = notices.find((mail) => mail.subject.includes('Efua'));
    expect(normalise(waitlistNotice?.text)).toContain(`Email: ${waitlisted.email}`);
    expect(normalise(waitlistNotice?.text)).toContain('Status: Waitlisted (the time slot is full)');
    expect(normalise(waitlistNotice?.text)).toContain(`Open the bookings: ${ORIGIN}/admin/bookings`);
    expect(waitlistNotice?.ics).toBeUndefined();
    // Admin notices never carry the participant's manage link.
    expect(normalise(waitlistNotice?.text)).not.toMatch(MANAGE_LINK);

    // The contacts-off admin still wants bookings; the others do not; role user never gets them.
    expect(mailsTo(quietAdmins.noContacts.user.email)).toHaveLength(2);
    expect(mailsTo(quietAdmins.noBookings.user.email)).toHaveLength(0);
    expect(mailsTo(quietAdmins.noEmail.user.email)).toHaveLength(0);
    expect(mailsTo(callers.userAccount.user.email)).toHaveLength(0);
  });

  it('sends new contact message to admins with New Contacts on', async () => {
    await callers.anonymous.contacts.submit({
      name: 'Yaw Darko',
      email: 'yaw@example.com',
      company: 'Darko & Sons',
      message: 'We export cocoa.\nCan you help with EU entry?',
    });
    await deliver();
    const notice = onlyMailTo(callers.adminAccount.user.email);
    expect(notice.subject).toBe(`${SITE}: new contact message from Yaw Darko`);
    expect(normalise(notice.text)).toContain('We export cocoa.\nCan you help with EU entry?');
    expect(normalise(notice.text)).toContain('Company: Darko & Sons');
    expect(normalise(notice.text)).toMatch(/Received: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\u00a0[AP]M E[SD]T/);
    expect(normalise(notice.html)).toContain('We export cocoa.<br>Can you help with EU entry?');
    expect(normalise(notice.html)).toContain('Darko &amp; Sons');
    expect(mailsTo(quietAdmins.noBookings.user.email)).toHaveLength(1);
    expect(mailsTo(quietAdmins.noContacts.user.email)).toHaveLength(0);
    expect(mailsTo(quietAdmins.noEmail.user.email)).toHaveLength(0);
    expect(mailsTo(callers.userAccount.user.email)).toHaveLength(0);
    expect(mailsTo('yaw@example.com')).toHaveLength(0);
  });
});

describe('staff changes', () => {
  it('confirm raises SEQUENCE with a new manage link; cancel sends METHOD:CANCEL and promotes the oldest waitlisted', async () => {
    const { slot } = await fixedSlot(1);
    const held = await book(slot.id, { participantName: 'First In' });
    const next = await book(slot.id, { participantName: 'Second In' });
    const last = await book(slot.id, { participantName: 'Third In' });
    await deliver();
    const receivedToken = MANAGE_LINK.exec(normalise(onlyMailTo(held.email).text))?.[1] ?? '';
    server.received.length = 0;

    await callers.user.bookings.setStatus({ id: held.id, status: 'confirmed' });
    await deliver();
    const confirmed = onlyMailTo(held.email);
    expect(confirmed.subject).toBe(`${SITE}: booking confirmed for Market Entry Clinic`);
    expect(normalise(confirmed.text)).toContain('is confirmed');
    expect(icsProperty(confirmed.ics ?? '', 'METHOD')).toBe('REQUEST');
    expect(icsProperty(confirmed.ics ?? '', 'STATUS')).toBe('CONFIRMED');
    expect(icsProperty(confirmed.ics ?? '', 'SEQUENCE')).toBe('1');
    expect(icsProperty(confirmed.ics ?? '', 'UID')).toBe(`booking-${held.id}@127.0.0.1`);
    const confirmedToken = MANAGE_LINK.exec(normalise(confirmed.text))?.[1] ?? '';
    expect(confirmedToken).not.toBe(receivedToken);
    expect(normalise(confirmed.text)).toContain('Links in earlier e-mails about this booking no longer work');
    await expect(callers.anonymous.bookings.manage({ token: confirmedToken })).resolves.toMatchObject({ id: held.id, status: 'confirmed' });
    await expectTRPCError(callers.anonymous.bookings.manage({ token: receivedToken }), 'NOT_FOUND', 'This booking link is not valid.');
    // Confirming is not a new booking: no admin notice.
    expect(mailsTo(callers.adminAccount.user.email)).toHaveLength(0);
    server.received.length = 0;

    await callers.user.bookings.setStatus({ id: held.id, status: 'cancelled' });
    await deliver();
    const cancelled = onlyMailTo(held.email);
    expect(cancelled.subject).toBe(`${SITE}: booking cancelled for Market Entry Clinic`);
    expect(cancelled.icsHeaders?.['content-type']).toBe('text/calendar; charset=utf-8; method=CANCEL; name=invite.ics');
    expect(icsProperty(cancelled.ics ?? '', 'METHOD')).toBe('CANCEL');
    expect(icsProperty(cancelled.ics ?? '', 'STATUS')).toBe('CANCELLED');
    expect(icsProperty(cancelled.ics ?? '', 'SEQUENCE')).toBe('2');
    expect(icsProperty(cancelled.ics ?? '', 'UID')).toBe(`booking-${held.id}@127.0.0.1`);
    expect(normalise(cancelled.text)).not.toMatch(MANAGE_LINK);

    const promoted = onlyMailTo(next.email);
    expect(promoted.subject).toBe(`${SITE}: a seat opened up for Market Entry Clinic`);
    expect(normalise(promoted.text)).toContain('your booking has moved off the waitlist');
    expect(normalise(promoted.text)).toMatch(MANAGE_LINK);
    expect(icsProperty(promoted.ics ?? '', 'METHOD')).toBe('REQUEST');
    expect(icsProperty(promoted.ics ?? '', 'SEQUENCE')).toBe('1');
    expect(icsProperty(promoted.ics ?? '', 'UID')).toBe(`booking-${next.id}@127.0.0.1`);
    expect(mailsTo(last.email)).toHaveLength(0);
  });

  it('deleting a held booking tells its participant it is cancelled and e-mails the promoted participant', async () => {
    const { slot } = await fixedSlot(1);
    const held = await book(slot.id);
    const next = await book(slot.id);
    await env.db.deleteFrom('emailOutbox').execute();
    await callers.admin.bookings.delete({ id: held.id });
    await deliver();
    expect(server.received.map((mail) => mail.rcptTo).sort()).toEqual([[held.email], [next.email]].sort());
    expect(onlyMailTo(held.email).subject).toBe(`${SITE}: booking cancelled for Market Entry Clinic`);
    expect(onlyMailTo(next.email).subject).toBe(`${SITE}: a seat opened up for Market Entry Clinic`);
    const rows = await outboxRows();
    // The cancelled booking is gone, so its message keeps no booking id.
    expect(rows.map((row) => [row.kind, row.bookingId]).sort()).toEqual(
      [
        ['booking-cancelled', null],
        ['waitlist-promoted', next.id],
      ].sort(),
    );
  });

  it('a staff booking e-mails the participant by its status, without admin notices', async () => {
    const { slot } = await fixedSlot(null);
    const pending = participant();
    const confirmed = participant();
    const cancelled = participant();
    for (const [input, status] of [
      [pending, 'pending'],
      [confirmed, 'confirmed'],
      [cancelled, 'cancelled'],
    ] as const) {
      await callers.user.bookings.adminCreate({ timeSlotId: slot.id, status, ...input });
    }
    await deliver();
    expect(onlyMailTo(pending.participantEmail).subject).toBe(`${SITE}: booking received for Market Entry Clinic`);
    const confirmation = onlyMailTo(confirmed.participantEmail);
    expect(confirmation.subject).toBe(`${SITE}: booking confirmed for Market Entry Clinic`);
    expect(icsProperty(confirmation.ics ?? '', 'SEQUENCE')).toBe('0');
    expect(normalise(confirmation.text)).toMatch(MANAGE_LINK);
    expect(normalise(confirmation.text)).not.toContain('earlier e-mails');
    expect(mailsTo(cancelled.participantEmail)).toHaveLength(0);
    expect(mailsTo(callers.adminAccount.user.email)).toHaveLength(0);
  });

  it('sends nothing about a slot that is over', async () => {
    const { slot } = await fixedSlot(1, { start: '2020-01-10T15:00:00.000Z', end: '2020-01-10T16:00:00.000Z' });
    const booking = await callers.user.bookings.adminCreate({ timeSlotId: slot.id, status: 'pending', ...participant() });
    await callers.user.bookings.setStatus({ id: booking.id, status: 'confirmed' });
    expect(await outboxRows()).toEqual([]);
  });
});

describe('escaping', () => {
  it('keeps participant text as text in the HTML part', async () => {
    const { slot } = await fixedSlot(null);
    const name = '<script>alert(1)</script>';
    const booking = await book(slot.id, { participantName: name });
    await deliver();
    for (const mail of [onlyMailTo(booking.email), onlyMailTo(callers.adminAccount.user.email)]) {
      const html = normalise(mail.html);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script>');
    }
    expect(normalise(onlyMailTo(booking.email).text)).toContain(`Dear ${name},`);
    expect(onlyMailTo(callers.adminAccount.user.email).subject).toBe(`${SITE}: new booking from ${name}`);
  });

  it('escapes the contact form fields and message in the admin notice', async () => {
    await callers.anonymous.contacts.submit({ name: 'Eve "<b>"', email: 'eve@example.com', message: '<img src=x onerror=alert(1)>' });
    await deliver();
    const html = normalise(onlyMailTo(callers.adminAccount.user.email).html);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Eve &quot;&lt;b&gt;&quot;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
  });
});

describe('one transaction', () => {
  async function withBrokenOutbox(body: () => Promise<void>): Promise<void> {
    const restoreInserts = await refuseInserts(env.db, 'email_outbox', 'outbox is down');
    try {
      await body();
    } finally {
      await restoreInserts();
    }
  }

  async function bookingCount(): Promise<number> {
    const row = await env.db.selectFrom('bookings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('stores no booking when its message cannot be stored', async () => {
    const { slot } = await fixedSlot(null);
    const before = await bookingCount();
    await withBrokenOutbox(async () => {
      await expectTRPCError(callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant() }), 'INTERNAL_SERVER_ERROR');
    });
    expect(await bookingCount()).toBe(before);
    // Working again: the booking and its messages go in together.
    const booking = await book(slot.id);
    const rows = await outboxRows();
    expect(rows.filter((row) => row.bookingId === booking.id).map((row) => row.kind).sort()).toEqual([
      'admin-new-booking',
      'admin-new-booking',
      'booking-received',
    ]);
  });

  it('keeps a status change, its promotion and a contact message out when their messages fail', async () => {
    const { slot } = await fixedSlot(1);
    const held = await book(slot.id);
    const next = await book(slot.id);
    await withBrokenOutbox(async () => {
      await expectTRPCError(callers.user.bookings.setStatus({ id: held.id, status: 'cancelled' }), 'INTERNAL_SERVER_ERROR');
      await expectTRPCError(
        callers.anonymous.contacts.submit({ name: 'Lost', email: 'lost@example.com', message: 'Hello' }),
        'INTERNAL_SERVER_ERROR',
      );
    });
    const statuses = await env.db.selectFrom('bookings').select(['id', 'status']).where('timeSlotId', '=', slot.id).execute();
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [held.id]: 'pending' satisfies BookingStatus,
      [next.id]: 'waitlisted' satisfies BookingStatus,
    });
    const contacts = await env.db.selectFrom('contactForms').select('id').where('email', '=', 'lost@example.com').execute();
    expect(contacts).toEqual([]);
  });
});

describe('without SMTP settings', () => {
  it('keeps messages pending with the reason, and sends them once settings exist', async () => {
    await clearSmtpSettings(env.db);
    const { slot } = await fixedSlot(null);
    const booking = await book(slot.id);
    let rows = await outboxRows();
    // The participant's message and the new-booking notices of the two admins who want them
    // (no-bookings@ opted out, no-email@ turned e-mail off), each waiting with the reason.
    expect(rows.map((row) => row.toAddress)).toEqual([booking.email, callers.adminAccount.user.email, quietAdmins.noContacts.user.email]);
    for (const row of rows) expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: 'SMTP not configured' });

    expect(await deliver()).toBe(0);
    rows = await outboxRows();
    for (const row of rows) expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: 'SMTP not configured' });
    expect(await env.db.selectFrom('emailAttempts').selectAll().execute()).toEqual([]);
    expect(server.received).toHaveLength(0);

    await useSmtpServer(env.db, server, { fromName: 'Bookings Desk' });
    expect(await deliver()).toBe(rows.length);
    expect(onlyMailTo(booking.email).headers.from).toBe('Bookings Desk <desk@example.com>');
    for (const row of await outboxRows()) expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('marks messages written before the settings were removed, when an admin removes them', async () => {
    const { slot } = await fixedSlot(null);
    await book(slot.id);
    for (const row of await outboxRows()) expect(row.lastError).toBeNull();
    await callers.admin.settings.updateEmail({ smtpHost: '', smtpPort: null, smtpUser: '', smtpPassword: '', fromEmail: '', fromName: '' });
    for (const row of await outboxRows()) expect(row).toMatchObject({ status: 'pending', lastError: 'SMTP not configured' });
    // A pass of the sender without settings attempts nothing and reads nothing of the backlog.
    await deliver();
    for (const row of await outboxRows()) expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: 'SMTP not configured' });
  });
});
