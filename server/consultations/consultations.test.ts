// Consultations end to end through the API: types, hours, free times, booking (with the messages it
// writes), the manage link's reschedule and cancel with their calendar updates, the staff list and
// the role matrix of every procedure. Times are days ahead of the real clock, as visitors book them.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsultationTypeInput } from './consultations.schemas';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { EXPORT_ROUTES } from '@server/exports/exports.route';
import { getSystemSettings } from '@server/settings/settings.repository';
import { startScheduler } from '@server/scheduler/scheduler';
import { buildTestApp, callerFor, createAccount, createTestEnv, expectAdminOnly, expectFieldErrors, expectStaffOnly, expectTRPCError, roleCallers, type RoleCallers, type TestAccount, type TestEnv } from '@tests/support/helpers';

const DAY = 86_400_000;

let env: TestEnv;
let callers: RoleCallers;
let consultant: TestAccount;

/** A UTC date `days` from today. */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

const discoveryCall = (staffIds: string[], overrides: Partial<ConsultationTypeInput> = {}): ConsultationTypeInput => ({
  title: 'Discovery call',
  description: 'A first talk about your market.',
  durationMinutes: 60,
  locationKind: 'video',
  locationDetail: 'https://meet.example.com/firm',
  horizonDays: 60,
  staffIds,
  ...overrides,
});

const allWeek = (startMinute: number, endMinute: number) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute, endMinute }));

async function outbox() {
  return env.db.selectFrom('emailOutbox').select(['kind', 'toAddress', 'subject', 'textBody', 'ics']).orderBy('createdAt').orderBy('id').execute();
}

function tokenIn(text: string): string {
  const match = /\/consultations\/manage\/([A-Za-z0-9_-]+)/.exec(text);
  if (match?.[1] === undefined) throw new Error('No manage link in the message');
  return match[1];
}

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  consultant = await createAccount(env.db, 'user', { name: 'Ama Consultant', email: 'ama@example.com' });
  await callerFor(env.deps, consultant).consultations.availability.set({ timeZone: 'UTC', weekly: allWeek(540, 1020), overrides: [] });
});

afterEach(async () => {
  await env.close();
});

describe('consultation types', () => {
  it('lets admins create, update and delete types (audited), shows visitors the active ones without staff addresses', async () => {
    const created = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id], { allowPickConsultant: true }));
    expect(created).toMatchObject({ title: 'Discovery call', durationMinutes: 60, isActive: true, staffIds: [consultant.user.id] });
    const listed = await callers.anonymous.consultations.types.list();
    expect(listed).toEqual([
      {
        id: created.id,
        title: 'Discovery call',
        description: 'A first talk about your market.',
        translations: {},
        durationMinutes: 60,
        locationKind: 'video',
        allowPickConsultant: true,
        consultants: [{ id: consultant.user.id, name: 'Ama Consultant' }],
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain('@example.com');

    await callers.admin.consultations.types.update({ ...discoveryCall([consultant.user.id]), id: created.id, isActive: false });
    expect(await callers.anonymous.consultations.types.list()).toEqual([]);
    await callers.admin.consultations.types.delete({ id: created.id });
    expect(await callers.admin.consultations.types.all()).toEqual([]);
    const audit = await env.db.selectFrom('auditLog').select(['action', 'entity']).where('entity', '=', 'consultation-type').orderBy('createdAt').execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a duration out of range, a video call without a link and unknown staff with field messages', async () => {
    await expectFieldErrors(callers.admin.consultations.types.create(discoveryCall([], { durationMinutes: 10 })), {
      durationMinutes: 'Duration must be between 15 and 240 minutes',
    });
    await expectFieldErrors(callers.admin.consultations.types.create(discoveryCall([], { durationMinutes: 241 })), {
      durationMinutes: 'Duration must be between 15 and 240 minutes',
    });
    await expectFieldErrors(callers.admin.consultations.types.create(discoveryCall([], { locationDetail: null })), {
      locationDetail: 'Please enter the video-call link (https://...)',
    });
    await expectFieldErrors(callers.admin.consultations.types.create(discoveryCall(['nobody'])), { staffIds: 'Please choose staff members who exist' });
  });

  it('keeps a type that has consultations: it can only be made inactive', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    const { times } = await callers.anonymous.consultations.freeTimes({ typeId: type.id, from: dayAhead(3), to: dayAhead(3), timeZone: 'UTC' });
    await callers.anonymous.consultations.book({ typeId: type.id, startsAt: times[0]?.startsAt ?? '', timeZone: 'UTC', visitorName: 'Kofi', visitorEmail: 'kofi@example.com' });
    await expectTRPCError(
      callers.admin.consultations.types.delete({ id: type.id }),
      'PRECONDITION_FAILED',
      'This type has consultations: make it inactive instead of deleting it.',
    );
  });
});

