// Sessions and sign-in at the procedure level: token storage, sliding expiry, sign-in rules and
// their slow-down, password changes and sign-out.
// @module-tag postgres
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession, validateSessionToken } from './session.service';
import {
  callerFor,
  createAccount,
  createTestEnv,
  expectFieldErrors,
  expectTRPCError,
  recordCookies,
  type TestEnv,
} from '@tests/support/helpers';

const MINUTE = 60_000;
const PASSWORD = 'auth-test-password';
const INVALID = 'Invalid email or password.';

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

let env: TestEnv;
let ipCounter = 0;
/** A fresh client address per test, so the per-address limit of one test never reaches another. */
function nextIp(): string {
  ipCounter += 1;
  return `192.0.2.${ipCounter}`;
}

beforeEach(async () => {
  env = await createTestEnv();
});
afterEach(() => env.close());
afterEach(() => {
  vi.useRealTimers();
});

async function sessionRows(userId: string) {
  return env.db.selectFrom('sessions').selectAll().where('userId', '=', userId).execute();
}

async function signInCookie(email: string, password: string, ip = nextIp()) {
  const cookies = recordCookies();
  const user = await callerFor(env.deps, null, { ip, cookies }).auth.signIn({ email, password });
  if ('twoFactorRequired' in user) throw new Error('This account unexpectedly asks for a code.');
  return { user, token: cookies.value };
}

describe('session tokens', () => {
  it('keeps only the SHA-256 of the cookie token in the database', async () => {
    const account = await createAccount(env.db, 'user', { email: 'hash@example.com', password: PASSWORD });
    await env.db.deleteFrom('sessions').where('userId', '=', account.user.id).execute();
    const { user, token } = await signInCookie('hash@example.com', PASSWORD);
    expect(typeof token).toBe('string');
    const rows = await sessionRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(sha256Hex(token ?? ''));
    expect(rows[0]?.id).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await validateSessionToken(env.db, token ?? ''))?.user.id).toBe(user.id);
  });

  it('starts a new session on every sign-in', async () => {
    const account = await createAccount(env.db, 'user', { email: 'twice@example.com', password: PASSWORD });
    await env.db.deleteFrom('sessions').where('userId', '=', account.user.id).execute();
    const first = await signInCookie('twice@example.com', PASSWORD);
    const second = await signInCookie('twice@example.com', PASSWORD);
    expect(first.token).not.toBe(second.token);
    const ids = (await sessionRows(first.user.id)).map((row) => row.id).sort();
    expect(ids).toEqual([sha256Hex(first.token ?? ''), sha256Hex(second.token ?? '')].sort());
  });

  it('slides the expiry to now + the user session timeout on use', async () => {
    const { user } = await createAccount(env.db, 'user');
    const start = Date.parse('2030-01-01T10:00:00.000Z');
    const { token, session } = await createSession(env.db, user.id, 60, start);
    expect(session.expiresAt).toBe('2030-01-01T11:00:00.000Z');

    const later = start + 30 * MINUTE;
    const validated = await validateSessionToken(env.db, token, later);
    expect(validated?.renewed).toBe(true);
    expect(validated?.session.expiresAt).toBe('2030-01-01T11:30:00.000Z');
    const row = await env.db.selectFrom('sessions').select('expiresAt').where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(row.expiresAt).toBe('2030-01-01T11:30:00.000Z');

    // Still alive 59 minutes after the last use, which it would not be without the slide.
    expect(await validateSessionToken(env.db, token, later + 59 * MINUTE)).not.toBeNull();
  });

  it('rejects and deletes an expired session', async () => {
    const { user } = await createAccount(env.db, 'user');
    const start = Date.parse('2030-01-01T10:00:00.000Z');
    const { token, session } = await createSession(env.db, user.id, 60, start);
    expect(await validateSessionToken(env.db, token, start + 60 * MINUTE)).toBeNull();
    expect(await env.db.selectFrom('sessions').select('id').where('id', '=', session.id).executeTakeFirst()).toBeUndefined();
  });

  it('follows users.session_timeout_minutes, 60 by default', async () => {
    await createAccount(env.db, 'user', { email: 'timeout@example.com', password: PASSWORD });
    const row = await env.db.selectFrom('users').select(['id', 'sessionTimeoutMinutes']).where('email', '=', 'timeout@example.com').executeTakeFirstOrThrow();
    expect(row.sessionTimeoutMinutes).toBe(60);

    let before = Date.now();
    const first = await signInCookie('timeout@example.com', PASSWORD);
    let validated = await validateSessionToken(env.db, first.token ?? '');
    expect(Date.parse(validated?.session.expiresAt ?? '')).toBeGreaterThanOrEqual(before + 60 * MINUTE);
    expect(Date.parse(validated?.session.expiresAt ?? '')).toBeLessThanOrEqual(Date.now() + 60 * MINUTE);

    await env.db.updateTable('users').set({ sessionTimeoutMinutes: 15 }).where('id', '=', row.id).execute();
    before = Date.now();
    const second = await signInCookie('timeout@example.com', PASSWORD);
    validated = await validateSessionToken(env.db, second.token ?? '');
    expect(Date.parse(validated?.session.expiresAt ?? '')).toBeLessThanOrEqual(Date.now() + 15 * MINUTE);
    expect(Date.parse(validated?.session.expiresAt ?? '')).toBeGreaterThanOrEqual(before + 15 * MINUTE);

    // Idle for 16 minutes: gone.
    expect(await validateSessionToken(env.db, second.token ?? '', Date.now() + 16 * MINUTE)).toBeNull();

    // The session opened under the 60-minute setting follows the new 15 minutes from its next use.
    const used = Date.now() + 10 * MINUTE;
    const slid = await validateSessionToken(env.db, first.token ?? '', used);
    expect(slid?.session.expiresAt).toBe(new Date(used + 15 * MINUTE).toISOString());
    expect(await validateSessionToken(env.db, first.token ?? '', used + 16 * MINUTE)).toBeNull();
  });
});

