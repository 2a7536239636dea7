// Participants hear about every staff change, delivered to a real SMTP server on loopback: deleting a
// booking, session or event with live bookings sends 'booking cancelled' with a cancelling .ics;
// moving a booking or changing its slot's times sends 'booking updated' with a replacing .ics. The
// delete dialogs' count of participants to be told.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { expectTRPCError, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { createMailTestEnv, MAIL_TEST_SITE, type MailTestEnv } from '@tests/support/mail-env';
import { icsProperty, type ParsedMail, deliverDue, type TestSmtpServer } from '@tests/support/smtp';

const SITE = MAIL_TEST_SITE;
let env: TestEnv;
let callers: RoleCallers;
let server: TestSmtpServer;

let mail: MailTestEnv;

beforeEach(async () => {
  mail = await createMailTestEnv({ timezone: 'America/New_York', staffNotices: false });
  ({ env, callers, server } = mail);
});
afterEach(() => mail.close());

/** Sends what is due and returns the messages it delivered. */
function deliver(): Promise<ParsedMail[]> {
  return deliverDue(env.deps, server);
}

async function setup() {
  const event = await insertEventRow(env.db, { title: 'Lagos Market Entry' });
  const session = await insertSessionRow(env.db, event.id, { title: 'Regulatory Briefing' });
  const slot = await insertSlotRow(env.db, session.id, 48);
  const other = await insertSlotRow(env.db, session.id, 72);
  return { event, session, slot, other };
}

async function staffBooking(slotId: string, email: string) {
  const booking = await callers.admin.bookings.adminCreate({
    timeSlotId: slotId,
    participantName: 'Ama Boateng',
    participantEmail: email,
    participantPhone: null,
    status: 'confirmed',
  });
  const [first] = await deliver();
  if (first === undefined) throw new Error('the booking sent no message');
  return { booking, first };
}

describe('cancellations', () => {
  it('deleting a booking that holds a seat sends booking cancelled with METHOD:CANCEL, the same UID and a higher SEQUENCE', async () => {
    const { slot } = await setup();
    const { booking, first } = await staffBooking(slot.id, 'ama@example.com');
    expect(icsProperty(first.ics ?? '', 'SEQUENCE')).toBe('0');
    expect(await callers.user.bookings.affectedParticipants({ bookingId: booking.id })).toEqual({ count: 1 });

    await callers.admin.bookings.delete({ id: booking.id });
    const [mail, ...rest] = await deliver();
    expect(rest).toHaveLength(0);
    expect(mail?.subject).toBe(`${SITE}: booking cancelled for Regulatory Briefing`);
    expect(mail?.text).toContain(`Your booking with ${SITE} for the session below is cancelled.`);
    // The slot is two days ahead of the clock: standard or daylight time, by season.
    expect(mail?.text).toMatch(/When: .* E[SD]T/);
    expect(mail?.html).toContain(`<h1 style="font-size:18px;margin:0 0 16px;">${SITE}</h1>`);
    expect(icsProperty(mail?.ics ?? '', 'METHOD')).toBe('CANCEL');
    expect(icsProperty(mail?.ics ?? '', 'STATUS')).toBe('CANCELLED');
    expect(icsProperty(mail?.ics ?? '', 'UID')).toBe(icsProperty(first.ics ?? '', 'UID'));
    expect(icsProperty(mail?.ics ?? '', 'SEQUENCE')).toBe('1');
  });

  it('deleting an event tells each live participant once, and not cancelled ones', async () => {
    const { event, session, slot, other } = await setup();
    await staffBooking(slot.id, 'one@example.com');
    await staffBooking(other.id, 'two@example.com');
    await insertBookingRow(env.db, { id: slot.id, sessionId: session.id }, event.id, { email: 'gone@example.com', status: 'cancelled' });
    expect(await callers.admin.bookings.affectedParticipants({ eventId: event.id })).toEqual({ count: 2 });
    expect(await callers.admin.bookings.affectedParticipants({ sessionId: session.id })).toEqual({ count: 2 });
    expect(await callers.admin.bookings.affectedParticipants({ timeSlotId: slot.id })).toEqual({ count: 2 - 1 });

    await callers.admin.events.delete({ id: event.id });
    const mails = await deliver();
    expect(mails.map((mail) => mail.headers.to).sort()).toEqual(['one@example.com', 'two@example.com']);
    for (const mail of mails) {
      expect(mail.subject).toBe(`${SITE}: booking cancelled for Regulatory Briefing`);
      expect(icsProperty(mail.ics ?? '', 'METHOD')).toBe('CANCEL');
    }
  });

  it('deleting a session tells its participants', async () => {
    const { session, slot } = await setup();
    await staffBooking(slot.id, 'one@example.com');
    await callers.admin.sessions.delete({ id: session.id });
    const mails = await deliver();
    expect(mails.map((mail) => mail.headers.to)).toEqual(['one@example.com']);
    expect(icsProperty(mails[0]?.ics ?? '', 'METHOD')).toBe('CANCEL');
  });
});

