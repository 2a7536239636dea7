// The audit log: who may read it, its filters and pages, what sign-in and sign-out record (with the
// client's address, over real HTTP), that no secret reaches a summary, and that a failed change
// leaves no row behind.
// @module-tag postgres
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { insertAuditRow } from './audit.repository';
import {
  buildTestApp,
  callerFor,
  createAccount,
  createTestEnv,
  expectAdminOnly,
  expectFieldErrors,
  expectTRPCError,
  roleCallers,
  type RoleCallers,
  TEST_PASSWORD,
  type TestEnv,
} from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

async function row(userId: string | null, entity: string, createdAt: string, summary = 'something') {
  await insertAuditRow(env.db, {
    userId,
    actorName: userId === null ? null : `name of ${userId}`,
    actorEmail: null,
    ip: '192.0.2.1',
    action: 'update',
    entity,
    entityId: null,
    summary,
    createdAt,
  });
}

describe('audit.list', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(callers, (c) => c.audit.list({}));
    await expect(callers.admin.audit.list({})).resolves.toEqual({ items: [], total: 0, totalCapped: false });
  });

  it('answers bad input with field messages', async () => {
    await expectFieldErrors(callers.admin.audit.list({ entity: 'planet' as never }), { entity: 'Please choose a kind of record' });
    await expectFieldErrors(callers.admin.audit.list({ from: 'yesterday' }), { from: 'Please enter a valid date and time' });
    await expectFieldErrors(
      callers.admin.audit.list({ from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }),
      { to: 'The end must be after the start' },
    );
    await expectTRPCError(callers.admin.audit.list({ pageSize: 101 }), 'BAD_REQUEST');
  });

  it('lists newest first and filters by person, kind of record, date range and search, with the total', async () => {
    await row('u1', 'event', '2026-11-01T10:00:00.000Z', 'title, location');
    await row('u2', 'booking', '2026-11-02T10:00:00.000Z', 'status pending -> confirmed');
    await row('u1', 'booking', '2026-11-03T10:00:00.000Z', 'name');
    await row('u2', 'event', '2026-11-04T10:00:00.000Z', 'moved up');
    const all = await callers.admin.audit.list({});
    expect(all.total).toBe(4);
    expect(all.items.map((item) => item.createdAt)).toEqual([
      '2026-11-04T10:00:00.000Z',
      '2026-11-03T10:00:00.000Z',
      '2026-11-02T10:00:00.000Z',
      '2026-11-01T10:00:00.000Z',
    ]);
    expect(all.items[0]).toMatchObject({ userId: 'u2', actorName: 'name of u2', ip: '192.0.2.1', action: 'update', entity: 'event', summary: 'moved up' });

    const summaries = async (input: Parameters<typeof callers.admin.audit.list>[0]) => {
      const page = await callers.admin.audit.list(input);
      return { total: page.total, summaries: page.items.map((item) => item.summary) };
    };
    expect(await summaries({ userId: 'u1' })).toEqual({ total: 2, summaries: ['name', 'title, location'] });
    expect(await summaries({ entity: 'booking' })).toEqual({ total: 2, summaries: ['name', 'status pending -> confirmed'] });
    expect(await summaries({ userId: 'u2', entity: 'event' })).toEqual({ total: 1, summaries: ['moved up'] });
    expect(await summaries({ from: '2026-11-02T10:00:00.000Z', to: '2026-11-04T10:00:00.000Z' })).toEqual({
      total: 2,
      summaries: ['name', 'status pending -> confirmed'],
    });
    expect(await summaries({ search: 'PENDING' })).toEqual({ total: 1, summaries: ['status pending -> confirmed'] });
    expect(await summaries({ search: '100%' })).toEqual({ total: 0, summaries: [] });
  });

  it('pages on the server with a stable order for rows of the same millisecond', async () => {
    for (let index = 0; index < 25; index += 1) await row('u1', 'event', '2026-11-01T10:00:00.000Z', `change ${index}`);
    const first = await callers.admin.audit.list({ pageSize: 10 });
    const third = await callers.admin.audit.list({ pageSize: 10, page: 3 });
    expect(first.total).toBe(25);
    expect(first.items.map((item) => item.summary)).toEqual(Array.from({ length: 10 }, (_, i) => `change ${24 - i}`));
    expect(third.items.map((item) => item.summary)).toEqual(['change 4', 'change 3', 'change 2', 'change 1', 'change 0']);
    expect((await callers.admin.audit.list({ page: 9 })).items).toEqual([]);
  });
});

