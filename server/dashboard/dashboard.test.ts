// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@server/core/ids';
import { daysUntil } from './dashboard.repository';
import { insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import {
  callerFor,
  createAccount,
  createTestEnv,
  expectStaffOnly,
  roleCallers,
  type RoleCallers,
  TEST_PASSWORD,
  type TestEnv,
} from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

async function insertContact(name: string) {
  await env.db
    .insertInto('contactForms')
    .values({ id: newId(), name, email: 'c@example.com', company: null, message: 'Hi', notes: null })
    .execute();
}

describe('dashboard.stats', () => {
  it('is for signed-in staff only', async () => {
    await expectStaffOnly(callers, (c) => c.dashboard.stats());
    await expect(callers.user.dashboard.stats()).resolves.toMatchObject({ totalEvents: expect.any(Number) });
    await expect(callers.admin.dashboard.stats()).resolves.toMatchObject({ totalEvents: expect.any(Number) });
  });

  it('reports zeros and no upcoming event on an empty site', async () => {
    expect(await callers.user.dashboard.stats()).toEqual({
      totalEvents: 0,
      totalContacts: 0,
      nextEventStartsAt: null,
      daysUntilNextEvent: null,
      lastLogin: null,
    });
  });

  it('ignores past slots and slots of inactive sessions or events when looking for the next event', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    await insertSlotRow(env.db, session.id, -5);
    const inactiveSession = await insertSessionRow(env.db, event.id, { isActive: false });
    await insertSlotRow(env.db, inactiveSession.id, 5);
    const inactiveEvent = await insertEventRow(env.db, { isActive: false });
    const sessionOfInactiveEvent = await insertSessionRow(env.db, inactiveEvent.id);
    await insertSlotRow(env.db, sessionOfInactiveEvent.id, 6);

    expect(await callers.user.dashboard.stats()).toMatchObject({ totalEvents: 2, nextEventStartsAt: null, daysUntilNextEvent: null });

    const later = await insertSlotRow(env.db, session.id, 100);
    const next = await insertSlotRow(env.db, session.id, 50);
    for (const name of ['A', 'B', 'C']) await insertContact(name);

    const stats = await callers.user.dashboard.stats();
    expect(stats.nextEventStartsAt).toBe(next.startTime);
    expect(stats.nextEventStartsAt).not.toBe(later.startTime);
    // 50 hours ahead is a little over two days: rounded up to 3.
    expect(stats.daysUntilNextEvent).toBe(3);
    expect(stats.totalEvents).toBe(2);
    expect(stats.totalContacts).toBe(3);

    const soon = await insertSlotRow(env.db, session.id, 1);
    expect(await callers.user.dashboard.stats()).toMatchObject({ nextEventStartsAt: soon.startTime, daysUntilNextEvent: 1 });
  });

  it('rounds the days up', () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    expect(daysUntil('2026-01-03T00:00:00.000Z', now)).toBe(2);
    expect(daysUntil('2026-01-03T00:00:00.001Z', now)).toBe(3);
    expect(daysUntil('2026-01-01T00:00:01.000Z', now)).toBe(1);
  });

  it("shows the caller's previous sign-in, read from the database", async () => {
    const account = await createAccount(env.db, 'user');
    const staffCaller = callerFor(env.deps, account);
    expect((await staffCaller.dashboard.stats()).lastLogin).toBeNull();

    const first = await callers.anonymous.auth.signIn({ email: account.user.email, password: TEST_PASSWORD });
    if ('twoFactorRequired' in first) throw new Error('This account unexpectedly asks for a code.');
    await callers.anonymous.auth.signIn({ email: account.user.email, password: TEST_PASSWORD });
    expect(first.lastSignInAt).not.toBeNull();
    // The caller's context still holds the account as it was before these sign-ins.
    expect(account.user.previousSignInAt).toBeNull();
    expect((await staffCaller.dashboard.stats()).lastLogin).toBe(first.lastSignInAt);

    await env.db.updateTable('users').set({ previousSignInAt: '2026-05-04T03:02:01.000Z' }).where('id', '=', account.user.id).execute();
    expect((await staffCaller.dashboard.stats()).lastLogin).toBe('2026-05-04T03:02:01.000Z');
    // Another account sees its own history, not this one's.
    expect((await callers.admin.dashboard.stats()).lastLogin).toBeNull();
  });
});

