// The HTTP layer: session cookies, the cross-origin guard, batch and body limits, and the error
// shape clients see in each mode. Everything goes through app.inject(), as a browser would.
// @module-tag postgres
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { TRPCError } from '@trpc/server';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZodError, z } from 'zod';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { appRouter } from '@server/router';
import { createContextInner } from '@server/trpc/context';
import {
  buildTestApp,
  createAccount,
  createTestEnv,
  SAME_ORIGIN,
  sessionCookieOf,
  type TestAccount,
  type TestEnv,
} from '@tests/support/helpers';
import { refuseInserts } from '@tests/support/dialect';

interface CallOptions {
  input?: unknown;
  headers?: Record<string, string>;
  token?: string;
  remoteAddress?: string;
}

function cookieHeaders(token: string | undefined): Record<string, string> {
  return token === undefined ? {} : { cookie: `${SESSION_COOKIE}=${token}` };
}

function mutate(app: FastifyInstance, procedure: string, options: CallOptions = {}) {
  const hasInput = options.input !== undefined;
  return app.inject({
    method: 'POST',
    url: `/api/trpc/${procedure}`,
    // The tRPC client always sends JSON, with no body for a procedure without input.
    headers: { 'content-type': 'application/json', ...cookieHeaders(options.token), ...options.headers },
    ...(hasInput ? { payload: JSON.stringify(options.input) } : {}),
    ...(options.remoteAddress !== undefined ? { remoteAddress: options.remoteAddress } : {}),
  });
}

