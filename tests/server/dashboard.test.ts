import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@server/ids';
import { daysUntil } from '@server/repositories/dashboard';
import { insertEventRow, insertSessionRow, insertSlotRow } from './fixtures';
import {
  callerFor,
  createAccount,
  createTestEnv,
  expectStaffOnly,
  roleCallers,
  type RoleCallers,
  TEST_PASSWORD,
  type TestEnv,
} from './helpers';

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