describe('dashboard.week', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  async function slotAt(sessionId: string, at: number) {
    return env.db
      .insertInto('timeSlots')
      .values({ id: newId(), sessionId, startTime: new Date(at).toISOString(), endTime: new Date(at + 2 * HOUR).toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function booking(slot: { id: string; sessionId: string }, eventId: string, status: 'pending' | 'confirmed' | 'waitlisted' | 'cancelled', createdAt: number) {
    await env.db
      .insertInto('bookings')
      .values({
        id: newId(),
        timeSlotId: slot.id,
        sessionId: slot.sessionId,
        eventId,
        participantName: 'Ama Owusu',
        participantEmail: `${newId()}@example.com`,
        participantPhone: null,
        status,
        createdAt: new Date(createdAt).toISOString(),
      })
      .execute();
  }

  it('is for signed-in staff only', async () => {
    await expectStaffOnly(callers, (c) => c.dashboard.week());
    await expect(callers.user.dashboard.week()).resolves.toMatchObject({ waitlisted: 0 });
    await expect(callers.admin.dashboard.week()).resolves.toMatchObject({ contactsWaiting: 0 });
  });

  it('counts the last 7 days against the 7 before, the seats of the next 7 days, the waitlist to come and new contacts', async () => {
    const { dashboardWeek } = await import('./dashboard-week.repository');
    const now = Date.parse('2030-06-12T12:00:00.000Z');
    const event = await insertEventRow(env.db, { title: 'Accra Exchange' });
    const limited = await insertSessionRow(env.db, event.id, { title: 'Matchmaking', maxParticipants: 10 });
    const open = await insertSessionRow(env.db, event.id, { title: 'Open Forum', maxParticipants: null });
    const hidden = await insertSessionRow(env.db, event.id, { title: 'Hidden', maxParticipants: 10, isActive: false });
    const soon = await slotAt(limited.id, now + 2 * DAY);
    const later = await slotAt(limited.id, now + 6 * DAY + 23 * HOUR);
    const farAway = await slotAt(limited.id, now + 8 * DAY);
    const unlimited = await slotAt(open.id, now + 1 * DAY);
    const inactive = await slotAt(hidden.id, now + 3 * DAY);
    const past = await slotAt(limited.id, now - 2 * DAY);

    // Made this week (the last 7 days): 2 pending, 1 confirmed, 1 waitlisted.
    await booking(soon, event.id, 'pending', now - 1 * HOUR);
    await booking(soon, event.id, 'pending', now - 6 * DAY);
    await booking(later, event.id, 'confirmed', now - 3 * DAY);
    await booking(soon, event.id, 'waitlisted', now - 2 * DAY);
    // Made the week before: 1 confirmed, 1 cancelled; and one older, counted in neither.
    await booking(farAway, event.id, 'confirmed', now - 8 * DAY);
    await booking(later, event.id, 'cancelled', now - 13 * DAY);
    await booking(farAway, event.id, 'pending', now - 15 * DAY);
    // Seats not counted: an unlimited session, an inactive one; a past slot's waitlist is over.
    await booking(unlimited, event.id, 'confirmed', now - 20 * DAY);
    await booking(inactive, event.id, 'confirmed', now - 20 * DAY);
    await booking(past, event.id, 'waitlisted', now - 20 * DAY);
    await booking(farAway, event.id, 'waitlisted', now - 20 * DAY);
    await insertContact('Kofi');
    await insertContact('Esi');
    await env.db.updateTable('contactForms').set({ status: 'closed' }).where('name', '=', 'Esi').execute();

    const week = await dashboardWeek(env.db, new Date(now));
    expect(week.newBookings).toEqual({
      thisWeek: { pending: 2, confirmed: 1, waitlisted: 1, cancelled: 0 },
      lastWeek: { pending: 0, confirmed: 1, waitlisted: 0, cancelled: 1 },
    });
    // The next 7 days' limited slots: soon (2 pending) and later (1 confirmed), 10 seats each.
    expect(week.nextSevenDays).toEqual({ seatsTaken: 3, capacity: 20, slots: 2 });
    expect(week.waitlisted).toBe(2);
    expect(week.contactsWaiting).toBe(1);
    expect(week.nextSlots.map((slot) => [slot.sessionTitle, slot.seatsTaken, slot.capacity])).toEqual([
      ['Open Forum', 1, null],
      ['Matchmaking', 2, 10],
      ['Matchmaking', 1, 10],
      ['Matchmaking', 2, 10],
    ]);
    expect(week.nextSlots[0]).toMatchObject({ timeSlotId: unlimited.id, eventTitle: 'Accra Exchange', eventId: event.id, sessionId: open.id });
  });
});
