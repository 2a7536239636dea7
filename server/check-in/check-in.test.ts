// Check-in at the door: the confirmation e-mail, delivered to a real SMTP server on loopback,
// carries the check-in code in text and as an inline QR image (by Content-ID) that decodes to the
// code the check-in procedure accepts; a second scan, another slot's booking, cancelled and
// waitlisted bookings; no-shows after the slot; the role matrix.
// @module-tag postgres
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepTimesWhole } from '@server/shared/format-date';
import { saveSystemSettings, DEFAULT_SYSTEM_SETTINGS } from '@server/settings/settings.repository';
import { startEmailSender } from '@server/email/sender';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createTestEnv, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'America/New_York' });
});
afterEach(() => env.close());

async function slotWithBookings() {
  const event = await insertEventRow(env.db, { title: 'Accra Exchange' });
  const session = await insertSessionRow(env.db, event.id, { title: 'Speed Meetings', maxParticipants: 10 });
  const slot = await insertSlotRow(env.db, session.id, 24);
  const otherSlot = await insertSlotRow(env.db, session.id, 48);
  return { event, session, slot, otherSlot };
}

async function codeOf(id: string): Promise<string> {
  const row = await env.db.selectFrom('bookings').select('checkInCode').where('id', '=', id).executeTakeFirstOrThrow();
  if (row.checkInCode === null) throw new Error('no code');
  return row.checkInCode;
}

/** The inline image part of a raw message whose Content-ID is `cid`, as bytes. */
function inlineImage(raw: string, cid: string): Buffer {
  const parts = raw.split(/\r?\n--/);
  const part = parts.find((candidate) => new RegExp(`^Content-ID: <${cid}>`, 'mi').test(candidate));
  if (part === undefined) throw new Error(`no part with Content-ID ${cid}`);
  expect(part).toMatch(/^Content-Type: image\/png/im);
  const body = part.split(/\r?\n\r?\n/).slice(1).join('');
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

describe('check-in codes in the confirmation e-mail', () => {
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await startSmtpServer();
    await useSmtpServer(env.db, smtp);
  });
  afterEach(() => smtp.close());

  it('sends the code in text and as an inline QR image that decodes to the code the check-in accepts', async () => {
    const { slot } = await slotWithBookings();
    const { id } = await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Ama Mensah', participantEmail: 'ama@example.com' });
    await callers.admin.bookings.setStatus({ id, status: 'confirmed' });
    const sender = startEmailSender(env.deps, { intervalMs: null });
    await sender.runOnce();
    await sender.stop();

    const code = await codeOf(id);
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTVWXYZ2-9]{10}$/);
    const confirmation = smtp.received.find((mail) => mail.raw.includes('booking confirmed'));
    if (confirmation === undefined) throw new Error('no confirmation was delivered');
    expect(confirmation.raw).toContain(`Your check-in code is ${code}.`);
    expect(confirmation.raw).toContain('src=3D"cid:check-in-qr"');
    const png = PNG.sync.read(inlineImage(confirmation.raw, 'check-in-qr'));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(code);

    const result = await callers.user.checkIn.checkIn({ timeSlotId: slot.id, code: decoded?.data ?? '' });
    expect(result).toMatchObject({ result: 'checked-in', message: 'Ama Mensah is checked in.' });
  });
});

