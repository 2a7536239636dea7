// @module-tag postgres
// Calendar feeds and the rules of every connection, against real HTTP on loopback: who may connect
// whose calendars, bad input and refused addresses (not https, a private network, this site, a
// redirect to any of them), the secret kept encrypted and never answered, and a feed that is gone,
// hangs, or is not a calendar: the public page keeps answering from the busy times last read, the
// error is shown in words and one e-mail goes to the consultant and the admins.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callerFor, createAccount, createCaller, createTestEnv, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestAccount, type TestEnv } from '@tests/support/helpers';
import { startFeedServer, type TestFeedServer, vcalendar } from '@tests/support/radicale';
import { futureYear, isoDay } from '@tests/dates';
import { startScheduler } from '@server/scheduler/scheduler';
import { onPostgres, secondInstance } from '@tests/support/postgres-env';
import { createContextInner } from '@server/trpc/context';
import { refreshDueCalendars, refreshIfFree } from './calendar-refresh.service';
import { KEY_FILE_NAME } from './calendar-secrets';

const YEAR = futureYear(3, 4, 'Monday');
const day = (date: number) => isoDay(YEAR, 3, date);
const compact = (date: number, time: string) => `${day(date).replaceAll('-', '')}T${time.replace(':', '')}00Z`;
const MEETING = ['BEGIN:VEVENT', 'UID:m1', `DTSTAMP:${compact(1, '00:00')}`, `DTSTART:${compact(5, '10:00')}`, `DTEND:${compact(5, '11:00')}`, 'END:VEVENT'].join('\r\n');

