// Single sign-on against a real OpenID provider on loopback (oidc-provider): the whole sign-in over
// HTTP, and each way an answer is refused (another audience, an expired token, a replayed state,
// an e-mail the provider has not verified); two-factor after single sign-on; the settings
// procedures' role matrix; password sign-in closed to all but the owner.
// @module-tag postgres
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, callerFor, createAccount, createTestEnv, expectAdminOnly, expectFieldErrors, expectTRPCError, roleCallers, type TestEnv, TEST_PASSWORD } from '@tests/support/helpers';
import { startTestProvider, type TestProvider } from '@tests/support/oidc-provider';
import { SESSION_COOKIE, validateSessionToken } from '@server/identity/session.service';
import { SSO_STATE_COOKIE } from './sso.route';

let provider: TestProvider;
let env: TestEnv;
let app: FastifyInstance;

beforeAll(async () => {
  provider = await startTestProvider({ redirectUri: 'http://127.0.0.1:3000/auth/sso/callback' });
});
afterAll(() => provider.close());
beforeEach(async () => {
  env = await createTestEnv({ env: { PUBLIC_ORIGIN: 'http://127.0.0.1:3000' } });
  app = await buildTestApp(env);
  provider.tamperIdToken = null;
});
afterEach(async () => {
  await app.close();
  await env.close();
});

function ssoSettings(overrides: Record<string, unknown> = {}) {
  return {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    buttonLabel: 'Firm account',
    allowedDomains: [] as string[],
    passwordSignIn: true,
    ...overrides,
  };
}

async function configureSso(overrides: Record<string, unknown> = {}) {
  const admin = await createAccount(env.db, 'admin', { email: `setup-admin-${Math.random().toString(36).slice(2)}@example.com` });
  await callerFor(env.deps, admin).settings.updateSso(ssoSettings(overrides));
  return admin;
}

function cookieOf(setCookie: string | string[] | undefined, name: string): string | undefined {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [setCookie];
  return lines.find((line) => line.startsWith(`${name}=`))?.split(';')[0]?.slice(name.length + 1);
}

/** The browser's round trip: start at the site, sign in at the provider as `accountId`, come back. */
async function roundTrip(accountId: string, amr?: string[]) {
  const { callback } = await untilTheProviderAnswers(accountId, amr);
  return { callback, response: await callback() };
}

/** The round trip up to the provider's answer: `callback` brings it back to the site. */
async function untilTheProviderAnswers(accountId: string, amr?: string[]) {
  provider.nextLogin = amr === undefined ? { accountId } : { accountId, amr };
  const start = await app.inject({ method: 'GET', url: '/auth/sso/start?redirect=/admin/bookings' });
  expect(start.statusCode).toBe(303);
  const state = cookieOf(start.headers['set-cookie'], SSO_STATE_COOKIE);
  expect(state).toBeTruthy();
  const location = String(start.headers.location);
  expect(location.startsWith(`${provider.issuer}/auth?`)).toBe(true);
  const authorization = new URL(location).searchParams;
  expect(authorization.get('code_challenge_method')).toBe('S256');
  expect(authorization.get('nonce')).toBeTruthy();
  expect(authorization.get('state')).toBe(state);
  const callbackUrl = new URL(await provider.authorize(location));
  const callback = () =>
    app.inject({ method: 'GET', url: `${callbackUrl.pathname}${callbackUrl.search}`, headers: { cookie: `${SSO_STATE_COOKIE}=${state ?? ''}` } });
  return { callback };
}

function addAccount(sub: string, email: string, emailVerified = true) {
  provider.accounts.set(sub, { email, emailVerified, name: `Person ${sub}` });
}

