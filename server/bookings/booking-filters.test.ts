// The staff bookings filters: event, session, status, a date range of slot days in the site's
// timezone, and a search that also matches event and session titles; the CSV export takes the
// same filters. Over the tRPC caller and real HTTP, on a real SQLite file.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { EXPORT_ROUTES } from '@server/exports/exports.route';
import { newId } from '@server/core/ids';
import { getSystemSettings, saveSystemSettings } from '@server/settings/settings.repository';
import { INVALID_LIST_DATE, LIST_RANGE_REVERSED } from './bookings.schemas';
import { nextDay } from './booking-list.service';
import { insertBookingRow, insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import {
  buildTestApp,
  expectFieldErrors,
  expectStaffOnly,
  roleCallers,
  type RoleCallers,
  createTestEnv,
  type TestEnv,
} from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  // New York: local midnight is 05:00 UTC in winter, so day boundaries differ from UTC ones.
  await saveSystemSettings(env.db, { ...(await getSystemSettings(env.db)), timezone: 'America/New_York' });
});
afterEach(async () => {
  await env.close();
});

async function slotAt(sessionId: string, startIso: string) {
  return env.db
    .insertInto('timeSlots')
    .values({ id: newId(), sessionId, startTime: startIso, endTime: new Date(Date.parse(startIso) + 3_600_000).toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Two events; "Lagos Market Entry" has sessions "Tax Workshop" and "Legal Clinic". Slots at
 * 2026-12-01 04:30 UTC (11:30 PM on 30 November in New York), 2026-12-01 15:00 UTC and
 * 2026-12-02 05:30 UTC (12:30 AM on 2 December in New York).
 */
async function world() {
  const lagos = await insertEventRow(env.db, { title: 'Lagos Market Entry' });
  const nairobi = await insertEventRow(env.db, { title: 'Nairobi Briefing' });
  const tax = await insertSessionRow(env.db, lagos.id, { title: 'Tax Workshop' });
  const legal = await insertSessionRow(env.db, lagos.id, { title: 'Legal Clinic' });
  const intro = await insertSessionRow(env.db, nairobi.id, { title: 'Introduction' });
  const lateNov30 = await slotAt(tax.id, '2026-12-01T04:30:00.000Z');
  const dec1 = await slotAt(legal.id, '2026-12-01T15:00:00.000Z');
  const earlyDec2 = await slotAt(intro.id, '2026-12-02T05:30:00.000Z');
  const ada = await insertBookingRow(env.db, lateNov30, lagos.id, { name: 'Ada Obi', status: 'pending' });
  const ben = await insertBookingRow(env.db, dec1, lagos.id, { name: 'Ben Mensah', status: 'confirmed' });
  const cy = await insertBookingRow(env.db, earlyDec2, nairobi.id, { name: 'Cy Otieno', status: 'waitlisted' });
  return { lagos, nairobi, tax, legal, intro, ada, ben, cy };
}

function names(page: { items: { participantName: string }[] }): string[] {
  return page.items.map((item) => item.participantName).sort();
}

describe('bookings.list filters', () => {
  it('is for signed-in staff only: anonymous UNAUTHORIZED, user and admin succeed', async () => {
    await world();
    await expectStaffOnly(callers, (caller) => caller.bookings.list({ from: '2026-12-01' }));
    expect((await callers.user.bookings.list({ from: '2026-12-01' })).total).toBe(2);
    expect((await callers.admin.bookings.list({ from: '2026-12-01' })).total).toBe(2);
  });

  it('search matches event and session titles as well as participants', async () => {
    await world();
    expect(names(await callers.admin.bookings.list({ search: 'lagos market' }))).toEqual(['Ada Obi', 'Ben Mensah']);
    expect(names(await callers.admin.bookings.list({ search: 'Clinic' }))).toEqual(['Ben Mensah']);
    expect(names(await callers.admin.bookings.list({ search: 'introduction' }))).toEqual(['Cy Otieno']);
    expect(names(await callers.admin.bookings.list({ search: 'otieno' }))).toEqual(['Cy Otieno']);
    // Wildcards are literal: '%' in the search matches no title.
    expect((await callers.admin.bookings.list({ search: '%' })).total).toBe(0);
  });

  it('filters by event, session and status, alone and together with search', async () => {
    const w = await world();
    expect(names(await callers.admin.bookings.list({ eventId: w.lagos.id }))).toEqual(['Ada Obi', 'Ben Mensah']);
    expect(names(await callers.admin.bookings.list({ sessionId: w.tax.id }))).toEqual(['Ada Obi']);
    expect(names(await callers.admin.bookings.list({ status: 'confirmed' }))).toEqual(['Ben Mensah']);
    expect(names(await callers.admin.bookings.list({ eventId: w.lagos.id, search: 'Tax' }))).toEqual(['Ada Obi']);
    const page = await callers.admin.bookings.list({ eventId: w.nairobi.id, status: 'pending' });
    expect(page).toEqual({ items: [], total: 0 });
  });

  it("matches the slot's day in the site's timezone, both ends included", async () => {
    await world();
    // 04:30 UTC on 1 December is still 30 November in New York.
    expect(names(await callers.admin.bookings.list({ from: '2026-11-30', to: '2026-11-30' }))).toEqual(['Ada Obi']);
    expect(names(await callers.admin.bookings.list({ from: '2026-12-01', to: '2026-12-01' }))).toEqual(['Ben Mensah']);
    expect(names(await callers.admin.bookings.list({ from: '2026-12-02' }))).toEqual(['Cy Otieno']);
    expect(names(await callers.admin.bookings.list({ to: '2026-12-01' }))).toEqual(['Ada Obi', 'Ben Mensah']);
    // Blank dates (an emptied date input) mean no limit.
    expect((await callers.admin.bookings.list({ from: '', to: '' })).total).toBe(3);
  });

  it('follows the timezone setting: in UTC the same slots fall on other days', async () => {
    await world();
    await saveSystemSettings(env.db, { ...(await getSystemSettings(env.db)), timezone: 'UTC' });
    expect(names(await callers.admin.bookings.list({ from: '2026-12-01', to: '2026-12-01' }))).toEqual([
      'Ada Obi',
      'Ben Mensah',
    ]);
  });

  it('refuses malformed dates and a reversed range with field messages', async () => {
    await expectFieldErrors(callers.admin.bookings.list({ from: '2026-02-30' }), { from: INVALID_LIST_DATE });
    await expectFieldErrors(callers.admin.bookings.list({ to: '01/12/2026' }), { to: INVALID_LIST_DATE });
    await expectFieldErrors(callers.admin.bookings.list({ from: '2026-12-02', to: '2026-12-01' }), {
      to: LIST_RANGE_REVERSED,
    });
  });

  it('nextDay crosses months, years and leap days', () => {
    expect(nextDay('2026-11-30')).toBe('2026-12-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});

describe('bookings.csv follows the same filters', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp(env);
  });
  afterEach(async () => {
    await app.close();
  });

  async function csvNames(query: string): Promise<string[]> {
    const response = await app.inject({
      method: 'GET',
      url: `${EXPORT_ROUTES.bookings}?${query}`,
      headers: { cookie: `${SESSION_COOKIE}=${callers.userAccount.token}` },
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.replace('\uFEFF', '').trim().split('\r\n').slice(1);
    return lines.map((line) => line.split(',')[2] ?? '').sort();
  }

  it('applies search on titles, the date range and the event filter', async () => {
    const w = await world();
    expect(await csvNames('search=Legal')).toEqual(['Ben Mensah']);
    expect(await csvNames('from=2026-12-01&to=2026-12-02')).toEqual(['Ben Mensah', 'Cy Otieno']);
    expect(await csvNames(`eventId=${w.lagos.id}&to=2026-11-30`)).toEqual(['Ada Obi']);
    expect(await csvNames('from=&to=&status=all')).toEqual(['Ada Obi', 'Ben Mensah', 'Cy Otieno']);
  });

  it('refuses a reversed range with 400 and the message', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${EXPORT_ROUTES.bookings}?from=2026-12-02&to=2026-12-01`,
      headers: { cookie: `${SESSION_COOKIE}=${callers.adminAccount.token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { message: LIST_RANGE_REVERSED } });
  });
});
