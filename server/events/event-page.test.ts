// An event's public page: events.page (the event, its active sessions and each one's next slots with
// seats left) for every kind of caller, and /events/<id> rendered by the server with its data and its
// Open Graph tags in the first HTML, a 404 never kept for an unknown or hidden event, and the home
// page's event cards linking there.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createAccount, createTestEnv, expectFieldErrors, expectTRPCError, roleCallers, type TestEnv } from '@tests/support/helpers';
import { buildPageApp } from '@tests/support/page-app';

const ORIGIN = 'https://consulting.example.com';

let env: TestEnv;
let app: FastifyInstance | undefined;

beforeEach(async () => {
  env = await createTestEnv({ env: { PUBLIC_ORIGIN: ORIGIN } });
});

afterEach(async () => {
  await app?.close();
  app = undefined;
  await env.close();
});

/** An event with a session of 2 seats (one slot full, one with a seat left, two more dates), an unlimited one and a hidden one. */
async function eventWithSessions() {
  const event = await insertEventRow(env.db, { title: 'Accra Trade Summit' });
  await env.db
    .updateTable('events')
    .set({ description: 'Two days of meetings with buyers & investors.', imageUrl: '/uploads/summit.jpg' })
    .where('id', '=', event.id)
    .execute();
  const small = await insertSessionRow(env.db, event.id, { title: 'Buyer Meetings', maxParticipants: 2 });
  const open = await insertSessionRow(env.db, event.id, { title: 'Investor Breakfast', maxParticipants: null, location: null });
  const hidden = await insertSessionRow(env.db, event.id, { title: 'Staff Rehearsal', isActive: false });
  await insertSlotRow(env.db, small.id, -48); // over: never shown
  const full = await insertSlotRow(env.db, small.id, 24);
  const oneLeft = await insertSlotRow(env.db, small.id, 48);
  const third = await insertSlotRow(env.db, small.id, 72);
  await insertSlotRow(env.db, small.id, 96);
  await insertSlotRow(env.db, open.id, 30);
  await insertSlotRow(env.db, hidden.id, 30);
  await insertBookingRow(env.db, full, event.id, { status: 'confirmed' });
  await insertBookingRow(env.db, full, event.id, { status: 'pending' });
  await insertBookingRow(env.db, oneLeft, event.id, { status: 'confirmed' });
  await insertBookingRow(env.db, oneLeft, event.id, { status: 'cancelled' });
  return { event, small, open, hidden, full, oneLeft, third };
}

describe('events.page', () => {
  it("gives every caller the event, its active sessions and each one's next 3 slots with seats left", async () => {
    const { event, small, open, full, oneLeft, third } = await eventWithSessions();
    const callers = await roleCallers(env);
    for (const caller of [callers.anonymous, callers.user, callers.admin]) {
      const page = await caller.events.page({ id: event.id });
      expect(page.event.title).toBe('Accra Trade Summit');
      expect(page.sessions.map((session) => session.title)).toEqual(['Buyer Meetings', 'Investor Breakfast']);
      const [buyers, breakfast] = page.sessions;
      expect(buyers?.id).toBe(small.id);
      expect(buyers?.nextSlots.map((slot) => [slot.id, slot.seatsLeft, slot.isFull])).toEqual([
        [full.id, 0, true],
        [oneLeft.id, 1, false],
        [third.id, 2, false],
      ]);
      expect(buyers?.moreSlots).toBe(true);
      expect(breakfast?.id).toBe(open.id);
      expect(breakfast?.nextSlots.map((slot) => [slot.seatsLeft, slot.isFull])).toEqual([[null, false]]);
      expect(breakfast?.moreSlots).toBe(false);
    }
  });

  it('is NOT_FOUND for an unknown or hidden event, for staff too, and refuses a bad id with its message', async () => {
    const hidden = await insertEventRow(env.db, { title: 'Hidden Summit', isActive: false });
    const callers = await roleCallers(env);
    for (const caller of [callers.anonymous, callers.user, callers.admin]) {
      await expectTRPCError(caller.events.page({ id: 'no-such-event' }), 'NOT_FOUND', 'Event not found.');
      await expectTRPCError(caller.events.page({ id: hidden.id }), 'NOT_FOUND', 'Event not found.');
    }
    await expectFieldErrors(callers.anonymous.events.page({ id: ' ' }), { id: 'Id is required' });
    await expectFieldErrors(callers.anonymous.events.page({ id: 'x'.repeat(65) }), { id: 'Id is too long' });
  });

  it('is an event with no sessions: an empty list', async () => {
    const event = await insertEventRow(env.db, { title: 'Save the Date' });
    const { anonymous } = await roleCallers(env);
    expect((await anonymous.events.page({ id: event.id })).sessions).toEqual([]);
  });
});

async function start() {
  app = await buildPageApp(env);
  return app;
}

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await (app ?? (await start())).inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  return response.body;
}

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json"');
  return html.slice(start, end === -1 ? undefined : end);
}