describe('availability', () => {
  it('lets each staff member set their own hours, admins anyone\'s, and refuses others', async () => {
    const own = await callers.user.consultations.availability.set({
      timeZone: 'America/New_York',
      weekly: [
        { weekday: 1, startMinute: 540, endMinute: 720 },
        { weekday: 1, startMinute: 780, endMinute: 1020 },
      ],
      overrides: [{ date: dayAhead(5), ranges: [] }],
    });
    expect(own).toMatchObject({ timeZone: 'America/New_York', siteZone: false, overrides: [{ date: dayAhead(5), ranges: [] }] });
    expect(own.weekly).toHaveLength(2);
    await expectTRPCError(
      callers.user.consultations.availability.set({ userId: consultant.user.id, timeZone: 'UTC', weekly: [], overrides: [] }),
      'FORBIDDEN',
      'Only administrators can change the hours of others.',
    );
    await expectTRPCError(callers.user.consultations.availability.get({ userId: consultant.user.id }), 'FORBIDDEN');
    const byAdmin = await callers.admin.consultations.availability.set({ userId: consultant.user.id, timeZone: 'Europe/London', weekly: allWeek(600, 660), overrides: [] });
    expect(byAdmin.timeZone).toBe('Europe/London');
  });

  it('refuses a zone that does not exist, overlapping ranges and a range that ends before it starts', async () => {
    await expectFieldErrors(callers.user.consultations.availability.set({ timeZone: 'Mars/Olympus', weekly: [], overrides: [] }), {
      timeZone: 'Please choose a valid time zone',
    });
    await expectFieldErrors(
      callers.user.consultations.availability.set({ timeZone: 'UTC', weekly: [{ weekday: 1, startMinute: 600, endMinute: 540 }], overrides: [] }),
      { 'weekly.0.endMinute': 'A range must end after it starts' },
    );
    await expectFieldErrors(
      callers.user.consultations.availability.set({
        timeZone: 'UTC',
        weekly: [
          { weekday: 1, startMinute: 540, endMinute: 720 },
          { weekday: 1, startMinute: 700, endMinute: 800 },
        ],
        overrides: [],
      }),
      { weekly: 'Ranges of one day must not overlap' },
    );
  });
});

