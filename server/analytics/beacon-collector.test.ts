// @module-tag postgres
// POST /api/beacon over HTTP (app.inject) into the real database: sums in memory, written as daily
// aggregates; one visitor per address and user agent per day; DNT, GPC, bots and staff not counted;
// bad beacons dropped without a 500 and without a row; two instances' sums adding up on PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { createAccount, createTestEnv, SAME_ORIGIN, type TestEnv } from '@tests/support/helpers';
import { onPostgres, secondInstance } from '@tests/support/postgres-env';
import { BEACON_PATH } from './beacon.route';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let env: TestEnv;
let app: FastifyInstance;
let now: Date;

beforeEach(async () => {
  env = await createTestEnv();
  now = new Date('2031-03-04T10:00:00.000Z');
  app = await buildApp(env.deps, { logger: false, analyticsClock: () => now });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await env.close();
});

interface Sent {
  body?: unknown;
  address?: string;
  userAgent?: string;
  headers?: Record<string, string>;
  on?: FastifyInstance;
}

function send({ body = { p: '/' }, address = '203.0.113.7', userAgent = FIREFOX, headers = {}, on = app }: Sent = {}) {
  return on.inject({
    method: 'POST',
    url: BEACON_PATH,
    remoteAddress: address,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SAME_ORIGIN, 'user-agent': userAgent, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function rows() {
  return env.db
    .selectFrom('analyticsDaily')
    .select(['day', 'path', 'step', 'eventId', 'source', 'utmSource', 'utmMedium', 'utmCampaign', 'language', 'device', 'hits', 'visitors', 'entries'])
    .orderBy('day')
    .orderBy('path')
    .orderBy('step')
    .orderBy('source')
    .orderBy('device')
    .execute();
}

const row = (overrides: Record<string, unknown>) => ({
  day: '2031-03-04',
  path: '/',
  step: 'pageview',
  eventId: '',
  source: 'direct',
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  language: 'en',
  device: 'desktop',
  hits: 1,
  visitors: 1,
  entries: 1,
  ...overrides,
});

describe('counting', () => {
  it('sums beacons in memory and writes them as one row per day and dimensions', async () => {
    for (let i = 0; i < 3; i += 1) expect((await send()).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
    await app.analytics.flush();
    expect(await rows()).toEqual([row({ hits: 3 })]);
    await send();
    await app.analytics.flush();
    expect(await rows()).toEqual([row({ hits: 4 })]);
  });

  it('keeps no address: only the hashes of today, and no column holds the address', async () => {
    await send({ address: '198.51.100.23' });
    await app.analytics.flush();
    const stored = JSON.stringify([await rows(), await env.db.selectFrom('analyticsVisitors').selectAll().execute()]);
    expect(stored).not.toContain('198.51.100.23');
  });

  it('writes what is left when the app closes', async () => {
    await send();
    await app.close();
    expect(await rows()).toEqual([row({})]);
  });

  it('counts one visitor per address and user agent on one day, and two on two days', async () => {
    await send({ body: { p: '/' } });
    await send({ body: { p: '/events/e1', s: 'pageview' } });
    await app.analytics.flush();
    now = new Date('2031-03-04T23:59:00.000Z');
    await send({ body: { p: '/' } });
    await app.analytics.flush();
    // Another address, same user agent: another visitor.
    await send({ address: '203.0.113.8' });
    await app.analytics.flush();
    expect(await rows()).toEqual([row({ hits: 3, visitors: 2, entries: 2 }), row({ path: '/events/e1', visitors: 1, entries: 0 })]);

    now = new Date('2031-03-05T00:01:00.000Z');
    await send();
    await app.analytics.flush();
    const byDay = await rows();
    expect(byDay.map((r) => [r.day, r.path, r.entries])).toEqual([
      ['2031-03-04', '/', 2],
      ['2031-03-04', '/events/e1', 0],
      ['2031-03-05', '/', 1],
    ]);
    // The first day's salt and hashes are forgotten once the day is over.
    expect((await env.db.selectFrom('analyticsSalts').select('day').execute()).map((r) => r.day)).toEqual(['2031-03-05']);
    expect(new Set((await env.db.selectFrom('analyticsVisitors').select('day').execute()).map((r) => r.day))).toEqual(new Set(['2031-03-05']));
  });

  it('counts steps per visitor and event, and classes source, campaign, language and device', async () => {
    const visit = { ref: 'www.linkedin.com', us: 'linkedin', um: 'social', uc: 'accra-mission' };
    await send({ userAgent: IPHONE, body: { p: '/fr/events/e1', l: 'fr', ...visit } });
    await send({ userAgent: IPHONE, body: { p: '/fr/events/e1', s: 'event-viewed', e: 'e1', l: 'fr', ...visit } });
    await send({ userAgent: IPHONE, body: { p: '/fr/events/e1', s: 'event-viewed', e: 'e1', l: 'fr', ...visit } });
    await send({ body: { p: '/', ref: 'www.google.com' } });
    await send({ body: { p: '/', ref: '127.0.0.1:3000' }, address: '203.0.113.9' });
    await send({ body: { p: '/', ref: 'news.example.org', l: 'de' }, address: '203.0.113.10' });
    await app.analytics.flush();
    const common = { utmSource: 'linkedin', utmMedium: 'social', utmCampaign: 'accra-mission', source: 'linkedin', language: 'fr', device: 'mobile' };
    expect(await rows()).toEqual([
      row({ source: 'direct' }),
      row({ source: 'news.example.org' }),
      row({ source: 'search' }),
      row({ path: '/fr/events/e1', ...common, step: 'event-viewed', eventId: 'e1', hits: 2, visitors: 1, entries: 0 }),
      row({ path: '/fr/events/e1', ...common }),
    ]);
  });
});

describe('not counted', () => {
  it('a visitor asking not to be tracked (DNT or GPC), a bot, or no user agent', async () => {
    expect((await send({ headers: { dnt: '1' } })).statusCode).toBe(204);
    expect((await send({ headers: { 'sec-gpc': '1' } })).statusCode).toBe(204);
    expect((await send({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })).statusCode).toBe(204);
    expect((await send({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36' })).statusCode).toBe(204);
    expect((await send({ userAgent: '' })).statusCode).toBe(204);
    await app.analytics.flush();
    expect(await rows()).toEqual([]);
  });

  it('signed-in staff, whatever their role; a stale session cookie counts as a visitor', async () => {
    for (const role of ['user', 'admin'] as const) {
      const account = await createAccount(env.db, role);
      expect((await send({ headers: { cookie: `${SESSION_COOKIE}=${account.token}` } })).statusCode).toBe(204);
    }
    await app.analytics.flush();
    expect(await rows()).toEqual([]);
    await send({ headers: { cookie: `${SESSION_COOKIE}=not-a-session` } });
    await app.analytics.flush();
    expect(await rows()).toEqual([row({})]);
  });
});

describe('the limit per client network', () => {
  it("drops a network's beacons past 120 a minute (IPv6 counted by /64) and still counts another network's", async () => {
    for (let i = 0; i < 130; i += 1) expect((await send({ address: `2001:db8:5:7::${(i % 40) + 1}` })).statusCode).toBe(204);
    await send({ address: '198.51.100.9' });
    await app.analytics.flush();
    expect(await rows()).toEqual([row({ hits: 121, visitors: 41, entries: 41 })]);
  });
});

describe('bad beacons are dropped without a 500 and without a row', () => {
  it.each([
    ['malformed JSON', '{"p": "/"', 204],
    ['not an object', '"hello"', 204],
    ['an unknown step', { p: '/', s: 'booked' }, 204],
    ['a path that is not one', { p: 'https://evil.example/' }, 204],
    ['a path with a query string', { p: '/?email=a@b.c' }, 204],
    ["a manage link's path (a key)", { p: '/booking/manage/secret-token' }, 204],
    ['an event id with odd characters', { p: '/', e: '<script>' }, 204],
    ['a huge body', { p: '/', uc: 'x'.repeat(4000) }, 413],
  ])('%s', async (_name, body, status) => {
    expect((await send({ body })).statusCode).toBe(status);
    await app.analytics.flush();
    expect(await rows()).toEqual([]);
  });

  it('one from another site (403), or of another content type (415)', async () => {
    expect((await send({ headers: { origin: 'https://evil.example' } })).statusCode).toBe(403);
    expect((await send({ headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(415);
    await app.analytics.flush();
    expect(await rows()).toEqual([]);
  });
});

describe.runIf(onPostgres())('several instances', () => {
  it("add their sums up, and count a visitor seen by both once", async () => {
    const second = secondInstance(env);
    const other = await buildApp(second.deps, { logger: false, analyticsClock: () => now });
    try {
      await send({ address: '203.0.113.1' });
      await send({ address: '203.0.113.1', on: other });
      await send({ address: '203.0.113.2', on: other });
      await send({ address: '203.0.113.3', on: other });
      await Promise.all([app.analytics.flush(), other.analytics.flush()]);
      await send({ address: '203.0.113.3' });
      await Promise.all([app.analytics.flush(), other.analytics.flush()]);
      expect(await rows()).toEqual([row({ hits: 5, visitors: 3, entries: 3 })]);
      expect(await env.db.selectFrom('analyticsSalts').select('day').execute()).toEqual([{ day: '2031-03-04' }]);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
