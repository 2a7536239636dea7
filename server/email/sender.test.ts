// The outbox sender against a real SMTP server on loopback: delivery, refusals retried on a mail
// server's schedule with kept errors until the give-up time, Retry and Retry all failed, a server
// that comes back draining the queue by itself, and a restart in the middle that sends every message
// exactly once.
// @module-tag postgres
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailStatus } from '@db/schema';
import { insertOutboxMessage } from './outbox.repository';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { type EmailSender, type EmailSenderOptions, retryDelayMs, startEmailSender } from './sender';
import { createTestEnv, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { parseMail, smtpError, startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';

let env: TestEnv;
let callers: RoleCallers;
const servers: TestSmtpServer[] = [];

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, siteName: 'Accra Bridge Partners' });
});
beforeEach(async () => {
  await env.db.deleteFrom('emailOutbox').execute();
  // These tests count the messages they enqueue; the alert of a message that gave up is tested in
  // system-alerts.test.ts.
  await env.db.updateTable('users').set({ notifySystemAlerts: 0 }).execute();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterEach(() => env.close());

async function smtpServer(...args: Parameters<typeof startSmtpServer>): Promise<TestSmtpServer> {
  const server = await startSmtpServer(...args);
  servers.push(server);
  await useSmtpServer(env.db, server);
  return server;
}

/** A clock the test moves by hand; starts a little after the real now, so fresh messages are due. */
function manualClock() {
  let current = Date.now() + 1_000;
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    get ms() {
      return current;
    },
  };
}

/** Dates every message as written at `iso` (the column is not updatable through the typed builder), due at `dueIso`. */
async function writtenAt(iso: string, dueIso = iso): Promise<void> {
  await sql`update email_outbox set created_at = ${iso}, next_attempt_at = ${dueIso}`.execute(env.db);
}

async function enqueue(count: number, prefix = 'reader'): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push(
      await insertOutboxMessage(env.db, {
        kind: 'admin-new-contact',
        toAddress: `${prefix}${index}@example.com`,
        subject: `Message ${index}`,
        textBody: `Body ${index}: open http://127.0.0.1:3000/booking/manage/Secret_Token-${index}abc`,
        htmlBody: `<p><a href="http://127.0.0.1:3000/booking/manage/Secret_Token-${index}abc">Body ${index}</a></p>`,
        ics: null,
        icsMethod: null,
        bookingId: null,
        lastError: null,
        nextAttemptAt: new Date().toISOString(),
      }),
    );
  }
  return ids;
}

function manualSender(options: EmailSenderOptions = {}) {
  return startEmailSender(env.deps, { intervalMs: null, ...options });
}

async function row(id: string) {
  return env.db.selectFrom('emailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function statuses(): Promise<Record<EmailStatus, number>> {
  const rows = await env.db.selectFrom('emailOutbox').select('status').execute();
  const counts: Record<EmailStatus, number> = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const { status } of rows) counts[status] += 1;
  return counts;
}

function messageIdsReceived(server: TestSmtpServer): string[] {
  return server.received.map((mail) => parseMail(mail.raw).headers['message-id'] ?? '');
}

