// What a visitor can make freeTimes do (issue 34, findings 1 and 11): a zone is turned into its
// canonical name, so a thousand spellings of one zone keep one set of formatters; the formatters
// kept for any zones are bounded; calls are limited per client address; dates beyond reach, the
// year 9999 among them, are a BAD_REQUEST with a field message, never a 500.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsultationTypeInput } from './consultations.schemas';
import { keptFormatCounts } from '@server/shared/time';
import { callerFor, createAccount, createTestEnv, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestAccount, type TestEnv } from '@tests/support/helpers';

const DAY = 86_400_000;

let env: TestEnv;
let callers: RoleCallers;
let consultant: TestAccount;

function dayAhead(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

const call = (staffIds: string[]): ConsultationTypeInput => ({
  title: 'Discovery call',
  durationMinutes: 60,
  locationKind: 'phone',
  locationDetail: null,
  horizonDays: 60,
  staffIds,
});

async function start(limits: { publicReadsPerWindow?: number } = {}): Promise<string> {
  env = await createTestEnv({ limits });
  callers = await roleCallers(env);
  consultant = await createAccount(env.db, 'user', { name: 'Ama Consultant' });
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 540, endMinute: 600 }));
  await callerFor(env.deps, consultant).consultations.availability.set({ timeZone: 'UTC', weekly, overrides: [] });
  return (await callers.admin.consultations.types.create(call([consultant.user.id]))).id;
}

afterEach(async () => {
  vi.useRealTimers();
  await env.close();
});

/** `zone` with its letters' case flipped by the bits of `n`: 'europe/London', 'EUROPE/london'... */
function spelling(zone: string, n: number): string {
  let bit = 0;
  return [...zone].map((character) => (/[a-z]/i.test(character) && (n >> bit++) % 2 === 1 ? (character === character.toLowerCase() ? character.toUpperCase() : character.toLowerCase()) : character)).join('');
}

describe('time zones', () => {
  it('answers in the canonical name of a zone, however it is spelled', async () => {
    const typeId = await start();
    const date = dayAhead(5);
    const free = await callers.anonymous.consultations.freeTimes({ typeId, from: date, to: date, timeZone: 'eUROPE/lONDON' });
    expect(free.timeZone).toBe('Europe/London');
    expect((await callers.anonymous.consultations.freeTimes({ typeId, from: date, to: date, timeZone: '  utc ' })).timeZone).toBe('UTC');
    await expectFieldErrors(callers.anonymous.consultations.freeTimes({ typeId, from: date, to: date, timeZone: 'Europe/Londres' }), {
      timeZone: 'Please choose a valid time zone',
    });
    await expectFieldErrors(callers.admin.consultations.availability.set({ timeZone: 'x'.repeat(65), weekly: [], overrides: [] }), {
      timeZone: 'Please choose a valid time zone',
    });
    // Saved hours keep the canonical name too.
    await callers.admin.consultations.availability.set({ timeZone: 'africa/accra', weekly: [], overrides: [] });
    expect((await callers.admin.consultations.availability.get({})).timeZone).toBe('Africa/Accra');
  });

  it('keeps the same formatters for 40 spellings of one zone', async () => {
    const typeId = await start();
    const date = dayAhead(5);
    await callers.anonymous.consultations.freeTimes({ typeId, from: date, to: date, timeZone: 'America/Argentina/Buenos_Aires' });
    const before = keptFormatCounts();
    for (let n = 1; n <= 40; n += 1) {
      await callers.anonymous.consultations.freeTimes({ typeId, from: date, to: date, timeZone: spelling('America/Argentina/Buenos_Aires', n) });
    }
    expect(keptFormatCounts()).toEqual(before);
  });

  it('keeps at most 200 formatters of each kind, whatever zones are asked for', async () => {
    const typeId = await start();
    const date = dayAhead(5);
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 210);
    expect(zones).toHaveLength(210);
    for (const zone of zones) await callers.anonymous.consultations.freeTimes({ typeId, from: date, to: date, timeZone: zone });
    expect(keptFormatCounts().wallClocks).toBe(200);
    expect(keptFormatCounts().formats).toBeLessThanOrEqual(200);
  });
});

describe('the rate limit', () => {
  it('refuses a client address past its calls, not the others', async () => {
    const typeId = await start({ publicReadsPerWindow: 3 });
    const date = dayAhead(5);
    // The wait the refusal names is exact when the clock stands still.
    vi.useFakeTimers({ toFake: ['Date'] });
    const from = (ip: string) => callerFor(env.deps, null, { ip }).consultations.freeTimes({ typeId, from: date, to: date, timeZone: 'UTC' });
    for (let n = 0; n < 3; n += 1) expect((await from('203.0.113.7')).times.length).toBeGreaterThan(0);
    await expectTRPCError(from('203.0.113.7'), 'TOO_MANY_REQUESTS', 'Too many requests. Please try again in 1 minute.');
    expect((await from('203.0.113.8')).times.length).toBeGreaterThan(0);
  });
});

describe('dates beyond reach', () => {
  it('refuses the year 9999 and dates past two years ahead or before a year ago with field messages', async () => {
    const typeId = await start();
    const ask = (from: string, to: string) => callers.anonymous.consultations.freeTimes({ typeId, from, to, timeZone: 'UTC' });
    await expectFieldErrors(ask('9999-12-01', '9999-12-31'), { from: 'Please enter a date as YYYY-MM-DD', to: 'Please enter a date as YYYY-MM-DD' });
    await expectFieldErrors(ask(dayAhead(800), dayAhead(801)), {
      from: 'Please ask for dates from a year ago to two years ahead',
      to: 'Please ask for dates from a year ago to two years ahead',
    });
    await expectFieldErrors(ask(dayAhead(700), dayAhead(740)), { to: 'Please ask for dates from a year ago to two years ahead' });
    await expectFieldErrors(ask('0001-01-01', '0001-01-31'), { from: 'Please ask for dates from a year ago to two years ahead' });
    // The edges a calendar asks for still answer.
    expect((await ask(dayAhead(-360), dayAhead(-340))).times).toEqual([]);
    expect((await ask(dayAhead(700), dayAhead(710))).times).toEqual([]);
  });

  it('refuses the year 9999 in the staff calendars and the bookings list instead of failing', async () => {
    await start();
    await expectFieldErrors(callers.admin.consultations.calendar({ from: '9999-12-01', to: '9999-12-31' }), { from: 'Please enter a date as YYYY-MM-DD' });
    await expectFieldErrors(callers.admin.timeSlots.calendar({ from: '9999-12-01', to: '9999-12-31' }), { from: 'Please enter a date as YYYY-MM-DD' });
    await expectFieldErrors(callers.admin.bookings.list({ from: '9999-12-31', to: '9999-12-31' }), { from: 'Please enter a date as YYYY-MM-DD' });
    expect((await callers.admin.bookings.list({ from: '9998-12-31', to: '9998-12-31' })).total).toBe(0);
  });
});
