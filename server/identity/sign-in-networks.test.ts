// Limits that many addresses cannot spread thin (issue 34, finding 5). Behind a proxy, IPv6 clients
// are counted by their /64: forty addresses of one /64 guessing a password, or sending contact
// messages, meet the limit of one client, and the admins are alerted. Past ten wrong passwords for
// one account from every address together, its checks wait their turn (one every two seconds), and
// the admins are alerted; the owner is never locked out: the right password signs in after a wait
// from a new network, and at once from a network they signed in from before.
// @module-tag postgres
import type { FastifyInstance } from 'fastify';
import { TRPCError } from '@trpc/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '@server/app';
import { createDeps } from '@server/core/deps';
import { ACCOUNT_CHECK_SPACING_MS } from '@server/core/account-slowdown';
import type { SignInThrottledEvent } from '@server/core/rate-limits';
import { clientNetwork } from '@server/core/client-network';
import { systemAlertHooks } from '@server/monitoring/system-alerts.service';
import { callerFor, createAccount, createTestEnv, expectTRPCError, recordCookies, SAME_ORIGIN, TEST_PASSWORD, type TestEnv } from '@tests/support/helpers';

const INVALID_CREDENTIALS = 'Invalid email or password.';

let env: TestEnv | undefined;
let app: FastifyInstance | undefined;

function started(): TestEnv {
  if (env === undefined) throw new Error('start() first');
  return env;
}

afterEach(async () => {
  vi.useRealTimers();
  await app?.close();
  app = undefined;
  await env?.close();
  env = undefined;
});

/** `count` addresses of one /64: 2001:db8:7:1::1, 2001:db8:7:1::2... */
const sameNetwork = (count: number) => Array.from({ length: count }, (_, n) => `2001:db8:7:1:${(n + 1).toString(16)}:0:0:1`);

describe('IPv6 clients counted by their /64', () => {
  it('names an IPv4 address written as IPv6 as itself, and an IPv6 address by its /64', () => {
    expect(clientNetwork('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientNetwork('203.0.113.5')).toBe('203.0.113.5');
    expect(clientNetwork('2001:db8:7:1:abcd::1')).toBe('2001:db8:7:1::/64');
    expect(clientNetwork('2001:DB8:7:1::2')).toBe('2001:db8:7:1::/64');
    expect(clientNetwork('2001:db8:7:2::1')).toBe('2001:db8:7:2::/64');
  });

  it('behind a proxy: 40 addresses of one /64 guessing the admin\'s password (80 tries) meet one limit, and the admins are alerted', async () => {
    env = await createTestEnv({ env: { TRUST_PROXY: '1' } });
    const admin = await createAccount(env.db, 'admin', { email: 'admin@example.com' });
    await env.db.updateTable('users').set({ notifyEmail: 1, notifySystemAlerts: 1 }).where('id', '=', admin.user.id).execute();
    const alerts = systemAlertHooks(env.db, env.deps.config.publicOrigin, (error) => {
      throw error;
    });
    // The limits as the server has them (server/index.ts), with their hook.
    app = await buildApp(createDeps(env.db, env.deps.config, {}, alerts.hooks), { logger: false });
    await app.ready();
    const signIn = (client: string, password: string) =>
      app?.inject({
        method: 'POST',
        url: '/api/trpc/auth.signIn',
        remoteAddress: '10.0.0.2',
        headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, 'x-forwarded-for': client },
        payload: JSON.stringify({ email: 'admin@example.com', password }),
      });
    const statuses: number[] = [];
    for (const client of sameNetwork(40)) {
      for (let n = 0; n < 2; n += 1) statuses.push((await signIn(client, `guess-${n}`))?.statusCode ?? 0);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    await alerts.settled();
    const messages = await env.db.selectFrom('emailOutbox').select(['kind', 'toAddress', 'textBody']).where('kind', '=', 'system-alert').execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]?.textBody).toContain('Sign-in failures for the account admin@example.com passed the limit');
    // The last three addresses seen; their order follows the tries' arrival, which PostgreSQL may interleave.
    const addresses = /Addresses: (.*)/.exec(messages[0]?.textBody ?? '')?.[1]?.split(', ').sort();
    expect(addresses).toEqual(['2001:db8:7:1:1:0:0:1', '2001:db8:7:1:2:0:0:1', '2001:db8:7:1:3:0:0:1']);
    // The owner, elsewhere, signs in.
    expect((await signIn('2001:db8:9:9::1', TEST_PASSWORD))?.statusCode).toBe(200);
  });

  it('behind a proxy: 60 contact messages from one /64 meet the limit of one client', async () => {
    env = await createTestEnv({ env: { TRUST_PROXY: '1' }, limits: { publicFormsPerWindow: 20 } });
    app = await buildApp(env.deps, { logger: false });
    await app.ready();
    const statuses: number[] = [];
    for (const client of [...sameNetwork(60)]) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/trpc/contacts.submit',
        remoteAddress: '10.0.0.2',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        payload: JSON.stringify({ name: 'Kofi Mensah', email: 'kofi@example.com', message: 'We plan to open in Lagos.' }),
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual(new Array(40).fill(429));
    // Another /64, and an IPv4 client written either way, are other clients.
    const other = (client: string) =>
      app?.inject({
        method: 'POST',
        url: '/api/trpc/contacts.submit',
        remoteAddress: '10.0.0.2',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        payload: JSON.stringify({ name: 'Kofi Mensah', email: 'kofi@example.com', message: 'Lagos.' }),
      });
    expect((await other('2001:db8:7:2::1'))?.statusCode).toBe(200);
    expect((await other('203.0.113.5'))?.statusCode).toBe(200);
  });
});