describe('checkIn', () => {
  it('keeps every procedure for signed-in staff', async () => {
    const { event, slot } = await slotWithBookings();
    const booking = await insertBookingRow(env.db, slot, event.id, { status: 'confirmed' });
    for (const call of [
      () => callers.anonymous.checkIn.list({ timeSlotId: slot.id }),
      () => callers.anonymous.checkIn.checkIn({ timeSlotId: slot.id, bookingId: booking.id }),
      () => callers.anonymous.checkIn.markNoShows({ timeSlotId: slot.id }),
    ]) {
      await expectTRPCError(call(), 'UNAUTHORIZED');
    }
    await expect(callers.user.checkIn.list({ timeSlotId: slot.id })).resolves.toMatchObject({ expected: 1, attended: 0 });
    await expect(callers.admin.checkIn.checkIn({ timeSlotId: slot.id, bookingId: booking.id })).resolves.toMatchObject({ result: 'checked-in' });
  });

  it('says when and by whom on a second scan, and refuses another slot, cancelled, waitlisted and unknown codes', async () => {
    const { event, slot, otherSlot } = await slotWithBookings();
    const ama = await insertBookingRow(env.db, slot, event.id, { name: 'Ama Mensah', status: 'confirmed' });
    const other = await insertBookingRow(env.db, otherSlot, event.id, { name: 'Kofi Otu', status: 'confirmed' });
    const cancelled = await insertBookingRow(env.db, slot, event.id, { name: 'Efua', status: 'cancelled' });
    const waitlisted = await insertBookingRow(env.db, slot, event.id, { name: 'Yaw', status: 'waitlisted' });
    const staff = callers.user;
    const code = await codeOf(ama.id);

    const first = await staff.checkIn.checkIn({ timeSlotId: slot.id, code: `${code.slice(0, 5)}-${code.slice(5).toLowerCase()}` });
    expect(first.result).toBe('checked-in');
    // A time never breaks before AM/PM (keepTimesWhole): the message's space there is a no-break one.
    const time = keepTimesWhole(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' }).format(new Date(first.booking.checkedInAt)));
    const again = await callers.admin.checkIn.checkIn({ timeSlotId: slot.id, code });
    expect(again).toMatchObject({ result: 'already', message: `Already checked in at ${time} by ${callers.userAccount.user.name}.` });

    await expectTRPCError(staff.checkIn.checkIn({ timeSlotId: slot.id, code: await codeOf(other.id) }), 'PRECONDITION_FAILED');
    const otherError = await expectTRPCError(staff.checkIn.checkIn({ timeSlotId: slot.id, code: await codeOf(other.id) }), 'PRECONDITION_FAILED');
    expect(otherError.message).toMatch(/^This booking is for another time slot: Speed Meetings, /);
    await expectTRPCError(staff.checkIn.checkIn({ timeSlotId: slot.id, code: await codeOf(cancelled.id) }), 'PRECONDITION_FAILED', 'This booking is cancelled.');
    await expectTRPCError(staff.checkIn.checkIn({ timeSlotId: slot.id, bookingId: waitlisted.id }), 'PRECONDITION_FAILED', 'This booking is on the waitlist: it has no seat.');
    await expectTRPCError(staff.checkIn.checkIn({ timeSlotId: slot.id, code: 'ZZZZZZZZZZ' }), 'NOT_FOUND', 'No booking has this check-in code.');
    await expectFieldErrors(staff.checkIn.checkIn({ timeSlotId: slot.id, code: 'short' }), { code: 'Please enter the 10-character check-in code' });

    const list = await staff.checkIn.list({ timeSlotId: slot.id });
    expect(list).toMatchObject({ attended: 1, expected: 1, ended: false });
    expect(list.items.map((item) => [item.participantName, item.attendance])).toEqual([['Ama Mensah', 'attended']]);
    const audit = await env.db.selectFrom('auditLog').select(['action', 'entity', 'entityId', 'summary']).where('summary', '=', 'checked in').execute();
    expect(audit).toEqual([{ action: 'status', entity: 'booking', entityId: ama.id, summary: 'checked in' }]);
  });

  it('marks no-shows only once the slot has ended', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    const future = await insertSlotRow(env.db, session.id, 24);
    const past = await insertSlotRow(env.db, session.id, -5, 2);
    const came = await insertBookingRow(env.db, past, event.id, { name: 'Came', status: 'confirmed' });
    await insertBookingRow(env.db, past, event.id, { name: 'Stayed Away', status: 'confirmed' });
    await insertBookingRow(env.db, past, event.id, { name: 'Pending One', status: 'pending' });
    await insertBookingRow(env.db, past, event.id, { name: 'Dropped', status: 'cancelled' });
    await callers.user.checkIn.checkIn({ timeSlotId: past.id, bookingId: came.id });

    await expectTRPCError(callers.user.checkIn.markNoShows({ timeSlotId: future.id }), 'PRECONDITION_FAILED', 'No-shows can be marked once the time slot has ended.');
    await expect(callers.user.checkIn.markNoShows({ timeSlotId: past.id })).resolves.toEqual({ marked: 2 });
    const list = await callers.user.checkIn.list({ timeSlotId: past.id });
    expect(list.items.map((item) => [item.participantName, item.attendance])).toEqual([
      ['Came', 'attended'],
      ['Pending One', 'no-show'],
      ['Stayed Away', 'no-show'],
    ]);
    expect(list).toMatchObject({ attended: 1, expected: 3, ended: true });

    // The dashboard counts it per session: attended of those holding a seat; staff only.
    expect(await callers.user.dashboard.attendance()).toEqual([
      { sessionId: session.id, sessionTitle: session.title, eventTitle: event.title, attended: 1, confirmed: 3 },
    ]);
    await expectTRPCError(callers.anonymous.dashboard.attendance(), 'UNAUTHORIZED');

    // Bookings and its CSV say the same.
    const listed = await callers.user.bookings.list({ timeSlotId: past.id });
    expect(listed.items.map((item) => [item.participantName, item.attendance]).sort()).toEqual([
      ['Came', 'attended'],
      ['Dropped', null],
      ['Pending One', 'no-show'],
      ['Stayed Away', 'no-show'],
    ]);
  });
});