function query(app: FastifyInstance, procedure: string, options: CallOptions = {}) {
  const search = options.input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(options.input))}`;
  return app.inject({
    method: 'GET',
    url: `/api/trpc/${procedure}${search}`,
    headers: { ...cookieHeaders(options.token), ...options.headers },
  });
}

function sessionSetCookie(setCookie: string | string[] | undefined): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [setCookie];
  return all.filter((c) => c.startsWith(`${SESSION_COOKIE}=`)).at(-1);
}

function attributes(header: string): string[] {
  return header
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

async function sessionCount(env: TestEnv, userId?: string): Promise<number> {
  let q = env.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n'));
  if (userId !== undefined) q = q.where('userId', '=', userId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** A response must never carry a stack trace or a source location. */
function expectNoStack(body: string) {
  expect(body).not.toMatch(/stack/i);
  expect(body).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
  expect(body).not.toMatch(/\.ts:\d+/);
}

let env: TestEnv;
let app: FastifyInstance;
let account: TestAccount;
const PASSWORD = 'http-test-password';

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildTestApp(env);
  account = await createAccount(env.db, 'admin', { email: 'http-admin@example.com', password: PASSWORD });
});
afterEach(async () => {
  await app.close();
  await env.close();
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and not Secure on an http origin; the database keeps only its SHA-256', async () => {
    const res = await mutate(app, 'auth.signIn', { input: { email: 'http-admin@example.com', password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    const header = sessionSetCookie(res.headers['set-cookie']);
    expect(header).toBeDefined();
    const attrs = attributes(header ?? '');
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    expect(attrs).not.toContain('secure');
    expect(attrs.some((a) => a.startsWith('expires='))).toBe(true);

    const token = sessionCookieOf(res.headers['set-cookie']);
    expect(token).toMatch(/^[a-z2-7]{20,}$/);
    const rows = await env.db.selectFrom('sessions').selectAll().where('userId', '=', account.user.id).execute();
    const ids = rows.map((r) => r.id);
    expect(ids).toContain(sha256Hex(token ?? ''));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('is Secure when PUBLIC_ORIGIN is https', async () => {
    const httpsEnv = await createTestEnv({ env: { PUBLIC_ORIGIN: 'https://example.com' } });
    const httpsApp = await buildTestApp(httpsEnv);
    try {
      await createAccount(httpsEnv.db, 'user', { email: 'secure@example.com', password: PASSWORD });
      const res = await mutate(httpsApp, 'auth.signIn', {
        input: { email: 'secure@example.com', password: PASSWORD },
        headers: { origin: 'https://example.com' },
      });
      expect(res.statusCode).toBe(200);
      const attrs = attributes(sessionSetCookie(res.headers['set-cookie']) ?? '');
      expect(attrs).toContain('secure');
      expect(attrs).toContain('httponly');
      expect(attrs).toContain('samesite=lax');
    } finally {
      await httpsApp.close();
      await httpsEnv.close();
    }
  });

  it('authenticates auth.me and never returns a password hash', async () => {
    const res = await query(app, 'auth.me', { token: account.token });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ result: { data: Record<string, unknown> } }>();
    expect(body.result.data).toMatchObject({ id: account.user.id, email: 'http-admin@example.com', role: 'admin' });
    expect(Object.keys(body.result.data)).not.toContain('passwordHash');
    expect(res.body).not.toContain('$argon2');
  });

  it('slides the expiry and sends the cookie again', async () => {
    const { token, user } = await createAccount(env.db, 'user');
    const soon = new Date(Date.now() + 5 * 60_000).toISOString();
    await env.db.updateTable('sessions').set({ expiresAt: soon }).where('id', '=', sha256Hex(token)).execute();
    const before = Date.now();
    const res = await query(app, 'auth.me', { token });
    expect(res.json<{ result: { data: { id: string } } }>().result.data.id).toBe(user.id);
    const row = await env.db.selectFrom('sessions').select('expiresAt').where('id', '=', sha256Hex(token)).executeTakeFirstOrThrow();
    expect(Date.parse(row.expiresAt)).toBeGreaterThanOrEqual(before + 60 * 60_000);
    expect(Date.parse(row.expiresAt)).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    expect(sessionCookieOf(res.headers['set-cookie'])).toBe(token);
  });

  it('sign-out deletes the session row and clears the cookie', async () => {
    const signedIn = await mutate(app, 'auth.signIn', { input: { email: 'http-admin@example.com', password: PASSWORD } });
    const token = sessionCookieOf(signedIn.headers['set-cookie']) ?? '';
    expect(await env.db.selectFrom('sessions').select('id').where('id', '=', sha256Hex(token)).executeTakeFirst()).toBeDefined();

    const res = await mutate(app, 'auth.signOut', { token, headers: { origin: SAME_ORIGIN } });
    expect(res.statusCode).toBe(200);
    const header = sessionSetCookie(res.headers['set-cookie']) ?? '';
    expect(sessionCookieOf(header)).toBe('');
    expect(attributes(header)).toContain('max-age=0');
    expect(await env.db.selectFrom('sessions').select('id').where('id', '=', sha256Hex(token)).executeTakeFirst()).toBeUndefined();

    const me = await query(app, 'auth.me', { token });
    expect(me.json<{ result: { data: unknown } }>().result.data).toBeNull();
  });

  it('answers auth.me with null and a clearing cookie for an unknown token', async () => {
    const res = await query(app, 'auth.me', { token: 'not-a-real-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ result: { data: unknown } }>().result.data).toBeNull();
    const header = sessionSetCookie(res.headers['set-cookie']) ?? '';
    expect(sessionCookieOf(header)).toBe('');
    expect(attributes(header)).toContain('max-age=0');
  });

  it('rejects an expired token, deletes its row and clears the cookie', async () => {
    const { token } = await createAccount(env.db, 'user');
    const past = new Date(Date.now() - 1000).toISOString();
    await env.db.updateTable('sessions').set({ expiresAt: past }).where('id', '=', sha256Hex(token)).execute();
    const res = await query(app, 'auth.me', { token });
    expect(res.json<{ result: { data: unknown } }>().result.data).toBeNull();
    expect(sessionCookieOf(res.headers['set-cookie'])).toBe('');
    expect(await env.db.selectFrom('sessions').select('id').where('id', '=', sha256Hex(token)).executeTakeFirst()).toBeUndefined();
  });
});

describe('sign-in failures over HTTP', () => {
  it('answers 401 with one message for a wrong password and for an unknown e-mail', async () => {
    for (const input of [
      { email: 'http-admin@example.com', password: 'wrong-password' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const res = await mutate(app, 'auth.signIn', { input, remoteAddress: '10.1.0.1' });
      expect(res.statusCode).toBe(401);
      expect(res.json<{ error: { message: string } }>().error.message).toBe('Invalid email or password.');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 429 after five failures for one e-mail from one address, even with the right password', async () => {
    const email = 'locked-http@example.com';
    await createAccount(env.db, 'user', { email, password: PASSWORD });
    for (let i = 0; i < 5; i += 1) {
      const res = await mutate(app, 'auth.signIn', { input: { email, password: `wrong-${i}` }, remoteAddress: '10.1.0.2' });
      expect(res.statusCode).toBe(401);
    }
    const res = await mutate(app, 'auth.signIn', { input: { email, password: PASSWORD }, remoteAddress: '10.1.0.2' });
    expect(res.statusCode).toBe(429);
    expect(res.json<{ error: { message: string } }>().error.message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    expect(res.headers['set-cookie']).toBeUndefined();
    // The owner from another address is not locked out by a stranger's failures.
    const owner = await mutate(app, 'auth.signIn', { input: { email, password: PASSWORD }, remoteAddress: '10.1.0.3' });
    expect(owner.statusCode).toBe(200);
  });

  it('slows down one client address across e-mails, not another', async () => {
    const ipEnv = await createTestEnv({ limits: { signInFreeFailuresPerIp: 3 } });
    const ipApp = await buildTestApp(ipEnv);
    try {
      await createAccount(ipEnv.db, 'user', { email: 'ip-victim@example.com', password: PASSWORD });
      for (let i = 0; i < 3; i += 1) {
        const res = await mutate(ipApp, 'auth.signIn', {
          input: { email: `guess${i}@example.com`, password: 'wrong-password' },
          remoteAddress: '203.0.113.9',
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await mutate(ipApp, 'auth.signIn', {
        input: { email: 'ip-victim@example.com', password: PASSWORD },
        remoteAddress: '203.0.113.9',
      });
      expect(blocked.statusCode).toBe(429);
      const other = await mutate(ipApp, 'auth.signIn', {
        input: { email: 'ip-victim@example.com', password: PASSWORD },
        remoteAddress: '198.51.100.7',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await ipApp.close();
      await ipEnv.close();
    }
  });
});

describe('cross-origin guard', () => {
  const credentials = { email: 'http-admin@example.com', password: PASSWORD };

  it('refuses a mutation from another origin with 403 and creates no session', async () => {
    const before = await sessionCount(env);
    const res = await mutate(app, 'auth.signIn', { input: credentials, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount(env)).toBe(before);
  });

  it('refuses a cross-site sign-out that carries the victim cookie', async () => {
    const { token, user } = await createAccount(env.db, 'user');
    const res = await mutate(app, 'auth.signOut', { token, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(await sessionCount(env, user.id)).toBe(1);
  });

  it('refuses an opaque (null) origin', async () => {
    const res = await mutate(app, 'auth.signIn', { input: credentials, headers: { origin: 'null' } });
    expect(res.statusCode).toBe(403);
  });

  it('allows the public origin and requests without Origin (curl); an Origin equal to a chosen Host is not enough', async () => {
    const publicOrigin = await mutate(app, 'auth.signIn', { input: credentials, headers: { origin: SAME_ORIGIN } });
    expect(publicOrigin.statusCode).toBe(200);
    const sameHost = await mutate(app, 'auth.signIn', {
      input: credentials,
      headers: { host: 'shop.example:8080', origin: 'http://shop.example:8080' },
    });
    expect(sameHost.statusCode).toBe(403);
    const otherHost = await mutate(app, 'auth.signIn', {
      input: credentials,
      headers: { host: 'shop.example:8080', origin: 'http://shop.example.evil.example:8080' },
    });
    expect(otherHost.statusCode).toBe(403);
    const curl = await mutate(app, 'auth.signIn', { input: credentials });
    expect(curl.statusCode).toBe(200);
  });

  it('refuses Sec-Fetch-Site: cross-site without Origin, allows same-origin', async () => {
    const cross = await mutate(app, 'auth.signIn', { input: credentials, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(cross.statusCode).toBe(403);
    const same = await mutate(app, 'auth.signIn', { input: credentials, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(same.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-Host unless TRUST_PROXY is set', async () => {
    const res = await mutate(app, 'auth.signIn', {
      input: credentials,
      headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('never refuses a GET query', async () => {
    const res = await query(app, 'auth.me', {
      token: account.token,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ result: { data: { id: string } } }>().result.data.id).toBe(account.user.id);
  });
});

describe('batch limit', () => {
  const batchUrl = (count: number, separator = ',') =>
    `/api/trpc/${Array.from({ length: count }, () => 'events.list').join(separator)}?batch=1&input=${encodeURIComponent('{}')}`;
  const tooMany = 'Too many calls in one request: at most 10 are allowed.';

  it('answers ten calls in one batch', async () => {
    const res = await app.inject({ method: 'GET', url: batchUrl(10) });
    expect(res.statusCode).toBe(200);
    expect(res.json<unknown[]>()).toHaveLength(10);
  });

  it('refuses eleven with 400', async () => {
    const res = await app.inject({ method: 'GET', url: batchUrl(11) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(tooMany);
  });

  it('counts url-encoded commas too', async () => {
    const res = await app.inject({ method: 'GET', url: batchUrl(11, '%2C') });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(tooMany);
  });

  it('counts calls the way tRPC runs them: a double-encoded comma separates calls too', async () => {
    // Fastify decodes %252C to %2C, and tRPC decodes it again to a comma: 250 calls in one request.
    const res = await app.inject({ method: 'GET', url: batchUrl(250, '%252C') });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(tooMany);
    const ten = await app.inject({ method: 'GET', url: batchUrl(10, '%252C') });
    expect(ten.statusCode).toBe(200);
    expect(ten.json<unknown[]>()).toHaveLength(10);
  });

  it('refuses a procedure path that cannot be decoded, without running anything', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/trpc/events.list%25E0%25A4%25A?batch=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe('The procedure path is malformed.');
  });

  it('refuses an oversized POST batch', async () => {
    const input = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [String(i), { email: 'a@example.com', password: 'x' }]));
    const res = await app.inject({
      method: 'POST',
      url: `/api/trpc/${Array.from({ length: 11 }, () => 'auth.signIn').join(',')}?batch=1`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(tooMany);
  });
});

describe('body limit', () => {
  const big = 'x'.repeat(1024 * 1024 + 10);

  it('answers 413 without a stack for a JSON body over 1 MiB', async () => {
    const res = await mutate(app, 'auth.signIn', { input: { email: 'a@example.com', password: big } });
    expect(res.statusCode).toBe(413);
    expectNoStack(res.body);
  });

  it('answers 413 for any content type over 1 MiB', async () => {
    const boundary = 'xyzBoundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${big}\r\n--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/trpc/auth.signIn',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expectNoStack(res.body);
  });

  it('refuses bodies that are not JSON, which the tRPC adapter would read without a limit', async () => {
    const boundary = 'xyzBoundary';
    const small = await app.inject({
      method: 'POST',
      url: '/api/trpc/auth.signIn',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--${boundary}--\r\n`,
    });
    expect(small.statusCode).toBe(415);
    // Streamed without a Content-Length: refused before anything is read.
    const streamed = await app.inject({
      method: 'POST',
      url: '/api/trpc/auth.signIn',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from([Buffer.from(big)]),
    });
    expect(streamed.statusCode).toBe(415);
    expectNoStack(streamed.body);
  });

  it('limits a streamed JSON body too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/trpc/auth.signIn',
      headers: { 'content-type': 'application/json' },
      payload: Readable.from([Buffer.from(JSON.stringify({ email: 'a@example.com', password: big }))]),
    });
    expect(res.statusCode).toBe(413);
    // The app's own error shape, also inside the tRPC plugin's scope.
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/^Request body is too large/);
    expectNoStack(res.body);
  });
});