describe('the per-account slowdown', () => {
  let events: SignInThrottledEvent[];

  async function start(): Promise<void> {
    env = await createTestEnv();
    events = [];
    // The real counts: ten free wrong passwords per account; addresses left generous (one guess each here).
    env.deps.limits = createDeps(env.db, env.deps.config, { signInFreeFailuresPerIp: 10_000 }, { onSignInThrottled: (event) => events.push(event) }).limits;
    await createAccount(env.db, 'admin', { email: 'owner@example.com' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  }

  const signIn = (ip: string, password: string) => callerFor(started().deps, null, { ip, cookies: recordCookies() }).auth.signIn({ email: 'owner@example.com', password });

  /** A call's outcome once it settles, read without waiting for it. */
  function watch<T>(promise: Promise<T>): { settled: () => boolean; result: Promise<T> } {
    let done = false;
    const result = promise.finally(() => {
      done = true;
    });
    result.catch(() => undefined);
    return { settled: () => done, result };
  }

  /** The index of the first of `calls` refused with TOO_MANY_REQUESTS, once it is. */
  function firstRefusal(calls: Promise<unknown>[]): Promise<number> {
    return new Promise((resolve) => {
      calls.forEach((call, index) =>
        call.catch((error: unknown) => {
          if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS') resolve(index);
        }),
      );
    });
  }

  /** Ten wrong passwords from ten addresses: each far from its own limit, together the account's free count. */
  async function tenGuesses(): Promise<void> {
    for (let n = 0; n < 10; n += 1) await expectTRPCError(signIn(`198.51.100.${n + 1}`, `guess-${n}`), 'UNAUTHORIZED', INVALID_CREDENTIALS);
    expect(events).toEqual([]);
  }

  it('makes each further check wait its turn, alerts once, and signs the owner in from a new network after the wait', async () => {
    await start();
    await tenGuesses();
    // The eleventh has the first turn, at once; it is reported as failures spread over addresses.
    await expectTRPCError(signIn('198.51.100.11', 'guess-11'), 'UNAUTHORIZED', INVALID_CREDENTIALS);
    expect(events).toEqual([{ email: 'owner@example.com', addresses: ['198.51.100.11'], step: 'spread' }]);
    // The next waits two seconds for its check.
    const twelfth = watch(signIn('198.51.100.12', 'guess-12'));
    await vi.advanceTimersByTimeAsync(ACCOUNT_CHECK_SPACING_MS - 1);
    expect(twelfth.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expectTRPCError(twelfth.result, 'UNAUTHORIZED', INVALID_CREDENTIALS);
    // The owner from a network never seen: the right password, after its turn.
    const ownerSignIn = watch(signIn('203.0.113.77', TEST_PASSWORD));
    await vi.advanceTimersByTimeAsync(ACCOUNT_CHECK_SPACING_MS);
    await expect(ownerSignIn.result).resolves.toMatchObject({ email: 'owner@example.com' });
    expect(events).toHaveLength(1);
  });

  it('refuses for now an attempt whose turn is more than ten seconds off, and lets the owner in at once from a known network', async () => {
    await start();
    // The owner signed in from their office network before.
    await expect(signIn('2001:db8:aa:1::5', TEST_PASSWORD)).resolves.toMatchObject({ email: 'owner@example.com' });
    await tenGuesses();
    // Seven guesses at once: turns at 0, 2, 4, 6, 8 and 10 seconds; the seventh's would be at 12. The
    // clock stands still meanwhile; which call takes the last turn is the database's order (on
    // PostgreSQL not always the seventh sent), so the refused one is the one that says so.
    const burst = Array.from({ length: 7 }, (_, n) => signIn(`192.0.2.${n + 1}`, `burst-${n}`));
    const refused = await firstRefusal(burst);
    await expectTRPCError(burst[refused] ?? Promise.resolve(), 'TOO_MANY_REQUESTS', 'Too many sign-in attempts for this account. Please try again in 2 seconds.');
    // Meanwhile the owner, from another address of that network, signs in at once.
    await expect(signIn('2001:db8:aa:1::9', TEST_PASSWORD)).resolves.toMatchObject({ email: 'owner@example.com' });
    await vi.advanceTimersByTimeAsync(5 * ACCOUNT_CHECK_SPACING_MS);
    for (const attempt of burst.filter((_, index) => index !== refused)) await expectTRPCError(attempt, 'UNAUTHORIZED', INVALID_CREDENTIALS);
  });
});
