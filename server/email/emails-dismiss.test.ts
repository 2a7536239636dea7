// emails.dismiss: an admin removes a failed message from the e-mail log for good (with its
// attempts), audited; sent, pending, sending and unknown messages are refused with a clear reason.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmailStatus } from '@db/schema';
import { newId } from '@server/core/ids';
import { createTestEnv, expectAdminOnly, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

async function message(status: EmailStatus): Promise<string> {
  const id = newId();
  await env.db
    .insertInto('emailOutbox')
    .values({
      id,
      kind: 'booking-received',
      toAddress: `${status}@example.com`,
      subject: `Subject ${status}`,
      textBody: 'text',
      htmlBody: '<p>html</p>',
      status,
      attempts: status === 'failed' ? 6 : 1,
      lastError: status === 'failed' ? '550 Mailbox unavailable' : null,
      sentAt: status === 'sent' ? new Date().toISOString() : null,
    })
    .execute();
  await env.db.insertInto('emailAttempts').values({ id: newId(), outboxId: id, attemptedAt: new Date().toISOString(), error: 'x' }).execute();
  return id;
}

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

describe('emails.dismiss', () => {
  it('is for admins: anonymous UNAUTHORIZED, role user FORBIDDEN, and nothing changes', async () => {
    const id = await message('failed');
    await expectAdminOnly(callers, (c) => c.emails.dismiss({ id }));
    expect(await env.db.selectFrom('emailOutbox').select('id').execute()).toEqual([{ id }]);
  });

  it('removes a failed message and its attempts from the log, with an audit row', async () => {
    const id = await message('failed');
    const kept = await message('sent');
    expect(await callers.admin.emails.dismiss({ id })).toEqual({ id });
    expect(await env.db.selectFrom('emailOutbox').select('id').execute()).toEqual([{ id: kept }]);
    expect(await env.db.selectFrom('emailAttempts').select('outboxId').where('outboxId', '=', id).execute()).toEqual([]);
    const listed = await callers.admin.emails.list({ status: 'failed' });
    expect(listed.total).toBe(0);
    const audit = await env.db.selectFrom('auditLog').select(['action', 'entity', 'entityId', 'summary', 'userId']).execute();
    expect(audit).toEqual([
      { action: 'delete', entity: 'email', entityId: id, summary: 'failed message to failed@example.com dismissed', userId: callers.adminAccount.user.id },
    ]);
  });

  it('refuses sent, pending and sending messages with the reason, and an unknown one as not found', async () => {
    for (const status of ['sent', 'pending', 'sending'] as const) {
      const id = await message(status);
      await expectTRPCError(
        callers.admin.emails.dismiss({ id }),
        'PRECONDITION_FAILED',
        `Only a failed message can be dismissed. This one is ${status}.`,
      );
      expect(await env.db.selectFrom('emailOutbox').select('id').where('id', '=', id).execute()).toEqual([{ id }]);
    }
    await expectTRPCError(callers.admin.emails.dismiss({ id: 'missing' }), 'NOT_FOUND', 'Message not found.');
    expect(await env.db.selectFrom('auditLog').select('id').execute()).toEqual([]);
  });

  it('answers BAD_REQUEST with a field message for a bad id, never a 500', async () => {
    await expectFieldErrors(callers.admin.emails.dismiss({ id: '' }), { id: 'Id is required' });
  });
});
