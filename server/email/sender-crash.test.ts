// E-mails once after a crash, measured with real processes: the server runs as a child process
// against a real SMTP server on loopback, is killed with SIGKILL at the worst moment (a message taken
// by the SMTP server on every connection, none of them recorded yet), and the sender of the next
// start sends the rest from the same file. What arrives twice is counted, not assumed. And when the database
// fails while the process lives on, the results it could not write are written later: nothing twice.
// @module-tag postgres
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFile, type DB, openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import { loadConfig } from '@server/core/config';
import { createDeps } from '@server/core/deps';
import { projectRoot } from '@server/core/env-file';
import { insertOutboxMessage } from './outbox.repository';
import { DEFAULT_MAX_CONNECTIONS, startEmailSender } from './sender';
import { refuseInserts } from '@tests/support/dialect';
import { createTestEnv, type TestEnv } from '@tests/support/helpers';
import { onPostgres } from '@tests/support/postgres-env';
import { parseMail, startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';

const MESSAGES = 40;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function enqueue(db: DB, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push(
      await insertOutboxMessage(db, {
        kind: 'admin-new-contact',
        toAddress: `reader${index}@example.com`,
        subject: `Message ${index}`,
        textBody: `Body ${index}`,
        htmlBody: `<p>Body ${index}</p>`,
        ics: null,
        icsMethod: null,
        bookingId: null,
        lastError: null,
        nextAttemptAt: new Date(Date.now() - 1_000).toISOString(),
      }),
    );
  }
  return ids;
}

function messageIds(server: TestSmtpServer): string[] {
  return server.received.map((mail) => parseMail(mail.raw).headers['message-id'] ?? '');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The server as `npm start` runs it (from source), on `dataDir`, with its output kept. */
function startServer(dataDir: string, port: number): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' };
  for (const name of ['PUBLIC_ORIGIN', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DATABASE_URL', 'CLIENT_DIR', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID']) {
    delete env[name];
  }
  // No built client: the API and the sender are what this test is about.
  env.CLIENT_DIR = path.join(dataDir, 'no-client');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: projectRoot, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { child, exited, output: () => output };
}

describe.skipIf(onPostgres())('a server killed while sending', () => {
  it(`sends again only the messages in flight, one per SMTP connection (${DEFAULT_MAX_CONNECTIONS}), and every other exactly once`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    // The first server's SMTP answers go out at once until a quarter of the messages are through;
    // from then on the server takes each message and holds its answer, and once a message waits on
    // every connection the process is killed: each of those the SMTP server has, none recorded.
    const answerFreely = MESSAGES / 4;
    const killed: { resolve: () => void } = { resolve: () => undefined };
    const killedNow = new Promise<void>((resolve) => (killed.resolve = resolve));
    let first: ReturnType<typeof startServer> | undefined;
    const never = new Promise<void>(() => undefined);
    const smtp = await startSmtpServer(
      {},
      {
        afterAccept(_mail, accepted) {
          if (first === undefined || accepted <= answerFreely) return undefined;
          if (accepted === answerFreely + DEFAULT_MAX_CONNECTIONS) {
            first.child.kill('SIGKILL');
            killed.resolve();
          }
          return never;
        },
      },
    );
    cleanups.push(() => smtp.close());

    const { db } = openDatabase(databaseFile(dataDir));
    await migrateToLatest(db);
    await useSmtpServer(db, smtp);
    const ids = await enqueue(db, MESSAGES);
    await db.destroy();

    first = startServer(dataDir, await freePort());
    await killedNow;
    await first.exited;
    const receivedAtKill = smtp.received.length;
    expect(receivedAtKill).toBe(answerFreely + DEFAULT_MAX_CONNECTIONS);

    // The restart (the sender as the next start runs it, on the same file): whatever the first
    // process recorded stays sent; what it claimed and did not record goes back in line and out again.
    first = undefined;
    const reopened = openDatabase(databaseFile(dataDir));
    cleanups.push(() => reopened.db.destroy());
    const deps = createDeps(reopened.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '3000' }));
    const sender = startEmailSender(deps, { intervalMs: null });
    expect(await sender.runOnce()).toBe(MESSAGES - answerFreely);
    expect(await sender.runOnce()).toBe(0);
    await sender.stop();

    const received = messageIds(smtp);
    expect([...new Set(received)].sort()).toEqual(ids.map((id) => `<outbox-${id}@127.0.0.1>`).sort());
    const duplicates = received.length - MESSAGES;
    expect(duplicates).toBe(DEFAULT_MAX_CONNECTIONS);
    const statuses = await reopened.db.selectFrom('emailOutbox').select('status').execute();
    expect(statuses.map((row) => row.status)).toEqual(Array.from({ length: MESSAGES }, () => 'sent'));
  }, 120_000);
});

describe('a database that fails in the middle of a pass', () => {
  let env: TestEnv;

  it('keeps the results it could not write, writes them at the next pass, and sends nothing twice', async () => {
    env = await createTestEnv();
    cleanups.push(() => env.close());
    await env.db.updateTable('users').set({ notifySystemAlerts: 0 }).execute();
    let restore: (() => Promise<void>) | undefined;
    let refusing: Promise<void> | undefined;
    // The database refuses every write from the moment the SMTP server takes the 8th message. Every
    // message taken from then on waits for the refusal to be in place before it is answered: on
    // PostgreSQL creating the trigger takes a while, and the other connections must not record
    // (and go on sending) in the meantime.
    const smtp = await startSmtpServer(
      {},
      {
        afterAccept(_mail, accepted) {
          if (accepted < 8) return undefined;
          refusing ??= refuseInserts(env.db, 'email_attempts', 'the database went away').then((undo) => {
            restore = undo;
          });
          return refusing;
        },
      },
    );
    cleanups.push(() => smtp.close());
    await useSmtpServer(env.db, smtp);
    const ids = await enqueue(env.db, 20);

    const sender = startEmailSender(env.deps, { intervalMs: null });
    cleanups.push(() => sender.stop());
    await expect(sender.runOnce()).rejects.toThrow('the database went away');
    const afterOutage = smtp.received.length;
    // Only the messages already on their connections when the writes failed went out.
    expect(afterOutage).toBeGreaterThanOrEqual(8);
    expect(afterOutage).toBeLessThanOrEqual(7 + DEFAULT_MAX_CONNECTIONS);

    // The database is back: the next pass writes what it kept, then sends the rest.
    await restore?.();
    expect(await sender.runOnce()).toBe(20 - afterOutage);
    const received = messageIds(smtp);
    expect(received).toHaveLength(20);
    expect([...received].sort()).toEqual(ids.map((id) => `<outbox-${id}@127.0.0.1>`).sort());
    const rows = await env.db.selectFrom('emailOutbox').select(['status', 'attempts']).execute();
    expect(rows.map((row) => `${row.status} ${row.attempts}`)).toEqual(Array.from({ length: 20 }, () => 'sent 1'));
  });
});