describe('free times and booking', () => {
  it('answers free times in the visitor\'s zone (Tokyo) and refuses a bad zone or a range over 31 days', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    // 09:00-17:00 UTC is 18:00-02:00 in Tokyo: a Tokyo date holds 18:00-23:00 of its own day and 00:00-01:00 of the UTC hours before.
    const date = dayAhead(10);
    const free = await callers.anonymous.consultations.freeTimes({ typeId: type.id, from: date, to: date, timeZone: 'Asia/Tokyo' });
    expect(free.times.map((time) => time.time)).toEqual(['00:00', '00:30', '01:00', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00', '23:30']);
    expect(free.days).toEqual([date]);
    expect(free.times[3]?.startsAt).toBe(`${date}T09:00:00.000Z`);
    expect(free.times.every((time) => time.consultantIds.length === 0)).toBe(true);

    await expectFieldErrors(callers.anonymous.consultations.freeTimes({ typeId: type.id, from: date, to: date, timeZone: 'Mars/Olympus' }), {
      timeZone: 'Please choose a valid time zone',
    });
    await expectFieldErrors(callers.anonymous.consultations.freeTimes({ typeId: type.id, from: dayAhead(1), to: dayAhead(32), timeZone: 'UTC' }), {
      to: 'Please ask for at most 31 days',
    });
  });

  it('books a free time: the visitor gets the .ics, the manage link and the consultant\'s name; the consultant the visitor\'s details', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    const date = dayAhead(7);
    const booked = await callers.anonymous.consultations.book({
      typeId: type.id,
      startsAt: `${date}T10:00:00.000Z`,
      timeZone: 'Europe/Paris',
      visitorName: 'Kofi Mensah',
      visitorEmail: 'Kofi@Example.com',
      visitorPhone: '+233 20 000 0000',
      visitorCompany: 'Mensah Ltd',
      message: 'Entering the German market.',
    });
    expect(booked).toMatchObject({ startsAt: `${date}T10:00:00.000Z`, endsAt: `${date}T11:00:00.000Z`, consultantName: 'Ama Consultant', typeTitle: 'Discovery call' });

    const [visitor, notice] = await outbox();
    expect(visitor).toMatchObject({ kind: 'consultation-booked', toAddress: 'kofi@example.com' });
    expect(visitor?.subject).toContain('your Discovery call with Ama Consultant is booked');
    expect(visitor?.textBody).toContain('With: Ama Consultant');
    expect(visitor?.textBody).toContain('Where: Video call: https://meet.example.com/firm');
    expect(visitor?.textBody).toMatch(/Reschedule or cancel: http:\/\/.+\/consultations\/manage\/[A-Za-z0-9_-]{43}/);
    expect(visitor?.ics).toContain(`UID:consultation-${booked.id}@`);
    expect(visitor?.ics).toContain('SEQUENCE:0');
    expect(visitor?.ics).toContain('LOCATION:Video call: https://meet.example.com/firm');
    expect(visitor?.ics).toContain(`DTSTART:${date.replace(/-/g, '')}T100000Z`);
    // The confirmation page offers the same calendar entry and links to the same manage page.
    expect(booked.where).toBe('Video call: https://meet.example.com/firm');
    expect(booked.calendar).toBe(visitor?.ics);
    expect(visitor?.textBody).toContain(`/consultations/manage/${booked.manageToken}`);
    expect(notice).toMatchObject({ kind: 'consultation-notice', toAddress: 'ama@example.com' });
    expect(notice?.textBody).toContain('Visitor: Kofi Mensah');
    expect(notice?.textBody).toContain('Company: Mensah Ltd');
    expect(notice?.textBody).toContain('Message: Entering the German market.');

    const free = await callers.anonymous.consultations.freeTimes({ typeId: type.id, from: date, to: date, timeZone: 'UTC' });
    expect(free.times.map((time) => time.time)).not.toContain('10:00');
    expect(free.times.map((time) => time.time)).not.toContain('09:30');
    expect(free.times.map((time) => time.time)).toContain('11:00');
  });

  it('refuses a time that is not free with a field message', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    const visitor = { typeId: type.id, timeZone: 'UTC', visitorName: 'Kofi', visitorEmail: 'kofi@example.com' };
    const error = await expectTRPCError(
      callers.anonymous.consultations.book({ ...visitor, startsAt: `${dayAhead(7)}T03:00:00.000Z` }),
      'CONFLICT',
      'This time was just taken. Please choose one of the next free times.',
    );
    expect(error.cause).toMatchObject({ fieldErrors: { startsAt: ['This time was just taken. Please choose one of the next free times.'] } });
    await expectFieldErrors(callers.anonymous.consultations.book({ ...visitor, startsAt: 'tomorrow' }), { startsAt: 'Please enter a valid date and time' });
    await expectFieldErrors(callers.anonymous.consultations.book({ ...visitor, startsAt: `${dayAhead(7)}T10:00:00.000Z`, timeZone: 'Nowhere/City' }), {
      timeZone: 'Please choose a valid time zone',
    });
    await expectFieldErrors(callers.anonymous.consultations.book({ ...visitor, startsAt: `${dayAhead(7)}T10:00:00.000Z`, consultantId: consultant.user.id }), {
      consultantId: 'Please choose one of the consultants offered',
    });
  });

  it('gives the time to the free consultant with the fewest consultations that week, or to the one the visitor picks', async () => {
    const second = await createAccount(env.db, 'user', { name: 'Bea Consultant', email: 'bea@example.com' });
    await callerFor(env.deps, second).consultations.availability.set({ timeZone: 'UTC', weekly: allWeek(540, 1020), overrides: [] });
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id, second.user.id], { allowPickConsultant: true }));
    const date = dayAhead(14);
    const book = (time: string, consultantId?: string) =>
      callers.anonymous.consultations.book({ typeId: type.id, startsAt: `${date}T${time}:00.000Z`, timeZone: 'UTC', visitorName: 'V', visitorEmail: 'v@example.com', consultantId });
    expect((await book('09:00')).consultantName).toBe('Ama Consultant');
    expect((await book('09:00')).consultantName).toBe('Bea Consultant');
    expect((await book('11:00')).consultantName).toBe('Ama Consultant');
    expect((await book('13:00', second.user.id)).consultantName).toBe('Bea Consultant');
    const free = await callers.anonymous.consultations.freeTimes({ typeId: type.id, from: date, to: date, timeZone: 'UTC' });
    expect(free.times.find((time) => time.time === '11:00')?.consultantIds).toEqual([second.user.id]);
  });
});

