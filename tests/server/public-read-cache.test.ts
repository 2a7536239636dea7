// Public reads kept in memory: the same answer with an ETag and a 304 for a matching If-None-Match,
// a staff change visible at once, signed-in callers always served fresh, and nothing kept that
// should not be (errors, reads that started before a write).
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/auth/session';
import { cacheableProcedures, PublicReadCache } from '@server/http/public-read-cache';
import { insertEventRow } from './fixtures';
import { buildTestApp, createAccount, createTestEnv, eventInput, SAME_ORIGIN, type TestAccount, type TestEnv } from './helpers';

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
    env.deps.publicReads.invalidate();
    const revalidated = await get('/api/trpc/events.list', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it('shows a staff change at once: the write empties the cache', async () => {
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

  it('keeps an answer only until its time-to-live ends, so writes from other processes show', async () => {
    let now = 1_000_000;
    const cache = new PublicReadCache({ ttlMs: 10_000, now: () => now });
    const generation = cache.currentGeneration();
    cache.store('/api/trpc/events.list', ['events.list'], '{"result":{"data":[]}}', generation);
    expect(cache.lookup('/api/trpc/events.list')?.body).toBe('{"result":{"data":[]}}');
    now += 10_000;
    expect(cache.lookup('/api/trpc/events.list')).toBeUndefined();
  });

  it('does not keep an answer computed before a write that finished while it ran', () => {
    const cache = new PublicReadCache();
    const startedUnder = cache.currentGeneration();
    cache.invalidate();
    expect(cache.store('/api/trpc/events.list', ['events.list'], '{}', startedUnder)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds a bounded number of answers', () => {
    const cache = new PublicReadCache({ maxEntries: 3 });
    for (let i = 0; i < 10; i += 1) {
      cache.store(`/api/trpc/timeSlots.listBySession?input=${i}`, ['timeSlots.listBySession'], '{}', cache.currentGeneration());
      expect(cache.size).toBeLessThanOrEqual(3);
    }
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

  it('caches a batch of public reads as one answer, and nothing that mixes in another procedure', () => {
    expect(cacheableProcedures('/api/trpc/events.list,settings.public?batch=1&input=%7B%7D')).toEqual([
      'events.list',
      'settings.public',
    ]);
    expect(cacheableProcedures('/api/trpc/events.list%2Csettings.public?batch=1')).toEqual(['events.list', 'settings.public']);
    expect(cacheableProcedures('/api/trpc/events.list,auth.me?batch=1')).toBeNull();
    expect(cacheableProcedures('/api/trpc/events.byId?input=%7B%7D')).toBeNull();
    expect(cacheableProcedures('/uploads/events.list')).toBeNull();
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
