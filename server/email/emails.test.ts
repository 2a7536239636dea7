// The admin e-mail log API: who may call it, list shape and order, filters, attempts and Retry.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmailStatus } from '@db/schema';
import { newId } from '@server/core/ids';
import { createTestEnv, expectAdminOnly, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;
const ids: Record<string, string> = {};

async function message(
  name: string,
  status: EmailStatus,
  createdAt: string,
  extra: { attempts?: number; maxAttempts?: number; lastError?: string } = {},
) {
  const id = newId();
  await env.db
    .insertInto('emailOutbox')
    .values({
      id,
      kind: 'booking-received',
      toAddress: `${name}@example.com`,
      subject: `Subject ${name}`,
      textBody: 'text',
      htmlBody: '<p>html</p>',
      ics: null,
      icsMethod: null,
      bookingId: null,
      status,
      attempts: extra.attempts ?? 0,
      maxAttempts: extra.maxAttempts ?? 6,
      lastError: extra.lastError ?? null,
      nextAttemptAt: createdAt,
      createdAt,
      sentAt: status === 'sent' ? createdAt : null,
    })
    .execute();
  ids[name] = id;
  return id;
}

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  await message('oldest', 'sent', '2026-11-01T10:00:00.000Z', { attempts: 1 });
  await message('failed', 'failed', '2026-11-02T10:00:00.000Z', { attempts: 6, lastError: '550 Mailbox unavailable' });
  await message('pending', 'pending', '2026-11-03T10:00:00.000Z', { attempts: 2, lastError: '421 Try again later' });
  await message('sending', 'sending', '2026-11-04T10:00:00.000Z', { attempts: 0 });
  await message('newest', 'pending', '2026-11-05T10:00:00.000Z');
  await env.db
    .insertInto('emailAttempts')
    .values([
      { id: 'a2', outboxId: ids.pending ?? '', attemptedAt: '2026-11-03T10:01:00.000Z', error: '421 Try again later' },
      { id: 'a1', outboxId: ids.pending ?? '', attemptedAt: '2026-11-03T10:00:30.000Z', error: '421 Busy' },
    ])
    .execute();
});
afterEach(() => env.close());

