// @module-tag postgres
// The analytics procedures over the real database: the role matrix, bad ranges, a range against the
// one before, top pages and sources, the funnel whose last step counts bookings stored (credited to
// the visit's landing campaign), and the CSV export.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { insertBookableSlot, insertBookingRow } from '@tests/support/fixtures';
import { callerFor, createAccount, createTestEnv, expectFieldErrors, expectStaffOnly, roleCallers, SAME_ORIGIN, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { BEACON_PATH } from './beacon.route';
import { previousRange } from './analytics.service';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

let env: TestEnv;
let app: FastifyInstance;
let callers: RoleCallers;
let today: string;

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildApp(env.deps, { logger: false });
  await app.ready();
  callers = await roleCallers(env);
  today = new Date().toISOString().slice(0, 10);
});
afterEach(async () => {
  await app.close();
  await env.close();
});

async function beacon(body: Record<string, unknown>, address = '203.0.113.7') {
  const response = await app.inject({
    method: 'POST',
    url: BEACON_PATH,
    remoteAddress: address,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SAME_ORIGIN, 'user-agent': FIREFOX },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode).toBe(204);
}

const LINKEDIN_VISIT = { ref: 'www.linkedin.com', us: 'linkedin', um: 'social', uc: 'accra-mission' };

describe('access', () => {
  it('is for signed-in staff of either role', async () => {
    const range = { from: today, to: today };
    await expectStaffOnly(callers, (caller) => caller.analytics.summary(range));
    await expectStaffOnly(callers, (caller) => caller.analytics.funnel(range));
    await expectStaffOnly(callers, (caller) => caller.analytics.pages(range));
    await expectStaffOnly(callers, (caller) => caller.analytics.sources(range));
    await expectStaffOnly(callers, (caller) => caller.analytics.exportCsv(range));
    for (const caller of [callers.user, callers.admin]) {
      await expect(caller.analytics.summary(range)).resolves.toMatchObject({ current: { visitors: 0, pageviews: 0, bookings: 0, conversion: null } });
      await expect(caller.analytics.pages(range)).resolves.toEqual([]);
    }
  });

  it('refuses a bad range with field messages', async () => {
    await expectFieldErrors(callers.user.analytics.summary({ from: '2031-03-05', to: '2031-03-04' }), { to: 'The end date must be on or after the start date' });
    await expectFieldErrors(callers.user.analytics.funnel({ from: '4 March', to: '2031-03-04' }), { from: 'Please enter a date as YYYY-MM-DD' });
    await expectFieldErrors(callers.user.analytics.pages({ from: '2020-01-01', to: '2031-03-04' }), { from: 'Choose a range of at most three years' });
    await expectFieldErrors(callers.user.analytics.sources({ from: today, to: today, device: 'fridge' } as never), { device: 'Invalid option: expected one of "mobile"|"tablet"|"desktop"' });
  });
});