describe('time changes', () => {
  it('moving a booking to another slot sends booking updated with METHOD:REQUEST, the same UID and a higher SEQUENCE', async () => {
    const { slot, other } = await setup();
    const { booking, first } = await staffBooking(slot.id, 'ama@example.com');
    await callers.admin.bookings.update({
      id: booking.id,
      timeSlotId: other.id,
      participantName: 'Ama Boateng',
      participantEmail: 'ama@example.com',
      participantPhone: null,
      status: 'confirmed',
    });
    const [mail, ...rest] = await deliver();
    expect(rest).toHaveLength(0);
    expect(mail?.subject).toBe(`${SITE}: booking updated for Regulatory Briefing`);
    expect(mail?.text).toContain('View or cancel your booking: http://127.0.0.1:3000/booking/manage/');
    expect(icsProperty(mail?.ics ?? '', 'METHOD')).toBe('REQUEST');
    expect(icsProperty(mail?.ics ?? '', 'UID')).toBe(icsProperty(first.ics ?? '', 'UID'));
    expect(icsProperty(mail?.ics ?? '', 'SEQUENCE')).toBe('1');
    expect(icsProperty(mail?.ics ?? '', 'DTSTART')).toBe(other.startTime.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z'));
  });

  it("changing a slot's times tells its participants the new time; an unchanged save sends nothing", async () => {
    const { slot } = await setup();
    await staffBooking(slot.id, 'ama@example.com');
    await callers.admin.timeSlots.update({ id: slot.id, startTime: slot.startTime, endTime: slot.endTime });
    expect(await deliver()).toHaveLength(0);
    const start = new Date(Date.parse(slot.startTime) + 3_600_000).toISOString();
    const end = new Date(Date.parse(slot.endTime) + 3_600_000).toISOString();
    await callers.admin.timeSlots.update({ id: slot.id, startTime: start, endTime: end });
    const [mail] = await deliver();
    expect(mail?.subject).toBe(`${SITE}: booking updated for Regulatory Briefing`);
    expect(icsProperty(mail?.ics ?? '', 'SEQUENCE')).toBe('1');
    expect(icsProperty(mail?.ics ?? '', 'DTSTART')).toBe(start.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z'));
  });
});

describe('bookings.affectedParticipants', () => {
  it('is for staff, and wants exactly one id', async () => {
    const { event } = await setup();
    await expectTRPCError(callers.anonymous.bookings.affectedParticipants({ eventId: event.id }), 'UNAUTHORIZED');
    expect(await callers.user.bookings.affectedParticipants({ eventId: event.id })).toEqual({ count: 0 });
    await expectTRPCError(callers.admin.bookings.affectedParticipants({}), 'BAD_REQUEST');
    await expectTRPCError(callers.admin.bookings.affectedParticipants({ eventId: event.id, sessionId: 'x' }), 'BAD_REQUEST');
  });
});
