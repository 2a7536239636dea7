// First run: an empty database hands out a one-time setup link, or creates
// the admin from ADMIN_EMAIL / ADMIN_PASSWORD; nothing happens once an account exists.
// @module-tag postgres
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateSessionToken } from './session.service';
import { type AppDeps, createDeps } from '@server/core/deps';
import { prepareFirstRun } from './first-run.service';
import {
  callerFor,
  createAccount,
  createTestEnv,
  expectFieldErrors,
  expectTRPCError,
  recordCookies,
  type TestEnv,
} from '@tests/support/helpers';
import { reopenDatabase, secondInstance } from '@tests/support/postgres-env';

const ADMIN = { name: 'Owner', email: 'owner@example.com', password: 'a-long-password' };

async function userCount(env: TestEnv): Promise<number> {
  const row = await env.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function setupLinkRows(env: TestEnv): Promise<{ tokenHash: string; createdAt: string }[]> {
  return env.db.selectFrom('setupLinks').select(['tokenHash', 'createdAt']).orderBy('createdAt').execute();
}

/**
 * Another instance of the site on `env`'s database, as a second process (or the same one restarted)
 * would be: on PostgreSQL its own pool and deps on the same schema, on SQLite its own connection to
 * the same file. Closed by the test's afterEach.
 */
function anotherInstance(env: TestEnv): AppDeps {
  if (env.postgres !== undefined) {
    const second = secondInstance(env);
    closers.push(() => second.close());
    return second.deps;
  }
  const reopened = reopenDatabase(env);
  closers.push(() => reopened.close());
  return createDeps(reopened.db, env.deps.config, { publicFormsPerWindow: 10_000, signInFreeFailuresPerIp: 10_000 });
}

let env: TestEnv;
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
  await env.close();
});

