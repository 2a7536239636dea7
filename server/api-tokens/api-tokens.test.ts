// API tokens: admins make, list and revoke them (audited); a request with `Authorization: Bearer`
// acts as the token's maker within its scopes only, over the same tRPC route, with its own rate
// limit; a revoked or expired token is refused at once, on a second instance too (PostgreSQL); a
// token in an address is refused; bearer calls pass the cross-origin check that cookie calls keep.
// @module-tag postgres
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '@server/app';
import { SESSION_COOKIE } from '@server/identity/session.service';
import {
  buildTestApp,
  callerFor,
  createAccount,
  createTestEnv,
  eventInput,
  expectAdminOnly,
  expectFieldErrors,
  roleCallers,
  SAME_ORIGIN,
  type RoleCallers,
  type TestEnv,
} from '@tests/support/helpers';
import { onPostgres, secondInstance } from '@tests/support/postgres-env';
import type { ApiScope } from './api-tokens.schemas';

const INVALID = 'This API token is not valid: it is unknown, revoked or expired.';
const OUTSIDE_SCOPES = "This API token's scopes do not allow this call.";
const IN_ADDRESS = 'API tokens are not accepted in the address: send them in the Authorization header (Bearer), and revoke this one.';

interface Answer {
  status: number;
  body: { result?: { data?: unknown }; error?: { message?: string; data?: { code?: string } } };
}

