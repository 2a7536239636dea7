// A full disk, for real: the data folder is a small tmpfs (mounted by this file, which needs root;
// skipped otherwise, except in CI), filled up while the site runs. Writes answer 503 with a sentence
// (never 500), the log gets one line naming the cause and the folder (never "cannot rollback"), the
// admins one alert however many requests fail, reads keep working, and once space is freed writes
// work again with no restart; nothing acknowledged is lost.
// @module-tag postgres
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { createFaultReporter } from './faults';
import { insertBookableSlot } from '@tests/support/fixtures';
import { buildTestApp, createAccount, createTestEnv, type TestAccount, type TestEnv } from '@tests/support/helpers';
import { onPostgres } from '@tests/support/postgres-env';
import { startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';

const canMount = process.getuid?.() === 0 && process.platform === 'linux';
const OUT_OF_SPACE = 'The server is out of disk space. Please try again later.';

describe.skipIf(onPostgres() || (!canMount && process.env.CI === undefined))('a full disk', () => {
  let mountPoint: string;
  let env: TestEnv;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let staff: TestAccount;
  const logged: string[] = [];

  beforeEach(async () => {
    mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'site-full-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mountPoint]);
    env = await createTestEnv({ dataDir: mountPoint });
    logged.length = 0;
    env.deps.faults = createFaultReporter({
      db: env.db,
      dataDir: mountPoint,
      publicOrigin: env.deps.config.publicOrigin,
      log: (line) => logged.push(line),
    });
    app = await buildTestApp(env);
    smtp = await startSmtpServer();
    await useSmtpServer(env.db, smtp);
    staff = await createAccount(env.db, 'admin');
  });

  afterEach(async () => {
    await env.deps.faults.settled();
    await app.close();
    await smtp.close();
    await env.close().catch(() => undefined);
    execFileSync('umount', ['-l', mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  /** Fills the rest of the disk with one file, which is removed to free the space again. */
  function fillDisk(): string {
    const filler = path.join(mountPoint, 'filler');
    const chunk = Buffer.alloc(256 * 1024, 1);
    const fd = fs.openSync(filler, 'w');
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      // The last bytes too, so that not even a page is left.
      for (let size = 64 * 1024; size >= 1; size = Math.floor(size / 2)) {
        try {
          for (;;) fs.writeSync(fd, Buffer.alloc(size, 1));
        } catch {
          // next, smaller size
        }
      }
    } finally {
      fs.closeSync(fd);
    }
    return filler;
  }

  function book(timeSlotId: string, email: string) {
    return app.inject({
      method: 'POST',
      url: '/api/trpc/bookings.create',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ timeSlotId, participantName: 'Ama Mensah', participantEmail: email }),
    });
  }

  it('answers writes 503, logs one line, alerts once, keeps reads, and heals once space is freed', async () => {
    const { slot } = await insertBookableSlot(env.db, null);
    const before = await book(slot.id, 'before@example.com');
    expect(before.statusCode).toBe(200);
    const acknowledged = (JSON.parse(before.body) as { result: { data: { id: string } } }).result.data.id;

    const filler = fillDisk();
    // Enough bookings that a page of the database or its log must grow.
    const refused: number[] = [];
    for (let index = 0; index < 60; index += 1) {
      const response = await book(slot.id, `full-${index}@example.com`);
      if (response.statusCode !== 200) {
        refused.push(response.statusCode);
        expect(JSON.parse(response.body)).toMatchObject({ error: { message: OUT_OF_SPACE, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } });
      }
    }
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused)).toEqual(new Set([503]));
    // Bookings that arrive together share one transaction (db/group-commit.ts): they are refused
    // the same way, not with a 500 from a savepoint the failed transaction took with it.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, index) => book(slot.id, `burst-${index}@example.com`)));
    for (const response of burst) {
      if (response.statusCode === 200) continue;
      expect(response.statusCode).toBe(503);
      expect(JSON.parse(response.body)).toMatchObject({ error: { message: OUT_OF_SPACE } });
    }

    // Reads still work: a staff read goes to the database, not a cache.
    const read = await app.inject({ method: 'GET', url: `/api/trpc/bookings.list?input=${encodeURIComponent('{}')}`, headers: { cookie: `${SESSION_COOKIE}=${staff.token}` } });
    expect(read.statusCode).toBe(200);

    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`Out of disk space: writes to the database in ${mountPoint} are refused (SQLITE_FULL`);
    expect(logged.join('\n')).not.toMatch(/cannot rollback/i);
    await env.deps.faults.settled();
    const alerts = smtp.received.filter((mail) => mail.raw.includes('out of disk space'));
    expect(alerts).toHaveLength(1);

    // Space is freed: the next write works, with no restart.
    fs.rmSync(filler);
    const after = await book(slot.id, 'after@example.com');
    expect(after.statusCode).toBe(200);
    const stored = await env.db.selectFrom('bookings').select('participantEmail').orderBy('createdAt').execute();
    expect(stored.map((row) => row.participantEmail)).toContain('before@example.com');
    expect(stored.map((row) => row.participantEmail)).toContain('after@example.com');
    expect(await env.db.selectFrom('bookings').select('id').where('id', '=', acknowledged).execute()).toHaveLength(1);
  });
});