describe('the manage link', () => {
  it('moves a consultation to another free time (old time freed, one .ics update with the same UID and a higher SEQUENCE), then cancels it', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    const date = dayAhead(8);
    const booked = await callers.anonymous.consultations.book({ typeId: type.id, startsAt: `${date}T10:00:00.000Z`, timeZone: 'UTC', visitorName: 'Kofi', visitorEmail: 'kofi@example.com' });
    const token = tokenIn((await outbox())[0]?.textBody ?? '');

    const viewed = await callers.anonymous.consultations.manage({ token });
    expect(viewed).toMatchObject({ id: booked.id, typeTitle: 'Discovery call', consultantName: 'Ama Consultant', status: 'booked', changeable: true });
    // Add to calendar on the manage page: the e-mail's entry (same UID and sequence) at its time.
    const dayStamp = date.replaceAll('-', '');
    for (const line of [`UID:consultation-${booked.id}@`, 'SEQUENCE:0', 'METHOD:REQUEST', `DTSTART:${dayStamp}T100000Z`]) {
      expect(viewed.calendar).toContain(line);
    }

    // Its own time counts as free while it moves (11:00 overlaps it by 30 minutes).
    const whileMoving = await callers.anonymous.consultations.freeTimes({ typeId: type.id, from: date, to: date, timeZone: 'UTC', manageToken: token });
    expect(whileMoving.times.map((time) => time.time)).toContain('10:30');
    const moved = await callers.anonymous.consultations.rescheduleByToken({ token, startsAt: `${date}T10:30:00.000Z` });
    expect(moved).toMatchObject({ startsAt: `${date}T10:30:00.000Z`, status: 'booked' });
    expect(moved.calendar).toContain('SEQUENCE:1');
    expect(moved.calendar).toContain(`DTSTART:${dayStamp}T103000Z`);
    const free = await callers.anonymous.consultations.freeTimes({ typeId: type.id, from: date, to: date, timeZone: 'UTC' });
    expect(free.times.map((time) => time.time)).toContain('09:30');
    expect(free.times.map((time) => time.time)).not.toContain('10:00');

    const afterMove = (await outbox()).slice(2);
    expect(afterMove.map((message) => [message.kind, message.toAddress])).toEqual([
      ['consultation-rescheduled', 'kofi@example.com'],
      ['consultation-rescheduled', 'ama@example.com'],
    ]);
    expect(afterMove[0]?.ics).toContain(`UID:consultation-${booked.id}@`);
    expect(afterMove[0]?.ics).toContain('SEQUENCE:1');
    expect(afterMove[0]?.ics).toContain('METHOD:REQUEST');
    expect(afterMove[0]?.textBody).toContain(`/consultations/manage/${token}`);

    const cancelled = await callers.anonymous.consultations.cancelByToken({ token });
    expect(cancelled).toMatchObject({ status: 'cancelled', changeable: false, calendar: null });
    const afterCancel = (await outbox()).slice(4);
    expect(afterCancel.map((message) => [message.kind, message.toAddress])).toEqual([
      ['consultation-cancelled', 'kofi@example.com'],
      ['consultation-cancelled', 'ama@example.com'],
    ]);
    expect(afterCancel[0]?.ics).toContain('METHOD:CANCEL');
    expect(afterCancel[0]?.ics).toContain('SEQUENCE:2');
    await expectTRPCError(callers.anonymous.consultations.cancelByToken({ token }), 'PRECONDITION_FAILED', 'This consultation is already cancelled.');
    await expectTRPCError(callers.anonymous.consultations.manage({ token: 'not-a-token' }), 'NOT_FOUND', 'Consultation not found.');
    const again = await callers.anonymous.consultations.freeTimes({ typeId: type.id, from: date, to: date, timeZone: 'UTC' });
    expect(again.times.map((time) => time.time)).toContain('10:30');
  });
});

