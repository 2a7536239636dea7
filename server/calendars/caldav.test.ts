// Consultants' CalDAV calendars against a real server (Radicale on loopback): connecting discovers
// the calendars, a wrong password is refused in words, and the free times offered leave out a
// single meeting, a weekly meeting in its own zone (with one occurrence moved and one deleted) and
// an all-day event, but not a meeting marked free or a cancelled one. A booking reads the calendar
// again before it commits.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callerFor, createAccount, createTestEnv, expectFieldErrors, expectTRPCError, type TestAccount, type TestEnv } from '@tests/support/helpers';
import { startRadicale, type TestRadicale } from '@tests/support/radicale';
import { futureYear, isoDay } from '@tests/dates';
import { startScheduler } from '@server/scheduler/scheduler';
import { getSystemSettings } from '@server/settings/settings.repository';
import { encryptSecret, secretKeyOf } from './calendar-secrets';

const YEAR = futureYear(1, 7, 'Monday');
const day = (date: number) => isoDay(YEAR, 1, date);
const compact = (date: number, time: string) => `${day(date).replaceAll('-', '')}T${time.replace(':', '')}00`;

const PARIS = ['BEGIN:VTIMEZONE', 'TZID:Europe/Paris', 'BEGIN:STANDARD', 'DTSTART:19701025T030000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'END:STANDARD', 'BEGIN:DAYLIGHT', 'DTSTART:19700329T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'END:DAYLIGHT', 'END:VTIMEZONE'].join('\r\n');

function vevent(lines: string[]): string {
  return ['BEGIN:VEVENT', `DTSTAMP:${compact(1, '00:00')}Z`, ...lines, 'END:VEVENT'].join('\r\n');
}

/** The consultant's real week: what each free-time check below is about. */
const WORK_EVENTS = [
  vevent(['UID:single', `DTSTART:${compact(7, '10:00')}Z`, `DTEND:${compact(7, '11:00')}Z`, 'SUMMARY:Client meeting']),
  [
    PARIS,
    vevent(['UID:weekly', `DTSTART;TZID=Europe/Paris:${compact(8, '14:00')}`, `DTEND;TZID=Europe/Paris:${compact(8, '15:00')}`, 'RRULE:FREQ=WEEKLY;COUNT=4', `EXDATE;TZID=Europe/Paris:${compact(22, '14:00')}`, 'SUMMARY:Team meeting']),
    vevent(['UID:weekly', `RECURRENCE-ID;TZID=Europe/Paris:${compact(15, '14:00')}`, `DTSTART;TZID=Europe/Paris:${compact(16, '11:00')}`, `DTEND;TZID=Europe/Paris:${compact(16, '12:00')}`, 'SUMMARY:Team meeting (moved)']),
  ].join('\r\n'),
  vevent(['UID:all-day', `DTSTART;VALUE=DATE:${day(10).replaceAll('-', '')}`, `DTEND;VALUE=DATE:${day(11).replaceAll('-', '')}`, 'SUMMARY:Trade fair']),
  vevent(['UID:free', `DTSTART:${compact(11, '10:00')}Z`, `DTEND:${compact(11, '11:00')}Z`, 'TRANSP:TRANSPARENT', 'SUMMARY:Optional webinar']),
  vevent(['UID:cancelled', `DTSTART:${compact(12, '10:00')}Z`, `DTEND:${compact(12, '11:00')}Z`, 'STATUS:CANCELLED', 'SUMMARY:Called off']),
];

let radicale: TestRadicale;
let env: TestEnv;
let consultant: TestAccount;
let calendarCounter = 0;

beforeAll(async () => {
  radicale = await startRadicale();
});

