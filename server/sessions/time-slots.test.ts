// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBookableSlot, insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import {
  createTestEnv,
  expectAdminOnly,
  expectFieldErrors,
  expectTRPCError,
  roleCallers,
  type RoleCallers,
  type TestEnv,
} from '@tests/support/helpers';
import { futureYear, isoDay } from '@tests/dates';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

const HOUR = 3_600_000;
function inHours(hours: number): string {
  return new Date(Math.floor(Date.now() / 1000) * 1000 + hours * HOUR).toISOString();
}

async function slotCount(sessionId: string): Promise<number> {
  const row = await env.db
    .selectFrom('timeSlots')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sessionId', '=', sessionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('timeSlots router: role matrix', () => {
  it('lets anyone list the bookable slots of a session', async () => {
    const { session, slot } = await insertBookableSlot(env.db);
    for (const caller of [callers.anonymous, callers.user, callers.admin]) {
      expect((await caller.timeSlots.listBySession({ sessionId: session.id })).map((s) => s.id)).toEqual([slot.id]);
    }
  });

  it('keeps create, update and delete for admins', async () => {
    const { session, slot } = await insertBookableSlot(env.db);
    const times = { startTime: inHours(30), endTime: inHours(31) };
    await expectAdminOnly(callers, (c) => c.timeSlots.create({ sessionId: session.id, ...times }));
    await expectAdminOnly(callers, (c) => c.timeSlots.update({ id: slot.id, ...times }));
    await expectAdminOnly(callers, (c) => c.timeSlots.delete({ id: slot.id }));
    expect(await slotCount(session.id)).toBe(1);
    expect((await env.db.selectFrom('timeSlots').select('startTime').where('id', '=', slot.id).executeTakeFirstOrThrow()).startTime).toBe(slot.startTime);

    const created = await callers.admin.timeSlots.create({ sessionId: session.id, ...times });
    await expect(callers.admin.timeSlots.update({ id: created.id, ...times })).resolves.toMatchObject({ id: created.id });
    await expect(callers.admin.timeSlots.delete({ id: created.id })).resolves.toEqual({ id: created.id });
  });
});

describe('timeSlots.listBySession', () => {
  it('lists future slots only, in start order', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    const later = await insertSlotRow(env.db, session.id, 72);
    await insertSlotRow(env.db, session.id, -1);
    const sooner = await insertSlotRow(env.db, session.id, 2);
    const middle = await insertSlotRow(env.db, session.id, 24);
    const listed = await callers.anonymous.timeSlots.listBySession({ sessionId: session.id });
    expect(listed.map((s) => s.id)).toEqual([sooner.id, middle.id, later.id]);
  });

  it('is empty for an inactive session, an inactive event or a missing session', async () => {
    const event = await insertEventRow(env.db);
    const inactiveSession = await insertSessionRow(env.db, event.id, { isActive: false });
    await insertSlotRow(env.db, inactiveSession.id);
    expect(await callers.anonymous.timeSlots.listBySession({ sessionId: inactiveSession.id })).toEqual([]);

    const inactiveEvent = await insertEventRow(env.db, { isActive: false });
    const session = await insertSessionRow(env.db, inactiveEvent.id);
    await insertSlotRow(env.db, session.id);
    expect(await callers.anonymous.timeSlots.listBySession({ sessionId: session.id })).toEqual([]);

    expect(await callers.anonymous.timeSlots.listBySession({ sessionId: 'no-such-session' })).toEqual([]);
  });

  it('counts seats from pending and confirmed bookings only', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id, { maxParticipants: 3 });
    const mixed = await insertSlotRow(env.db, session.id, 24);
    const full = await insertSlotRow(env.db, session.id, 48);
    const overbooked = await insertSlotRow(env.db, session.id, 72);
    const empty = await insertSlotRow(env.db, session.id, 96);
    for (const status of ['pending', 'confirmed', 'waitlisted', 'cancelled', 'cancelled'] as const) {
      await insertBookingRow(env.db, mixed, event.id, { status });
    }
    for (const status of ['pending', 'confirmed', 'confirmed', 'waitlisted'] as const) {
      await insertBookingRow(env.db, full, event.id, { status });
    }
    for (let i = 0; i < 4; i += 1) await insertBookingRow(env.db, overbooked, event.id, { status: 'confirmed' });

    const listed = await callers.anonymous.timeSlots.listBySession({ sessionId: session.id });
    const plain = (slot: { id: string; sessionId: string; startTime: string; endTime: string }) => ({
      id: slot.id,
      sessionId: slot.sessionId,
      startTime: slot.startTime,
      endTime: slot.endTime,
    });
    expect(listed).toEqual([
      { ...plain(mixed), capacity: 3, booked: 2, seatsLeft: 1, isFull: false },
      { ...plain(full), capacity: 3, booked: 3, seatsLeft: 0, isFull: true },
      { ...plain(overbooked), capacity: 3, booked: 4, seatsLeft: 0, isFull: true },
      { ...plain(empty), capacity: 3, booked: 0, seatsLeft: 3, isFull: false },
    ]);
  });

  it('reports unlimited capacity as null seats, never full', async () => {
    const { event, slot } = await insertBookableSlot(env.db, null);
    await insertBookingRow(env.db, slot, event.id, { status: 'confirmed' });
    await insertBookingRow(env.db, slot, event.id, { status: 'pending' });
    const [listed] = await callers.anonymous.timeSlots.listBySession({ sessionId: slot.sessionId });
    expect(listed).toEqual({
      id: slot.id,
      sessionId: slot.sessionId,
      startTime: slot.startTime,
      endTime: slot.endTime,
      capacity: null,
      booked: 2,
      seatsLeft: null,
      isFull: false,
    });
  });
});

