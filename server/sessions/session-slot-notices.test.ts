// The session form saves a session's whole slot list through sessions.update: a slot it removes with
// live bookings tells each participant 'booking cancelled' (METHOD:CANCEL), and a slot whose times it
// changes tells each participant 'booking updated' (METHOD:REQUEST), as timeSlots.delete and
// timeSlots.update do. Delivered to a real SMTP server on loopback.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import type { RoleCallers, TestEnv } from '@tests/support/helpers';
import { createMailTestEnv, MAIL_TEST_SITE, type MailTestEnv } from '@tests/support/mail-env';
import { icsProperty, type ParsedMail, deliverDue, type TestSmtpServer } from '@tests/support/smtp';

const SITE = MAIL_TEST_SITE;
let env: TestEnv;
let callers: RoleCallers;
let server: TestSmtpServer;

let mail: MailTestEnv;

beforeEach(async () => {
  mail = await createMailTestEnv({ timezone: 'America/Chicago', staffNotices: false });
  ({ env, callers, server } = mail);
});
afterEach(() => mail.close());

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

async function book(slotId: string, email: string) {
  const booking = await callers.admin.bookings.adminCreate({
    timeSlotId: slotId,
    participantName: 'Ama Boateng',
    participantEmail: email,
    participantPhone: null,
    status: 'confirmed',
  });
  const [first] = await deliver();
  if (first?.ics === undefined) throw new Error('the booking sent no invitation');
  return { booking, uid: icsProperty(first.ics, 'UID') };
}

function sessionUpdate(event: { id: string }, session: { id: string }, timeSlots: { id?: string; startTime: string; endTime: string }[]) {
  return callers.admin.sessions.update({
    id: session.id,
    eventId: event.id,
    title: 'Regulatory Briefing',
    description: null,
    location: 'Room A',
    facilitator: null,
    maxParticipants: 10,
    isActive: true,
    timeSlots,
  });
}

const icsTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

describe('sessions.update with the slot list', () => {
  it("changing a slot's times sends booking updated with the new time; an unchanged save sends nothing", async () => {
    const { event, session, slot, other } = await setup();
    const { uid } = await book(slot.id, 'ama@example.com');
    await book(other.id, 'kofi@example.com');

    await sessionUpdate(event, session, [slot, other].map(({ id, startTime, endTime }) => ({ id, startTime, endTime })));
    expect(await deliver()).toHaveLength(0);

    const start = new Date(Date.parse(slot.startTime) + 3_600_000).toISOString();
    const end = new Date(Date.parse(slot.endTime) + 3_600_000).toISOString();
    await sessionUpdate(event, session, [
      { id: slot.id, startTime: start, endTime: end },
      { id: other.id, startTime: other.startTime, endTime: other.endTime },
    ]);
    const [mail, ...rest] = await deliver();
    expect(rest).toHaveLength(0);
    expect(mail?.headers.to).toBe('ama@example.com');
    expect(mail?.subject).toBe(`${SITE}: booking updated for Regulatory Briefing`);
    expect(mail?.text).toContain('View or cancel your booking: http://127.0.0.1:3000/booking/manage/');
    // The slot is days ahead of the clock: standard or daylight time, by season.
    expect(mail?.text).toMatch(/When: .* C[SD]T \(Chicago\)\r?\n/);
    expect(icsProperty(mail?.ics ?? '', 'METHOD')).toBe('REQUEST');
    expect(icsProperty(mail?.ics ?? '', 'UID')).toBe(uid);
    expect(icsProperty(mail?.ics ?? '', 'SEQUENCE')).toBe('1');
    expect(icsProperty(mail?.ics ?? '', 'DTSTART')).toBe(icsTime(start));
  });

  it('removing a slot with live bookings sends booking cancelled and removes the bookings; the kept slot is untouched', async () => {
    const { event, session, slot, other } = await setup();
    const { uid } = await book(slot.id, 'ama@example.com');
    await book(other.id, 'kofi@example.com');
    expect(await callers.user.bookings.affectedParticipants({ timeSlotId: slot.id })).toEqual({ count: 1 });

    await sessionUpdate(event, session, [{ id: other.id, startTime: other.startTime, endTime: other.endTime }]);
    const [mail, ...rest] = await deliver();
    expect(rest).toHaveLength(0);
    expect(mail?.headers.to).toBe('ama@example.com');
    expect(mail?.subject).toBe(`${SITE}: booking cancelled for Regulatory Briefing`);
    expect(icsProperty(mail?.ics ?? '', 'METHOD')).toBe('CANCEL');
    expect(icsProperty(mail?.ics ?? '', 'UID')).toBe(uid);
    expect(icsProperty(mail?.ics ?? '', 'SEQUENCE')).toBe('1');
    const left = await env.db.selectFrom('bookings').select('participantEmail').where('sessionId', '=', session.id).execute();
    expect(left).toEqual([{ participantEmail: 'kofi@example.com' }]);
  });
});

describe('timeSlots.delete', () => {
  it('tells each live participant of the slot, with a cancelling invitation', async () => {
    const { slot } = await setup();
    const { uid } = await book(slot.id, 'ama@example.com');
    await callers.admin.timeSlots.delete({ id: slot.id });
    const [mail, ...rest] = await deliver();
    expect(rest).toHaveLength(0);
    expect(mail?.subject).toBe(`${SITE}: booking cancelled for Regulatory Briefing`);
    expect(icsProperty(mail?.ics ?? '', 'METHOD')).toBe('CANCEL');
    expect(icsProperty(mail?.ics ?? '', 'UID')).toBe(uid);
  });
});