describe('reminders', () => {
  it('reminds the visitor once per start time within the reminder window, with a new link and the same calendar entry', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    const date = dayAhead(5);
    const booked = await callers.anonymous.consultations.book({ typeId: type.id, startsAt: `${date}T10:00:00.000Z`, timeZone: 'UTC', visitorName: 'Kofi', visitorEmail: 'kofi@example.com' });
    const oldToken = tokenIn((await outbox())[0]?.textBody ?? '');
    const { reminderHours } = await getSystemSettings(env.db);
    let clock = Date.parse(`${date}T10:00:00.000Z`) - (reminderHours + 1) * 3_600_000;
    const scheduler = startScheduler(env.deps, { intervalMs: null, now: () => new Date(clock) });
    try {
      expect((await scheduler.runOnce()).reminders).toBe(0);
      clock += 2 * 3_600_000;
      expect((await scheduler.runOnce()).reminders).toBe(1);
      expect((await scheduler.runOnce()).reminders).toBe(0);
    } finally {
      await scheduler.stop();
    }
    const reminder = (await outbox()).find((message) => message.kind === 'consultation-reminder');
    expect(reminder?.toAddress).toBe('kofi@example.com');
    expect(reminder?.subject).toContain('reminder of your Discovery call with Ama Consultant');
    expect(reminder?.ics).toContain(`UID:consultation-${booked.id}@`);
    expect(reminder?.ics).toContain('SEQUENCE:0');
    const newToken = tokenIn(reminder?.textBody ?? '');
    expect(newToken).not.toBe(oldToken);
    expect((await callers.anonymous.consultations.manage({ token: newToken })).id).toBe(booked.id);
    await expectTRPCError(callers.anonymous.consultations.manage({ token: oldToken }), 'NOT_FOUND');
  });
});