describe('sign-in', () => {
  it('stores argon2id hashes', async () => {
    const admin = await createAccount(env.db, 'admin');
    await callerFor(env.deps, admin).users.create({ name: 'Hashed', email: 'hashed@example.com', password: PASSWORD, role: 'user' });
    const row = await env.db.selectFrom('users').select('passwordHash').where('email', '=', 'hashed@example.com').executeTakeFirstOrThrow();
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row.passwordHash).not.toContain(PASSWORD);
  });

  it('answers a wrong password and an unknown e-mail with the same message and no session', async () => {
    const { user } = await createAccount(env.db, 'user', { email: 'wrongpw@example.com', password: PASSWORD });
    await env.db.deleteFrom('sessions').where('userId', '=', user.id).execute();
    const cookies = recordCookies();
    const caller = callerFor(env.deps, null, { ip: nextIp(), cookies });
    await expectTRPCError(caller.auth.signIn({ email: 'wrongpw@example.com', password: 'not-the-password' }), 'UNAUTHORIZED', INVALID);
    await expectTRPCError(caller.auth.signIn({ email: 'nobody-here@example.com', password: PASSWORD }), 'UNAUTHORIZED', INVALID);
    expect(cookies.value).toBeUndefined();
    expect(await sessionRows(user.id)).toHaveLength(0);
  });

  it('ignores the case of the e-mail address', async () => {
    await createAccount(env.db, 'user', { email: 'mixed@example.com', password: PASSWORD });
    const { user } = await signInCookie('  MiXeD@Example.COM ', PASSWORD);
    expect(user.email).toBe('mixed@example.com');
  });

  it('records the last sign-in and keeps the previous one', async () => {
    // Only the clock is faked: the second sign-in happens a known minute after the first.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00.000Z'));
    const { user } = await createAccount(env.db, 'user', { email: 'lastlogin@example.com', password: PASSWORD });
    const read = () =>
      env.db.selectFrom('users').select(['lastSignInAt', 'previousSignInAt']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(await read()).toEqual({ lastSignInAt: null, previousSignInAt: null });

    const first = await signInCookie('lastlogin@example.com', PASSWORD);
    const afterFirst = await read();
    expect(afterFirst.lastSignInAt).not.toBeNull();
    expect(afterFirst.previousSignInAt).toBeNull();
    expect(first.user.lastSignInAt).toBe(afterFirst.lastSignInAt);
    expect(afterFirst.lastSignInAt).toBe('2026-11-23T09:00:00.000Z');

    vi.setSystemTime(new Date('2026-11-23T09:01:00.000Z'));
    const second = await signInCookie('lastlogin@example.com', PASSWORD);
    const afterSecond = await read();
    expect(afterSecond.previousSignInAt).toBe(afterFirst.lastSignInAt);
    expect(afterSecond.lastSignInAt).toBe('2026-11-23T09:01:00.000Z');
    expect(second.user.previousSignInAt).toBe(afterFirst.lastSignInAt);
  });

  it('auth.me returns the signed-in user without any password hash, and null for anonymous', async () => {
    await createAccount(env.db, 'user', { email: 'me@example.com', password: PASSWORD });
    const { token } = await signInCookie('me@example.com', PASSWORD);
    const validated = await validateSessionToken(env.db, token ?? '');
    const me = await callerFor(env.deps, validated === null ? null : { ...validated, token: token ?? '', password: '' }).auth.me();
    expect(me).toMatchObject({ email: 'me@example.com', role: 'user' });
    expect(Object.keys(me ?? {})).not.toContain('passwordHash');
    expect(JSON.stringify(me)).not.toContain('$argon2');
    expect(await callerFor(env.deps, null).auth.me()).toBeNull();
  });
});