describe('error shape', () => {
  it('sends BAD_REQUEST with field messages for bad input', async () => {
    const res = await mutate(app, 'auth.signIn', { input: { email: 'not-an-email', password: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { message: string; data: { code: string; fieldErrors: Record<string, string[]> } } }>();
    expect(body.error.data.code).toBe('BAD_REQUEST');
    expect(body.error.data.fieldErrors).toMatchObject({
      email: ['Please enter a valid email address'],
      password: ['Password is required'],
    });
    expect(body.error.message).toBe('Please enter a valid email address');
  });

  describe('in production', () => {
    let prodEnv: TestEnv;
    let prodApp: FastifyInstance;
    let admin: TestAccount;
    beforeEach(async () => {
      prodEnv = await createTestEnv({ env: { NODE_ENV: 'production' } });
      prodApp = await buildTestApp(prodEnv);
      admin = await createAccount(prodEnv.db, 'admin');
    });
    afterEach(async () => {
      await prodApp.close();
      await prodEnv.close();
    });

    it('never sends a stack: bad input, NOT_FOUND, UNAUTHORIZED, unknown route', async () => {
      const bad = await mutate(prodApp, 'auth.signIn', { input: { email: 'x', password: '' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: { data: { fieldErrors: unknown } } }>().error.data.fieldErrors).toEqual({
        email: ['Please enter a valid email address'],
        password: ['Password is required'],
      });
      expectNoStack(bad.body);

      const missing = await query(prodApp, 'events.byId', { input: { id: 'missing' } });
      expect(missing.statusCode).toBe(404);
      expectNoStack(missing.body);

      const anonymous = await query(prodApp, 'users.list', { input: {} });
      expect(anonymous.statusCode).toBe(401);
      expectNoStack(anonymous.body);

      const noProcedure = await query(prodApp, 'nothing.here');
      expect(noProcedure.statusCode).toBe(404);
      expectNoStack(noProcedure.body);

      const malformed = await prodApp.inject({
        method: 'POST',
        url: '/api/trpc/auth.signIn',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(malformed.statusCode).toBe(400);
      expectNoStack(malformed.body);
    });

    it('answers an unexpected failure with 500 and a generic message, never the SQL error', async () => {
      const restoreInserts = await refuseInserts(prodEnv.db, 'users', 'secret sql detail');
      try {
        const res = await mutate(prodApp, 'users.create', {
          token: admin.token,
          input: { name: 'New', email: 'new@example.com', password: 'long-enough-password', role: 'user' },
        });
        expect(res.statusCode).toBe(500);
        expect(res.json<{ error: { message: string } }>().error.message).toBe('Something went wrong. Please try again.');
        expect(res.body).not.toContain('secret sql detail');
        expect(res.body).not.toMatch(/sqlite/i);
        expectNoStack(res.body);
      } finally {
        await restoreInserts();
      }
    });
  });

  it('hides a validation error that is not about the input (e.g. an output check) in production', async () => {
    const prodEnv = await createTestEnv({ env: { NODE_ENV: 'production' } });
    try {
      const cause = z.object({ internalColumn: z.string({ error: 'internal detail' }) }).safeParse({ internalColumn: 1 }).error;
      expect(cause).toBeInstanceOf(ZodError);
      const shape = getErrorShape({
        config: appRouter._def._config,
        error: new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed', cause }),
        type: 'query',
        path: 'auth.setupStatus',
        input: undefined,
        ctx: createContextInner(prodEnv.deps),
      });
      expect(shape.message).toBe('Something went wrong. Please try again.');
      expect(shape.data.messageKey).toBe('error.generic');
      expect(JSON.stringify(shape)).not.toContain('internal');
    } finally {
      await prodEnv.close();
    }
  });

  describe('in development', () => {
    let devEnv: TestEnv;
    let devApp: FastifyInstance;
    beforeEach(async () => {
      devEnv = await createTestEnv({ env: { NODE_ENV: 'development' } });
      devApp = await buildTestApp(devEnv);
    });
    afterEach(async () => {
      await devApp.close();
      await devEnv.close();
    });

    it('includes the stack, which shows the production check can fail', async () => {
      const missing = await query(devApp, 'events.byId', { input: { id: 'missing' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ error: { data: { stack?: string } } }>().error.data.stack).toMatch(/NOT_FOUND|Event not found/);
    });
  });
});