describe('the staff list', () => {
  it('shows each staff member their own by default, filters and searches, and lets staff cancel or move one (the visitor is told)', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    const date = dayAhead(9);
    const booked = await callers.anonymous.consultations.book({ typeId: type.id, startsAt: `${date}T09:00:00.000Z`, timeZone: 'UTC', visitorName: 'Kofi Mensah', visitorEmail: 'kofi@example.com', visitorCompany: 'Mensah Ltd' });
    const own = callerFor(env.deps, consultant);
    expect((await own.consultations.list({})).items.map((item) => item.id)).toEqual([booked.id]);
    expect((await callers.admin.consultations.list({})).total).toBe(0);
    expect((await callers.admin.consultations.list({ consultantId: 'all', search: 'mensah' })).items).toMatchObject([
      { id: booked.id, typeTitle: 'Discovery call', consultantName: 'Ama Consultant', visitorName: 'Kofi Mensah', status: 'booked' },
    ]);
    expect((await callers.admin.consultations.list({ consultantId: 'all', status: 'cancelled' })).total).toBe(0);
    expect((await callers.admin.consultations.list({ consultantId: 'all', when: 'past' })).total).toBe(0);

    await callers.user.consultations.move({ id: booked.id, startsAt: `${date}T14:00:00.000Z` });
    const moved = (await outbox()).filter((message) => message.kind === 'consultation-rescheduled');
    expect(moved[0]?.toAddress).toBe('kofi@example.com');
    expect(moved[0]?.textBody).toContain('Links in earlier e-mails about this consultation no longer work; use this one.');
    await callers.user.consultations.cancel({ id: booked.id });
    expect((await own.consultations.list({ status: 'cancelled' })).items.map((item) => item.startsAt)).toEqual([`${date}T14:00:00.000Z`]);
    const audit = await env.db.selectFrom('auditLog').select('action').where('entity', '=', 'consultation').orderBy('createdAt').execute();
    expect(audit.map((row) => row.action)).toEqual(['update', 'status']);
  });
});

describe('partner attribution', () => {
  it("shows the partner site of a consultation booked in its widget, filters by it, offers it to the filter and exports it", async () => {
    await callers.admin.settings.updateEmbed({ allowedOrigins: ['https://chamber.example'] });
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    const date = dayAhead(8);
    const visitor = { typeId: type.id, timeZone: 'UTC', visitorEmail: 'kofi@example.com' };
    const framed = await callers.anonymous.consultations.book({ ...visitor, startsAt: `${date}T09:00:00.000Z`, visitorName: 'Framed Visitor', partner: 'https://chamber.example' });
    await callers.anonymous.consultations.book({ ...visitor, startsAt: `${date}T11:00:00.000Z`, visitorName: 'Direct Visitor' });
    await callers.anonymous.consultations.book({ ...visitor, startsAt: `${date}T13:00:00.000Z`, visitorName: 'Claimed Visitor', partner: 'https://not-allowed.example' });

    const all = await callers.admin.consultations.list({ consultantId: 'all' });
    expect(all.items.map((item) => [item.visitorName, item.partner])).toEqual([
      ['Framed Visitor', 'https://chamber.example'],
      ['Direct Visitor', null],
      ['Claimed Visitor', null],
    ]);
    const filtered = await callers.user.consultations.list({ consultantId: 'all', partner: 'https://chamber.example' });
    expect(filtered.items.map((item) => item.id)).toEqual([framed.id]);
    expect(filtered.total).toBe(1);
    // An empty filter is no filter.
    expect((await callers.user.consultations.list({ consultantId: 'all', partner: '' })).total).toBe(3);
    expect(await callers.user.consultations.partners()).toEqual(['https://chamber.example']);

    const app = await buildTestApp(env);
    try {
      const response = await app.inject({ method: 'GET', url: `${EXPORT_ROUTES.consultations}?consultantId=all&partner=${encodeURIComponent('https://chamber.example')}`, headers: { cookie: `${SESSION_COOKIE}=${callers.userAccount.token}` } });
      const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]?.endsWith(',https://chamber.example')).toBe(true);
      expect(lines[1]).toContain('Framed Visitor');
    } finally {
      await app.close();
    }
  });
});

