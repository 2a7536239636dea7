// Security headers on every kind of response, Cache-Control: no-store for signed-in callers and
// mutations, and the origin check against PUBLIC_ORIGIN (scheme, host and port).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { callerFor, createAccount, createTestEnv, SAME_ORIGIN, type TestAccount, type TestEnv } from '@tests/support/helpers';

// A real 1x1 picture: uploads are decoded whole before they are kept.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const EXPECTED_CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data: blob: https:;media-src 'self' blob: https:;font-src 'self' data:;connect-src 'self';" +
  "frame-src https://www.openstreetmap.org;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

let env: TestEnv;
let app: FastifyInstance;
let staff: TestAccount;
let clientDir: string;

async function startApp(extraEnv: Record<string, string> = {}): Promise<void> {
  env = await createTestEnv({ env: extraEnv });
  clientDir = path.join(env.dataDir, 'client');
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1);');
  app = await buildApp(env.deps, { logger: false, clientDir });
  await app.ready();
  staff = await createAccount(env.db, 'user');
}

afterEach(async () => {
  await app.close();
  await env.close();
});

function expectSecurityHeaders(res: LightMyRequestResponse, https = false): void {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toBe(https ? `${EXPECTED_CSP};upgrade-insecure-requests` : EXPECTED_CSP);
  const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc).not.toContain('unsafe-eval');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), interest-cohort=()');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  if (https) expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  else expect(res.headers['strict-transport-security']).toBeUndefined();
}

function multipartPng(): { payload: Buffer; contentType: string } {
  const boundary = '----headers-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('security headers on http', () => {
  beforeEach(() => startApp());

  it('are on a page, a client route and a built asset', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page);
    const route = await app.inject({ method: 'GET', url: '/consultation' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<div id="root">');
    expectSecurityHeaders(route);
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset);
  });

  it('let the check-in page alone use the camera', async () => {
    for (const url of ['/admin/check-in', '/admin/check-in/', '/admin/check-in?session=abc']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['permissions-policy'], url).toBe(
        'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), interest-cohort=()',
      );
    }
    for (const url of ['/admin', '/admin/check-in-x', '/admin/bookings', '/api/trpc/settings.public', '/']) {
      expect((await app.inject({ method: 'GET', url })).headers['permissions-policy'], url).toMatch(/^camera=\(\), /);
    }
  });

  it('are on an API answer and on API errors (bad input, unknown procedure, unknown path)', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/trpc/settings.public' });
    expect(answer.statusCode).toBe(200);
    expectSecurityHeaders(answer);
    const badInput = await app.inject({
      method: 'POST',
      url: '/api/trpc/contacts.submit',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(badInput.statusCode).toBe(400);
    expectSecurityHeaders(badInput);
    const unknownProcedure = await app.inject({ method: 'GET', url: '/api/trpc/nothing.here' });
    expect(unknownProcedure.statusCode).toBe(404);
    expectSecurityHeaders(unknownProcedure);
    const unknownPath = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(unknownPath.statusCode).toBe(404);
    expect(unknownPath.json()).toEqual({ error: { message: 'Not found' } });
    expectSecurityHeaders(unknownPath);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/trpc/auth.signOut',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(refused.statusCode).toBe(403);
    expectSecurityHeaders(refused);
  });

  it('are on an upload and on the uploaded file', async () => {
    const body = multipartPng();
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/uploads?kind=image',
      headers: { 'content-type': body.contentType, origin: SAME_ORIGIN, cookie: `${SESSION_COOKIE}=${staff.token}` },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    expectSecurityHeaders(uploaded);
    expect(uploaded.headers['cache-control']).toBe('no-store');
    const url = uploaded.json<{ url: string }>().url;
    const file = await app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expectSecurityHeaders(file);
    // Uploads are public and their names never change: they stay cacheable.
    expect(file.headers['cache-control']).toBe('public, max-age=604800, immutable');
  });
});