describe('without ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  beforeEach(async () => {
    env = await createTestEnv();
  });

  it('hands out a one-time setup link on an empty database', async () => {
    expect(env.deps.firstRun.setupToken).toBeNull();
    const outcome = await prepareFirstRun(env.deps);
    expect(outcome.kind).toBe('setup-link');
    const token = env.deps.firstRun.setupToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(outcome).toEqual({ kind: 'setup-link', url: `http://127.0.0.1:3000/admin/setup?token=${token}` });
    expect(await userCount(env)).toBe(0);
    await expect(callerFor(env.deps, null).auth.setupStatus()).resolves.toEqual({ needsSetup: true });
  });

  it('gives a different token on every start', async () => {
    await prepareFirstRun(env.deps);
    const first = env.deps.firstRun.setupToken;
    await prepareFirstRun(env.deps);
    expect(env.deps.firstRun.setupToken).not.toBe(first);
  });

  it('refuses a wrong token with FORBIDDEN and creates nothing', async () => {
    await prepareFirstRun(env.deps);
    const token = env.deps.firstRun.setupToken ?? '';
    const cookies = recordCookies();
    const caller = callerFor(env.deps, null, { cookies });
    // One character off (always a different one: the token is random base64url, so it may end in 'x').
    const wrong = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    await expectTRPCError(caller.auth.setupAdmin({ ...ADMIN, token: wrong }), 'FORBIDDEN');
    await expectTRPCError(caller.auth.setupAdmin({ ...ADMIN, token: 'short' }), 'FORBIDDEN');
    expect(await userCount(env)).toBe(0);
    expect(cookies.value).toBeUndefined();
    expect(env.deps.firstRun.setupToken).toBe(token);
  });

  it('creates the first admin with the right token, signs them in, and works only once', async () => {
    await prepareFirstRun(env.deps);
    const token = env.deps.firstRun.setupToken ?? '';
    const cookies = recordCookies();
    const user = await callerFor(env.deps, null, { cookies }).auth.setupAdmin({ ...ADMIN, email: 'Owner@Example.com', token });
    expect(user).toMatchObject({ name: 'Owner', email: 'owner@example.com', role: 'admin' });
    expect(Object.keys(user)).not.toContain('passwordHash');

    expect(typeof cookies.value).toBe('string');
    const validated = await validateSessionToken(env.db, cookies.value ?? '');
    expect(validated?.user).toMatchObject({ id: user.id, role: 'admin' });

    const row = await env.db.selectFrom('users').select(['role', 'passwordHash']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);

    expect(env.deps.firstRun.setupToken).toBeNull();
    await expect(callerFor(env.deps, null).auth.setupStatus()).resolves.toEqual({ needsSetup: false });
    await expectTRPCError(
      callerFor(env.deps, null).auth.setupAdmin({ ...ADMIN, email: 'second@example.com', token }),
      'PRECONDITION_FAILED',
    );
    expect(await userCount(env)).toBe(1);

    const signIn = recordCookies();
    await callerFor(env.deps, null, { cookies: signIn }).auth.signIn({ email: ADMIN.email, password: ADMIN.password });
    expect(typeof signIn.value).toBe('string');
  });

  it('lets only one of two simultaneous setups through', async () => {
    await prepareFirstRun(env.deps);
    const token = env.deps.firstRun.setupToken ?? '';
    const results = await Promise.allSettled([
      callerFor(env.deps, null).auth.setupAdmin({ ...ADMIN, token }),
      callerFor(env.deps, null).auth.setupAdmin({ ...ADMIN, email: 'rival@example.com', token }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')[0]).toMatchObject({ reason: { code: 'PRECONDITION_FAILED' } });
    expect(await userCount(env)).toBe(1);
  });

  it('validates the setup form', async () => {
    await prepareFirstRun(env.deps);
    const token = env.deps.firstRun.setupToken ?? '';
    await expectFieldErrors(callerFor(env.deps, null).auth.setupAdmin({ token, name: ' ', email: 'nope', password: 'short' }), {
      name: 'Name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters long',
    });
    expect(await userCount(env)).toBe(0);
  });

  it('refuses setup when no link was handed out', async () => {
    await expectTRPCError(callerFor(env.deps, null).auth.setupAdmin({ ...ADMIN, token: 'anything' }), 'PRECONDITION_FAILED');
    expect(await userCount(env)).toBe(0);
  });
});

describe('setup links shared by every instance on the database', () => {
  beforeEach(async () => {
    env = await createTestEnv();
  });

  it('stores only the SHA-256 of the printed token', async () => {
    await prepareFirstRun(env.deps);
    const token = env.deps.firstRun.setupToken ?? '';
    const rows = await setupLinkRows(env);
    expect(rows.map((row) => row.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('accepts on instance B the link instance A printed, signs the admin in there, and removes every link', async () => {
    const b = anotherInstance(env);
    await prepareFirstRun(env.deps);
    const tokenA = env.deps.firstRun.setupToken ?? '';
    // B started too while no account existed and printed a link of its own.
    await prepareFirstRun(b);
    const tokenB = b.firstRun.setupToken ?? '';
    expect(tokenB).not.toBe(tokenA);
    expect(await setupLinkRows(env)).toHaveLength(2);
    await expect(callerFor(b, null).auth.setupStatus()).resolves.toEqual({ needsSetup: true });

    const cookies = recordCookies();
    const user = await callerFor(b, null, { cookies }).auth.setupAdmin({ ...ADMIN, token: tokenA });
    expect(user).toMatchObject({ name: 'Owner', email: 'owner@example.com', role: 'admin' });
    const validated = await validateSessionToken(env.db, cookies.value ?? '');
    expect(validated?.user).toMatchObject({ id: user.id, role: 'admin' });

    expect(await setupLinkRows(env)).toEqual([]);
    expect(b.firstRun.setupToken).toBeNull();
    // Neither link works any more, on either instance.
    for (const [deps, token] of [[env.deps, tokenA], [env.deps, tokenB], [b, tokenA], [b, tokenB]] as const) {
      await expectTRPCError(
        callerFor(deps, null).auth.setupAdmin({ ...ADMIN, email: 'second@example.com', token }),
        'PRECONDITION_FAILED',
      );
    }
    expect(await userCount(env)).toBe(1);
  });

  it('refuses on instance B a wrong token while A\'s link is open, and keeps the link', async () => {
    const b = anotherInstance(env);
    await prepareFirstRun(env.deps);
    const token = env.deps.firstRun.setupToken ?? '';
    const wrong = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    const refused = 'This setup link is not valid. Use the link printed by the server.';
    await expectTRPCError(callerFor(b, null).auth.setupAdmin({ ...ADMIN, token: wrong }), 'FORBIDDEN', refused);
    await expectTRPCError(callerFor(b, null).auth.setupAdmin({ ...ADMIN, token: 'A'.repeat(32) }), 'FORBIDDEN', refused);
    expect(await userCount(env)).toBe(0);
    expect(await setupLinkRows(env)).toHaveLength(1);
    await expect(callerFor(b, null).auth.setupAdmin({ ...ADMIN, token })).resolves.toMatchObject({ role: 'admin' });
  });

  it('after a restart with no account still accepts the link printed before, and the new one until setup', async () => {
    await prepareFirstRun(env.deps);
    const before = env.deps.firstRun.setupToken ?? '';
    // The restarted process: a new connection and fresh deps, with nothing in memory.
    const restarted = anotherInstance(env);
    expect(restarted.firstRun.setupToken).toBeNull();
    const outcome = await prepareFirstRun(restarted);
    const after = restarted.firstRun.setupToken ?? '';
    expect(outcome).toEqual({ kind: 'setup-link', url: `http://127.0.0.1:3000/admin/setup?token=${after}` });
    expect(after).not.toBe(before);

    await expect(callerFor(restarted, null).auth.setupAdmin({ ...ADMIN, token: before })).resolves.toMatchObject({
      email: 'owner@example.com',
    });
    await expectTRPCError(
      callerFor(restarted, null).auth.setupAdmin({ ...ADMIN, email: 'late@example.com', token: after }),
      'PRECONDITION_FAILED',
    );
    expect(await setupLinkRows(env)).toEqual([]);
  });

  it('lets only one of two simultaneous setups through, one on each instance', async () => {
    const b = anotherInstance(env);
    await prepareFirstRun(env.deps);
    const tokenA = env.deps.firstRun.setupToken ?? '';
    await prepareFirstRun(b);
    const tokenB = b.firstRun.setupToken ?? '';
    const results = await Promise.allSettled([
      callerFor(env.deps, null).auth.setupAdmin({ ...ADMIN, token: tokenA }),
      callerFor(b, null).auth.setupAdmin({ ...ADMIN, email: 'rival@example.com', token: tokenB }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')[0]).toMatchObject({ reason: { code: 'PRECONDITION_FAILED' } });
    expect(await userCount(env)).toBe(1);
    expect(await setupLinkRows(env)).toEqual([]);
  });

  it('drops links left over once an account exists (made another way, e.g. user:create)', async () => {
    await prepareFirstRun(env.deps);
    const token = env.deps.firstRun.setupToken ?? '';
    await createAccount(env.db, 'admin');
    await expectTRPCError(callerFor(env.deps, null).auth.setupAdmin({ ...ADMIN, token }), 'PRECONDITION_FAILED');
    await expect(prepareFirstRun(anotherInstance(env))).resolves.toEqual({ kind: 'ready' });
    expect(await setupLinkRows(env)).toEqual([]);
  });
});

describe('with ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  beforeEach(async () => {
    env = await createTestEnv({ env: { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'boss-password-123' } });
  });

  it('creates that admin without a link, and the admin can sign in', async () => {
    const outcome = await prepareFirstRun(env.deps);
    expect(outcome).toEqual({ kind: 'admin-created', email: 'boss@example.com' });
    expect(JSON.stringify(outcome)).not.toContain('token');
    expect(env.deps.firstRun.setupToken).toBeNull();

    const rows = await env.db.selectFrom('users').select(['email', 'role', 'passwordHash']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'boss@example.com', role: 'admin' });
    expect(rows[0]?.passwordHash.startsWith('$argon2id$')).toBe(true);

    const cookies = recordCookies();
    await expect(
      callerFor(env.deps, null, { cookies }).auth.signIn({ email: 'boss@example.com', password: 'boss-password-123' }),
    ).resolves.toMatchObject({ role: 'admin' });
    expect(typeof cookies.value).toBe('string');
    await expect(callerFor(env.deps, null).auth.setupStatus()).resolves.toEqual({ needsSetup: false });
  });

  it('creates that admin once when two instances start together, and leaves no setup link', async () => {
    const b = anotherInstance(env);
    const outcomes = await Promise.all([prepareFirstRun(env.deps), prepareFirstRun(b)]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['admin-created', 'ready']);
    expect(await userCount(env)).toBe(1);
    expect(await setupLinkRows(env)).toEqual([]);
  });

  it('does nothing when an account already exists', async () => {
    await createAccount(env.db, 'user', { email: 'existing@example.com' });
    await expect(prepareFirstRun(env.deps)).resolves.toEqual({ kind: 'ready' });
    expect(await userCount(env)).toBe(1);
    expect(env.deps.firstRun.setupToken).toBeNull();
    // A second start does not create it either.
    await expect(prepareFirstRun(env.deps)).resolves.toEqual({ kind: 'ready' });
    expect(await userCount(env)).toBe(1);
  });
});

describe('with an existing account and no ADMIN_*', () => {
  beforeEach(async () => {
    env = await createTestEnv();
  });

  it('does nothing: no link, no token, no setup', async () => {
    await createAccount(env.db, 'admin');
    await expect(prepareFirstRun(env.deps)).resolves.toEqual({ kind: 'ready' });
    expect(env.deps.firstRun.setupToken).toBeNull();
    await expect(callerFor(env.deps, null).auth.setupStatus()).resolves.toEqual({ needsSetup: false });
    await expectTRPCError(callerFor(env.deps, null).auth.setupAdmin({ ...ADMIN, token: 'anything' }), 'PRECONDITION_FAILED');
    expect(await userCount(env)).toBe(1);
  });
});