describe('single sign-on with a real provider', () => {
  it('signs in the account whose verified e-mail matches, with a session like the password form, audited', async () => {
    await configureSso();
    const staff = await createAccount(env.db, 'user', { email: 'ama@firm.example' });
    addAccount('ama', 'Ama@Firm.example');
    const { response } = await roundTrip('ama');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/bookings');
    const token = cookieOf(response.headers['set-cookie'], SESSION_COOKIE);
    const session = await validateSessionToken(env.db, token ?? '');
    expect(session?.user.id).toBe(staff.user.id);
    const audit = await env.db.selectFrom('auditLog').select(['action', 'summary', 'userId']).where('action', '=', 'sign-in').execute();
    expect(audit).toEqual([{ action: 'sign-in', summary: 'signed in with single sign-on', userId: staff.user.id }]);
  });

  it('refuses a replayed state: the same answer a second time signs nobody in', async () => {
    await configureSso();
    await createAccount(env.db, 'user', { email: 'kofi@firm.example' });
    addAccount('kofi', 'kofi@firm.example');
    const { callback, response } = await roundTrip('kofi');
    expect(response.headers.location).toBe('/admin/bookings');
    const replay = await callback();
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe('/admin/login?sso=failed');
    expect(cookieOf(replay.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined();
    const failed = await env.db.selectFrom('auditLog').select('summary').where('action', '=', 'sign-in-failed').execute();
    expect(failed).toEqual([{ summary: 'failed single sign-on: unknown or already used state' }]);
  });

  it('refuses an answer without the state cookie this browser started with', async () => {
    await configureSso();
    addAccount('esi', 'esi@firm.example');
    await createAccount(env.db, 'user', { email: 'esi@firm.example' });
    provider.nextLogin = { accountId: 'esi' };
    const start = await app.inject({ method: 'GET', url: '/auth/sso/start' });
    const callbackUrl = new URL(await provider.authorize(String(start.headers.location)));
    const response = await app.inject({ method: 'GET', url: `${callbackUrl.pathname}${callbackUrl.search}` });
    expect(response.headers.location).toBe('/admin/login?sso=failed');
    expect(cookieOf(response.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses an ID token for another audience', async () => {
    await configureSso();
    await createAccount(env.db, 'user', { email: 'yaw@firm.example' });
    addAccount('yaw', 'yaw@firm.example');
    provider.tamperIdToken = (claims) => ({ ...claims, aud: 'another-application' });
    const { response } = await roundTrip('yaw');
    expect(response.headers.location).toBe('/admin/login?sso=failed');
    expect(cookieOf(response.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined();
    const [failed] = await env.db.selectFrom('auditLog').select('summary').where('action', '=', 'sign-in-failed').execute();
    expect(failed?.summary).toContain('"aud"');
  });

  it('refuses an expired ID token', async () => {
    await configureSso();
    await createAccount(env.db, 'user', { email: 'abena@firm.example' });
    addAccount('abena', 'abena@firm.example');
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    provider.tamperIdToken = (claims) => ({ ...claims, iat: hourAgo - 600, exp: hourAgo });
    const { response } = await roundTrip('abena');
    expect(response.headers.location).toBe('/admin/login?sso=failed');
    expect(cookieOf(response.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined();
    const [failed] = await env.db.selectFrom('auditLog').select('summary').where('action', '=', 'sign-in-failed').execute();
    expect(failed?.summary).toContain('"exp"');
  });

  it('refuses an e-mail address the provider has not verified', async () => {
    await configureSso();
    await createAccount(env.db, 'user', { email: 'kwame@firm.example' });
    addAccount('kwame', 'kwame@firm.example', false);
    const { response } = await roundTrip('kwame');
    expect(response.headers.location).toBe('/admin/login?sso=unverified');
    expect(cookieOf(response.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined();
    const failed = await env.db.selectFrom('auditLog').select('summary').where('action', '=', 'sign-in-failed').execute();
    expect(failed).toEqual([{ summary: 'failed single sign-on as kwame@firm.example: the provider has not verified the e-mail address' }]);
  });

  it('creates an account with role user for an allowed domain only', async () => {
    await configureSso({ allowedDomains: ['new.example'] });
    addAccount('efua', 'efua@new.example');
    addAccount('stranger', 'someone@elsewhere.example');
    const refused = await roundTrip('stranger');
    expect(refused.response.headers.location).toBe('/admin/login?sso=no-account');
    const { response } = await roundTrip('efua');
    expect(response.headers.location).toBe('/admin/bookings');
    const created = await env.db.selectFrom('users').select(['email', 'role', 'name']).where('email', '=', 'efua@new.example').executeTakeFirst();
    expect(created).toEqual({ email: 'efua@new.example', role: 'user', name: 'Person efua' });
  });

  it('signs both in to one new account when a first sign-in comes back in two tabs at once', async () => {
    await configureSso({ allowedDomains: ['new.example'] });
    addAccount('kofi', 'kofi@new.example');
    const tabs = [await untilTheProviderAnswers('kofi'), await untilTheProviderAnswers('kofi')];
    const answers = await Promise.all(tabs.map((tab) => tab.callback()));
    expect(answers.map((answer) => [answer.statusCode, answer.headers.location])).toEqual([
      [303, '/admin/bookings'],
      [303, '/admin/bookings'],
    ]);
    const accounts = await env.db.selectFrom('users').select(['email', 'role']).where('email', '=', 'kofi@new.example').execute();
    expect(accounts).toEqual([{ email: 'kofi@new.example', role: 'user' }]);
  });

  it('asks for the second factor unless the provider says it did MFA', async () => {
    await configureSso();
    const staff = await createAccount(env.db, 'user', { email: 'nana@firm.example' });
    await env.db.updateTable('users').set({ twoFactorEnabled: 1 }).where('id', '=', staff.user.id).execute();
    addAccount('nana', 'nana@firm.example');
    const withPassword = await roundTrip('nana', ['pwd']);
    expect(withPassword.response.headers.location).toBe('/admin/login?step=code&redirect=%2Fadmin%2Fbookings');
    expect(cookieOf(withPassword.response.headers['set-cookie'], SESSION_COOKIE)).toBeUndefined();
    expect(cookieOf(withPassword.response.headers['set-cookie'], 'two_factor_challenge')).toBeTruthy();
    const withMfa = await roundTrip('nana', ['pwd', 'mfa']);
    expect(withMfa.response.headers.location).toBe('/admin/bookings');
    expect(cookieOf(withMfa.response.headers['set-cookie'], SESSION_COOKIE)).toBeTruthy();
  });

  it('sends the browser back to the sign-in page while single sign-on is off', async () => {
    const start = await app.inject({ method: 'GET', url: '/auth/sso/start' });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe('/admin/login?sso=off');
  });
});

describe('settings.updateSso and settings.sso', () => {
  it('is for admins only', async () => {
    const callers = await roleCallers(env);
    await expectAdminOnly(callers, (caller) => caller.settings.updateSso(ssoSettings()));
    await expectAdminOnly(callers, (caller) => caller.settings.sso());
  });

  it('stores the secret encrypted and never answers it, and says what the sign-in page offers', async () => {
    const callers = await roleCallers(env);
    expect(await callers.anonymous.auth.signInOptions()).toEqual({ sso: null, passwordSignIn: true });
    const saved = await callers.admin.settings.updateSso(ssoSettings({ allowedDomains: ['Firm.example'] }));
    expect(saved).toEqual({
      issuer: provider.issuer,
      clientId: 'site',
      hasClientSecret: true,
      buttonLabel: 'Firm account',
      allowedDomains: ['firm.example'],
      passwordSignIn: true,
      redirectUri: 'http://127.0.0.1:3000/auth/sso/callback',
    });
    const row = await env.db.selectFrom('settings').select('value').where('key', '=', 'sso').executeTakeFirstOrThrow();
    expect(row.value).not.toContain(provider.clientSecret);
    expect(JSON.stringify(await callers.admin.settings.sso())).not.toContain(provider.clientSecret);
    // An absent secret keeps the stored one.
    const { clientSecret: _secret, ...withoutSecret } = ssoSettings({ buttonLabel: 'Microsoft', allowedDomains: ['firm.example'] });
    expect((await callers.admin.settings.updateSso(withoutSecret)).hasClientSecret).toBe(true);
    expect(await callers.anonymous.auth.signInOptions()).toEqual({ sso: { label: 'Microsoft' }, passwordSignIn: true });
    const audit = await env.db.selectFrom('auditLog').select('summary').where('entityId', '=', 'sso').orderBy('createdAt').execute();
    expect(audit.map((entry) => entry.summary)).toEqual([
      'single sign-on settings: issuer, client id, client secret, button label, allowed domains',
      'single sign-on settings: button label',
    ]);
  });

  it('refuses bad input with field messages', async () => {
    const callers = await roleCallers(env);
    await expectFieldErrors(callers.admin.settings.updateSso(ssoSettings({ issuer: 'http://idp.example.com', clientId: '', buttonLabel: '', allowedDomains: ['not a domain'] })), {
      issuer: 'Enter the issuer as an https:// address (http:// only on this machine)',
      clientId: 'Client ID is required',
      buttonLabel: 'Button label is required',
      'allowedDomains.0': 'Enter domains such as example.com',
    });
    await expectFieldErrors(callers.admin.settings.updateSso(ssoSettings({ clientSecret: undefined })), { clientSecret: 'Client secret is required' });
    await expectFieldErrors(callers.admin.settings.updateSso(ssoSettings({ issuer: 'http://127.0.0.1:9/nothing' })), {
      issuer: 'The issuer did not answer with its OpenID configuration. Check the address.',
    });
    await expectFieldErrors(callers.admin.settings.updateSso(ssoSettings({ issuer: '', passwordSignIn: false })), {
      passwordSignIn: 'Password sign-in can be limited to the owner only while single sign-on is set up',
    });
  });

  it('closes password sign-in to everyone but the owner', async () => {
    const owner = await createAccount(env.db, 'admin', { email: 'owner@firm.example' });
    const staff = await createAccount(env.db, 'user', { email: 'staff@firm.example' });
    await callerFor(env.deps, owner).settings.updateSso(ssoSettings({ passwordSignIn: false }));
    const anonymous = callerFor(env.deps, null);
    expect(await anonymous.auth.signInOptions()).toEqual({ sso: { label: 'Firm account' }, passwordSignIn: false });
    await expectTRPCError(anonymous.auth.signIn({ email: staff.user.email, password: TEST_PASSWORD }), 'FORBIDDEN', 'Password sign-in is turned off. Please use single sign-on.');
    await expect(anonymous.auth.signIn({ email: owner.user.email, password: TEST_PASSWORD })).resolves.toMatchObject({ email: 'owner@firm.example' });
  });
});