describe('sign-in slow-down', () => {
  it('refuses an address after 5 failures for an account, even with the right password, and not the owner elsewhere', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-01T12:00:00.000Z'));
    const email = 'locked@example.com';
    const attacker = nextIp();
    await createAccount(env.db, 'user', { email, password: PASSWORD });
    for (let i = 0; i < 5; i += 1) {
      await expectTRPCError(
        callerFor(env.deps, null, { ip: attacker }).auth.signIn({ email, password: `wrong-${i}` }),
        'UNAUTHORIZED',
        INVALID,
      );
    }
    const cookies = recordCookies();
    const refused = await expectTRPCError(
      callerFor(env.deps, null, { ip: attacker, cookies }).auth.signIn({ email, password: PASSWORD }),
      'TOO_MANY_REQUESTS',
    );
    expect(refused.message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(cookies.value).toBeUndefined();

    // The owner, from an address that has not failed, signs in at once during the attack.
    await expect(signInCookie(email, PASSWORD)).resolves.toMatchObject({ user: { email } });

    // Once the block is over the right password works from the attacker's address too.
    vi.setSystemTime(new Date('2030-06-01T12:15:01.000Z'));
    await expect(signInCookie(email, PASSWORD, attacker)).resolves.toMatchObject({ user: { email } });
    // ...and the count starts over.
    await expectTRPCError(callerFor(env.deps, null, { ip: attacker }).auth.signIn({ email, password: 'wrong' }), 'UNAUTHORIZED');
  });

  it('cannot be bypassed by sending many attempts at once', async () => {
    const email = 'burst@example.com';
    const ip = nextIp();
    await createAccount(env.db, 'user', { email, password: PASSWORD });
    const attempts = Array.from({ length: 12 }, (_, i) =>
      callerFor(env.deps, null, { ip })
        .auth.signIn({ email, password: `wrong-${i}` })
        .then(
          () => 'signed-in',
          (error: { code?: string }) => error.code,
        ),
    );
    const codes = await Promise.all(attempts);
    expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(5);
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(7);
  });

  describe('per client address', () => {
    let ipEnv: TestEnv;
    beforeEach(async () => {
      ipEnv = await createTestEnv({ limits: { signInFreeFailuresPerIp: 3 } });
      await createAccount(ipEnv.db, 'user', { email: 'ip-user@example.com', password: PASSWORD });
    });
    afterEach(() => ipEnv.close());

    it('slows down failures across different e-mails from one address, not another address', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-06-02T12:00:00.000Z'));
      const attacker = '203.0.113.50';
      for (let i = 0; i < 3; i += 1) {
        await expectTRPCError(
          callerFor(ipEnv.deps, null, { ip: attacker }).auth.signIn({ email: `target${i}@example.com`, password: 'guess-password' }),
          'UNAUTHORIZED',
          INVALID,
        );
      }
      const refused = await expectTRPCError(
        callerFor(ipEnv.deps, null, { ip: attacker }).auth.signIn({ email: 'ip-user@example.com', password: PASSWORD }),
        'TOO_MANY_REQUESTS',
      );
      expect(refused.message).toBe('Too many sign-in attempts. Please try again in 60 minutes.');
      const cookies = recordCookies();
      await expect(
        callerFor(ipEnv.deps, null, { ip: '198.51.100.20', cookies }).auth.signIn({ email: 'ip-user@example.com', password: PASSWORD }),
      ).resolves.toMatchObject({ email: 'ip-user@example.com' });
      expect(typeof cookies.value).toBe('string');
    });
  });
});