async function call(app: FastifyInstance, request: { path: string; token?: string; method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> }): Promise<Answer> {
  const response = await app.inject({
    method: request.method ?? 'GET',
    url: `/api/trpc/${request.path}`,
    headers: {
      ...(request.token === undefined ? {} : { authorization: `Bearer ${request.token}` }),
      ...(request.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
  return { status: response.statusCode, body: response.json() };
}

describe('API tokens', () => {
  let env: TestEnv;
  let callers: RoleCallers;
  let app: FastifyInstance;

  beforeEach(async () => {
    env = await createTestEnv({ limits: { apiTokensPerWindow: 1000 } });
    callers = await roleCallers(env);
    app = await buildTestApp(env);
  });

  afterEach(async () => {
    await app.close();
    await env.close();
  });

  async function makeToken(scopes: ApiScope[], extra: { expiresAt?: string } = {}): Promise<{ id: string; token: string }> {
    const made = await callers.admin.apiTokens.create({ name: 'CRM sync', scopes, ...extra });
    return { id: made.apiToken.id, token: made.token };
  }

  it('lets only admins list, create and revoke tokens', async () => {
    await expectAdminOnly(callers, (c) => c.apiTokens.list({}));
    await expectAdminOnly(callers, (c) => c.apiTokens.create({ name: 'x', scopes: ['events:read'] }));
    const { id } = await makeToken(['events:read']);
    await expectAdminOnly(callers, (c) => c.apiTokens.revoke({ id }));
  });

  it('refuses bad input with field messages', async () => {
    await expectFieldErrors(callers.admin.apiTokens.create({ name: '', scopes: [] }), { name: 'Name is required', scopes: 'Choose at least one scope' });
    // @ts-expect-error an unknown scope, as a hand-written call could send
    await expectFieldErrors(callers.admin.apiTokens.create({ name: 'CRM', scopes: ['bookings:delete'] }), { 'scopes.0': 'Unknown scope' });
    await expectFieldErrors(callers.admin.apiTokens.create({ name: 'CRM', scopes: ['events:read'], expiresAt: '2020-01-01T00:00:00Z' }), {
      expiresAt: 'The expiry must be in the future',
    });
    await expectFieldErrors(callers.admin.apiTokens.create({ name: 'CRM', scopes: ['events:read'], expiresAt: 'tomorrow' }), {
      expiresAt: 'Please enter a valid date and time',
    });
  });

  it('answers the token once, keeps only its hash, lists it without it and audits both changes', async () => {
    const made = await callers.admin.apiTokens.create({ name: 'CRM sync', scopes: ['bookings:read', 'bookings:read', 'contacts:read'] });
    expect(made.token).toMatch(/^api_[a-z2-7]{32}$/);
    expect(made.apiToken).toMatchObject({ name: 'CRM sync', scopes: ['bookings:read', 'contacts:read'], state: 'active', expiresAt: null, lastUsedAt: null, createdBy: callers.adminAccount.user.name });
    const stored = await env.db.selectFrom('apiTokens').select('tokenHash').executeTakeFirstOrThrow();
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await env.db.selectFrom('apiTokens').selectAll().execute())).not.toContain(made.token);
    const listed = await callers.admin.apiTokens.list({});
    expect(listed.total).toBe(1);
    expect(JSON.stringify(listed)).not.toContain(made.token);

    await callers.admin.apiTokens.revoke({ id: made.apiToken.id });
    await callers.admin.apiTokens.revoke({ id: made.apiToken.id });
    expect((await callers.admin.apiTokens.list({})).items[0]?.state).toBe('revoked');
    const audit = await env.db.selectFrom('auditLog').select(['action', 'entity', 'summary', 'userId']).where('entity', '=', 'api-token').orderBy('createdAt').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'create', entity: 'api-token', summary: 'CRM sync: bookings:read, contacts:read', userId: callers.adminAccount.user.id },
      { action: 'delete', entity: 'api-token', summary: 'CRM sync revoked', userId: callers.adminAccount.user.id },
    ]);
  });

  it('answers NOT_FOUND for revoking a token that does not exist', async () => {
    await expect(callers.admin.apiTokens.revoke({ id: 'missing' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'API token not found.' });
  });

  it('acts within its scopes only, over the same route, and records its last use', async () => {
    const { id, token } = await makeToken(['bookings:read']);
    const allowed = await call(app, { path: 'bookings.stats', token });
    expect(allowed.status).toBe(200);
    for (const path of ['contacts.stats', 'apiTokens.list?input=%7B%7D', 'auth.me', 'settings.get']) {
      const refused = await call(app, { path, token });
      expect({ path, status: refused.status, message: refused.body.error?.message }).toEqual({ path, status: 403, message: OUTSIDE_SCOPES });
    }
    const row = await env.db.selectFrom('apiTokens').select('lastUsedAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('is refused a public read outside its scopes even when an anonymous visitor has it from memory', async () => {
    const input = encodeURIComponent(JSON.stringify({}));
    expect((await call(app, { path: `events.list?input=${input}` })).status).toBe(200);
    const { token } = await makeToken(['bookings:read']);
    const refused = await call(app, { path: `events.list?input=${input}`, token });
    expect([refused.status, refused.body.error?.message]).toEqual([403, OUTSIDE_SCOPES]);
    const { token: reader } = await makeToken(['events:read']);
    expect((await call(app, { path: `events.list?input=${input}`, token: reader })).status).toBe(200);
  });

  it('never acts with more than the rights its maker has now', async () => {
    const { token } = await makeToken(['events:write']);
    const created = await call(app, { path: 'events.create', method: 'POST', token, body: eventInput({ title: 'Made by a CRM' }) });
    expect(created.status).toBe(200);
    await env.db.updateTable('users').set({ role: 'user' }).where('id', '=', callers.adminAccount.user.id).execute();
    const refused = await call(app, { path: 'events.create', method: 'POST', token, body: eventInput({ title: 'Again' }) });
    expect([refused.status, refused.body.error?.message]).toEqual([403, 'Only administrators can do this.']);
  });

  it('is refused once revoked or expired, and an unknown or malformed one too', async () => {
    const { id, token } = await makeToken(['bookings:read']);
    expect((await call(app, { path: 'bookings.stats', token })).status).toBe(200);
    await callers.admin.apiTokens.revoke({ id });
    const revoked = await call(app, { path: 'bookings.stats', token });
    expect([revoked.status, revoked.body.error?.message]).toEqual([401, INVALID]);

    // An hour after the first token (the clock is today's, moved ahead by CI's offset), so the list's
    // newest-first order is the same whatever the date.
    const madeAt = Date.now() + 3_600_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(madeAt);
    const expiresAt = new Date(madeAt + 3_600_000);
    const expiring = await makeToken(['bookings:read'], { expiresAt: expiresAt.toISOString() });
    expect((await call(app, { path: 'bookings.stats', token: expiring.token })).status).toBe(200);
    vi.setSystemTime(expiresAt);
    const expired = await call(app, { path: 'bookings.stats', token: expiring.token });
    expect([expired.status, expired.body.error?.message]).toEqual([401, INVALID]);
    expect((await callers.admin.apiTokens.list({})).items.map((item) => item.state)).toEqual(['expired', 'revoked']);

    for (const authorization of ['Bearer api_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'Basic dXNlcjpwYXNz', 'Bearer']) {
      const refused = await call(app, { path: 'bookings.stats', headers: { authorization } });
      expect([authorization, refused.status, refused.body.error?.message]).toEqual([authorization, 401, INVALID]);
    }
  });

  it('refuses a token in the address, even a valid one', async () => {
    const { token } = await makeToken(['bookings:read']);
    for (const query of [`access_token=${token}`, `input=${encodeURIComponent(JSON.stringify({ token }))}`, 'api_key=whatever']) {
      const refused = await call(app, { path: `bookings.stats?${query}` });
      expect([query, refused.status, refused.body.error?.message]).toEqual([query, 400, IN_ADDRESS]);
    }
  });

  it('lets bearer calls from another origin through while cookie calls stay refused', async () => {
    const { token } = await makeToken(['events:write']);
    const crm = { origin: 'https://crm.example.com', 'sec-fetch-site': 'cross-site' };
    const viaToken = await call(app, { path: 'events.create', method: 'POST', token, body: eventInput(), headers: crm });
    expect(viaToken.status).toBe(200);
    const cookie = `${SESSION_COOKIE}=${callers.adminAccount.token}`;
    const viaCookie = await call(app, { path: 'events.create', method: 'POST', body: eventInput(), headers: { ...crm, cookie } });
    expect([viaCookie.status, viaCookie.body.error?.message]).toEqual([403, 'Cross-origin requests are not allowed.']);
    const sameSite = await call(app, { path: 'events.create', method: 'POST', body: eventInput(), headers: { origin: SAME_ORIGIN, cookie } });
    expect(sameSite.status).toBe(200);
  });

  it('never reads the session cookie of a bearer call', async () => {
    const { token } = await makeToken(['bookings:read']);
    const cookie = `${SESSION_COOKIE}=${callers.adminAccount.token}`;
    const refused = await call(app, { path: 'contacts.stats', token, headers: { cookie } });
    expect([refused.status, refused.body.error?.message]).toEqual([403, OUTSIDE_SCOPES]);
  });
});

describe('API tokens: rate limit', () => {
  let env: TestEnv;
  let app: FastifyInstance;

  beforeEach(async () => {
    env = await createTestEnv({ limits: { apiTokensPerWindow: 2 } });
    app = await buildTestApp(env);
  });

  afterEach(async () => {
    await app.close();
    await env.close();
  });

  it('counts calls per token, apart from other tokens', async () => {
    const admin = callerFor(env.deps, await createAccount(env.db, 'admin'));
    const first = (await admin.apiTokens.create({ name: 'Busy', scopes: ['bookings:read'] })).token;
    const second = (await admin.apiTokens.create({ name: 'Quiet', scopes: ['bookings:read'] })).token;
    const statuses = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await call(app, { path: 'bookings.stats', token: first })).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await call(app, { path: 'bookings.stats', token: second })).status).toBe(200);
  });
});

describe.runIf(onPostgres())('API tokens on two instances', () => {
  let env: TestEnv;
  let second: ReturnType<typeof secondInstance>;
  let apps: FastifyInstance[];

  beforeEach(async () => {
    env = await createTestEnv();
    second = secondInstance(env);
    apps = [await buildApp(env.deps, { logger: false }), await buildApp(second.deps, { logger: false })];
  });

  afterEach(async () => {
    for (const app of apps) await app.close();
    await second.close();
    await env.close();
  });

  it('a token revoked on one instance is refused by the other at its next request', async () => {
    const [first, other] = apps;
    if (first === undefined || other === undefined) throw new Error('two apps expected');
    const admin = callerFor(env.deps, await createAccount(env.db, 'admin'));
    const made = await admin.apiTokens.create({ name: 'CRM', scopes: ['bookings:read'] });
    expect((await call(other, { path: 'bookings.stats', token: made.token })).status).toBe(200);
    await admin.apiTokens.revoke({ id: made.apiToken.id });
    const refused = await call(other, { path: 'bookings.stats', token: made.token });
    expect([refused.status, refused.body.error?.message]).toEqual([401, INVALID]);
  });
});