afterAll(async () => {
  await radicale.close();
});

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day(6)}T12:00:00.000Z`));
  env = await createTestEnv({ env: { CALENDAR_ALLOW_PRIVATE_NETWORK: 'true', CALENDAR_TIMEOUT_S: '5' } });
  consultant = await createAccount(env.db, 'user', { name: 'Ama Consultant', email: 'ama@example.com' });
  await callerFor(env.deps, consultant).consultations.availability.set({ timeZone: 'UTC', weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })), overrides: [] });
});

afterEach(async () => {
  vi.useRealTimers();
  await env.close();
});

async function discoveryCall(): Promise<string> {
  const admin = await createAccount(env.db, 'admin');
  const type = await callerFor(env.deps, admin).consultations.types.create({
    title: 'Discovery call',
    durationMinutes: 60,
    locationKind: 'video',
    locationDetail: 'https://meet.example.com/firm',
    minNoticeHours: 0,
    horizonDays: 60,
    staffIds: [consultant.user.id],
  });
  return type.id;
}

/** A calendar of its own for each test, so tests share the server but not their events. */
function newCalendar(events: string[]): string {
  calendarCounter += 1;
  return radicale.calendar(`work-${calendarCounter}`, `Work ${calendarCounter}`, events);
}

async function startsOn(typeId: string, from: number, to: number): Promise<string[]> {
  const answer = await callerFor(env.deps, null).consultations.freeTimes({ typeId, from: day(from), to: day(to), timeZone: 'UTC' });
  return answer.times.map((time) => `${time.date} ${time.time}`);
}

describe('CalDAV calendars (Radicale)', () => {
  it('refuses a wrong password in words, and a server that is not there', async () => {
    const caller = callerFor(env.deps, consultant);
    await expectFieldErrors(caller.calendars.connectCalDav({ serverUrl: radicale.url, username: radicale.username, password: 'wrong' }), { password: 'The server refused the password' });
    await expectFieldErrors(caller.calendars.connectCalDav({ serverUrl: 'http://127.0.0.1:9/', username: 'ama', password: 'x' }), { serverUrl: 'The server could not be reached' });
    expect(await caller.calendars.list({})).toEqual([]);
  });

  it('discovers the calendars and keeps consultations off real meetings, not off free or cancelled ones', async () => {
    const typeId = await discoveryCall();
    const workUrl = newCalendar(WORK_EVENTS);
    const connection = await callerFor(env.deps, consultant).calendars.connectCalDav({ serverUrl: radicale.url, username: radicale.username, password: radicale.password });
    expect(connection.calendars).toContainEqual({ url: workUrl, name: `Work ${calendarCounter}` });
    // Only this test's calendar counts: the others on the server belong to other tests.
    const updated = await callerFor(env.deps, consultant).calendars.update({ id: connection.id, busyCalendars: [workUrl], writeCalendar: null });
    expect(updated).toMatchObject({ state: 'ok', error: null, busyCalendars: [workUrl], lastOkAt: new Date().toISOString() });
    expect(JSON.stringify(updated)).not.toContain(radicale.password);

    const times = await startsOn(typeId, 7, 31);
    // The single meeting, 10:00-11:00: neither 09:30, 10:00 nor 10:30 can start an hour then.
    expect(times).toEqual(expect.arrayContaining([`${day(7)} 09:00`, `${day(7)} 11:00`]));
    expect(times).not.toEqual(expect.arrayContaining([`${day(7)} 09:30`]));
    expect(times.filter((time) => time.startsWith(`${day(7)} 10`))).toEqual([]);
    // The weekly meeting, 14:00 in Paris (13:00 UTC): taken on the 8th and the 29th...
    expect(times).not.toContain(`${day(8)} 13:00`);
    expect(times).toContain(`${day(8)} 14:00`);
    expect(times).not.toContain(`${day(29)} 13:00`);
    // ...free on the 15th (moved to the 16th, 11:00 Paris) and the 22nd (deleted).
    expect(times).toContain(`${day(15)} 13:00`);
    expect(times).not.toContain(`${day(16)} 10:00`);
    expect(times).toContain(`${day(22)} 13:00`);
    // The all-day event takes the whole day; the free and the cancelled meetings take nothing.
    expect(times.filter((time) => time.startsWith(day(10)))).toEqual([]);
    expect(times).toContain(`${day(11)} 10:00`);
    expect(times).toContain(`${day(12)} 10:00`);
  });

  it('reads the calendar again before a booking commits: a meeting added since the last read wins', async () => {
    const typeId = await discoveryCall();
    const workUrl = newCalendar([]);
    const connection = await callerFor(env.deps, consultant).calendars.connectCalDav({ serverUrl: radicale.url, username: radicale.username, password: radicale.password });
    await callerFor(env.deps, consultant).calendars.update({ id: connection.id, busyCalendars: [workUrl], writeCalendar: null });
    expect(await startsOn(typeId, 14, 14)).toContain(`${day(14)} 10:00`);
    // The consultant accepts a meeting in their own calendar; the site has not read it yet.
    radicale.calendar(`work-${calendarCounter}`, `Work ${calendarCounter}`, [vevent(['UID:late', `DTSTART:${compact(14, '10:00')}Z`, `DTEND:${compact(14, '11:00')}Z`])]);
    expect(await startsOn(typeId, 14, 14)).toContain(`${day(14)} 10:00`);
    const visitor = { typeId, timeZone: 'UTC', visitorName: 'Vera Visitor', visitorEmail: 'vera@example.com' };
    await expectTRPCError(callerFor(env.deps, null).consultations.book({ ...visitor, startsAt: `${day(14)}T10:00:00.000Z` }), 'CONFLICT', 'This time was just taken. Please choose one of the next free times.');
    const booked = await callerFor(env.deps, null).consultations.book({ ...visitor, startsAt: `${day(14)}T11:00:00.000Z` });
    expect(booked.consultantName).toBe('Ama Consultant');
  });
});

describe('consultations written back, with a room of their own', () => {
  it('puts a booking into the chosen calendar with the visitor\'s UID and its room, moves it, and removes it when cancelled', async () => {
    const admin = await createAccount(env.db, 'admin');
    const adminCaller = callerFor(env.deps, admin);
    await adminCaller.settings.updateSystem({ ...(await getSystemSettings(env.db)), siteName: 'Global Reach', meetingBaseUrl: 'https://meet.example.org' });
    const type = await adminCaller.consultations.types.create({ title: 'Discovery call', durationMinutes: 60, locationKind: 'video', locationDetail: null, meetingLinks: 'per-consultation', minNoticeHours: 0, staffIds: [consultant.user.id] });
    const workUrl = newCalendar([]);
    const name = `work-${calendarCounter}`;
    const mine = callerFor(env.deps, consultant);
    const connection = await mine.calendars.connectCalDav({ serverUrl: radicale.url, username: radicale.username, password: radicale.password });
    await mine.calendars.update({ id: connection.id, busyCalendars: [workUrl], writeCalendar: workUrl });
    const scheduler = startScheduler(env.deps, { intervalMs: null });

    const booked = await callerFor(env.deps, null).consultations.book({ typeId: type.id, startsAt: `${day(9)}T10:00:00.000Z`, timeZone: 'UTC', visitorName: 'Vera Visitor', visitorEmail: 'vera@example.com' });
    const [pending] = (await mine.consultations.list({})).items;
    expect(pending?.calendarWrite).toEqual({ state: 'pending', attempts: 0, error: null });
    expect((await scheduler.runOnce()).calendarWrites).toBe(1);
    const event = radicale.objects(name)[`consultation-${booked.id}.ics`] ?? '';
    const visitorIcs = (await env.db.selectFrom('emailOutbox').select('ics').where('toAddress', '=', 'vera@example.com').executeTakeFirstOrThrow()).ics ?? '';
    const uid = /UID:(.+)\r\n/.exec(visitorIcs)?.[1];
    const room = /URL:(.+)\r\n/.exec(visitorIcs)?.[1] ?? '';
    expect(uid).toBe(`consultation-${booked.id}@127.0.0.1`);
    expect(room).toMatch(/^https:\/\/meet\.example\.org\/global-reach-[a-z]+-[a-z]+-[a-z]+-[a-z]+-\d{3}$/);
    // The visitor's calendar file, word for word: the room is the event's LOCATION and its URL.
    expect(unfolded(visitorIcs)).toBe([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//127.0.0.1//Bookings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'SEQUENCE:0',
      `DTSTAMP:${compact(6, '12:00')}Z`,
      `DTSTART:${compact(9, '10:00')}Z`,
      `DTEND:${compact(9, '11:00')}Z`,
      'SUMMARY:Discovery call with Ama Consultant (Global Reach)',
      `DESCRIPTION:Your Discovery call with Ama Consultant of Global Reach. Video call in its own room: ${room}`,
      `LOCATION:Video call in its own room: ${room}`,
      `URL:${room}`,
      'STATUS:CONFIRMED',
      'ATTENDEE;CN="Vera Visitor";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:vera@example.com',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'));
    // The confirmation page offers the same file and names the same room.
    expect(booked.calendar).toBe(visitorIcs);
    expect(booked.where).toBe(`Video call in its own room: ${room}`);
    // The consultant's calendar keeps the same event (Radicale orders its lines its own way).
    const eventLines = unfolded(event).split('\r\n');
    expect(eventLines).toContain(`UID:${uid}`);
    expect(eventLines).toContain(`LOCATION:Video call in its own room: ${room}`);
    expect(eventLines).toContain(`URL:${room}`);
    expect(event).toContain('SUMMARY:Discovery call: Vera Visitor');
    expect(event).not.toContain('ATTENDEE');
    expect(event).not.toContain('METHOD');
    expect((await mine.consultations.list({})).items[0]?.calendarWrite).toEqual({ state: 'written', attempts: 1, error: null });
    // The room is on the manage link's page too, and in no public answer.
    const visitorText = (await env.db.selectFrom('emailOutbox').select('textBody').where('toAddress', '=', 'vera@example.com').executeTakeFirstOrThrow()).textBody;
    expect(visitorText).toContain(`Where: Video call in its own room: ${room}`);
    const noticeText = (await env.db.selectFrom('emailOutbox').select('textBody').where('toAddress', '=', 'ama@example.com').executeTakeFirstOrThrow()).textBody;
    expect(noticeText).toContain(`Where: Video call in its own room: ${room}`);
    const token = /\/consultations\/manage\/([A-Za-z0-9_-]+)/.exec(visitorText)?.[1] ?? '';
    expect((await callerFor(env.deps, null).consultations.manage({ token })).location.detail).toBe(room);
    expect(JSON.stringify(await callerFor(env.deps, null).consultations.types.list())).not.toContain('meet.example.org');

    // Its own event in the calendar does not block moving it by half an hour.
    await refreshNow(connection.id);
    await callerFor(env.deps, null).consultations.rescheduleByToken({ token, startsAt: `${day(9)}T10:30:00.000Z` });
    await scheduler.runOnce();
    const moved = radicale.objects(name)[`consultation-${booked.id}.ics`] ?? '';
    expect(moved).toContain(`DTSTART:${compact(9, '10:30')}Z`);
    expect(moved).toContain('SEQUENCE:1');
    expect(moved).toContain(`URL:${room}`);

    await callerFor(env.deps, null).consultations.cancelByToken({ token });
    await scheduler.runOnce();
    expect(Object.keys(radicale.objects(name))).toEqual([]);
    expect((await mine.consultations.list({ status: 'cancelled' })).items[0]?.calendarWrite).toEqual({ state: 'removed', attempts: 1, error: null });
    await scheduler.stop();
  });

  it('retries a write the server refuses and shows why on the consultation', async () => {
    const typeId = await discoveryCall();
    const workUrl = newCalendar([]);
    const mine = callerFor(env.deps, consultant);
    const connection = await mine.calendars.connectCalDav({ serverUrl: radicale.url, username: radicale.username, password: radicale.password });
    await mine.calendars.update({ id: connection.id, busyCalendars: [workUrl], writeCalendar: workUrl });
    // The consultant revoked the app password on their server.
    await env.db.updateTable('calendarConnections').set({ secret: encryptSecret(secretKeyOf(env.deps.config), 'revoked') }).where('id', '=', connection.id).execute();
    const scheduler = startScheduler(env.deps, { intervalMs: null });
    await callerFor(env.deps, null).consultations.book({ typeId, startsAt: `${day(9)}T10:00:00.000Z`, timeZone: 'UTC', visitorName: 'Vera Visitor', visitorEmail: 'vera@example.com' });
    await scheduler.runOnce();
    expect((await mine.consultations.list({})).items[0]?.calendarWrite).toEqual({ state: 'pending', attempts: 1, error: 'The server refused the password' });
    // Put right, the next attempt (a minute later) writes it.
    await env.db.updateTable('calendarConnections').set({ secret: encryptSecret(secretKeyOf(env.deps.config), radicale.password) }).where('id', '=', connection.id).execute();
    vi.setSystemTime(new Date(Date.now() + 61_000));
    await scheduler.runOnce();
    expect((await mine.consultations.list({})).items[0]?.calendarWrite).toEqual({ state: 'written', attempts: 2, error: null });
    await scheduler.stop();
  });
});

/** A calendar file with its folded lines joined again (RFC 5545 3.1), to compare whole lines. */
function unfolded(ics: string): string {
  return ics.replaceAll('\r\n ', '');
}

async function refreshNow(id: string): Promise<void> {
  const connection = await callerFor(env.deps, consultant).calendars.refresh({ id });
  expect(connection.state).toBe('ok');
}