describe('sending', () => {
  it('sends each due message, records the attempt, and keeps no manage token in the stored copy', async () => {
    const server = await smtpServer();
    const [id] = await enqueue(1);
    const sender = manualSender();
    expect(await sender.runOnce()).toBe(1);
    expect(await sender.runOnce()).toBe(0);
    await sender.stop();

    expect(server.received).toHaveLength(1);
    const mail = parseMail(server.received[0]?.raw ?? '');
    expect(server.received[0]?.rcptTo).toEqual(['reader0@example.com']);
    expect(mail.subject).toBe('Message 0');
    expect(mail.headers.from).toBe('Accra Bridge Partners <desk@example.com>');
    expect(mail.text).toContain('Secret_Token-0abc');

    const stored = await row(id ?? '');
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(stored.sentAt).not.toBeNull();
    expect(stored.textBody).toBe('Body 0: open http://127.0.0.1:3000/booking/manage/[removed-after-sending]');
    expect(stored.htmlBody).not.toContain('Secret_Token');
    const attempts = await callers.admin.emails.attempts({ id: id ?? '' });
    expect(attempts).toEqual([{ id: expect.any(String), attemptedAt: stored.sentAt, error: null }]);
  });

  it('runs passes on its own in the server process until stopped', async () => {
    const server = await smtpServer();
    await enqueue(3);
    const sender = startEmailSender(env.deps, { intervalMs: 10 });
    try {
      // Waits for the third message itself; nothing here calls runOnce, so only the loop sends.
      await vi.waitFor(() => expect(server.received).toHaveLength(3), { timeout: 10_000, interval: 10 });
    } finally {
      await sender.stop();
    }
    expect(await statuses()).toMatchObject({ sent: 3, pending: 0 });
    // Stopped: a message written now stays in the outbox, even when a pass is asked for.
    await enqueue(1, 'late');
    expect(await sender.runOnce()).toBe(0);
    expect(server.received).toHaveLength(3);
    expect(await statuses()).toMatchObject({ sent: 3, pending: 1 });
  });
});

describe('failures', () => {
  it('retries a refused recipient after 1, 5 and 15 minutes, then hourly, keeps every error, and gives up after 24 hours', async () => {
    let rcptAttempts = 0;
    await smtpServer({
      onRcptTo(_address, _session, callback) {
        rcptAttempts += 1;
        callback(smtpError(550, 'Mailbox unavailable'));
      },
    });
    const clock = manualClock();
    const [id = ''] = await enqueue(1);
    await writtenAt(clock.now().toISOString());
    const sender = manualSender({ now: clock.now });

    const delays: number[] = [];
    for (;;) {
      expect(await sender.runOnce()).toBe(0);
      const stored = await row(id);
      expect(stored.attempts).toBe(rcptAttempts);
      expect(stored.lastError).toBe('550 Mailbox unavailable');
      if (stored.status === 'failed') break;
      delays.push(Date.parse(stored.nextAttemptAt) - clock.ms);
      // Not due yet: a pass now attempts nothing.
      await sender.runOnce();
      expect(rcptAttempts).toBe(stored.attempts);
      clock.advance(delays[delays.length - 1] ?? 0);
    }
    expect(delays.slice(0, 6)).toEqual([60_000, 300_000, 900_000, 3_600_000, 3_600_000, 3_600_000]);
    // Attempts until the next one would come after 24 hours of waiting: 0, 1, 6, 21 minutes, then hourly.
    const waited = delays.reduce((sum, delay) => sum + delay, 0);
    expect(waited).toBeLessThanOrEqual(24 * 3_600_000);
    expect(waited + 3_600_000).toBeGreaterThan(24 * 3_600_000);
    expect(rcptAttempts).toBe(delays.length + 1);

    clock.advance(3_600_000);
    await sender.runOnce();
    expect(rcptAttempts).toBe(delays.length + 1);
    await sender.stop();

    const attempts = await callers.admin.emails.attempts({ id });
    expect(attempts.map((attempt) => attempt.error)).toEqual(Array.from({ length: rcptAttempts }, () => '550 Mailbox unavailable'));
    expect(attempts.map((attempt) => attempt.attemptedAt)).toEqual([...attempts.map((attempt) => attempt.attemptedAt)].sort());
  });

  it('gives up after the Give Up setting, in hours', async () => {
    await smtpServer({ onRcptTo: (_address, _session, callback) => callback(smtpError(550, 'Mailbox unavailable')) });
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, emailGiveUpHours: 1 });
    const clock = manualClock();
    const [id = ''] = await enqueue(1);
    await writtenAt(clock.now().toISOString());
    const sender = manualSender({ now: clock.now });
    for (const wait of [60_000, 300_000, 900_000]) {
      await sender.runOnce();
      expect(await row(id)).toMatchObject({ status: 'pending' });
      clock.advance(wait);
    }
    // The fourth failure, 21 minutes in: the next attempt would be past the hour.
    await sender.runOnce();
    await sender.stop();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 4 });
  });

  it('keeps the refusal of the message itself, and Retry sends a failed message again', async () => {
    let refuse = true;
    const server = await smtpServer({}, { onMessage: () => (refuse ? smtpError(554, 'Message rejected as spam') : undefined) });
    const [id = ''] = await enqueue(1);
    const clock = manualClock();
    // Written a day ago: its second failure is its last.
    await writtenAt(new Date(clock.ms - 23.95 * 3_600_000).toISOString(), clock.now().toISOString());
    const sender = manualSender({ now: clock.now });
    await sender.runOnce();
    clock.advance(60_000);
    await sender.runOnce();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2, lastError: '554 Message rejected as spam' });

    const retried = await callers.admin.emails.retry({ id });
    expect(retried).toMatchObject({ id, status: 'pending', attempts: 2 });
    expect(Date.parse(retried.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
    refuse = false;
    expect(await sender.runOnce()).toBe(1);
    await sender.stop();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(server.received).toHaveLength(1);
    const attempts = await callers.admin.emails.attempts({ id });
    expect(attempts.map((attempt) => attempt.error)).toEqual(['554 Message rejected as spam', '554 Message rejected as spam', null]);

    await expectTRPCError(callers.admin.emails.retry({ id }), 'PRECONDITION_FAILED', 'This message was already sent.');
  });

  it('records an unreachable server as an attempt', async () => {
    const server = await startSmtpServer();
    await server.close();
    await useSmtpServer(env.db, server);
    const [id = ''] = await enqueue(1);
    const sender = manualSender();
    await sender.runOnce();
    await sender.stop();
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'pending', attempts: 1 });
    expect(stored.lastError).toBe(`connect ECONNREFUSED 127.0.0.1:${server.port}`);
  });

  it('waits as a mail server does: 1, 5 and 15 minutes, then every hour', () => {
    expect([1, 2, 3, 4, 5, 30].map(retryDelayMs)).toEqual([60_000, 300_000, 900_000, 3_600_000, 3_600_000, 3_600_000]);
  });
});

