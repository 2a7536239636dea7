// GET /events.ics over real HTTP on a real database: which slots it lists, the iCalendar shape
// (CRLF, folding at 75 octets, TEXT escaping, UTC times, one UID per slot) and the link to booking.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCalendarFeed } from './calendar-feed.service';
import { icsUtc } from '@server/shared/ics';
import { buildTestApp, createTestEnv, type TestEnv } from '@tests/support/helpers';
import { insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';

let env: TestEnv;
let app: Awaited<ReturnType<typeof buildTestApp>>;

beforeEach(async () => {
  env = await createTestEnv({ env: { PUBLIC_ORIGIN: 'https://example.com' } });
  app = await buildTestApp(env);
});

afterEach(async () => {
  await app.close();
  await env.close();
});

/** Unfolds continuation lines (CRLF + space) as a calendar app does. */
function unfold(body: string): string[] {
  return body.replace(/\r\n /g, '').split('\r\n');
}

function vevents(body: string): string[][] {
  const events: string[][] = [];
  let current: string[] | null = null;
  for (const line of unfold(body)) {
    if (line === 'BEGIN:VEVENT') current = [];
    else if (line === 'END:VEVENT' && current !== null) {
      events.push(current);
      current = null;
    } else current?.push(line);
  }
  return events;
}

describe('GET /events.ics', () => {
  it('is a text/calendar VCALENDAR, empty of events when nothing is upcoming, open to anonymous visitors', async () => {
    const res = await app.inject({ method: 'GET', url: '/events.ics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(vevents(res.body)).toEqual([]);
  });

  it('lists only upcoming slots of active sessions of active events, one VEVENT per slot with its own UID', async () => {
    const event = await insertEventRow(env.db, { title: 'Ghana Trade Mission' });
    const session = await insertSessionRow(env.db, event.id, { title: 'Buyer Meetings', location: 'Room 4' });
    const soon = await insertSlotRow(env.db, session.id, 5, 1);
    const later = await insertSlotRow(env.db, session.id, 48, 2);
    await insertSlotRow(env.db, session.id, -3, 1); // already started: not listed
    const inactiveSession = await insertSessionRow(env.db, event.id, { title: 'Hidden Session', isActive: false });
    await insertSlotRow(env.db, inactiveSession.id, 10);
    const inactiveEvent = await insertEventRow(env.db, { title: 'Hidden Event', isActive: false });
    const sessionOfInactive = await insertSessionRow(env.db, inactiveEvent.id);
    await insertSlotRow(env.db, sessionOfInactive.id, 10);

    const res = await app.inject({ method: 'GET', url: '/events.ics' });
    const events = vevents(res.body);
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual([
      `UID:slot-${soon.id}@example.com`,
      expect.stringMatching(/^DTSTAMP:\d{8}T\d{6}Z$/),
      `DTSTART:${icsUtc(soon.startTime)}`,
      `DTEND:${icsUtc(soon.endTime)}`,
      'SUMMARY:Ghana Trade Mission – Buyer Meetings',
      'LOCATION:Room 4',
      `URL:https://example.com/booking/${event.id}`,
    ]);
    expect(events[1]).toContain(`UID:slot-${later.id}@example.com`);
    expect(events[1]).toContain(`DTSTART:${icsUtc(later.startTime)}`);
    expect(res.body).not.toContain('Hidden');
  });

  it('escapes TEXT values, falls back to the event location and folds long lines at 75 octets', async () => {
    const title = 'Exporters; Importers, and \\ partners – a very long title that needs folding in ünïcödé';
    const event = await insertEventRow(env.db, { title });
    const session = await insertSessionRow(env.db, event.id, { title: 'Line one\nline two', location: null });
    await insertSlotRow(env.db, session.id, 24);

    const res = await app.inject({ method: 'GET', url: '/events.ics' });
    for (const physical of res.body.split('\r\n')) expect(Buffer.byteLength(physical, 'utf8')).toBeLessThanOrEqual(75);
    expect(res.body).toMatch(/\r\n [^\r\n]/); // at least one continuation line
    const [only] = vevents(res.body);
    expect(only).toContain(
      'SUMMARY:Exporters\\; Importers\\, and \\\\ partners – a very long title that needs folding in ünïcödé – Line one\\nline two',
    );
    expect(only).toContain('LOCATION:Accra');
  });

  it('drops a slot once its start has passed (injected clock)', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    const slot = await insertSlotRow(env.db, session.id, 2);
    const ctx = { db: env.db, config: { publicOrigin: 'https://example.com' } };
    const before = await buildCalendarFeed(ctx, { now: new Date() });
    expect(vevents(before)).toHaveLength(1);
    const after = await buildCalendarFeed(ctx, { now: new Date(Date.parse(slot.startTime) + 1000) });
    expect(vevents(after)).toHaveLength(0);
  });
});