describe('emails router: role matrix', () => {
  it('keeps the log, attempts and Retry for admins', async () => {
    const id = ids.failed ?? '';
    await expectAdminOnly(callers, (c) => c.emails.list({}));
    await expectAdminOnly(callers, (c) => c.emails.attempts({ id }));
    await expectAdminOnly(callers, (c) => c.emails.body({ id }));
    await expectAdminOnly(callers, (c) => c.emails.retry({ id }));
    await expectAdminOnly(callers, (c) => c.emails.retryAllFailed());
    expect((await env.db.selectFrom('emailOutbox').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('failed');
  });
});

describe('emails.retryAllFailed', () => {
  it('puts every failed message back in line at once, audited with how many; nothing else changes', async () => {
    await message('failed2', 'failed', '2026-11-02T11:00:00.000Z', { attempts: 20, lastError: 'could not reach the server' });
    const before = await env.db.selectFrom('emailOutbox').select(['id', 'status', 'nextAttemptAt']).where('status', '<>', 'failed').orderBy('id').execute();
    expect(await callers.admin.emails.retryAllFailed()).toEqual({ queued: 2 });
    const requeued = await env.db.selectFrom('emailOutbox').select(['status', 'attempts', 'nextAttemptAt']).where('id', 'in', [ids.failed ?? '', ids.failed2 ?? '']).execute();
    for (const row of requeued) {
      expect(row.status).toBe('pending');
      expect(Date.parse(row.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
    }
    expect(requeued.map((row) => row.attempts).sort((a, b) => a - b)).toEqual([6, 20]);
    const others = await env.db.selectFrom('emailOutbox').select(['id', 'status', 'nextAttemptAt']).where('id', 'in', before.map((row) => row.id)).orderBy('id').execute();
    expect(others).toEqual(before);
    const audit = await env.db.selectFrom('auditLog').select(['action', 'entity', 'summary', 'userId']).where('entity', '=', 'email').execute();
    expect(audit).toEqual([{ action: 'retry', entity: 'email', summary: 'all failed messages queued again: 2', userId: callers.adminAccount.user.id }]);
    expect(await callers.admin.emails.retryAllFailed()).toEqual({ queued: 0 });
  });
});

describe('emails.list', () => {
  it('lists newest first with the log fields', async () => {
    const page = await callers.admin.emails.list({});
    expect(page.total).toBe(5);
    expect(page.items.map((item) => item.toAddress)).toEqual([
      'newest@example.com',
      'sending@example.com',
      'pending@example.com',
      'failed@example.com',
      'oldest@example.com',
    ]);
    expect(page.items[3]).toEqual({
      id: ids.failed,
      kind: 'booking-received',
      toAddress: 'failed@example.com',
      subject: 'Subject failed',
      status: 'failed',
      attempts: 6,
      maxAttempts: 6,
      lastError: '550 Mailbox unavailable',
      createdAt: '2026-11-02T10:00:00.000Z',
      sentAt: null,
      nextAttemptAt: '2026-11-02T10:00:00.000Z',
    });
    expect(page.items[4]?.sentAt).toBe('2026-11-01T10:00:00.000Z');
  });

  it('filters by status and search, and pages', async () => {
    expect((await callers.admin.emails.list({ status: 'pending' })).items.map((item) => item.toAddress)).toEqual([
      'newest@example.com',
      'pending@example.com',
    ]);
    expect((await callers.admin.emails.list({ status: 'sent' })).total).toBe(1);
    expect((await callers.admin.emails.list({ search: 'Subject fail' })).items.map((item) => item.id)).toEqual([ids.failed]);
    const second = await callers.admin.emails.list({ page: 2, pageSize: 2 });
    expect(second.total).toBe(5);
    expect(second.items.map((item) => item.toAddress)).toEqual(['pending@example.com', 'failed@example.com']);
    await expectTRPCError(callers.admin.emails.list({ status: 'bounced' as EmailStatus }), 'BAD_REQUEST');
  });
});

describe('emails.attempts', () => {
  it('lists the attempts first to last, and NOT_FOUND for an unknown message', async () => {
    expect(await callers.admin.emails.attempts({ id: ids.pending ?? '' })).toEqual([
      { id: 'a1', attemptedAt: '2026-11-03T10:00:30.000Z', error: '421 Busy' },
      { id: 'a2', attemptedAt: '2026-11-03T10:01:00.000Z', error: '421 Try again later' },
    ]);
    expect(await callers.admin.emails.attempts({ id: ids.newest ?? '' })).toEqual([]);
    await expectTRPCError(callers.admin.emails.attempts({ id: 'missing' }), 'NOT_FOUND', 'Message not found.');
  });
});

describe('emails.body', () => {
  it("answers the message's plain text, NOT_FOUND for an unknown one and BAD_REQUEST without an id", async () => {
    expect(await callers.admin.emails.body({ id: ids.failed ?? '' })).toEqual({ textBody: 'text' });
    await expectTRPCError(callers.admin.emails.body({ id: 'missing' }), 'NOT_FOUND', 'Message not found.');
    await expectTRPCError(callers.admin.emails.body({} as never), 'BAD_REQUEST');
  });
});

describe('emails.retry', () => {
  it('puts a failed message back in line with one more attempt', async () => {
    const before = Date.now();
    const item = await callers.admin.emails.retry({ id: ids.failed ?? '' });
    expect(item).toMatchObject({ id: ids.failed, status: 'pending', attempts: 6, maxAttempts: 7, lastError: '550 Mailbox unavailable' });
    expect(Date.parse(item.nextAttemptAt)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(item.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
  });

  it('makes a pending message due now without adding attempts it still has', async () => {
    const item = await callers.admin.emails.retry({ id: ids.pending ?? '' });
    expect(item).toMatchObject({ status: 'pending', attempts: 2, maxAttempts: 6 });
    expect(Date.parse(item.nextAttemptAt)).toBeGreaterThan(Date.parse('2026-11-20T00:00:00.000Z'));
  });

  it('refuses a sent message, one being sent, and an unknown one', async () => {
    await expectTRPCError(callers.admin.emails.retry({ id: ids.oldest ?? '' }), 'PRECONDITION_FAILED', 'This message was already sent.');
    await expectTRPCError(callers.admin.emails.retry({ id: ids.sending ?? '' }), 'PRECONDITION_FAILED', 'This message is being sent right now.');
    await expectTRPCError(callers.admin.emails.retry({ id: 'missing' }), 'NOT_FOUND', 'Message not found.');
    const oldest = await env.db.selectFrom('emailOutbox').selectAll().where('id', '=', ids.oldest ?? '').executeTakeFirstOrThrow();
    expect(oldest.status).toBe('sent');
  });
});
