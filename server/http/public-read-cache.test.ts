// Public reads kept in memory: the same answer with an ETag and a 304 for a matching If-None-Match,
// a staff change visible at once, signed-in callers always served fresh, and nothing kept that
// should not be (errors, reads that started before a change, streamed answers). Keys are what tRPC
// runs, entries carry the tags of what they show, and the cache is bounded in bytes.
// @module-tag postgres
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { PublicReadCache, publicReadKey } from './public-read-cache';
import { insertBookableSlot, insertEventRow } from '@tests/support/fixtures';
import { buildTestApp, createAccount, createTestEnv, eventInput, SAME_ORIGIN, type TestAccount, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let app: FastifyInstance;
let admin: TestAccount;

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildTestApp(env);
  admin = await createAccount(env.db, 'admin');
});

afterEach(async () => {
  await app.close();
  await env.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

function readKey(url: string) {
  const read = publicReadKey(url, {});
  if (read === null) throw new Error(`not a cacheable read: ${url}`);
  return read;
}

function titlesOf(body: string): string[] {
  return (JSON.parse(body) as { result: { data: { title: string }[] } }).result.data.map((event) => event.title);
}

describe('anonymous public reads', () => {
  it('answers events.list with an ETag and a short Cache-Control, and 304 when the ETag matches', async () => {
    await insertEventRow(env.db, { title: 'Trade Mission' });
    const first = await get('/api/trpc/events.list');
    expect(first.statusCode).toBe(200);
    expect(titlesOf(first.body)).toEqual(['Trade Mission']);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=5, must-revalidate');

    const again = await get('/api/trpc/events.list');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);

    const revalidated = await get('/api/trpc/events.list', { 'if-none-match': String(etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    const stale = await get('/api/trpc/events.list', { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers 304 on the first, uncached read too when the ETag matches', async () => {
    await insertEventRow(env.db, { title: 'Trade Mission' });
    const first = await get('/api/trpc/events.list');
    env.deps.publicReads.invalidate(['events']);
    const revalidated = await get('/api/trpc/events.list', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it('shows a staff change at once: the change forgets what shows events', async () => {
    await insertEventRow(env.db, { title: 'Trade Mission' });
    const before = await get('/api/trpc/events.list');
    expect(titlesOf(before.body)).toEqual(['Trade Mission']);

    const created = await app.inject({
      method: 'POST',
      url: '/api/trpc/events.create',
      headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, cookie: `${SESSION_COOKIE}=${admin.token}` },
      payload: JSON.stringify(eventInput({ title: 'Diaspora Exchange', displayOrder: 2 })),
    });
    expect(created.statusCode).toBe(200);

    const after = await get('/api/trpc/events.list', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(titlesOf(after.body)).toEqual(['Trade Mission', 'Diaspora Exchange']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('keeps an answer only until its time-to-live ends, so writes from other processes show', () => {
    let now = 1_000_000;
    const cache = new PublicReadCache({ ttlMs: 10_000, now: () => now });
    const read = readKey('/api/trpc/events.list');
    cache.store(read, '{"result":{"data":[]}}', cache.currentSnapshot(read.tags));
    expect(cache.lookup(read.key)?.body).toBe('{"result":{"data":[]}}');
    now += 10_000;
    expect(cache.lookup(read.key)).toBeUndefined();
  });

  it('does not keep an answer computed before a change to what it shows finished while it ran', () => {
    const cache = new PublicReadCache();
    const read = readKey('/api/trpc/events.list');
    const startedUnder = cache.currentSnapshot(read.tags);
    cache.invalidate(['events']);
    expect(cache.store(read, '{}', startedUnder)).toBeUndefined();
    expect(cache.size).toBe(0);
    // A change to other data does not stop it.
    const later = cache.currentSnapshot(read.tags);
    cache.invalidate(['home-content']);
    expect(cache.store(read, '{}', later)).toBeDefined();
  });

  it('is bounded in bytes, dropping the least recently used answers first', () => {
    const cache = new PublicReadCache({ maxBytes: 10_000 });
    const body = `{"result":{"data":"${'x'.repeat(900)}"}}`;
    const keys: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const read = readKey(`/api/trpc/timeSlots.listBySession?input=${encodeURIComponent(JSON.stringify({ sessionId: `s${i}` }))}`);
      keys.push(read.key);
      cache.store(read, body, cache.currentSnapshot(read.tags));
      expect(cache.bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.size).toBeGreaterThan(5);
    expect(cache.lookup(keys[0] ?? '')).toBeUndefined();
    expect(cache.lookup(keys[49] ?? '')?.body).toBe(body);
    // An answer larger than the whole cache is not kept at all.
    const huge = readKey('/api/trpc/events.list');
    expect(cache.store(huge, 'x'.repeat(20_000), cache.currentSnapshot(huge.tags))).toBeDefined();
    expect(cache.lookup(huge.key)).toBeUndefined();
  });

  it('marks slots with seats left for revalidation on every use', async () => {
    const input = encodeURIComponent(JSON.stringify({ sessionId: 'no-such-session' }));
    const response = await get(`/api/trpc/timeSlots.listBySession?input=${input}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers.etag).toMatch(/^W\/"[^"]+"$|^"[^"]+"$/);
  });

  it('never keeps an error answer', async () => {
    const bad = encodeURIComponent(JSON.stringify({ sessionId: 42 }));
    const first = await get(`/api/trpc/timeSlots.listBySession?input=${bad}`);
    expect(first.statusCode).toBe(400);
    expect(first.headers.etag).toBeUndefined();
    expect(env.deps.publicReads.size).toBe(0);
  });

  it('keys a read by what tRPC runs: procedures and parsed input, not the raw URL', () => {
    const batch = readKey(`/api/trpc/events.list,settings.public?batch=1&input=${encodeURIComponent('{"0":{"limit":3}}')}`);
    expect(batch.procedures).toEqual(['events.list', 'settings.public']);
    expect(batch.tags).toEqual(['events', 'schedule', 'settings']);
    expect(readKey('/api/trpc/events.list%2Csettings.public?batch=1&input=%7B%220%22%3A%7B%22limit%22%3A3%7D%7D').key).toBe(batch.key);
    // Other query parameters, key order and spacing in the input make no new entry.
    const plain = readKey(`/api/trpc/sessions.listByEvent?input=${encodeURIComponent('{"eventId":"e1"}')}`);
    expect(readKey(`/api/trpc/sessions.listByEvent?cb=1&input=${encodeURIComponent('{ "eventId" : "e1" }')}&cb=2`).key).toBe(plain.key);
    expect(readKey(`/api/trpc/sessions.listByEvent?input=${encodeURIComponent('{"eventId":"e2"}')}`).key).not.toBe(plain.key);
    // The input as the procedure reads it: fields it does not take and defaults make no new entry.
    expect(readKey(`/api/trpc/sessions.listByEvent?input=${encodeURIComponent('{"eventId":"e1","cb":7}')}`).key).toBe(plain.key);
    expect(readKey('/api/trpc/events.list').key).toBe(readKey(`/api/trpc/events.list?input=${encodeURIComponent('{"limit":100,"junk":1}')}`).key);
    expect(readKey(`/api/trpc/settings.public?input=${encodeURIComponent('{"cb":1}')}`).key).toBe(readKey('/api/trpc/settings.public').key);
    // Input the procedure refuses is tRPC's to answer (400), never kept.
    expect(publicReadKey(`/api/trpc/timeSlots.listBySession?input=${encodeURIComponent('{"sessionId":42}')}`, {})).toBeNull();
    // A batch of one is answered as an array, a single call as an object: two entries.
    expect(readKey('/api/trpc/events.list?batch=1').key).not.toBe(readKey('/api/trpc/events.list').key);

    expect(publicReadKey('/api/trpc/events.list,auth.me?batch=1', {})).toBeNull();
    expect(publicReadKey('/api/trpc/events.byId?input=%7B%7D', {})).toBeNull();
    expect(publicReadKey('/uploads/events.list', {})).toBeNull();
    expect(publicReadKey('/api/trpc/events.list?input=%7Bnot-json', {})).toBeNull();
    expect(publicReadKey('/api/trpc/events.list', { 'trpc-accept': 'application/jsonl' })).toBeNull();
    expect(publicReadKey('/api/trpc/events.list', { accept: 'text/html, application/jsonl' })).toBeNull();
  });

  it('keeps one entry however many cache-busting parameters a caller adds', async () => {
    await insertEventRow(env.db, { title: 'Trade Mission' });
    for (let i = 0; i < 20; i += 1) expect((await get(`/api/trpc/events.list?cb=${i}`)).statusCode).toBe(200);
    expect(env.deps.publicReads.size).toBe(1);
  });

  it('never keeps or serves an answer streamed as JSON lines: plain callers still get JSON', async () => {
    await insertEventRow(env.db, { title: 'Trade Mission' });
    const url = `/api/trpc/events.list?batch=1&input=${encodeURIComponent('{}')}`;
    for (const headers of [{ 'trpc-accept': 'application/jsonl' }, { accept: 'application/jsonl' }] as Record<string, string>[]) {
      const streamed = await get(url, headers);
      expect(streamed.statusCode).toBe(200);
      expect(streamed.body.trim().split('\n').length).toBeGreaterThan(1);
      expect(env.deps.publicReads.size).toBe(0);
    }
    const plain = await get(url);
    expect(titlesOf(JSON.stringify((JSON.parse(plain.body) as unknown[])[0]))).toEqual(['Trade Mission']);
    // And once the plain answer is kept, a JSON lines request still reaches tRPC.
    expect(env.deps.publicReads.size).toBe(1);
    const streamedAgain = await get(url, { 'trpc-accept': 'application/jsonl' });
    expect(streamedAgain.body).not.toBe(plain.body);
  });
});

describe('what empties the cache', () => {
  async function keptEvents() {
    await insertEventRow(env.db, { title: 'Trade Mission' });
    await get('/api/trpc/events.list');
    await get('/api/trpc/settings.public');
    expect(env.deps.publicReads.size).toBe(2);
  }

  it('nothing that changes no data: a refused cross-origin POST, a 404, a failed sign-in, a bad input', async () => {
    await keptEvents();
    const crossOrigin = await app.inject({
      method: 'POST',
      url: '/api/trpc/events.create',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: `${SESSION_COOKIE}=${admin.token}` },
      payload: JSON.stringify(eventInput({ title: 'Forged' })),
    });
    expect(crossOrigin.statusCode).toBe(403);
    const missing = await app.inject({ method: 'POST', url: '/api/nothing-here', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(missing.statusCode).toBe(404);
    const failedSignIn = await app.inject({
      method: 'POST',
      url: '/api/trpc/auth.signIn',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
    });
    expect(failedSignIn.statusCode).toBe(401);
    const badInput = await app.inject({
      method: 'POST',
      url: '/api/trpc/events.create',
      headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, cookie: `${SESSION_COOKIE}=${admin.token}` },
      payload: JSON.stringify({ title: '' }),
    });
    expect(badInput.statusCode).toBe(400);
    expect(env.deps.publicReads.size).toBe(2);
  });

  it('a change forgets only the entries showing what it changed', async () => {
    await keptEvents();
    const created = await app.inject({
      method: 'POST',
      url: '/api/trpc/events.create',
      headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, cookie: `${SESSION_COOKIE}=${admin.token}` },
      payload: JSON.stringify(eventInput({ title: 'Diaspora Exchange', displayOrder: 2 })),
    });
    expect(created.statusCode).toBe(200);
    expect(env.deps.publicReads.keys()).toEqual([readKey('/api/trpc/settings.public').key]);
  });

  it('a booking forgets the seats left of slots, and only those', async () => {
    const { slot, session } = await insertBookableSlot(env.db, 5);
    const slotsUrl = `/api/trpc/timeSlots.listBySession?input=${encodeURIComponent(JSON.stringify({ sessionId: session.id }))}`;
    const seatsOf = (body: string) => (JSON.parse(body) as { result: { data: { seatsLeft: number | null }[] } }).result.data[0]?.seatsLeft;
    expect(seatsOf((await get(slotsUrl)).body)).toBe(5);
    await get('/api/trpc/events.list');
    const booked = await app.inject({
      method: 'POST',
      url: '/api/trpc/bookings.create',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ timeSlotId: slot.id, participantName: 'Ama Mensah', participantEmail: 'ama@example.com' }),
    });
    expect(booked.statusCode).toBe(200);
    expect(env.deps.publicReads.keys()).toEqual([readKey('/api/trpc/events.list').key]);
    expect(seatsOf((await get(slotsUrl)).body)).toBe(4);
  });
  it("a staff change to a session's slots forgets the events' days: events.list gives the new schedule at once", async () => {
    const { session } = await insertBookableSlot(env.db, 5);
    const scheduleOf = (body: string) => (JSON.parse(body) as { result: { data: { schedule: { lastStartsAt: string } | null }[] } }).result.data[0]?.schedule?.lastStartsAt;
    const before = scheduleOf((await get('/api/trpc/events.list')).body);
    const added = await app.inject({
      method: 'POST',
      url: '/api/trpc/timeSlots.create',
      headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, cookie: `${SESSION_COOKIE}=${admin.token}` },
      payload: JSON.stringify({ sessionId: session.id, startTime: '2040-03-15T09:00:00.000Z', endTime: '2040-03-15T11:00:00.000Z' }),
    });
    expect(added.statusCode).toBe(200);
    expect(before).not.toBe('2040-03-15T09:00:00.000Z');
    expect(scheduleOf((await get('/api/trpc/events.list')).body)).toBe('2040-03-15T09:00:00.000Z');
  });
});

describe('signed-in callers', () => {
  it('always get a fresh answer from tRPC, with no ETag from the cache', async () => {
    await insertEventRow(env.db, { title: 'Trade Mission' });
    await get('/api/trpc/events.list');
    expect(env.deps.publicReads.size).toBe(1);
    // A write straight to the database, as another process would make, is not seen by anonymous
    // callers until the time-to-live ends, but a signed-in caller reads through.
    await insertEventRow(env.db, { title: 'Diaspora Exchange', displayOrder: 2 });
    const anonymous = await get('/api/trpc/events.list');
    expect(titlesOf(anonymous.body)).toEqual(['Trade Mission']);
    const signedIn = await get('/api/trpc/events.list', { cookie: `${SESSION_COOKIE}=${admin.token}` });
    expect(titlesOf(signedIn.body)).toEqual(['Trade Mission', 'Diaspora Exchange']);
    expect(signedIn.headers.etag).toBeUndefined();
  });
});

describe('pages after a change of seats: stale while rebuilt, at most once a second', () => {
  /** A page load the test finishes by hand, counting how often it ran. */
  function pages() {
    let now = 1_000_000;
    const cache = new PublicReadCache({ ttlMs: 60_000, now: () => now });
    const loads: { version: number; finish: () => void }[] = [];
    let version = 0;
    const remember = () =>
      cache.remember('html /events/e1', ['events', 'sessions', 'slots'], () => {
        version += 1;
        const mine = version;
        return new Promise<string>((resolve) => loads.push({ version: mine, finish: () => resolve(`page ${mine}`) }));
      }, (page) => page.length);
    const finishAll = async () => {
      for (const load of loads.splice(0)) load.finish();
      await Promise.resolve();
      await Promise.resolve();
    };
    return { cache, remember, loads, finishAll, advance: (ms: number) => (now += ms) };
  }

  it('serves the kept page at once after a booking, while one rebuild runs, then the new one', async () => {
    const { cache, remember, loads, finishAll, advance } = pages();
    const first = remember();
    await finishAll();
    expect(await first).toBe('page 1');
    advance(5_000);

    cache.invalidate(['slots'], { pages: 'revalidate' });
    // Every request gets the kept page at once; one rebuild starts.
    expect(await Promise.all([remember(), remember(), remember()])).toEqual(['page 1', 'page 1', 'page 1']);
    expect(loads.map((load) => load.version)).toEqual([2]);
    await finishAll();
    expect(await remember()).toBe('page 2');
    expect(cache.stats).toMatchObject({ valueRebuilds: 2, valueHits: 4 });
  });

  it('rebuilds at most once a second however many bookings come', async () => {
    const { cache, remember, loads, finishAll, advance } = pages();
    void remember();
    await finishAll();
    advance(5_000);
    cache.invalidate(['slots'], { pages: 'revalidate' });
    await remember();
    await finishAll();
    // More bookings within the second after that rebuild began: the page stays as it is.
    for (let booking = 0; booking < 10; booking += 1) {
      advance(90);
      cache.invalidate(['slots'], { pages: 'revalidate' });
      expect(await remember()).toBe('page 2');
    }
    expect(loads).toEqual([]);
    advance(100);
    expect(await remember()).toBe('page 2');
    expect(loads.map((load) => load.version)).toEqual([3]);
    await finishAll();
    expect(await remember()).toBe('page 3');
  });

  it('keeps a rebuild overtaken by another booking, still stale; a staff change forgets the page at once', async () => {
    const { cache, remember, finishAll, advance } = pages();
    void remember();
    await finishAll();
    advance(5_000);
    cache.invalidate(['slots'], { pages: 'revalidate' });
    await remember();
    cache.invalidate(['slots'], { pages: 'revalidate' });
    await finishAll();
    expect(cache.keys()).toEqual(['html /events/e1']);
    advance(1_000);
    // Still stale: the next request serves it and rebuilds again.
    expect(await remember()).toBe('page 2');
    await finishAll();
    expect(await remember()).toBe('page 3');

    cache.invalidate(['events']);
    expect(cache.keys()).toEqual([]);
    const fresh = remember();
    await finishAll();
    expect(await fresh).toBe('page 4');
  });
});
