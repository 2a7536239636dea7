// An erasure while the sender is sending (issue 34, finding 12): the erasure owns the person's
// messages, claimed ones too. The sender skips those erased before their transfer starts and keeps
// nothing of one erased during its transfer; no error, nothing stuck, no message of the person
// goes out after the erasure. Real SMTP server on loopback, held mid-transfer.
// @module-tag postgres
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { insertOutboxMessage } from './outbox.repository';
import { startEmailSender } from './sender';
import { insertBookableSlot } from '@tests/support/fixtures';
import { createAccount, createTestEnv, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';

const PAULA = 'paula@private.example';

let env: TestEnv;
let callers: RoleCallers;
let server: TestSmtpServer;
/** Recipients of every message the SMTP server accepted, in order. */
let accepted: string[][];
/** Resolves when the first message's data has arrived; the server holds it until `release`. */
let firstArrived: Promise<void>;
let release: () => void;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  const desk = await createAccount(env.db, 'admin', { email: 'desk@example.com' });
  await env.db.updateTable('users').set({ notifyEmail: 0 }).execute();
  await env.db.updateTable('users').set({ notifyEmail: 1, notifyNewBookings: 1 }).where('id', '=', desk.user.id).execute();
  accepted = [];
  let arrived: () => void = () => undefined;
  firstArrived = new Promise((resolve) => (arrived = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  server = await startSmtpServer({
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const accept = () => {
          accepted.push(recipients);
          callback();
        };
        if (accepted.length === 0 && arrived !== undefined) {
          const first = arrived;
          arrived = () => undefined;
          first();
          void held.then(accept);
        } else accept();
      });
    },
  });
  await useSmtpServer(env.db, server);
});
afterEach(async () => {
  release();
  await server.close();
  await env.close();
});

/** Paula's booking: her confirmation and the desk's notice naming her, both waiting. */
async function paulasMessages(): Promise<void> {
  const { slot } = await insertBookableSlot(env.db, 10);
  await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Paula Private', participantEmail: PAULA });
  const hers = await env.db.selectFrom('emailOutbox').select('toAddress').where('toAddress', '<>', 'quinn@example.com').orderBy('toAddress').execute();
  expect(hers.map((row) => row.toAddress)).toEqual(['desk@example.com', PAULA]);
}

async function quinnsMessage(dueAt: Date): Promise<string> {
  return insertOutboxMessage(env.db, {
    kind: 'admin-new-contact',
    toAddress: 'quinn@example.com',
    subject: 'Your request',
    textBody: 'We will call you.',
    htmlBody: '<p>We will call you.</p>',
    ics: null,
    icsMethod: null,
    bookingId: null,
    lastError: null,
    nextAttemptAt: dueAt.toISOString(),
  });
}

/** One pass of a sender with one connection; the person is erased while the first message is held. */
async function eraseDuringFirstTransfer(): Promise<unknown[]> {
  const errors: unknown[] = [];
  const logged = vi.spyOn(console, 'error');
  const sender = startEmailSender(env.deps, { intervalMs: null, maxConnections: 1, onError: (error) => errors.push(error) });
  const pass = sender.runOnce().catch((error: unknown) => errors.push(error));
  await firstArrived;
  await callers.admin.privacy.erasePerson({ email: PAULA });
  release();
  await pass;
  await sender.stop();
  expect(logged).not.toHaveBeenCalled();
  return errors;
}

async function outbox() {
  return env.db.selectFrom('emailOutbox').select(['toAddress', 'status']).orderBy('toAddress').execute();
}

it('skips her messages claimed but not yet sent when she is erased during another transfer', async () => {
  const quinn = await quinnsMessage(new Date(Date.now() - 60_000));
  await paulasMessages();
  expect(await eraseDuringFirstTransfer()).toEqual([]);
  expect(accepted).toEqual([['quinn@example.com']]);
  expect(await outbox()).toEqual([{ toAddress: 'quinn@example.com', status: 'sent' }]);
  expect(await env.db.selectFrom('emailAttempts').select(['outboxId', 'error']).execute()).toEqual([{ outboxId: quinn, error: null }]);
});

it('keeps nothing of her message erased during its own transfer, and sends the rest', async () => {
  await paulasMessages();
  // Due after hers.
  const quinn = await quinnsMessage(new Date());
  expect(await eraseDuringFirstTransfer()).toEqual([]);
  // The first in line was hers, already on its way; nothing after the erasure was hers.
  expect(accepted).toHaveLength(2);
  expect(accepted[1]).toEqual(['quinn@example.com']);
  expect(await outbox()).toEqual([{ toAddress: 'quinn@example.com', status: 'sent' }]);
  expect(await env.db.selectFrom('emailAttempts').select(['outboxId', 'error']).execute()).toEqual([{ outboxId: quinn, error: null }]);
});
