// @module-tag postgres
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import {
  createTestEnv,
  expectAdminOnly,
  expectFieldErrors,
  expectStaffOnly,
  expectTRPCError,
  roleCallers,
  type RoleCallers,
  type TestEnv,
} from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

function delegateInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Kofi Boateng',
    email: 'kofi@example.com',
    phone: '+233 20 000 0000',
    organization: 'Ghana Trade Office',
    position: 'Director',
    bio: 'Twenty years in export promotion.',
    photoUrl: '/uploads/kofi.png',
    ...overrides,
  };
}

async function delegateCount(): Promise<number> {
  const row = await env.db.selectFrom('delegates').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function storedSessionId(id: string): Promise<string | null> {
  return (await env.db.selectFrom('delegates').select('sessionId').where('id', '=', id).executeTakeFirstOrThrow()).sessionId;
}

describe('delegates router: role matrix', () => {
  it('keeps the list for signed-in staff', async () => {
    await expectStaffOnly(callers, (c) => c.delegates.list({}));
    for (const caller of [callers.user, callers.admin]) {
      await expect(caller.delegates.list({})).resolves.toMatchObject({ total: await delegateCount() });
    }
  });

  it('keeps writes for admins, and a refused write changes nothing', async () => {
    const before = await delegateCount();
    await expectAdminOnly(callers, (c) => c.delegates.create(delegateInput()));
    expect(await delegateCount()).toBe(before);

    const created = await callers.admin.delegates.create(delegateInput());
    await expectAdminOnly(callers, (c) => c.delegates.update({ id: created.id, ...delegateInput({ name: 'Changed' }) }));
    await expectAdminOnly(callers, (c) => c.delegates.delete({ id: created.id }));
    expect((await env.db.selectFrom('delegates').select('name').where('id', '=', created.id).executeTakeFirstOrThrow()).name).toBe(
      'Kofi Boateng',
    );

    await expect(callers.admin.delegates.update({ id: created.id, ...delegateInput({ name: 'Changed' }) })).resolves.toMatchObject({
      name: 'Changed',
    });
    await expect(callers.admin.delegates.delete({ id: created.id })).resolves.toEqual({ id: created.id });
  });
});

describe('delegates: validation', () => {
  it('shows the delegate form messages', async () => {
    await expectFieldErrors(callers.admin.delegates.create(delegateInput({ name: '  ', email: '' })), {
      name: 'Name is required',
      email: 'Email is required',
    });
    await expectFieldErrors(callers.admin.delegates.create(delegateInput({ email: 'kofi@' })), {
      email: 'Please enter a valid email address',
    });
    const created = await callers.admin.delegates.create(delegateInput());
    await expectFieldErrors(callers.admin.delegates.update({ id: created.id, ...delegateInput({ name: '', email: 'nope' }) }), {
      name: 'Name is required',
      email: 'Please enter a valid email address',
    });
    expect((await env.db.selectFrom('delegates').select(['name', 'email']).where('id', '=', created.id).executeTakeFirstOrThrow())).toEqual({
      name: 'Kofi Boateng',
      email: 'kofi@example.com',
    });
  });

  it('changes nothing on bad input', async () => {
    const before = await delegateCount();
    await expectTRPCError(callers.admin.delegates.create(delegateInput({ email: 'bad' })), 'BAD_REQUEST');
    expect(await delegateCount()).toBe(before);
  });
});

describe('delegates.create', () => {
  it('stores a delegate without a session, trimming text and turning blanks into null', async () => {
    const created = await callers.admin.delegates.create(
      delegateInput({ name: '  Efua Owusu ', email: ' EFUA@Example.COM ', phone: '', organization: '  ', photoUrl: '' }),
    );
    expect(created).toEqual({
      id: expect.any(String),
      sessionId: null,
      name: 'Efua Owusu',
      email: 'efua@example.com',
      phone: null,
      organization: null,
      position: 'Director',
      bio: 'Twenty years in export promotion.',
      photoUrl: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const row = await env.db.selectFrom('delegates').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toEqual(created);
  });

  it('attaches to a given session, and answers NOT_FOUND for a missing one', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    const created = await callers.admin.delegates.create(delegateInput({ sessionId: session.id }));
    expect(created.sessionId).toBe(session.id);
    const before = await delegateCount();
    await expectTRPCError(
      callers.admin.delegates.create(delegateInput({ sessionId: 'no-such-session' })),
      'NOT_FOUND',
      'Session not found.',
    );
    expect(await delegateCount()).toBe(before);
  });
});

describe('delegates.update', () => {
  it('keeps the session when sessionId is absent, detaches on null, moves on a value', async () => {
    const event = await insertEventRow(env.db);
    const first = await insertSessionRow(env.db, event.id);
    const second = await insertSessionRow(env.db, event.id);
    const created = await callers.admin.delegates.create(delegateInput({ sessionId: first.id }));

    const kept = await callers.admin.delegates.update({ id: created.id, ...delegateInput({ name: 'Kept' }) });
    expect(kept).toMatchObject({ name: 'Kept', sessionId: first.id });
    expect(await storedSessionId(created.id)).toBe(first.id);

    const moved = await callers.admin.delegates.update({ id: created.id, ...delegateInput({ sessionId: second.id }) });
    expect(moved.sessionId).toBe(second.id);
    expect(await storedSessionId(created.id)).toBe(second.id);

    const detached = await callers.admin.delegates.update({ id: created.id, ...delegateInput({ sessionId: null }) });
    expect(detached.sessionId).toBeNull();
    expect(await storedSessionId(created.id)).toBeNull();

    await callers.admin.delegates.update({ id: created.id, ...delegateInput({ name: 'Still detached' }) });
    expect(await storedSessionId(created.id)).toBeNull();
  });

  it('sets updated_at and keeps created_at', async () => {
    const created = await callers.admin.delegates.create(delegateInput());
    const old = '2000-01-01T00:00:00.000Z';
    // created_at is insert-only in the schema types, so the backdating goes through plain SQL.
    await sql`update delegates set created_at = ${old}, updated_at = ${old} where id = ${created.id}`.execute(env.db);
    const updated = await callers.admin.delegates.update({ id: created.id, ...delegateInput({ position: 'Chair' }) });
    expect(updated.position).toBe('Chair');
    expect(updated.createdAt).toBe(old);
    expect(updated.updatedAt > old).toBe(true);
  });

  it('answers NOT_FOUND for a missing delegate or session, and changes nothing', async () => {
    const created = await callers.admin.delegates.create(delegateInput());
    await expectTRPCError(callers.admin.delegates.update({ id: 'missing', ...delegateInput() }), 'NOT_FOUND', 'Delegate not found.');
    await expectTRPCError(
      callers.admin.delegates.update({ id: created.id, ...delegateInput({ name: 'Moved', sessionId: 'no-such-session' }) }),
      'NOT_FOUND',
      'Session not found.',
    );
    const row = await env.db.selectFrom('delegates').select(['name', 'sessionId']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Kofi Boateng', sessionId: null });
  });
});

describe('delegates.list', () => {
  it('searches name, email, organization and position case-insensitively', async () => {
    const matching = [
      await callers.admin.delegates.create(delegateInput({ name: 'Quokka Mensah', organization: null, position: null })),
      await callers.admin.delegates.create(delegateInput({ email: 'hello@quokka.example', organization: null, position: null })),
      await callers.admin.delegates.create(delegateInput({ organization: 'QUOKKA Holdings', position: null })),
      await callers.admin.delegates.create(delegateInput({ organization: null, position: 'Head of quokka affairs' })),
    ];
    await callers.admin.delegates.create(delegateInput({ name: 'Someone Else', organization: null, position: null }));
    const found = await callers.user.delegates.list({ search: 'qUoKkA' });
    expect(found.total).toBe(4);
    expect(found.items.map((d) => d.id)).toEqual(matching.map((d) => d.id));
    expect((await callers.user.delegates.list({ search: 'quokka_' })).total).toBe(0);

    const everything = await delegateCount();
    expect((await callers.user.delegates.list({ search: '', pageSize: 100 })).total).toBe(everything);
    expect((await callers.user.delegates.list({ search: '   ' })).total).toBe(everything);
  });

  it('filters by session and by event, in creation order', async () => {
    const eventA = await insertEventRow(env.db);
    const eventB = await insertEventRow(env.db);
    const a1 = await insertSessionRow(env.db, eventA.id);
    const a2 = await insertSessionRow(env.db, eventA.id);
    const b1 = await insertSessionRow(env.db, eventB.id);
    const first = await callers.admin.delegates.create(delegateInput({ name: 'A1 first', sessionId: a1.id }));
    const second = await callers.admin.delegates.create(delegateInput({ name: 'A2', sessionId: a2.id }));
    const third = await callers.admin.delegates.create(delegateInput({ name: 'A1 second', sessionId: a1.id }));
    await callers.admin.delegates.create(delegateInput({ name: 'B1', sessionId: b1.id }));
    await callers.admin.delegates.create(delegateInput({ name: 'Free' }));

    const ofEvent = await callers.user.delegates.list({ eventId: eventA.id });
    expect(ofEvent).toEqual({ items: [first, second, third], total: 3 });
    const ofSession = await callers.user.delegates.list({ sessionId: a1.id });
    expect(ofSession.items.map((d) => d.name)).toEqual(['A1 first', 'A1 second']);
    expect(ofSession.total).toBe(2);
    expect((await callers.user.delegates.list({ eventId: eventA.id, search: 'second' })).items.map((d) => d.id)).toEqual([third.id]);
  });

  it('paginates on the server', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    for (let i = 1; i <= 12; i += 1) {
      await callers.admin.delegates.create(delegateInput({ name: `Page ${String(i).padStart(2, '0')}`, sessionId: session.id }));
    }
    const page2 = await callers.user.delegates.list({ sessionId: session.id, page: 2, pageSize: 5 });
    expect(page2.total).toBe(12);
    expect(page2.items.map((d) => d.name)).toEqual(['Page 06', 'Page 07', 'Page 08', 'Page 09', 'Page 10']);
  });
});

describe('delegates.delete', () => {
  it('deletes one delegate and answers NOT_FOUND afterwards', async () => {
    const created = await callers.admin.delegates.create(delegateInput());
    const before = await delegateCount();
    await expect(callers.admin.delegates.delete({ id: created.id })).resolves.toEqual({ id: created.id });
    expect(await delegateCount()).toBe(before - 1);
    await expectTRPCError(callers.admin.delegates.delete({ id: created.id }), 'NOT_FOUND', 'Delegate not found.');
  });
});