describe('password change', () => {
  it('ends every other session of the user and keeps the current one', async () => {
    const account = await createAccount(env.db, 'user', { email: 'changer@example.com', password: PASSWORD });
    const other = await signInCookie('changer@example.com', PASSWORD);
    const third = await createSession(env.db, account.user.id, 60);
    const stranger = await createAccount(env.db, 'user');
    expect(await sessionRows(account.user.id)).toHaveLength(3);

    await callerFor(env.deps, account).auth.changePassword({
      currentPassword: PASSWORD,
      newPassword: 'a-brand-new-password',
      confirmPassword: 'a-brand-new-password',
    });

    expect((await sessionRows(account.user.id)).map((row) => row.id)).toEqual([account.session.id]);
    expect(await validateSessionToken(env.db, other.token ?? '')).toBeNull();
    expect(await validateSessionToken(env.db, third.token)).toBeNull();
    expect(await validateSessionToken(env.db, account.token)).not.toBeNull();
    expect(await sessionRows(stranger.user.id)).toHaveLength(1);

    const row = await env.db.selectFrom('users').select('passwordHash').where('id', '=', account.user.id).executeTakeFirstOrThrow();
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    await expectTRPCError(signInCookie('changer@example.com', PASSWORD), 'UNAUTHORIZED', INVALID);
    await expect(signInCookie('changer@example.com', 'a-brand-new-password')).resolves.toBeDefined();
  });

  it('checks the current password and the confirmation, and changes nothing on failure', async () => {
    const account = await createAccount(env.db, 'user', { email: 'careful@example.com', password: PASSWORD });
    await createSession(env.db, account.user.id, 60);
    const caller = callerFor(env.deps, account);
    await expectFieldErrors(
      caller.auth.changePassword({ currentPassword: 'not-it', newPassword: 'another-password', confirmPassword: 'another-password' }),
      { currentPassword: 'Current password is incorrect.' },
    );
    await expectFieldErrors(
      caller.auth.changePassword({ currentPassword: PASSWORD, newPassword: 'another-password', confirmPassword: 'different' }),
      { confirmPassword: 'New passwords do not match' },
    );
    await expectFieldErrors(caller.auth.changePassword({ currentPassword: '', newPassword: 'short', confirmPassword: 'short' }), {
      currentPassword: 'Current password is required to set a new password',
      newPassword: 'New password must be at least 8 characters long',
    });
    expect(await sessionRows(account.user.id)).toHaveLength(2);
    await expect(signInCookie('careful@example.com', PASSWORD)).resolves.toBeDefined();
  });

  it('is refused to anonymous callers', async () => {
    await expectTRPCError(
      callerFor(env.deps, null).auth.changePassword({ currentPassword: 'x', newPassword: 'long-enough', confirmPassword: 'long-enough' }),
      'UNAUTHORIZED',
    );
  });
});

describe('sign-out', () => {
  it('deletes the session row and clears the cookie', async () => {
    const account = await createAccount(env.db, 'user');
    const cookies = recordCookies();
    await expect(callerFor(env.deps, account, { cookies }).auth.signOut()).resolves.toEqual({ signedOut: true });
    expect(cookies.value).toBeNull();
    expect(await sessionRows(account.user.id)).toHaveLength(0);
    expect(await validateSessionToken(env.db, account.token)).toBeNull();
  });

  it('clears the cookie for an anonymous caller too', async () => {
    const cookies = recordCookies();
    await callerFor(env.deps, null, { cookies }).auth.signOut();
    expect(cookies.value).toBeNull();
  });
});