describe('figures', () => {
  it('the range before has the same length', () => {
    expect(previousRange('2031-03-01', '2031-03-31')).toEqual({ from: '2031-01-29', to: '2031-02-28' });
    expect(previousRange('2031-03-04', '2031-03-04')).toEqual({ from: '2031-03-03', to: '2031-03-03' });
  });

  it('a booking is credited to its landing campaign; the funnel ends with the bookings stored', async () => {
    const { event, slot } = await insertBookableSlot(env.db);
    // One visitor from the LinkedIn post walks the whole booking; another looks and leaves.
    const steps = ['event-viewed', 'booking-started', 'slot-chosen', 'details-entered'];
    await beacon({ p: `/events/${event.id}`, ...LINKEDIN_VISIT });
    for (const s of steps) await beacon({ p: `/booking/${event.id}`, s, e: event.id, ...LINKEDIN_VISIT });
    await beacon({ p: `/events/${event.id}`, ref: 'www.google.com' }, '203.0.113.8');
    await beacon({ p: `/events/${event.id}`, s: 'event-viewed', e: event.id, ref: 'www.google.com' }, '203.0.113.8');
    await app.analytics.flush();
    await callerFor(env.deps, null).bookings.create({
      timeSlotId: slot.id,
      participantName: 'Ama Mensah',
      participantEmail: 'ama@example.com',
      visit: LINKEDIN_VISIT,
    });
    // A booking staff entered has no visit: not a conversion of the site.
    await insertBookingRow(env.db, slot, event.id);

    const range = { from: today, to: today };
    expect(await callers.user.analytics.funnel({ ...range, eventId: event.id })).toEqual({
      steps: [
        { step: 'event-viewed', count: 2, dropOff: null },
        { step: 'booking-started', count: 1, dropOff: 50 },
        { step: 'slot-chosen', count: 1, dropOff: 0 },
        { step: 'details-entered', count: 1, dropOff: 0 },
        { step: 'booked', count: 1, dropOff: 0 },
      ],
    });
    expect(await callers.user.analytics.sources(range)).toEqual({
      sources: [
        { source: 'linkedin', visitors: 1, bookings: 1 },
        { source: 'search', visitors: 1, bookings: 0 },
      ],
      campaigns: [{ campaign: 'linkedin / social / accra-mission', visitors: 1, bookings: 1 }],
    });
    const summary = await callers.admin.analytics.summary(range);
    expect(summary.current).toEqual({ visitors: 2, pageviews: 2, bookings: 1, conversion: 50 });
    expect(summary.days).toEqual([{ day: today, visitors: 2, pageviews: 2, bookings: 1 }]);
    expect((await callers.user.analytics.summary({ ...range, source: 'search' })).current).toEqual({ visitors: 1, pageviews: 1, bookings: 0, conversion: 0 });
    expect(await callers.user.analytics.pages(range)).toEqual([{ path: `/events/${event.id}`, visitors: 2, pageviews: 2 }]);
    expect(await callers.user.analytics.funnel(range)).toEqual({
      steps: [
        { step: 'type-chosen', count: 0, dropOff: null },
        { step: 'time-chosen', count: 0, dropOff: null },
        { step: 'booked', count: 0, dropOff: null },
      ],
    });
  });

  it('compares a range with the one before and exports it as CSV', async () => {
    const rows = [
      { day: '2031-03-01', entries: 4, hits: 9 },
      { day: '2031-03-02', entries: 6, hits: 11 },
      { day: '2031-03-03', entries: 3, hits: 5 },
      { day: '2031-03-04', entries: 5, hits: 8 },
    ];
    await env.db
      .insertInto('analyticsDaily')
      .values(
        rows.map((row) => ({
          ...row,
          path: '/',
          step: 'pageview',
          eventId: '',
          source: 'direct',
          utmSource: '',
          utmMedium: '',
          utmCampaign: '',
          language: 'en',
          device: 'desktop',
          visitors: row.entries,
        })),
      )
      .execute();
    const summary = await callers.user.analytics.summary({ from: '2031-03-03', to: '2031-03-04' });
    expect(summary.current).toEqual({ visitors: 8, pageviews: 13, bookings: 0, conversion: 0 });
    expect(summary.previous).toEqual({ visitors: 10, pageviews: 20, bookings: 0, conversion: 0 });
    expect(summary.previousRange).toEqual({ from: '2031-03-01', to: '2031-03-02' });
    expect((await callers.user.analytics.summary({ from: '2031-03-03', to: '2031-03-04', device: 'mobile' })).current.visitors).toBe(0);
    const csv = await callers.user.analytics.exportCsv({ from: '2031-03-03', to: '2031-03-05' });
    expect(csv).toEqual({
      filename: 'analytics-2031-03-03-2031-03-05.csv',
      csv: [
        'day,visitors,pageviews,bookings',
        '2031-03-03,3,5,0',
        '2031-03-04,5,8,0',
        '2031-03-05,0,0,0',
        '',
        'page,visitors,pageviews',
        '/,8,13',
        '',
        'source,visitors,bookings',
        'direct,8,0',
        '',
        'campaign,visitors,bookings',
        '',
      ].join('\r\n'),
    });
  });
});

describe('retention', () => {
  it('the scheduler deletes the aggregates older than 24 months, once a day', async () => {
    const { applyAnalyticsRetention, firstKeptDay } = await import('./analytics-retention.service');
    expect(firstKeptDay(new Date('2031-03-04T10:00:00.000Z'), 24)).toBe('2029-03-04');
    const base = { path: '/', step: 'pageview', eventId: '', source: 'direct', utmSource: '', utmMedium: '', utmCampaign: '', language: 'en', device: 'desktop', hits: 1, visitors: 1, entries: 1 };
    await env.db
      .insertInto('analyticsDaily')
      .values([{ ...base, day: '2029-03-03' }, { ...base, day: '2029-03-04' }])
      .execute();
    const now = new Date('2031-03-04T10:00:00.000Z');
    expect(await applyAnalyticsRetention(env.db, now)).toBe(1);
    await env.db.insertInto('analyticsDaily').values({ ...base, day: '2029-03-01' }).execute();
    expect(await applyAnalyticsRetention(env.db, now)).toBe(0);
    expect((await env.db.selectFrom('analyticsDaily').select('day').orderBy('day').execute()).map((row) => row.day)).toEqual(['2029-03-01', '2029-03-04']);
  });

  it('keeps them as long as an admin set, the next day', async () => {
    const { applyAnalyticsRetention } = await import('./analytics-retention.service');
    const base = { path: '/', step: 'pageview', eventId: '', source: 'direct', utmSource: '', utmMedium: '', utmCampaign: '', language: 'en', device: 'desktop', hits: 1, visitors: 1, entries: 1 };
    await env.db
      .insertInto('analyticsDaily')
      .values([{ ...base, day: '2030-09-04' }, { ...base, day: '2030-09-05' }])
      .execute();
    const admin = await createAccount(env.db, 'admin');
    const privacy = await callerFor(env.deps, admin).privacy.page();
    await callerFor(env.deps, admin).privacy.updateSettings({ ...privacy, analyticsRetentionMonths: 6 });
    expect(await applyAnalyticsRetention(env.db, new Date('2031-03-05T10:00:00.000Z'))).toBe(1);
    expect((await env.db.selectFrom('analyticsDaily').select('day').execute()).map((row) => row.day)).toEqual(['2030-09-05']);
  });
});