describe('timeSlots.create and update', () => {
  it('adds a slot to a session and returns the plain slot', async () => {
    const { session } = await insertBookableSlot(env.db);
    const times = { startTime: inHours(50), endTime: inHours(52) };
    const created = await callers.admin.timeSlots.create({ sessionId: session.id, ...times });
    expect(created).toEqual({ id: expect.any(String), sessionId: session.id, ...times });
    expect(await slotCount(session.id)).toBe(2);
  });

  it('normalises an offset time to UTC', async () => {
    const DAY = isoDay(futureYear(), 3, 1);
    const { session } = await insertBookableSlot(env.db);
    const created = await callers.admin.timeSlots.create({
      sessionId: session.id,
      startTime: `${DAY}T10:00:00+02:00`,
      endTime: `${DAY}T12:30:00+02:00`,
    });
    expect(created).toMatchObject({ startTime: `${DAY}T08:00:00.000Z`, endTime: `${DAY}T10:30:00.000Z` });
  });

  it('answers NOT_FOUND for a missing session and stores nothing', async () => {
    const before = await env.db.selectFrom('timeSlots').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await expectTRPCError(
      callers.admin.timeSlots.create({ sessionId: 'no-such-session', startTime: inHours(1), endTime: inHours(2) }),
      'NOT_FOUND',
      'Session not found.',
    );
    const after = await env.db.selectFrom('timeSlots').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('shows the time slot modal messages and changes nothing', async () => {
    const { session, slot } = await insertBookableSlot(env.db);
    await expectFieldErrors(callers.admin.timeSlots.create({ sessionId: session.id, startTime: '', endTime: '' }), {
      startTime: 'Start time is required',
      endTime: 'End time is required',
    });
    await expectFieldErrors(
      callers.admin.timeSlots.create({ sessionId: session.id, startTime: inHours(5), endTime: inHours(5) }),
      { endTime: 'End time must be after start time' },
    );
    await expectFieldErrors(callers.admin.timeSlots.update({ id: slot.id, startTime: inHours(5), endTime: inHours(4) }), {
      endTime: 'End time must be after start time',
    });
    expect(await slotCount(session.id)).toBe(1);
    const stored = await env.db.selectFrom('timeSlots').select(['startTime', 'endTime']).where('id', '=', slot.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ startTime: slot.startTime, endTime: slot.endTime });
  });

  it('updates the times of a slot', async () => {
    const { session, slot } = await insertBookableSlot(env.db);
    const times = { startTime: inHours(100), endTime: inHours(103) };
    expect(await callers.admin.timeSlots.update({ id: slot.id, ...times })).toEqual({ id: slot.id, sessionId: session.id, ...times });
    expect((await callers.anonymous.timeSlots.listBySession({ sessionId: session.id }))[0]).toMatchObject(times);
    await expectTRPCError(callers.admin.timeSlots.update({ id: 'missing', ...times }), 'NOT_FOUND', 'Time slot not found.');
  });
});

describe('timeSlots.delete', () => {
  it('deletes a slot with pending, confirmed or waitlisted bookings, with those bookings (their participants are told)', async () => {
    for (const status of ['pending', 'confirmed', 'waitlisted'] as const) {
      const { event, session, slot } = await insertBookableSlot(env.db);
      await insertBookingRow(env.db, slot, event.id, { status });
      await expect(callers.admin.timeSlots.delete({ id: slot.id })).resolves.toEqual({ id: slot.id });
      expect(await slotCount(session.id), status).toBe(0);
      expect(await env.db.selectFrom('bookings').select('id').where('timeSlotId', '=', slot.id).execute()).toEqual([]);
    }
  });

  it('deletes a slot whose bookings are all cancelled, with those bookings', async () => {
    const { event, session, slot } = await insertBookableSlot(env.db);
    await insertBookingRow(env.db, slot, event.id, { status: 'cancelled' });
    await expect(callers.admin.timeSlots.delete({ id: slot.id })).resolves.toEqual({ id: slot.id });
    expect(await slotCount(session.id)).toBe(0);
    expect(await env.db.selectFrom('bookings').select('id').where('timeSlotId', '=', slot.id).execute()).toEqual([]);
  });

  it('answers NOT_FOUND for a missing slot', async () => {
    await expectTRPCError(callers.admin.timeSlots.delete({ id: 'missing' }), 'NOT_FOUND', 'Time slot not found.');
  });
});