let env: TestEnv;
let feeds: TestFeedServer;
let callers: RoleCallers;
let consultant: TestAccount;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day(3)}T12:00:00.000Z`));
  feeds = await startFeedServer();
  feeds.routes.set('/secret/basic.ics', { status: 200, body: vcalendar(MEETING) });
  env = await createTestEnv({ env: { CALENDAR_ALLOW_PRIVATE_NETWORK: 'true', CALENDAR_TIMEOUT_S: '0.3' } });
  callers = await roleCallers(env);
  consultant = callers.userAccount;
  await callers.user.consultations.availability.set({ timeZone: 'UTC', weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })), overrides: [] });
});

afterEach(async () => {
  vi.useRealTimers();
  await env.close();
  await feeds.close();
});

async function discoveryCall(staff: TestAccount): Promise<string> {
  const type = await callers.admin.consultations.types.create({ title: 'Discovery call', durationMinutes: 60, locationKind: 'video', locationDetail: 'https://meet.example.com/firm', minNoticeHours: 0, staffIds: [staff.user.id] });
  return type.id;
}

async function startsOn(typeId: string, date: number): Promise<string[]> {
  const answer = await callers.anonymous.consultations.freeTimes({ typeId, from: day(date), to: day(date), timeZone: 'UTC' });
  return answer.times.map((time) => time.time);
}

describe('calendar feeds', () => {
  it('connects a feed, keeps its address encrypted and never answers it, and keeps consultations off its meetings', async () => {
    const typeId = await discoveryCall(consultant);
    const url = `${feeds.url}/secret/basic.ics`;
    const connection = await callers.user.calendars.connectFeed({ url, name: 'Google calendar' });
    expect(connection).toMatchObject({ kind: 'feed', name: 'Google calendar', serverUrl: feeds.url, state: 'ok', error: null, lastOkAt: `${day(3)}T12:00:00.000Z`, calendars: [], writeCalendar: null });
    expect(JSON.stringify(await callers.user.calendars.list({}))).not.toContain('/secret/');
    const stored = await env.db.selectFrom('calendarConnections').select('secret').executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^v1:/);
    expect(stored.secret).not.toContain('secret/basic');
    expect(fs.statSync(path.join(env.dataDir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
    expect(await startsOn(typeId, 5)).toEqual(['09:00', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00']);
    const audit = await env.db.selectFrom('auditLog').select(['action', 'entity', 'summary']).where('entity', '=', 'calendar-connection').execute();
    expect(audit).toEqual([{ action: 'create', entity: 'calendar-connection', summary: 'Feed Google calendar' }]);
  });

  it('keeps the type\'s buffers clear of a busy meeting, in the free times and when booking', async () => {
    // Without buffers the feed's meeting (10:00-11:00) leaves 09:00 and 11:00 free (see above).
    const type = await callers.admin.consultations.types.create({ title: 'Strategy session', durationMinutes: 60, bufferBeforeMinutes: 15, bufferAfterMinutes: 30, locationKind: 'video', locationDetail: 'https://meet.example.com/firm', minNoticeHours: 0, staffIds: [consultant.user.id] });
    await callers.user.calendars.connectFeed({ url: `${feeds.url}/secret/basic.ics`, name: 'Google calendar' });
    // 09:00-10:00 and its 30 minutes after run into the meeting; so does 11:00 with its 15 minutes before.
    expect(await startsOn(type.id, 5)).toEqual(['11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00']);
    const visitor = { typeId: type.id, timeZone: 'UTC', visitorName: 'Vera Visitor', visitorEmail: 'vera@example.com' };
    for (const time of ['09:00', '11:00']) {
      await expectTRPCError(callers.anonymous.consultations.book({ ...visitor, startsAt: `${day(5)}T${time}:00.000Z` }), 'CONFLICT', 'This time was just taken. Please choose one of the next free times.');
    }
    expect((await callers.anonymous.consultations.book({ ...visitor, startsAt: `${day(5)}T11:30:00.000Z` })).consultantName).toBe(consultant.user.name);
  });

  it('a scheduler that saw a connection due just before another refreshed it does not read it again', async () => {
    const connection = await callers.user.calendars.connectFeed({ url: `${feeds.url}/secret/basic.ics`, name: 'Google calendar' });
    const due = new Date(Date.parse(connection.lastOkAt ?? '') + env.deps.config.calendars.refreshMs);
    // One instance refreshes it (its lease released, its next refresh set)...
    expect(await refreshDueCalendars(env.deps, due)).toBe(1);
    feeds.requests.length = 0;
    // ...then the other, which listed it as due a moment before, tries to take it.
    expect(await refreshIfFree(env.deps, connection.id, due, true)).toBeUndefined();
    expect(feeds.requests).toEqual([]);
  });

  it.runIf(onPostgres())('two instances on PostgreSQL share one cache and one refresh per connection', async () => {
    const typeId = await discoveryCall(consultant);
    const connection = await callers.user.calendars.connectFeed({ url: `${feeds.url}/secret/basic.ics`, name: 'Google calendar' });
    const second = secondInstance(env);
    try {
      feeds.requests.length = 0;
      // Both schedulers wake once the connection is due again, at the same moment.
      const due = new Date(Date.parse(connection.lastOkAt ?? '') + env.deps.config.calendars.refreshMs);
      const refreshed = await Promise.all([refreshDueCalendars(env.deps, due), refreshDueCalendars(second.deps, due)]);
      expect(refreshed.reduce((sum, count) => sum + count, 0)).toBe(1);
      expect(feeds.requests).toEqual(['/secret/basic.ics']);
      // One set of busy times, which both instances answer from.
      expect(await env.db.selectFrom('calendarBusy').select('startsAt').where('connectionId', '=', connection.id).execute()).toHaveLength(1);
      expect(await startsOn(typeId, 5)).toEqual(['09:00', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00']);
      const onSecond = createCaller(createContextInner(second.deps, { user: null, session: null }));
      const answer = await onSecond.consultations.freeTimes({ typeId, from: day(5), to: day(5), timeZone: 'UTC' });
      expect(answer.times.map((time) => time.time)).toEqual(await startsOn(typeId, 5));
    } finally {
      await second.close();
    }
  });

  it('refuses a feed that is gone, hangs or is not a calendar when connecting, in words', async () => {
    feeds.routes.set('/hang.ics', 'hang');
    feeds.routes.set('/page.html', { status: 200, body: '<html>Sign in</html>', type: 'text/html' });
    feeds.routes.set('/broken.ics', { status: 200, body: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:never\r\n' });
    await expectFieldErrors(callers.user.calendars.connectFeed({ url: `${feeds.url}/gone.ics`, name: 'Old' }), { url: 'The feed is no longer published' });
    await expectFieldErrors(callers.user.calendars.connectFeed({ url: `${feeds.url}/hang.ics`, name: 'Slow' }), { url: 'The server did not answer within 0.3 seconds' });
    await expectFieldErrors(callers.user.calendars.connectFeed({ url: `${feeds.url}/page.html`, name: 'Page' }), { url: 'The address did not answer with a calendar' });
    await expectFieldErrors(callers.user.calendars.connectFeed({ url: `${feeds.url}/broken.ics`, name: 'Broken' }), { url: 'The calendar could not be read: it is not valid iCalendar' });
    expect(await callers.user.calendars.list({})).toEqual([]);
  });

  it('keeps the last busy times while a feed fails, shows why, e-mails once, and hides the times after a day', async () => {
    const typeId = await discoveryCall(consultant);
    const connection = await callers.user.calendars.connectFeed({ url: `${feeds.url}/secret/basic.ics`, name: 'Outlook' });
    const scheduler = startScheduler(env.deps, { intervalMs: null });
    const failures = [
      { status: 404, body: 'gone' },
      'hang' as const,
      { status: 200, body: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:never\r\n' },
    ];
    const words = ['The feed is no longer published', 'The server did not answer within 0.3 seconds', 'The calendar could not be read: it is not valid iCalendar'];
    for (const [index, failure] of failures.entries()) {
      feeds.routes.set('/secret/basic.ics', failure);
      vi.setSystemTime(new Date(Date.now() + 6 * 60_000));
      expect((await scheduler.runOnce()).calendars).toBe(1);
      // The public page answers from what was kept: the meeting still blocks 10:00.
      expect(await startsOn(typeId, 5)).not.toContain('10:00');
      const [shown] = await callers.user.calendars.list({});
      expect(shown).toMatchObject({ id: connection.id, state: 'failing', error: words[index], lastOkAt: `${day(3)}T12:00:00.000Z` });
    }
    const mails = await env.db.selectFrom('emailOutbox').select(['kind', 'toAddress', 'subject', 'textBody']).where('kind', '=', 'calendar-failing').orderBy('toAddress').execute();
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      [callers.adminAccount.user.email, 'A calendar can no longer be read: Outlook'],
      [consultant.user.email, 'A calendar can no longer be read: Outlook'],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    expect(mails[0]?.textBody).toContain(`"Outlook": The feed is no longer published.`);

    // A day after the last good read the consultant's times are hidden, and the screen says so.
    vi.setSystemTime(new Date(`${day(4)}T12:00:01.000Z`));
    expect(await startsOn(typeId, 5)).toEqual([]);
    expect((await callers.user.calendars.list({}))[0]?.state).toBe('unknown');

    // A good read ends the spell: the times come back, and a later failure e-mails again.
    feeds.routes.set('/secret/basic.ics', { status: 200, body: vcalendar(MEETING) });
    await callers.user.calendars.refresh({ id: connection.id });
    expect((await callers.user.calendars.list({}))[0]).toMatchObject({ state: 'ok', error: null, failingSince: null });
    expect(await startsOn(typeId, 5)).toContain('09:00');
    await scheduler.stop();
  });

  it('refuses addresses that are not https, on a private network or this site, and redirects to them', async () => {
    const closed = await createTestEnv({ env: { PUBLIC_ORIGIN: 'https://site.example.com' } });
    try {
      const user = await createAccount(closed.db, 'user');
      const caller = callerFor(closed.deps, user);
      await expectFieldErrors(caller.calendars.connectFeed({ url: `${feeds.url}/secret/basic.ics`, name: 'Plain' }), { url: 'Please use an https:// address' });
      await expectFieldErrors(caller.calendars.connectFeed({ url: 'https://127.0.0.1/feed.ics', name: 'Loopback' }), { url: 'This address is on a private network, which this site does not connect to' });
      await expectFieldErrors(caller.calendars.connectFeed({ url: 'https://10.1.2.3/feed.ics', name: 'Private' }), { url: 'This address is on a private network, which this site does not connect to' });
      await expectFieldErrors(caller.calendars.connectFeed({ url: 'https://[::ffff:7f00:1]/feed.ics', name: 'Mapped' }), { url: 'This address is on a private network, which this site does not connect to' });
      await expectFieldErrors(caller.calendars.connectFeed({ url: 'https://169.254.169.254/latest', name: 'Metadata' }), { url: 'This address is on a private network, which this site does not connect to' });
      await expectFieldErrors(caller.calendars.connectFeed({ url: 'https://site.example.com/events.ics', name: 'Itself' }), { url: 'This address is this site itself, not a calendar' });
      await expectFieldErrors(caller.calendars.connectCalDav({ serverUrl: 'https://localhost:5232/', username: 'a', password: 'b' }), { serverUrl: 'This address is on a private network, which this site does not connect to' });
    } finally {
      await closed.close();
    }
    // Allowed to reach the private network, a redirect to this site is still refused.
    const site = env.deps.config.publicOrigin;
    feeds.routes.set('/moved.ics', { status: 302, body: '', location: `${site}/events.ics` });
    await expectFieldErrors(callers.user.calendars.connectFeed({ url: `${feeds.url}/moved.ics`, name: 'Moved' }), { url: 'This address is this site itself, not a calendar' });
  });
});

describe('who may manage calendars', () => {
  it('lets staff manage their own, admins anyone\'s, and anonymous callers nothing', async () => {
    const url = `${feeds.url}/secret/basic.ics`;
    const other = await createAccount(env.db, 'user', { name: 'Other Consultant' });
    const mine = await callers.user.calendars.connectFeed({ url, name: 'Mine' });
    const forOther = await callers.admin.calendars.connectFeed({ url, name: 'Theirs', userId: other.user.id });
    expect(forOther.userId).toBe(other.user.id);

    await expectTRPCError(callers.anonymous.calendars.list({}), 'UNAUTHORIZED');
    await expectTRPCError(callers.anonymous.calendars.connectFeed({ url, name: 'x' }), 'UNAUTHORIZED');
    await expectTRPCError(callers.anonymous.calendars.connectCalDav({ serverUrl: url, username: 'a', password: 'b' }), 'UNAUTHORIZED');
    await expectTRPCError(callers.anonymous.calendars.update({ id: mine.id, busyCalendars: [] }), 'UNAUTHORIZED');
    await expectTRPCError(callers.anonymous.calendars.refresh({ id: mine.id }), 'UNAUTHORIZED');
    await expectTRPCError(callers.anonymous.calendars.remove({ id: mine.id }), 'UNAUTHORIZED');

    await expectTRPCError(callers.user.calendars.list({ userId: other.user.id }), 'FORBIDDEN', 'Only administrators can manage the calendars of others.');
    await expectTRPCError(callers.user.calendars.connectFeed({ url, name: 'x', userId: other.user.id }), 'FORBIDDEN');
    await expectTRPCError(callers.user.calendars.refresh({ id: forOther.id }), 'NOT_FOUND', 'Calendar connection not found.');
    await expectTRPCError(callers.user.calendars.update({ id: forOther.id, busyCalendars: [] }), 'NOT_FOUND');
    await expectTRPCError(callers.user.calendars.remove({ id: forOther.id }), 'NOT_FOUND');

    expect((await callers.admin.calendars.list({ userId: consultant.user.id })).map((connection) => connection.name)).toEqual(['Mine']);
    await callers.admin.calendars.refresh({ id: mine.id });
    await callers.user.calendars.update({ id: mine.id, busyCalendars: [] });
    await callers.user.calendars.remove({ id: mine.id });
    await callers.admin.calendars.remove({ id: forOther.id });
    const audit = await env.db.selectFrom('auditLog').select(['action', 'summary', 'actorName']).where('entity', '=', 'calendar-connection').orderBy('createdAt').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'create', summary: 'Feed Mine', actorName: consultant.user.name },
      { action: 'create', summary: 'Feed Theirs', actorName: callers.adminAccount.user.name },
      { action: 'update', summary: 'Mine: 0 busy calendars, no calendar written to', actorName: consultant.user.name },
      { action: 'delete', summary: 'Mine', actorName: consultant.user.name },
      { action: 'delete', summary: 'Theirs', actorName: callers.adminAccount.user.name },
    ]);
    expect(await callers.admin.calendars.list({ userId: other.user.id })).toEqual([]);
    expect(await env.db.selectFrom('calendarBusy').selectAll().execute()).toEqual([]);
  });

  it('answers bad input with field messages', async () => {
    await expectFieldErrors(callers.user.calendars.connectFeed({ url: 'not an address', name: '' }), { url: 'Please enter a web address such as https://calendar.example.com/', name: 'Name is required' });
    await expectFieldErrors(callers.user.calendars.connectFeed({ url: 'ftp://example.com/feed.ics', name: 'x' }), { url: 'Please enter a web address such as https://calendar.example.com/' });
    await expectFieldErrors(callers.user.calendars.connectCalDav({ serverUrl: '', username: '', password: '' }), { serverUrl: 'Server address is required', username: 'User name is required', password: 'App password is required' });
    const feed = await callers.user.calendars.connectFeed({ url: `${feeds.url}/secret/basic.ics`, name: 'Feed' });
    await expectFieldErrors(callers.user.calendars.update({ id: feed.id, busyCalendars: [], writeCalendar: 'https://example.com/cal/' }), {
      writeCalendar: 'A calendar feed is read-only: consultations can only be written to a CalDAV calendar',
    });
    await expectFieldErrors(callers.user.calendars.update({ id: feed.id, busyCalendars: ['https://example.com/cal/'] }), { busyCalendars: 'Please choose calendars of this connection' });
  });
});
