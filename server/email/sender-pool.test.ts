// The pooled sender against a real SMTP server on loopback: priority order, concurrency where one
// refused message does not hold up the rest, and a wake on enqueue rather than on the tick.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertOutboxMessage } from './outbox.repository';
import { startEmailSender } from './sender';
import { insertBookableSlot } from '@tests/support/fixtures';
import { createTestEnv, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { parseMail, smtpError, startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';

let env: TestEnv;
let callers: RoleCallers;
let server: TestSmtpServer | undefined;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await env.close();
});

async function enqueue(to: string, priority: number, nextAttemptAt = new Date(Date.now() - 1_000).toISOString()) {
  return insertOutboxMessage(env.db, {
    kind: 'admin-new-contact',
    toAddress: to,
    subject: `To ${to}`,
    textBody: 'Body',
    htmlBody: '<p>Body</p>',
    ics: null,
    icsMethod: null,
    bookingId: null,
    lastError: null,
    nextAttemptAt,
    priority,
  });
}

describe('pooled sender', () => {
  it('sends booking messages before alerts before reminders and reports, oldest first within each', async () => {
    server = await startSmtpServer();
    await useSmtpServer(env.db, server);
    await enqueue('report@example.com', 2, new Date(Date.now() - 60_000).toISOString());
    await enqueue('alert@example.com', 1, new Date(Date.now() - 50_000).toISOString());
    await enqueue('booking-new@example.com', 0, new Date(Date.now() - 1_000).toISOString());
    await enqueue('booking-old@example.com', 0, new Date(Date.now() - 40_000).toISOString());
    // One message per batch makes the order observable; larger batches keep it as claim order.
    const sender = startEmailSender(env.deps, { intervalMs: null, batchSize: 1 });
    expect(await sender.runOnce()).toBe(4);
    await sender.stop();
    expect(server.received.map((mail) => mail.rcptTo[0])).toEqual([
      'booking-old@example.com',
      'booking-new@example.com',
      'alert@example.com',
      'report@example.com',
    ]);
  });

  it('sends a batch concurrently; a refused message is retried later and the others are sent', async () => {
    server = await startSmtpServer(
      {},
      { onMessage: (mail) => (mail.rcptTo.includes('bad@example.com') ? smtpError(550, 'Mailbox unavailable') : undefined) },
    );
    await useSmtpServer(env.db, server);
    const bad = await enqueue('bad@example.com', 0, new Date(Date.now() - 60_000).toISOString());
    for (let index = 0; index < 20; index += 1) await enqueue(`reader${index}@example.com`, 0);
    const sender = startEmailSender(env.deps, { intervalMs: null });
    expect(await sender.runOnce()).toBe(20);
    await sender.stop();
    expect(server.received).toHaveLength(20);
    const row = await env.db.selectFrom('emailOutbox').selectAll().where('id', '=', bad).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('Mailbox unavailable');
  });

  it('wakes when a booking writes a message, long before its next tick', async () => {
    let arrived: (subject: string) => void = () => undefined;
    const delivered = new Promise<string>((resolve) => {
      arrived = resolve;
    });
    server = await startSmtpServer({}, { onMessage: (mail) => void arrived(parseMail(mail.raw).subject) });
    await useSmtpServer(env.db, server);
    const { slot } = await insertBookableSlot(env.db);
    const sender = startEmailSender(env.deps, { intervalMs: 3_600_000 });
    try {
      await callers.admin.bookings.create({
        timeSlotId: slot.id,
        participantName: 'Ama Boateng',
        participantEmail: 'ama@example.com',
      });
      expect(await delivered).toMatch(/^Our Firm: /);
    } finally {
      await sender.stop();
    }
  });
});