describe('an SMTP outage', () => {
  it('retries on the schedule while the server is down, and drains the whole queue by itself once it is back', async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    await useSmtpServer(env.db, { port });
    const clock = manualClock();
    const sender = manualSender({ now: clock.now });
    await enqueue(5, 'waiting');
    await writtenAt(clock.now().toISOString());
    expect(await sender.runOnce()).toBe(0);
    expect(await statuses()).toMatchObject({ pending: 5, sent: 0 });
    // Twenty minutes later, still down: each has failed three times and waits for its hourly attempt.
    for (const wait of [60_000, 300_000, 900_000]) {
      clock.advance(wait);
      expect(await sender.runOnce()).toBe(0);
    }
    const waiting = await env.db.selectFrom('emailOutbox').select(['attempts', 'nextAttemptAt']).execute();
    expect(waiting.map((row) => row.attempts)).toEqual([4, 4, 4, 4, 4]);
    for (const row of waiting) expect(Date.parse(row.nextAttemptAt)).toBe(clock.ms + 3_600_000);

    // The server comes back; a new message goes, and everything that waited goes with it at once.
    const back = await smtpServer({}, { port });
    await enqueue(1, 'new');
    clock.advance(1_000);
    expect(await sender.runOnce()).toBe(6);
    await sender.stop();
    expect(await statuses()).toMatchObject({ pending: 0, sent: 6 });
    expect(back.received).toHaveLength(6);
  });

  it('makes waiting messages due after a restart too, once a send works', async () => {
    const down = await startSmtpServer();
    const port = down.port;
    await down.close();
    await useSmtpServer(env.db, { port });
    const clock = manualClock();
    const first = manualSender({ now: clock.now });
    await enqueue(2, 'waiting');
    await first.runOnce();
    await first.stop();
    // A new process, the server back: the first send that works brings the others along.
    const back = await smtpServer({}, { port });
    await enqueue(1, 'new');
    const second = manualSender({ now: clock.now });
    expect(await second.runOnce()).toBe(3);
    await second.stop();
    expect(back.received).toHaveLength(3);
  });

  it('leaves a message refused for itself on its schedule when others go out', async () => {
    await smtpServer({
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('refused')) callback(smtpError(550, 'Mailbox unavailable'));
        else callback();
      },
    });
    const clock = manualClock();
    const sender = manualSender({ now: clock.now });
    const [refused = ''] = await enqueue(1, 'refused');
    await sender.runOnce();
    const waitingUntil = (await row(refused)).nextAttemptAt;
    await enqueue(1, 'fine');
    clock.advance(1_000);
    expect(await sender.runOnce()).toBe(1);
    await sender.stop();
    // A refusal is no outage: the refused message keeps its own wait.
    expect((await row(refused)).nextAttemptAt).toBe(waitingUntil);
  });
});