describe('what is recorded', () => {
  it('records a change with who did it, and a failed change leaves no row (same transaction)', async () => {
    const created = await callers.admin.events.create({ title: 'Lagos Forum', imageUrl: '/images/a.svg', displayOrder: 1, benefits: [] });
    await callers.admin.events.update({ ...created, imageUrl: '/images/a.svg', location: 'Lagos', title: 'Lagos Forum 2', isActive: true });
    // The second account takes the first one's e-mail: CONFLICT, nothing changes, no row.
    const other = await createAccount(env.db, 'user');
    await expectTRPCError(
      callers.admin.users.update({ id: other.user.id, name: 'X', email: callers.userAccount.user.email, role: 'admin' }),
      'CONFLICT',
    );
    const page = await callers.admin.audit.list({});
    expect(page.items.map((item) => [item.action, item.entity, item.summary])).toEqual([
      ['update', 'event', 'title, location'],
      ['create', 'event', 'Lagos Forum'],
    ]);
    expect(page.items[0]).toMatchObject({
      userId: callers.adminAccount.user.id,
      actorName: callers.adminAccount.user.name,
      actorEmail: callers.adminAccount.user.email,
      entityId: created.id,
    });
  });

  it('never writes a password or an SMTP password into the log', async () => {
    const smtpSecret = 'smtp-secret-Zq81';
    const newPassword = 'brand-new-password-77';
    await callerFor(env.deps, null).auth.signIn({ email: callers.adminAccount.user.email, password: TEST_PASSWORD });
    await callerFor(env.deps, null)
      .auth.signIn({ email: callers.adminAccount.user.email, password: 'wrong-password-Qx' })
      .catch(() => undefined);
    await callers.admin.settings.updateEmail({ smtpHost: 'smtp.example.com', smtpPort: 587 /* the default: not a change */, smtpUser: 'me', smtpPassword: smtpSecret, fromEmail: 'a@example.com' });
    await callers.admin.settings.updateSecurity({ currentPassword: TEST_PASSWORD, newPassword, confirmPassword: newPassword, sessionTimeout: 60 });
    await callers.admin.users.create({ name: 'Staff', email: 'staff@example.com', password: 'staff-password-55', role: 'user' });
    const rows = await env.db.selectFrom('auditLog').selectAll().execute();
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'password', 'settings', 'settings', 'sign-in', 'sign-in-failed']);
    expect(rows.find((r) => r.entityId === 'email')?.summary).toBe('email: SMTP host, SMTP user, SMTP password, from email');
    const everything = JSON.stringify(rows);
    for (const secret of [smtpSecret, newPassword, TEST_PASSWORD, 'wrong-password-Qx', 'staff-password-55', callers.adminAccount.token]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('sign-in, failed sign-in and sign-out over HTTP', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp(env);
  });
  afterEach(() => app.close());

  function post(procedure: string, remoteAddress: string, body?: unknown, token?: string) {
    return app.inject({
      method: 'POST',
      url: `/api/trpc/${procedure}`,
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { cookie: `${SESSION_COOKIE}=${token}` }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      remoteAddress,
    });
  }

  it('records each with the client address; a failed sign-in keeps the e-mail tried', async () => {
    const email = callers.userAccount.user.email;
    expect((await post('auth.signIn', '198.51.100.7', { email, password: 'not-it' })).statusCode).toBe(401);
    expect((await post('auth.signIn', '198.51.100.8', { email: 'nobody@example.com', password: 'not-it' })).statusCode).toBe(401);
    const signedIn = await post('auth.signIn', '198.51.100.9', { email, password: TEST_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
    expect((await post('auth.signOut', '198.51.100.10', undefined, token)).statusCode).toBe(200);

    const page = await callers.admin.audit.list({ entity: 'account' });
    expect(page.items.map((item) => [item.action, item.userId, item.actorEmail, item.ip, item.summary])).toEqual([
      ['sign-out', callers.userAccount.user.id, email, '198.51.100.10', 'signed out'],
      ['sign-in', callers.userAccount.user.id, email, '198.51.100.9', 'signed in'],
      ['sign-in-failed', null, 'nobody@example.com', '198.51.100.8', 'failed sign-in as nobody@example.com'],
      ['sign-in-failed', callers.userAccount.user.id, email, '198.51.100.7', `failed sign-in as ${email}`],
    ]);
    // Filtering by the person shows the attempts on their account too.
    expect((await callers.admin.audit.list({ userId: callers.userAccount.user.id })).total).toBe(3);
  });
});
