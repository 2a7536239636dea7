// Two-factor sign-in: enrolment, the password-then-code sign-in over real HTTP with the challenge
// cookie, replays, clock drift, recovery codes (once, stored hashed), turning it off, the admin
// reset, and the limits on wrong codes, wrong current passwords and turning it off. Codes are
// computed here with @oslojs/otp's generateTOTP against the secret the server handed out, at times
// set with a fake clock.
// @module-tag postgres
import { createHash } from 'node:crypto';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession, SESSION_COOKIE, sessionIdFromToken } from './session.service';
import { type AuthUser } from './session.service';
import { createLimits } from '@server/core/deps';
import { type ChallengeCookie, createContextInner } from '@server/trpc/context';
import {
  buildTestApp,
  callerFor,
  createAccount,
  createCaller,
  createTestEnv,
  expectFieldErrors,
  expectTRPCError,
  recordCookies,
  TEST_PASSWORD,
  type TestAccount,
  type TestEnv,
} from '@tests/support/helpers';

const T0 = Date.parse('2031-03-04T10:00:05.000Z');
const STEP = 30_000;
const INVALID_CODE = 'Invalid verification code.';
const EXPIRED = 'Your sign-in has expired. Please enter your email and password again.';

let env: TestEnv;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  env = await createTestEnv();
});
afterEach(async () => {
  vi.useRealTimers();
  await env.close();
});