describe('restart in the middle', () => {
  it('sends each message exactly once across a stop after K sends and a row stranded in sending', async () => {
    const N = 6;
    const K = 2;
    const running: { sender?: EmailSender } = {};
    const server = await smtpServer(
      {},
      {
        onMessage(_mail, accepted) {
          // SIGTERM arrives while the K-th message is being accepted.
          if (accepted + 1 === K) void running.sender?.stop();
          return undefined;
        },
      },
    );
    const ids = await enqueue(N);

    // One message per batch, so the stop lands between two messages (a stop finishes the batch in flight).
    const first = manualSender({ batchSize: 1 });
    running.sender = first;
    expect(await first.runOnce()).toBe(K);
    await first.stop();
    expect(await statuses()).toMatchObject({ sent: K, pending: N - K, sending: 0 });

    // A process killed after claiming a message but before the server took it leaves it 'sending'.
    const stranded = (await env.db.selectFrom('emailOutbox').select('id').where('status', '=', 'pending').orderBy('id').execute())[0]?.id ?? '';
    // Claimed long ago: with several instances only a send older than any real one counts as stranded.
    await env.db.updateTable('emailOutbox').set({ status: 'sending', updatedAt: '2020-01-01T00:00:00.000Z' }).where('id', '=', stranded).execute();
    expect(await statuses()).toMatchObject({ sent: K, pending: N - K - 1, sending: 1 });

    // The restart puts it back in line, and the new sender sends it with the rest.
    const second = manualSender();
    expect(await second.runOnce()).toBe(N - K);
    expect(await second.runOnce()).toBe(0);
    await second.stop();

    expect(await statuses()).toMatchObject({ sent: N, pending: 0, sending: 0, failed: 0 });
    const received = messageIdsReceived(server);
    expect(received).toHaveLength(N);
    expect(new Set(received).size).toBe(N);
    expect([...received].sort()).toEqual(ids.map((id) => `<outbox-${id}@127.0.0.1>`).sort());
    expect(server.received.flatMap((mail) => mail.rcptTo).sort()).toEqual(
      Array.from({ length: N }, (_, index) => `reader${index}@example.com`).sort(),
    );
  });

  it('two senders at once send each message once', async () => {
    const server = await smtpServer();
    await enqueue(12);
    const a = manualSender();
    const b = manualSender();
    const [sentByA, sentByB] = await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(sentByA + sentByB).toBe(12);
    expect(new Set(messageIdsReceived(server)).size).toBe(12);
    expect(server.received).toHaveLength(12);
  });
});