describe('the server-rendered event page', () => {
  it('arrives with the event, its sessions, their next slots and seats, Register and its data', async () => {
    const { event } = await eventWithSessions();
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'America/New_York' });
    await start();
    const html = await page(`/events/${event.id}`);
    // Its own light script, not the app's.
    expect(html).toContain('/assets/event.js');
    expect(html).not.toContain('/assets/main.js');
    const root = rootOf(html);
    expect(root).toContain('Accra Trade Summit</h1>');
    expect(root).toContain('Two days of meetings with buyers &amp; investors.');
    expect(root).toContain('Buyer Meetings</h3>');
    expect(root).toContain('Investor Breakfast</h3>');
    expect(root).not.toContain('Staff Rehearsal');
    expect(root).toContain('Full – join the waitlist');
    expect(root).toContain('1 seat left');
    expect(root).toContain('2 seats left');
    expect(root).toContain('Seats available');
    expect(root).toContain('More dates in the booking form.');
    expect(root).toMatch(/\d{1,2}:\d{2}\u00a0[AP]M – \d{1,2}:\d{2}\u00a0[AP]M E[SD]T</);
    expect(root).toContain(`href="/booking/${event.id}"`);
    expect(root).toContain(`aria-label="Register for Accra Trade Summit"`);
    expect(root).not.toContain('Loading the event');
    expect(html).not.toMatch(/<script>/);
    const state = /<script type="application\/json" id="query-state">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    const keys = (JSON.parse(state) as { queries: { queryKey: unknown }[] }).queries.map((query) => query.queryKey);
    expect(keys).toContainEqual([['events', 'page'], { input: { id: event.id }, type: 'query' }]);
  });

  it('writes the title, description, canonical link and Open Graph tags of the event into the first HTML', async () => {
    const { event } = await eventWithSessions();
    const html = await page(`/events/${event.id}?utm_source=share`);
    const siteName = DEFAULT_SYSTEM_SETTINGS.siteName;
    expect(html).toContain(`<title>Accra Trade Summit | ${siteName}</title>`);
    expect(html).toContain('<meta name="description" content="Two days of meetings with buyers &#38; investors." />');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/events/${event.id}" />`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/events/${event.id}" />`);
    expect(html).toContain(`<meta property="og:title" content="Accra Trade Summit | ${siteName}" />`);
    expect(html).toContain('<meta property="og:description" content="Two days of meetings with buyers &#38; investors." />');
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/uploads/summit.jpg" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html.match(/property="og:image"/g)).toHaveLength(1);
  });

  it('is 404 with the empty root for an unknown, hidden or overlong id, and nothing is kept', async () => {
    const hidden = await insertEventRow(env.db, { title: 'Hidden Summit', isActive: false });
    const server = await start();
    for (const url of ['/events/no-such-event', `/events/${hidden.id}`, `/events/${'x'.repeat(80)}`]) {
      const response = await server.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('query-state');
      expect(response.body).not.toContain('Hidden Summit');
    }
    expect(env.deps.publicReads.keys().filter((key) => key.startsWith('html '))).toEqual([]);
  });

  it('keeps the page through a booking (rebuilt in the background, at most once a second) and shows its seats once rebuilt', async () => {
    const { event, oneLeft } = await eventWithSessions();
    expect(rootOf(await page(`/events/${event.id}`))).toContain('1 seat left');
    expect(env.deps.publicReads.keys()).toContain(`html /events/${event.id}`);
    const booked = await app?.inject({
      method: 'POST',
      url: '/api/trpc/bookings.create',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: JSON.stringify({ timeSlotId: oneLeft.id, participantName: 'Ama Mensah', participantEmail: 'ama@example.com' }),
    });
    expect(booked?.statusCode).toBe(200);
    // Within a second of its build the kept page is served as it is: a burst of bookings costs one
    // render (the rebuild's timing is tested with a clock in public-read-cache.test.ts).
    expect(rootOf(await page(`/events/${event.id}`))).toContain('1 seat left');
    // Forgotten (as a staff change or the rebuild replaces it), the page shows the booking.
    env.deps.publicReads.invalidate(['slots']);
    const after = rootOf(await page(`/events/${event.id}`));
    expect(after).not.toContain('1 seat left');
    expect(after.match(/Full – join the waitlist/g)).toHaveLength(2);
  });

  it('is rendered in the browser for signed-in staff, under the app', async () => {
    const { event } = await eventWithSessions();
    const admin = await createAccount(env.db, 'admin');
    const html = await page(`/events/${event.id}`, { cookie: `${SESSION_COOKIE}=${admin.token}` });
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('/assets/main.js');
  });

  it("links the home page's events to their pages", async () => {
    const first = await insertEventRow(env.db, { title: 'Accra Trade Summit', displayOrder: 1 });
    const second = await insertEventRow(env.db, { title: 'Lagos Market Briefing', displayOrder: 2 });
    const root = rootOf(await page('/'));
    expect(root).toContain(`href="/events/${first.id}"`);
    expect(root).toContain(`href="/events/${second.id}"`);
  });
});
