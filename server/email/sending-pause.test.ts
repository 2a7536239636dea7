// Sending paused (a copy restored from a backup): the sender sends nothing while the pause stands,
// messages keep waiting; an admin sees why and how many wait, and resumes it (audited), after which
// the waiting messages go out. Only admins see or end the pause.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBookableSlot } from '@tests/support/fixtures';
import { createMailTestEnv, type MailTestEnv } from '@tests/support/mail-env';
import { expectAdminOnly } from '@tests/support/helpers';
import { pauseSending } from './sending-pause.service';

let mail: MailTestEnv;

beforeEach(async () => {
  mail = await createMailTestEnv({ timezone: 'UTC', staffNotices: false });
});
afterEach(() => mail.close());

async function book(timeSlotId: string, email: string): Promise<void> {
  await mail.callers.anonymous.bookings.create({ timeSlotId, participantName: 'Ama Mensah', participantEmail: email, participantPhone: null });
}

describe('sending paused', () => {
  it('sends nothing while paused; resuming (audited) sends what waited', async () => {
    const { env, callers } = mail;
    const { slot } = await insertBookableSlot(env.db);
    await pauseSending(env.db, 'This copy was restored from the backup 2026-11-27T03-00-00-000Z; its outbox came with it.', new Date('2026-11-27T09:00:00.000Z'));
    await book(slot.id, 'first@example.com');
    await book(slot.id, 'second@example.com');
    expect(await mail.deliver()).toEqual([]);
    expect(await callers.admin.emails.sendingPause()).toEqual({
      pausedAt: '2026-11-27T09:00:00.000Z',
      reason: 'This copy was restored from the backup 2026-11-27T03-00-00-000Z; its outbox came with it.',
      waiting: 2,
    });

    expect(await callers.admin.emails.resumeSending()).toEqual({ resumed: true, waiting: 2 });
    expect(await callers.admin.emails.sendingPause()).toBeNull();
    const audit = await env.db.selectFrom('auditLog').select(['action', 'entity', 'summary']).where('entity', '=', 'email').execute();
    expect(audit).toEqual([{ action: 'settings', entity: 'email', summary: 'e-mail sending resumed: 2 messages waiting' }]);
    expect((await mail.deliver()).map((message) => message.headers.to).sort()).toEqual(['first@example.com', 'second@example.com']);

    // Resuming again changes nothing and records nothing.
    expect(await callers.admin.emails.resumeSending()).toEqual({ resumed: false, waiting: 0 });
    expect(await env.db.selectFrom('auditLog').select('id').where('entity', '=', 'email').execute()).toHaveLength(1);
  });

  it('is seen and ended by admins only', async () => {
    await pauseSending(mail.env.db, 'Restored.');
    await expectAdminOnly(mail.callers, (caller) => caller.emails.sendingPause());
    await expectAdminOnly(mail.callers, (caller) => caller.emails.resumeSending());
    expect(await mail.callers.admin.emails.sendingPause()).toMatchObject({ reason: 'Restored.' });
  });
});