describe('the partner widget pages', () => {
  beforeEach(() => startApp());

  it('may be framed by no site by default, and by the allowed partner sites once an admin lists them', async () => {
    const widgetPages = ['/embed/booking/some-event', '/embed/consultation', '/embed/consultation?lang=fr'];
    for (const url of widgetPages) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.headers['content-security-policy'], url).toBe(EXPECTED_CSP);
      expect(page.headers['x-frame-options'], url).toBeUndefined();
      expect(page.headers['x-robots-tag'], url).toBe('noindex');
    }
    const admin = await createAccount(env.db, 'admin');
    await callerFor(env.deps, admin).settings.updateEmbed({ allowedOrigins: ['https://chamber.example', 'http://127.0.0.1:4400'] });
    // The next request follows the change: no restart, no cache of the list.
    for (const url of widgetPages) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.headers['content-security-policy'], url).toBe(
        EXPECTED_CSP.replace("frame-ancestors 'none'", 'frame-ancestors https://chamber.example http://127.0.0.1:4400'),
      );
      expect(page.headers['x-frame-options'], url).toBeUndefined();
      expect(page.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    // Every other page, API answer and file still refuses every frame.
    for (const url of ['/', '/embed', '/embedded/booking/x', '/booking/some-event', '/consultation', '/api/trpc/settings.public', '/assets/app.js']) {
      const answer = await app.inject({ method: 'GET', url });
      expectSecurityHeaders(answer);
      expect(answer.headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('give the widget script to other sites (Cross-Origin-Resource-Policy) and to it alone', async () => {
    const script = await app.inject({ method: 'GET', url: '/embed.js' });
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.headers['content-security-policy']).toBe(EXPECTED_CSP);
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('Strict-Transport-Security', () => {
  beforeEach(() => startApp({ PUBLIC_ORIGIN: 'https://consulting.example.com' }));

  it('is sent, with upgrade-insecure-requests, when PUBLIC_ORIGIN is https', async () => {
    expectSecurityHeaders(await app.inject({ method: 'GET', url: '/' }), true);
    expectSecurityHeaders(await app.inject({ method: 'GET', url: '/api/trpc/settings.public' }), true);
  });
});

describe('Cache-Control: no-store', () => {
  beforeEach(() => startApp());

  it('is on every answer to a signed-in caller: API reads, errors and pages', async () => {
    const cookie = `${SESSION_COOKIE}=${staff.token}`;
    const me = await app.inject({ method: 'GET', url: '/api/trpc/auth.me', headers: { cookie } });
    expect(me.json<{ result: { data: { id: string } } }>().result.data.id).toBe(staff.user.id);
    expect(me.headers['cache-control']).toBe('no-store');
    const forbidden = await app.inject({ method: 'GET', url: '/api/trpc/users.list', headers: { cookie } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['cache-control']).toBe('no-store');
    const page = await app.inject({ method: 'GET', url: '/admin', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const csv = await app.inject({ method: 'GET', url: '/api/export/contacts.csv', headers: { cookie } });
    expect(csv.headers['cache-control']).toBe('no-store');
  });

  it('is on every mutation, signed in or not, accepted or refused', async () => {
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/trpc/contacts.submit',
      headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
      payload: JSON.stringify({ name: 'Kofi Mensah', email: 'kofi@example.com', message: 'We plan to open in Lagos.' }),
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.headers['cache-control']).toBe('no-store');
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/trpc/auth.signIn',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: staff.user.email, password: 'wrong password' }),
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.headers['cache-control']).toBe('no-store');
  });

  it('is not on public reads by anonymous visitors, nor on built assets', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/trpc/settings.public' });
    // The public-read cache's own short lifetime (server/http/public-read-cache.ts), never no-store.
    expect(answer.headers['cache-control']).toBe('public, max-age=5, must-revalidate');
    const asset = await app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { cookie: `${SESSION_COOKIE}=${staff.token}` },
    });
    expect(asset.headers['cache-control']).not.toContain('no-store');
  });
});

describe('origin check against PUBLIC_ORIGIN', () => {
  beforeEach(() => startApp({ PUBLIC_ORIGIN: 'https://consulting.example.com' }));

  function signOut(origin: string, host = 'consulting.example.com') {
    return app.inject({
      method: 'POST',
      url: '/api/trpc/auth.signOut',
      headers: { 'content-type': 'application/json', origin, host },
    });
  }

  it('accepts the same scheme, host and port (default port and case normalised)', async () => {
    expect((await signOut('https://consulting.example.com')).statusCode).toBe(200);
    expect((await signOut('https://consulting.example.com:443')).statusCode).toBe(200);
    expect((await signOut('https://Consulting.Example.com')).statusCode).toBe(200);
  });

  it('refuses another scheme, another port or another host, whatever the Host header says', async () => {
    for (const origin of [
      'http://consulting.example.com',
      'https://consulting.example.com:8443',
      'https://evil.example',
      'https://consulting.example.com.evil.example',
    ]) {
      const res = await signOut(origin, new URL(origin).host);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json<{ error: { message: string } }>().error.message).toBe('Cross-origin requests are not allowed.');
    }
  });
});
