// timeSlots.calendar: every slot starting in a range of days in the site's timezone, with titles,
// seats taken and capacity. Over the tRPC caller on a real SQLite file (and PostgreSQL in test:pg).
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@server/core/ids';
import { getSystemSettings, saveSystemSettings } from '@server/settings/settings.repository';
import { INVALID_LIST_DATE, LIST_RANGE_REVERSED } from '@server/bookings/bookings.schemas';
import { CALENDAR_RANGE_TOO_LONG } from './slot-calendar.schemas';
import { CALENDAR_MAX_SLOTS } from './slot-calendar.service';
import { futureYear, isoDay } from '@tests/dates';
import { insertBookingRow, insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import { createTestEnv, expectFieldErrors, expectStaffOnly, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;
// December: New York is on standard time (UTC-5) all month, so local midnight is 05:00 UTC.
const year = futureYear(12, 1);
const dec = (day: number) => isoDay(year, 12, day);

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
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

describe('timeSlots.calendar', () => {
  it('is for signed-in staff only: anonymous UNAUTHORIZED, user and admin succeed', async () => {
    const range = { from: dec(1), to: dec(7) };
    await expectStaffOnly(callers, (caller) => caller.timeSlots.calendar(range));
    expect((await callers.user.timeSlots.calendar(range)).slots).toEqual([]);
    expect(await callers.admin.timeSlots.calendar(range)).toEqual({ timezone: 'America/New_York', slots: [], truncated: false, nextStart: null });
  });

  it('refuses a malformed, reversed or too long range with field messages', async () => {
    await expectFieldErrors(callers.admin.timeSlots.calendar({ from: 'soon', to: dec(7) }), { from: INVALID_LIST_DATE });
    await expectFieldErrors(callers.admin.timeSlots.calendar({ from: dec(1), to: `${year}-02-30` }), { to: INVALID_LIST_DATE });
    // @ts-expect-error a missing end, as a hand-made request could send
    await expectFieldErrors(callers.admin.timeSlots.calendar({ from: dec(1) }), { to: INVALID_LIST_DATE });
    await expectFieldErrors(callers.admin.timeSlots.calendar({ from: dec(7), to: dec(1) }), { to: LIST_RANGE_REVERSED });
    // 1 December to 12 January: 43 days, one more than a month grid.
    await expectFieldErrors(callers.admin.timeSlots.calendar({ from: dec(1), to: isoDay(year + 1, 1, 12) }), {
      to: CALENDAR_RANGE_TOO_LONG,
    });
    expect(CALENDAR_RANGE_TOO_LONG).toBe('The calendar shows at most 42 days at a time');
    const sixWeeks = await callers.admin.timeSlots.calendar({ from: dec(1), to: isoDay(year + 1, 1, 11) });
    expect(sixWeeks.slots).toEqual([]);
  });

  it('points an empty range to the first slot after it, and says nothing when the range has one', async () => {
    const event = await insertEventRow(env.db, { title: 'Lagos Market Entry' });
    const session = await insertSessionRow(env.db, event.id, { title: 'Tax Workshop' });
    // Before the week (not counted), then 9 and 20 December: the week of 1-7 December points to the 9th.
    await slotAt(session.id, `${isoDay(year, 11, 20)}T15:00:00.000Z`);
    const ninth = await slotAt(session.id, `${dec(9)}T15:00:00.000Z`);
    await slotAt(session.id, `${dec(20)}T15:00:00.000Z`);
    expect(await callers.user.timeSlots.calendar({ from: dec(1), to: dec(7) })).toEqual({ timezone: 'America/New_York', slots: [], truncated: false, nextStart: ninth.startTime });
    // Midnight in New York is 05:00 UTC: a slot at 04:00 UTC on the 8th still belongs to the 7th.
    const lateOnSeventh = await slotAt(session.id, `${dec(8)}T04:00:00.000Z`);
    const week = await callers.user.timeSlots.calendar({ from: dec(1), to: dec(7) });
    expect([week.slots.map((slot) => slot.id), week.nextStart]).toEqual([[lateOnSeventh.id], null]);
    // Nothing after the range: null.
    expect((await callers.user.timeSlots.calendar({ from: dec(21), to: dec(27) })).nextStart).toBeNull();
  });

  it('counts pending and confirmed bookings as seats taken, with the capacity (null: no limit)', async () => {
    const event = await insertEventRow(env.db, { title: 'Lagos Market Entry' });
    const limited = await insertSessionRow(env.db, event.id, { title: 'Tax Workshop', maxParticipants: 4 });
    const open = await insertSessionRow(env.db, event.id, { title: 'Open Forum', maxParticipants: null, isActive: false });
    const taxSlot = await slotAt(limited.id, `${dec(3)}T15:00:00.000Z`);
    const forumSlot = await slotAt(open.id, `${dec(2)}T15:00:00.000Z`);
    for (const status of ['pending', 'confirmed', 'confirmed', 'waitlisted', 'cancelled'] as const) {
      await insertBookingRow(env.db, taxSlot, event.id, { status });
    }
    await insertBookingRow(env.db, forumSlot, event.id, { status: 'pending' });

    const { slots, truncated } = await callers.user.timeSlots.calendar({ from: dec(1), to: dec(7) });
    expect(truncated).toBe(false);
    expect(slots).toEqual([
      {
        id: forumSlot.id,
        sessionId: open.id,
        eventId: event.id,
        startTime: forumSlot.startTime,
        endTime: forumSlot.endTime,
        sessionTitle: 'Open Forum',
        eventTitle: 'Lagos Market Entry',
        sessionActive: false,
        eventActive: true,
        capacity: null,
        booked: 1,
      },
      {
        id: taxSlot.id,
        sessionId: limited.id,
        eventId: event.id,
        startTime: taxSlot.startTime,
        endTime: taxSlot.endTime,
        sessionTitle: 'Tax Workshop',
        eventTitle: 'Lagos Market Entry',
        sessionActive: true,
        eventActive: true,
        capacity: 4,
        booked: 3,
      },
    ]);
  });

  it('returns at most CALENDAR_MAX_SLOTS slots, the earliest, and says the view is cut short', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    const start = Date.parse(`${dec(1)}T12:00:00.000Z`);
    const rows = Array.from({ length: CALENDAR_MAX_SLOTS + 1 }, (_, index) => ({
      id: newId(),
      sessionId: session.id,
      startTime: new Date(start + index * 60_000).toISOString(),
      endTime: new Date(start + index * 60_000 + 3_600_000).toISOString(),
    }));
    await env.db.insertInto('timeSlots').values(rows).execute();
    const { slots, truncated } = await callers.admin.timeSlots.calendar({ from: dec(1), to: dec(7) });
    expect(truncated).toBe(true);
    expect(slots).toHaveLength(CALENDAR_MAX_SLOTS);
    expect(slots.at(-1)?.id).toBe(rows[CALENDAR_MAX_SLOTS - 1]?.id);
  });

  it("reads the days in the site's timezone: a slot just inside each end is in, one just outside is not", async () => {
    const event = await insertEventRow(env.db, { title: 'Nairobi Briefing', isActive: false });
    const session = await insertSessionRow(env.db, event.id, { title: 'Introduction' });
    // 1 December starts at 05:00 UTC in New York and 2 December ends at 05:00 UTC on the 3rd.
    await slotAt(session.id, `${dec(1)}T04:59:00.000Z`);
    const first = await slotAt(session.id, `${dec(1)}T05:00:00.000Z`);
    const last = await slotAt(session.id, `${dec(3)}T04:59:00.000Z`);
    await slotAt(session.id, `${dec(3)}T05:00:00.000Z`);

    const { slots } = await callers.admin.timeSlots.calendar({ from: dec(1), to: dec(2) });
    expect(slots.map((slot) => slot.id)).toEqual([first.id, last.id]);
    expect(slots.map((slot) => [slot.eventActive, slot.booked])).toEqual([
      [false, 0],
      [false, 0],
    ]);

    // The same instants in UTC: the range moves with the site's zone.
    await saveSystemSettings(env.db, { ...(await getSystemSettings(env.db)), timezone: 'UTC' });
    const utc = await callers.admin.timeSlots.calendar({ from: dec(1), to: dec(2) });
    expect(utc.timezone).toBe('UTC');
    expect(utc.slots.map((slot) => slot.startTime)).toEqual([`${dec(1)}T04:59:00.000Z`, `${dec(1)}T05:00:00.000Z`]);
  });
});