describe('the calendar', () => {
  it('lists booked consultations by site-zone days for staff, not cancelled ones', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    const date = dayAhead(4);
    const kept = await callers.anonymous.consultations.book({ typeId: type.id, startsAt: `${date}T09:00:00.000Z`, timeZone: 'UTC', visitorName: 'Kofi', visitorEmail: 'kofi@example.com' });
    const dropped = await callers.anonymous.consultations.book({ typeId: type.id, startsAt: `${date}T13:00:00.000Z`, timeZone: 'UTC', visitorName: 'Efua', visitorEmail: 'efua@example.com' });
    await callers.admin.consultations.cancel({ id: dropped.id });
    await expectStaffOnly(callers, (c) => c.consultations.calendar({ from: date, to: date }));
    const calendar = await callers.user.consultations.calendar({ from: date, to: date });
    expect(calendar).toEqual({
      truncated: false,
      consultations: [
        { id: kept.id, startsAt: `${date}T09:00:00.000Z`, endsAt: `${date}T10:00:00.000Z`, typeTitle: 'Discovery call', consultantName: 'Ama Consultant', consultantId: consultant.user.id, visitorName: 'Kofi' },
      ],
    });
    await expectFieldErrors(callers.user.consultations.calendar({ from: date, to: dayAhead(60) }), { to: 'The calendar shows at most 42 days at a time' });
  });
});

describe('the CSV export', () => {
  it('writes the filtered consultations, one row each, times in UTC', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    const date = dayAhead(6);
    await callers.anonymous.consultations.book({ typeId: type.id, startsAt: `${date}T09:00:00.000Z`, timeZone: 'UTC', visitorName: 'Kofi Mensah', visitorEmail: 'kofi@example.com', message: '=SUM(A1)' });
    const app = await buildTestApp(env);
    try {
      const response = await app.inject({ method: 'GET', url: `${EXPORT_ROUTES.consultations}?consultantId=all&search=kofi`, headers: { cookie: `${SESSION_COOKIE}=${callers.userAccount.token}` } });
      expect(response.statusCode).toBe(200);
      const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('Consultation ID,Status,Type,Consultant,Start (UTC),End (UTC),Visitor Name,Visitor Email,Visitor Phone,Company,Message,Created At (UTC),Partner');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`,Booked,Discovery call,Ama Consultant,${date}T09:00:00.000Z,${date}T10:00:00.000Z,Kofi Mensah,kofi@example.com,,,'=SUM(A1),`);
    } finally {
      await app.close();
    }
  });
});

describe('role matrix', () => {
  it('keeps staff procedures from anonymous callers and admin procedures from users', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    await expectAdminOnly(callers, (c) => c.consultations.types.create(discoveryCall([])));
    await expectAdminOnly(callers, (c) => c.consultations.types.update({ ...discoveryCall([]), id: type.id }));
    await expectAdminOnly(callers, (c) => c.consultations.types.delete({ id: type.id }));
    await expectStaffOnly(callers, (c) => c.consultations.types.all());
    await expectStaffOnly(callers, (c) => c.consultations.availability.get({}));
    await expectStaffOnly(callers, (c) => c.consultations.availability.set({ timeZone: 'UTC', weekly: [], overrides: [] }));
    await expectStaffOnly(callers, (c) => c.consultations.list({}));
    await expectStaffOnly(callers, (c) => c.consultations.partners());
    await expectStaffOnly(callers, (c) => c.consultations.cancel({ id: 'x' }));
    await expectStaffOnly(callers, (c) => c.consultations.move({ id: 'x', startsAt: `${dayAhead(3)}T10:00:00.000Z` }));
    // Users and admins may use the staff procedures; everyone the public ones.
    for (const caller of [callers.user, callers.admin]) {
      expect(await caller.consultations.types.all()).toHaveLength(1);
      expect((await caller.consultations.list({ consultantId: 'all' })).total).toBe(0);
      await expectTRPCError(caller.consultations.cancel({ id: 'missing' }), 'NOT_FOUND', 'Consultation not found.');
    }
    for (const caller of [callers.anonymous, callers.user, callers.admin]) {
      expect(await caller.consultations.types.list()).toHaveLength(1);
      expect((await caller.consultations.freeTimes({ typeId: type.id, from: dayAhead(2), to: dayAhead(2), timeZone: 'UTC' })).times.length).toBeGreaterThan(0);
      await expectTRPCError(caller.consultations.manage({ token: 'missing' }), 'NOT_FOUND');
    }
  });
});
