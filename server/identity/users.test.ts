// The users router (admins only): listing, creating, editing and deleting accounts, with the two
// guards on roles: nobody changes their own role, and the last admin stays.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateSessionToken } from './session.service';
import {
  callerFor,
  createAccount,
  createTestEnv,
  expectAdminOnly,
  expectFieldErrors,
  expectTRPCError,
  recordCookies,
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

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ama Mensah',
  email: 'ama@example.com',
  password: 'a-long-password',
  role: 'user' as const,
  ...overrides,
});

async function sessionCount(userId: string): Promise<number> {
  const row = await env.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('users router: role matrix', () => {
  it('is for admins only: anonymous UNAUTHORIZED, user FORBIDDEN', async () => {
    const target = await createAccount(env.db, 'user');
    await expectAdminOnly(callers, (c) => c.users.list({}));
    await expectAdminOnly(callers, (c) => c.users.create(newUser({ email: 'matrix@example.com' })));
    await expectAdminOnly(callers, (c) =>
      c.users.update({ id: target.user.id, name: 'Renamed', email: target.user.email, role: 'admin' }),
    );
    await expectAdminOnly(callers, (c) => c.users.delete({ id: target.user.id }));
    // Nothing changed.
    const rows = await env.db.selectFrom('users').select(['name', 'role']).where('id', '=', target.user.id).execute();
    expect(rows).toEqual([{ name: target.user.name, role: 'user' }]);
    expect(await env.db.selectFrom('users').select('id').where('email', '=', 'matrix@example.com').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a user who tries to make themselves admin', async () => {
    await expectTRPCError(
      callers.user.users.update({ id: callers.userAccount.user.id, name: 'Me', email: callers.userAccount.user.email, role: 'admin' }),
      'FORBIDDEN',
    );
  });
});

describe('users.list', () => {
  it('searches by name or e-mail, filters by role and paginates', async () => {
    const created = [];
    for (let i = 1; i <= 12; i += 1) {
      const role = i % 3 === 0 ? 'admin' : 'user';
      created.push(
        await callers.admin.users.create(
          newUser({ name: `Kwame Listed ${String(i).padStart(2, '0')}`, email: `listed${i}@example.com`, role }),
        ),
      );
    }
    const all = await callers.admin.users.list({ search: 'kwame listed', pageSize: 100 });
    expect(all.total).toBe(12);

    const page1 = await callers.admin.users.list({ search: 'Kwame Listed', page: 1, pageSize: 5 });
    const page3 = await callers.admin.users.list({ search: 'Kwame Listed', page: 3, pageSize: 5 });
    expect(page1.total).toBe(12);
    expect(page1.items.map((u) => u.name)).toEqual(['01', '02', '03', '04', '05'].map((n) => `Kwame Listed ${n}`));
    expect(page3.items.map((u) => u.name)).toEqual(['Kwame Listed 11', 'Kwame Listed 12']);

    const byEmail = await callers.admin.users.list({ search: 'LISTED7@' });
    expect(byEmail.items.map((u) => u.email)).toEqual(['listed7@example.com']);

    const admins = await callers.admin.users.list({ search: 'kwame listed', role: 'admin' });
    expect(admins.total).toBe(4);
    expect(admins.items.every((u) => u.role === 'admin')).toBe(true);
    const users = await callers.admin.users.list({ search: 'kwame listed', role: 'user' });
    expect(users.total).toBe(8);

    expect((await callers.admin.users.list({ search: '%' })).total).toBe(0);

    for (const item of all.items) {
      expect(Object.keys(item)).not.toContain('passwordHash');
    }
    expect(JSON.stringify(all)).not.toContain('$argon2');

    for (const user of created) await callers.admin.users.delete({ id: user.id });
  });

  it('validates its input', async () => {
    await expectTRPCError(callers.admin.users.list({ pageSize: 1000 }), 'BAD_REQUEST');
    await expectTRPCError(callers.admin.users.list({ page: 0 }), 'BAD_REQUEST');
    // @ts-expect-error an unknown role is refused
    await expectTRPCError(callers.admin.users.list({ role: 'owner' }), 'BAD_REQUEST');
  });
});

describe('users.create', () => {
  it('creates an account that can sign in, with an argon2id hash and no hash in the answer', async () => {
    const created = await callers.admin.users.create(newUser({ email: '  Ama.Create@Example.com ' }));
    expect(created).toMatchObject({ name: 'Ama Mensah', email: 'ama.create@example.com', role: 'user' });
    expect(Object.keys(created)).not.toContain('passwordHash');
    const row = await env.db.selectFrom('users').select('passwordHash').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);

    const cookies = recordCookies();
    await callerFor(env.deps, null, { cookies }).auth.signIn({ email: 'ama.create@example.com', password: 'a-long-password' });
    expect(typeof cookies.value).toBe('string');
    await callers.admin.users.delete({ id: created.id });
  });

  it('refuses a duplicate e-mail with CONFLICT on the email field, whatever its case', async () => {
    const created = await callers.admin.users.create(newUser({ email: 'dup@example.com' }));
    const error = await expectTRPCError(
      callers.admin.users.create(newUser({ email: 'DUP@example.com' })),
      'CONFLICT',
      'An account with this email already exists.',
    );
    const { ConflictError } = await import('@server/core/errors');
    expect(error.cause).toBeInstanceOf(ConflictError);
    expect((error.cause as InstanceType<typeof ConflictError>).fieldErrors).toEqual({
      email: ['An account with this email already exists.'],
    });
    await callers.admin.users.delete({ id: created.id });
  });

  it('answers CONFLICT, not a server error, to two simultaneous creates of one e-mail', async () => {
    const results = await Promise.allSettled([
      callers.admin.users.create(newUser({ email: 'double-click@example.com' })),
      callers.admin.users.create(newUser({ email: 'double-click@example.com' })),
    ]);
    const created = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toMatchObject({ code: 'CONFLICT', message: 'An account with this email already exists.' });
    const rows = await env.db.selectFrom('users').select('id').where('email', '=', 'double-click@example.com').execute();
    for (const row of rows) await callers.admin.users.delete({ id: row.id });
  });

  it('validates with the field messages', async () => {
    await expectFieldErrors(callers.admin.users.create(newUser({ password: 'short' })), {
      password: 'Password must be at least 8 characters long',
    });
    await expectFieldErrors(callers.admin.users.create(newUser({ name: '  ', email: 'not-an-email' })), {
      name: 'Name is required',
      email: 'Please enter a valid email address',
    });
    await expectFieldErrors(callers.admin.users.create(newUser({ email: '' })), { email: 'Email is required' });
    await expectFieldErrors(callers.admin.users.create(newUser({ role: 'owner' })), { role: 'Role is required' });
  });
});

describe('users.update', () => {
  it('changes name, e-mail and role of another account', async () => {
    const target = await callers.admin.users.create(newUser({ email: 'edit-me@example.com' }));
    const updated = await callers.admin.users.update({ id: target.id, name: 'Edited', email: 'Edited@Example.com', role: 'admin' });
    expect(updated).toMatchObject({ id: target.id, name: 'Edited', email: 'edited@example.com', role: 'admin' });
    await callers.admin.users.update({ id: target.id, name: 'Edited', email: 'edited@example.com', role: 'user' });
    await callers.admin.users.delete({ id: target.id });
  });

  it('refuses to change your own role, but lets you edit your own name', async () => {
    const self = callers.adminAccount.user;
    await expectFieldErrors(callers.admin.users.update({ id: self.id, name: self.name, email: self.email, role: 'user' }), {
      role: 'You cannot change your own role.',
    });
    await expectTRPCError(
      callers.admin.users.update({ id: self.id, name: self.name, email: self.email, role: 'user' }),
      'BAD_REQUEST',
      'You cannot change your own role.',
    );
    const row = await env.db.selectFrom('users').select('role').where('id', '=', self.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
    await expect(callers.admin.users.update({ id: self.id, name: 'Renamed Admin', email: self.email, role: 'admin' })).resolves.toMatchObject({
      name: 'Renamed Admin',
    });
  });

  it('refuses an e-mail another account holds', async () => {
    const a = await callers.admin.users.create(newUser({ email: 'holder-a@example.com' }));
    const b = await callers.admin.users.create(newUser({ email: 'holder-b@example.com' }));
    await expectTRPCError(
      callers.admin.users.update({ id: b.id, name: b.name, email: 'HOLDER-A@example.com', role: 'user' }),
      'CONFLICT',
      'An account with this email already exists.',
    );
    await callers.admin.users.delete({ id: a.id });
    await callers.admin.users.delete({ id: b.id });
  });

  it('answers NOT_FOUND for a missing account', async () => {
    await expectTRPCError(callers.admin.users.update({ id: 'missing', name: 'X', email: 'x@example.com', role: 'user' }), 'NOT_FOUND');
    await expectTRPCError(callers.admin.users.delete({ id: 'missing' }), 'NOT_FOUND');
  });

  it('applies a demotion to the account at once', async () => {
    const second = await createAccount(env.db, 'admin');
    await callers.admin.users.update({ id: second.user.id, name: second.user.name, email: second.user.email, role: 'user' });
    const validated = await validateSessionToken(env.db, second.token);
    expect(validated?.user.role).toBe('user');
    await expectTRPCError(callerFor(env.deps, { ...second, user: validated?.user ?? second.user }).users.list({}), 'FORBIDDEN');
    await callers.admin.users.delete({ id: second.user.id });
  });
});

describe('the last admin', () => {
  it('cannot be demoted or deleted, while a second admin can be demoted', async () => {
    // A second admin, so there are two; demoting one of them is allowed.
    const second = await createAccount(env.db, 'admin');
    await callers.admin.users.update({ id: second.user.id, name: second.user.name, email: second.user.email, role: 'user' });
    expect((await callers.admin.users.list({ role: 'admin' })).total).toBe(1);

    // Now callers.adminAccount is the last admin. The demoted account still holds a caller built
    // while it was admin (as a request racing the demotion would): the rule is checked in the
    // database, not against the caller's role.
    const stale = callerFor(env.deps, second);
    const last = callers.adminAccount.user;
    await expectTRPCError(
      stale.users.update({ id: last.id, name: last.name, email: last.email, role: 'user' }),
      'PRECONDITION_FAILED',
      'The last admin cannot be demoted.',
    );
    await expectTRPCError(stale.users.delete({ id: last.id }), 'PRECONDITION_FAILED', 'The last admin cannot be deleted.');
    const row = await env.db.selectFrom('users').select('role').where('id', '=', last.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');

    await callers.admin.users.delete({ id: second.user.id });
  });

  it('lets an admin delete another admin while one remains, but not themselves', async () => {
    const b = await createAccount(env.db, 'admin');
    const c = await createAccount(env.db, 'admin');
    await expectTRPCError(callerFor(env.deps, b).users.delete({ id: b.user.id }), 'PRECONDITION_FAILED', 'You cannot delete your own account.');
    await expect(callerFor(env.deps, b).users.delete({ id: c.user.id })).resolves.toEqual({ id: c.user.id });
    expect(await env.db.selectFrom('users').select('id').where('id', '=', c.user.id).executeTakeFirst()).toBeUndefined();
    await callers.admin.users.delete({ id: b.user.id });
  });

  it('stays when the two admins demote each other at the same moment', async () => {
    const first = callers.adminAccount;
    const second = await createAccount(env.db, 'admin');
    const results = await Promise.allSettled([
      callerFor(env.deps, first).users.update({ id: second.user.id, name: second.user.name, email: second.user.email, role: 'user' }),
      callerFor(env.deps, second).users.update({ id: first.user.id, name: first.user.name, email: first.user.email, role: 'user' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')[0]).toMatchObject({
      reason: { code: 'PRECONDITION_FAILED', message: 'The last admin cannot be demoted.' },
    });
    expect((await callers.admin.users.list({ role: 'admin' })).total).toBe(1);
  });
});

describe('users.delete', () => {
  it('removes the account and all its sessions; its old token no longer authenticates', async () => {
    const doomed = await createAccount(env.db, 'user', { email: 'doomed@example.com', password: 'doomed-password' });
    const cookies = recordCookies();
    await callerFor(env.deps, null, { cookies }).auth.signIn({ email: 'doomed@example.com', password: 'doomed-password' });
    expect(await sessionCount(doomed.user.id)).toBe(2);

    await callers.admin.users.delete({ id: doomed.user.id });

    expect(await env.db.selectFrom('users').select('id').where('id', '=', doomed.user.id).executeTakeFirst()).toBeUndefined();
    expect(await sessionCount(doomed.user.id)).toBe(0);
    expect(await validateSessionToken(env.db, doomed.token)).toBeNull();
    expect(await validateSessionToken(env.db, cookies.value ?? '')).toBeNull();
    expect((await callers.admin.users.list({ search: 'doomed@' })).total).toBe(0);
    await expectTRPCError(
      callerFor(env.deps, null).auth.signIn({ email: 'doomed@example.com', password: 'doomed-password' }),
      'UNAUTHORIZED',
      'Invalid email or password.',
    );
  });
});