/** The code an authenticator app shows at `at`. */
function codeAt(secret: string, at: number): string {
  const now = Date.now();
  vi.setSystemTime(at);
  const code = generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
  vi.setSystemTime(now);
  return code;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A challenge cookie kept between calls, as a browser would keep it. */
function challengeJar(): ChallengeCookie & { expiresAt: string | null } {
  const jar: ChallengeCookie & { expiresAt: string | null } = {
    token: null,
    expiresAt: null,
    set(token, expiresAt) {
      jar.token = token;
      jar.expiresAt = expiresAt;
    },
    clear() {
      jar.token = null;
    },
  };
  return jar;
}

function anonymousCaller(ip: string, challenge = challengeJar(), cookies = recordCookies()) {
  return { caller: createCaller(createContextInner(env.deps, { ip, challenge, cookies })), challenge, cookies };
}

/** Enrols `account` at time T0 and answers its secret and recovery codes. */
async function enrol(account: TestAccount): Promise<{ secret: string; recoveryCodes: string[] }> {
  const own = callerFor(env.deps, account);
  const { secret } = await own.auth.twoFactor.setup();
  const { recoveryCodes } = await own.auth.twoFactor.enable({ password: TEST_PASSWORD, code: codeAt(secret, Date.now()) });
  return { secret, recoveryCodes };
}

/** Password then code from `ip`; answers the signed-in user. */
async function signInWithCode(email: string, password: string, code: string, ip = '192.0.2.10'): Promise<AuthUser> {
  const { caller } = anonymousCaller(ip);
  expect(await caller.auth.signIn({ email, password })).toEqual({ twoFactorRequired: true });
  return caller.auth.verifyTwoFactor({ code });
}

describe('enrolment and sign-in over HTTP', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp(env);
  });
  afterEach(() => app.close());

  function post(procedure: string, input: unknown, cookie?: string, remoteAddress = '198.51.100.4') {
    return app.inject({
      method: 'POST',
      url: `/api/trpc/${procedure}`,
      headers: { 'content-type': 'application/json', ...(cookie === undefined ? {} : { cookie }) },
      ...(input === undefined ? {} : { payload: JSON.stringify(input) }),
      remoteAddress,
    });
  }
  function setCookies(res: { headers: Record<string, unknown> }): string[] {
    const raw = res.headers['set-cookie'];
    return Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  }
  function cookieValue(res: { headers: Record<string, unknown> }, name: string): string | undefined {
    return setCookies(res)
      .find((c) => c.startsWith(`${name}=`))
      ?.split(';')[0]
      ?.slice(name.length + 1);
  }

  it('enrols with a code computed from the secret, then signs in with password, challenge cookie and a code', async () => {
    const account = await createAccount(env.db, 'user', { email: 'totp@example.com' });
    const session = `${SESSION_COOKIE}=${account.token}`;

    const setup = await post('auth.twoFactor.setup', undefined, session);
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json<{ result: { data: { secret: string; uri: string } } }>().result.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Our%20Firm:totp%40example.com?issuer=Our+Firm&algorithm=SHA1&secret=${secret}&period=30&digits=6`);
    // Setup enables nothing.
    expect((await callerFor(env.deps, account).settings.get()).security.twoFactorEnabled).toBe(false);

    const wrong = await post('auth.twoFactor.enable', { password: TEST_PASSWORD, code: '000000' === codeAt(secret, T0) ? '111111' : '000000' }, session);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: { message: string } }>().error.message).toBe(INVALID_CODE);

    const enabled = await post('auth.twoFactor.enable', { password: TEST_PASSWORD, code: codeAt(secret, T0) }, session);
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json<{ result: { data: { recoveryCodes: string[] } } }>().result.data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await callerFor(env.deps, account).settings.get()).security.twoFactorEnabled).toBe(true);

    // The right password answers the challenge only: no session cookie, no session row.
    vi.setSystemTime(T0 + STEP);
    const sessionsBefore = await env.db.selectFrom('sessions').select('id').where('userId', '=', account.user.id).execute();
    const first = await post('auth.signIn', { email: 'totp@example.com', password: account.password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: { data: { twoFactorRequired: true } } });
    expect(cookieValue(first, SESSION_COOKIE)).toBeUndefined();
    const challengeHeader = setCookies(first).find((c) => c.startsWith('two_factor_challenge='));
    expect(challengeHeader).toBeDefined();
    const attrs = (challengeHeader ?? '').toLowerCase();
    expect(attrs).toContain('httponly');
    expect(attrs).toContain(`expires=${new Date(T0 + STEP + 5 * 60_000).toUTCString().toLowerCase()}`);
    expect(await env.db.selectFrom('sessions').select('id').where('userId', '=', account.user.id).execute()).toEqual(sessionsBefore);
    const challenge = `two_factor_challenge=${cookieValue(first, 'two_factor_challenge') ?? ''}`;

    // No cookie: the code step has nothing to finish.
    const noCookie = await post('auth.verifyTwoFactor', { code: codeAt(secret, T0 + STEP) });
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json<{ error: { message: string } }>().error.message).toBe(EXPIRED);

    const badCode = await post('auth.verifyTwoFactor', { code: codeAt(secret, T0 + 10 * STEP) }, challenge);
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json<{ error: { message: string } }>().error.message).toBe(INVALID_CODE);

    const done = await post('auth.verifyTwoFactor', { code: codeAt(secret, T0 + STEP) }, challenge);
    expect(done.statusCode).toBe(200);
    expect(done.json<{ result: { data: AuthUser } }>().result.data).toMatchObject({ id: account.user.id, email: 'totp@example.com' });
    const token = cookieValue(done, SESSION_COOKIE);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(cookieValue(done, 'two_factor_challenge')).toBe('');
    const me = await app.inject({ method: 'GET', url: '/api/trpc/auth.me', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(me.json<{ result: { data: AuthUser } }>().result.data.email).toBe('totp@example.com');

    // The challenge is used up.
    const again = await post('auth.verifyTwoFactor', { code: codeAt(secret, T0 + 2 * STEP) }, challenge);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(EXPIRED);
  });

  it('ends the challenge after 5 minutes', async () => {
    const account = await createAccount(env.db, 'user', { email: 'slow@example.com' });
    const { secret } = await enrol(account);
    const first = await post('auth.signIn', { email: 'slow@example.com', password: account.password });
    const challenge = `two_factor_challenge=${cookieValue(first, 'two_factor_challenge') ?? ''}`;
    vi.setSystemTime(T0 + 5 * 60_000 + 1000);
    const late = await post('auth.verifyTwoFactor', { code: codeAt(secret, Date.now()) }, challenge);
    expect(late.statusCode).toBe(401);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(EXPIRED);
    expect(await env.db.selectFrom('twoFactorChallenges').selectAll().execute()).toEqual([]);
  });
});

describe('codes', () => {
  it('refuses a code that has already signed in, and the enrolment code', async () => {
    const account = await createAccount(env.db, 'user', { email: 'replay@example.com' });
    const { secret } = await enrol(account);
    const enrolmentCode = codeAt(secret, T0);
    await expectTRPCError(signInWithCode('replay@example.com', account.password, enrolmentCode), 'UNAUTHORIZED', INVALID_CODE);

    vi.setSystemTime(T0 + STEP);
    const code = codeAt(secret, T0 + STEP);
    await expect(signInWithCode('replay@example.com', account.password, code)).resolves.toMatchObject({ email: 'replay@example.com' });
    await expectTRPCError(signInWithCode('replay@example.com', account.password, code, '192.0.2.11'), 'UNAUTHORIZED', INVALID_CODE);
  });

  it('accepts one step of clock drift either way and refuses two', async () => {
    const account = await createAccount(env.db, 'user', { email: 'drift@example.com' });
    const { secret } = await enrol(account);
    const now = T0 + 10 * STEP;
    vi.setSystemTime(now);
    await expectTRPCError(signInWithCode('drift@example.com', account.password, codeAt(secret, now - 2 * STEP)), 'UNAUTHORIZED', INVALID_CODE);
    await expectTRPCError(signInWithCode('drift@example.com', account.password, codeAt(secret, now + 2 * STEP)), 'UNAUTHORIZED', INVALID_CODE);
    await expect(signInWithCode('drift@example.com', account.password, codeAt(secret, now - STEP))).resolves.toMatchObject({
      email: 'drift@example.com',
    });
    await expect(signInWithCode('drift@example.com', account.password, codeAt(secret, now + STEP))).resolves.toMatchObject({
      email: 'drift@example.com',
    });
  });

  it('lets each recovery code sign in once, typed in any case, and stores only their hashes', async () => {
    const account = await createAccount(env.db, 'user', { email: 'recovery@example.com' });
    const { recoveryCodes } = await enrol(account);
    const rows = await env.db.selectFrom('twoFactorRecoveryCodes').selectAll().where('userId', '=', account.user.id).execute();
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row.codeHash).sort()).toEqual(recoveryCodes.map((code) => sha256Hex(code.replace('-', ''))).sort());
    const stored = JSON.stringify(await env.db.selectFrom('twoFactorRecoveryCodes').selectAll().execute());
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }

    const code = recoveryCodes[3] ?? '';
    await expect(signInWithCode('recovery@example.com', account.password, code.toUpperCase())).resolves.toMatchObject({
      email: 'recovery@example.com',
    });
    await expectTRPCError(signInWithCode('recovery@example.com', account.password, code), 'UNAUTHORIZED', INVALID_CODE);
    const used = await env.db.selectFrom('twoFactorRecoveryCodes').select('usedAt').where('usedAt', 'is not', null).execute();
    expect(used).toHaveLength(1);
  });

  it('checks the code input', async () => {
    const { caller } = anonymousCaller('192.0.2.20');
    await expectFieldErrors(caller.auth.verifyTwoFactor({ code: '  ' }), { code: 'Verification code is required' });
    await expectFieldErrors(caller.auth.verifyTwoFactor({ code: 'x'.repeat(65) }), { code: INVALID_CODE });
    const own = callerFor(env.deps, await createAccount(env.db, 'user'));
    await expectFieldErrors(own.auth.twoFactor.enable({ password: TEST_PASSWORD, code: '' }), { code: 'Verification code is required' });
    await expectFieldErrors(own.auth.twoFactor.disable({ password: '', code: '123456' }), { password: 'Password is required' });
  });
});

describe('access', () => {
  it('needs a signed-in account for setup, enable and disable', async () => {
    const anonymous = callerFor(env.deps, null);
    await expectTRPCError(anonymous.auth.twoFactor.setup(), 'UNAUTHORIZED');
    await expectTRPCError(anonymous.auth.twoFactor.enable({ password: TEST_PASSWORD, code: '123456' }), 'UNAUTHORIZED');
    await expectTRPCError(anonymous.auth.twoFactor.disable({ password: 'x', code: '123456' }), 'UNAUTHORIZED');
  });

  it('refuses enable before setup and setup when already on', async () => {
    const account = await createAccount(env.db, 'user');
    const own = callerFor(env.deps, account);
    await expectTRPCError(own.auth.twoFactor.enable({ password: TEST_PASSWORD, code: '123456' }), 'PRECONDITION_FAILED', 'Start the two-factor set-up first.');
    await enrol(account);
    await expectTRPCError(own.auth.twoFactor.setup(), 'PRECONDITION_FAILED', 'Two-factor authentication is already on.');
  });

  it('users.resetTwoFactor: anonymous UNAUTHORIZED, user FORBIDDEN, admin turns it off', async () => {
    const colleague = await createAccount(env.db, 'user', { email: 'lost-phone@example.com' });
    await enrol(colleague);
    const member = await createAccount(env.db, 'user');
    const admin = await createAccount(env.db, 'admin');
    await expectTRPCError(callerFor(env.deps, null).users.resetTwoFactor({ id: colleague.user.id }), 'UNAUTHORIZED');
    await expectTRPCError(callerFor(env.deps, member).users.resetTwoFactor({ id: colleague.user.id }), 'FORBIDDEN');
    await expectTRPCError(callerFor(env.deps, admin).users.resetTwoFactor({ id: 'no-such-user' }), 'NOT_FOUND', 'Account not found.');
    await expectFieldErrors(callerFor(env.deps, admin).users.resetTwoFactor({ id: '' }), { id: 'Id is required' });
    // The admins' list tells whose two-factor is on (the Users tab offers the reset for those only).
    const listed = async () =>
      (await callerFor(env.deps, admin).users.list({ pageSize: 100 })).items.map((row) => [row.email, row.twoFactorEnabled]);
    expect(await listed()).toContainEqual(['lost-phone@example.com', true]);
    expect(await listed()).toContainEqual([member.user.email, false]);
    expect(await callerFor(env.deps, admin).users.resetTwoFactor({ id: colleague.user.id })).toEqual({
      id: colleague.user.id,
      twoFactorEnabled: false,
    });
    expect((await callerFor(env.deps, colleague).settings.get()).security.twoFactorEnabled).toBe(false);
    expect(await listed()).toContainEqual(['lost-phone@example.com', false]);
    expect(await env.db.selectFrom('twoFactorRecoveryCodes').selectAll().execute()).toEqual([]);
    expect(await env.db.selectFrom('twoFactorCredentials').selectAll().execute()).toEqual([]);
    // The password alone signs in again.
    const { caller } = anonymousCaller('192.0.2.30');
    await expect(caller.auth.signIn({ email: 'lost-phone@example.com', password: colleague.password })).resolves.toMatchObject({
      email: 'lost-phone@example.com',
    });
  });
});

describe('turning it on, and what a password change ends', () => {
  it('needs the account password; a wrong one enables nothing', async () => {
    const account = await createAccount(env.db, 'user', { email: 'on@example.com' });
    const own = callerFor(env.deps, account, { ip: '192.0.2.41' });
    const { secret } = await own.auth.twoFactor.setup();
    await expectFieldErrors(own.auth.twoFactor.enable({ password: 'not-my-password', code: codeAt(secret, T0) }), {
      password: 'Current password is incorrect.',
    });
    await expectFieldErrors(own.auth.twoFactor.enable({ password: '', code: codeAt(secret, T0) }), { password: 'Password is required' });
    expect((await own.settings.get()).security.twoFactorEnabled).toBe(false);
    expect(await env.db.selectFrom('twoFactorRecoveryCodes').selectAll().execute()).toEqual([]);
  });

  it("ends the account's other sessions, keeping the one that turned it on", async () => {
    const account = await createAccount(env.db, 'user', { email: 'sessions@example.com' });
    const elsewhere = await createSession(env.db, account.user.id, 60);
    const other = await createAccount(env.db, 'user');
    await enrol(account);
    const sessions = await env.db.selectFrom('sessions').select(['id', 'userId']).execute();
    expect(sessions.filter((row) => row.userId === account.user.id).map((row) => row.id)).toEqual([sessionIdFromToken(account.token)]);
    expect(sessions.some((row) => row.id === elsewhere.session.id)).toBe(false);
    // Other accounts keep theirs.
    expect(sessions.some((row) => row.id === sessionIdFromToken(other.token))).toBe(true);
  });

  it('a password change ends the sign-ins that wait for their code: the old password cannot finish one', async () => {
    const account = await createAccount(env.db, 'user', { email: 'stolen@example.com' });
    const { secret } = await enrol(account);
    // Someone with the old password is at the code step.
    const { caller: intruder } = anonymousCaller('203.0.113.66');
    expect(await intruder.auth.signIn({ email: account.user.email, password: account.password })).toEqual({ twoFactorRequired: true });
    // The owner changes the password meanwhile.
    const owner = callerFor(env.deps, account, { ip: '192.0.2.42' });
    await owner.auth.changePassword({ currentPassword: account.password, newPassword: 'a-brand-new-password', confirmPassword: 'a-brand-new-password' });
    vi.setSystemTime(T0 + STEP);
    await expectTRPCError(intruder.auth.verifyTwoFactor({ code: codeAt(secret, T0 + STEP) }), 'UNAUTHORIZED', EXPIRED);
    expect(await env.db.selectFrom('twoFactorChallenges').selectAll().execute()).toEqual([]);
  });
});

describe('turning it off', () => {
  it('needs the password and a current code', async () => {
    const account = await createAccount(env.db, 'user', { email: 'off@example.com' });
    const { secret } = await enrol(account);
    const own = callerFor(env.deps, account, { ip: '192.0.2.40' });
    vi.setSystemTime(T0 + STEP);
    const code = codeAt(secret, T0 + STEP);
    await expectFieldErrors(own.auth.twoFactor.disable({ password: 'not-my-password', code }), {
      password: 'Current password is incorrect.',
    });
    await expectFieldErrors(own.auth.twoFactor.disable({ password: account.password, code: codeAt(secret, T0 + 5 * STEP) }), {
      code: INVALID_CODE,
    });
    expect((await own.settings.get()).security.twoFactorEnabled).toBe(true);
    expect(await own.auth.twoFactor.disable({ password: account.password, code })).toEqual({ twoFactorEnabled: false });
    expect((await own.settings.get()).security.twoFactorEnabled).toBe(false);
    expect(await env.db.selectFrom('twoFactorRecoveryCodes').selectAll().execute()).toEqual([]);
    await expectTRPCError(own.auth.twoFactor.disable({ password: account.password, code }), 'PRECONDITION_FAILED', 'Two-factor authentication is not on.');
  });
});

describe('limits', () => {
  it('throttles wrong codes like passwords, and a right password in between does not reset the count', async () => {
    const account = await createAccount(env.db, 'user', { email: 'guessed@example.com' });
    const { secret } = await enrol(account);
    vi.setSystemTime(T0 + 20 * STEP);
    const attacker = anonymousCaller('203.0.113.7');
    expect(await attacker.caller.auth.signIn({ email: 'guessed@example.com', password: account.password })).toEqual({ twoFactorRequired: true });
    const wrong = codeAt(secret, T0);
    for (let i = 0; i < 3; i += 1) {
      await expectTRPCError(attacker.caller.auth.verifyTwoFactor({ code: wrong }), 'UNAUTHORIZED', INVALID_CODE);
    }
    // The password again, then more guesses: the failures keep counting.
    expect(await attacker.caller.auth.signIn({ email: 'guessed@example.com', password: account.password })).toEqual({ twoFactorRequired: true });
    for (let i = 0; i < 2; i += 1) {
      await expectTRPCError(attacker.caller.auth.verifyTwoFactor({ code: wrong }), 'UNAUTHORIZED', INVALID_CODE);
    }
    const refused = await expectTRPCError(
      attacker.caller.auth.verifyTwoFactor({ code: codeAt(secret, Date.now()) }),
      'TOO_MANY_REQUESTS',
      'Too many sign-in attempts. Please try again in 15 minutes.',
    );
    expect(refused).toBeDefined();
    await expectTRPCError(
      attacker.caller.auth.signIn({ email: 'guessed@example.com', password: account.password }),
      'TOO_MANY_REQUESTS',
      'Too many sign-in attempts. Please try again in 15 minutes.',
    );
  });

  it('signs the owner in at once from another address while many addresses guess, and reports the throttled moment', async () => {
    const events: { email: string; addresses: string[] }[] = [];
    // The limits per account and address only: the slowdown of an account's checks from every
    // address together has its own tests (server/identity/sign-in-networks.test.ts).
    env.deps.limits = createLimits({ signInFreeFailuresPerIp: 10_000, signInFreeFailuresPerAccount: 10_000 }, { onSignInThrottled: (event) => events.push(event) });
    const owner = await createAccount(env.db, 'user', { email: 'owner@example.com' });
    const { secret } = await enrol(owner);
    vi.setSystemTime(T0 + STEP);
    for (let a = 0; a < 4; a += 1) {
      const ip = `203.0.113.${100 + a}`;
      for (let i = 0; i < 6; i += 1) {
        const { caller } = anonymousCaller(ip);
        await caller.auth.signIn({ email: 'owner@example.com', password: `guess-${a}-${i}` }).catch(() => undefined);
      }
      await expectTRPCError(anonymousCaller(ip).caller.auth.signIn({ email: 'owner@example.com', password: owner.password }), 'TOO_MANY_REQUESTS');
    }
    expect(events).toEqual([0, 1, 2, 3].map((a) => ({ email: 'owner@example.com', addresses: [`203.0.113.${100 + a}`] })));
    await expect(signInWithCode('owner@example.com', owner.password, codeAt(secret, T0 + STEP), '198.51.100.77')).resolves.toMatchObject({
      email: 'owner@example.com',
    });
  });

  it('caps wrong app codes per account across addresses; recovery codes still sign the owner in', async () => {
    const events: { email: string; addresses: string[] }[] = [];
    env.deps.limits = createLimits({}, { onSignInThrottled: (event) => events.push(event) });
    const account = await createAccount(env.db, 'user', { email: 'many-addresses@example.com' });
    const { secret, recoveryCodes } = await enrol(account);
    vi.setSystemTime(T0 + 20 * STEP);
    const wrong = codeAt(secret, T0);
    // Ten addresses, one wrong code each: each address is far from its own limit of five.
    for (let a = 0; a < 10; a += 1) {
      const { caller } = anonymousCaller(`203.0.113.${10 + a}`);
      expect(await caller.auth.signIn({ email: account.user.email, password: account.password })).toEqual({ twoFactorRequired: true });
      await expectTRPCError(caller.auth.verifyTwoFactor({ code: wrong }), 'UNAUTHORIZED', INVALID_CODE);
    }
    expect(events).toEqual([{ email: 'many-addresses@example.com', addresses: ['203.0.113.19'], step: 'code' }]);
    // An eleventh address, even with the right app code, waits; the message says what still works.
    const fresh = anonymousCaller('203.0.113.99');
    expect(await fresh.caller.auth.signIn({ email: account.user.email, password: account.password })).toEqual({ twoFactorRequired: true });
    await expectTRPCError(
      fresh.caller.auth.verifyTwoFactor({ code: codeAt(secret, Date.now()) }),
      'TOO_MANY_REQUESTS',
      'Too many wrong codes for this account. Sign in with a recovery code, or try again in 60 minutes.',
    );
    // The owner's recovery code works at once, and resets the count.
    await expect(fresh.caller.auth.verifyTwoFactor({ code: recoveryCodes[0] ?? '' })).resolves.toMatchObject({ email: account.user.email });
    vi.setSystemTime(T0 + 22 * STEP);
    await expect(signInWithCode(account.user.email, account.password, codeAt(secret, T0 + 22 * STEP), '198.51.100.78')).resolves.toMatchObject({
      email: account.user.email,
    });
  });

  it('throttles wrong current passwords of a password change', async () => {
    const account = await createAccount(env.db, 'user');
    const own = callerFor(env.deps, account, { ip: '192.0.2.50' });
    const change = (currentPassword: string) =>
      own.auth.changePassword({ currentPassword, newPassword: 'a-new-password-1', confirmPassword: 'a-new-password-1' });
    for (let i = 0; i < 5; i += 1) {
      await expectFieldErrors(change(`wrong-${i}`), { currentPassword: 'Current password is incorrect.' });
    }
    await expectTRPCError(change(account.password), 'TOO_MANY_REQUESTS', 'Too many attempts. Please try again in 15 minutes.');
    // The settings screen's password change shares the limit.
    await expectTRPCError(
      own.settings.updateSecurity({ currentPassword: account.password, newPassword: 'a-new-password-1', confirmPassword: 'a-new-password-1', sessionTimeout: 60 }),
      'TOO_MANY_REQUESTS',
      'Too many attempts. Please try again in 15 minutes.',
    );
  });

  it('throttles turning two-factor off', async () => {
    const account = await createAccount(env.db, 'user');
    const { secret } = await enrol(account);
    vi.setSystemTime(T0 + STEP);
    const own = callerFor(env.deps, account, { ip: '192.0.2.60' });
    for (let i = 0; i < 5; i += 1) {
      await expectFieldErrors(own.auth.twoFactor.disable({ password: `wrong-${i}`, code: codeAt(secret, T0 + STEP) }), {
        password: 'Current password is incorrect.',
      });
    }
    await expectTRPCError(
      own.auth.twoFactor.disable({ password: account.password, code: codeAt(secret, T0 + STEP) }),
      'TOO_MANY_REQUESTS',
      'Too many attempts. Please try again in 15 minutes.',
    );
    expect((await own.settings.get()).security.twoFactorEnabled).toBe(true);
  });
});
