// Several instances of the site on one PostgreSQL database (each with its own pool, caches and
// limits, as separate processes have): bookings never overfill a slot and waitlist promotion never
// promotes more than the seats that freed up, whichever instance takes the request. PostgreSQL only:
// on SQLite one process owns the file.
// @module-tag postgres
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { deleteBooking } from '@server/bookings/bookings.service';
import { startEmailSender } from '@server/email/sender';
import { startScheduler } from '@server/scheduler/scheduler';
import { systemContext } from './service-context';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBookableSlot, insertBookingRow } from '@tests/support/fixtures';
import { listenToInstances } from '@db/pg-notify';
import { sql } from 'kysely';
import { migrateToLatest } from '@db/migrate';
import { openPostgres, poolOf } from '@db/postgres';
import { createLimits } from './deps';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { createAccount, createTestEnv, eventInput, SAME_ORIGIN, type TestEnv } from '@tests/support/helpers';
import { onPostgres, secondInstance } from '@tests/support/postgres-env';
import { startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';

const REQUESTS = 40;
const CAPACITY = 5;
const STAFF = { ip: '127.0.0.1', name: 'test' };

describe.runIf(onPostgres())('two instances on one PostgreSQL database', () => {
  let env: TestEnv;
  let second: ReturnType<typeof secondInstance>;
  let apps: FastifyInstance[];
  let origins: string[];

  beforeEach(async () => {
    env = await createTestEnv();
    second = secondInstance(env);
    apps = [await buildApp(env.deps, { logger: false }), await buildApp(second.deps, { logger: false })];
    origins = [];
    for (const app of apps) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('The test server has no TCP address');
      origins.push(`http://127.0.0.1:${address.port}`);
    }
  });

  afterEach(async () => {
    for (const app of apps) await app.close();
    await second.close();
    await env.close();
  });

  it(`${REQUESTS} simultaneous bookings spread over both fill ${CAPACITY} seats and waitlist the rest`, async () => {
    const { slot } = await insertBookableSlot(env.db, CAPACITY);
    const responses = await Promise.all(
      Array.from({ length: REQUESTS }, (_, index) =>
        fetch(`${origins[index % 2]}/api/trpc/bookings.create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
          body: JSON.stringify({
            timeSlotId: slot.id,
            participantName: `Visitor ${index}`,
            participantEmail: `visitor${index}@example.com`,
          }),
        }).then(async (response) => ({ status: response.status, body: (await response.json()) as { result?: { data?: { status?: string } } } })),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: REQUESTS }, () => 200));
    const answered = responses.map((response) => response.body.result?.data?.status);
    expect(answered.filter((status) => status === 'pending')).toHaveLength(CAPACITY);
    expect(answered.filter((status) => status === 'waitlisted')).toHaveLength(REQUESTS - CAPACITY);
    const stored = await env.db.selectFrom('bookings').select('status').where('timeSlotId', '=', slot.id).execute();
    expect(stored.filter((row) => row.status === 'pending')).toHaveLength(CAPACITY);
    expect(stored).toHaveLength(REQUESTS);
  });

  it('lets instances started together migrate a new database side by side', async () => {
    const url = env.postgres?.url ?? '';
    const schema = `${env.postgres?.schema ?? ''}_fresh`;
    await sql.raw(`create schema ${schema}`).execute(env.db);
    const starting = Array.from({ length: 4 }, () => openPostgres(url, { schema, max: 2 }).db);
    try {
      // Each start replaces the SQLite-compatible functions, then migrates; none may fail.
      const results = await Promise.allSettled(starting.map((db) => migrateToLatest(db)));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const tables = await sql<{ n: string }>`select count(*) as n from information_schema.tables where table_schema = ${schema} and table_name = 'setup_links'`.execute(env.db);
      expect(Number(tables.rows[0]?.n)).toBe(1);
    } finally {
      await Promise.all(starting.map((db) => db.destroy()));
      await sql.raw(`drop schema ${schema} cascade`).execute(env.db);
    }
  });

  it('promotes one waitlisted booking per freed seat when seat holders leave through both at once', async () => {
    const { event, slot } = await insertBookableSlot(env.db, CAPACITY);
    const holders = [];
    for (let index = 0; index < CAPACITY; index += 1) {
      holders.push(await insertBookingRow(env.db, slot, event.id, { status: 'pending', createdAt: `2026-01-01T00:00:0${index}.000Z` }));
    }
    const waiting = [];
    for (let index = 0; index < 8; index += 1) {
      waiting.push(await insertBookingRow(env.db, slot, event.id, { status: 'waitlisted', createdAt: `2026-01-02T00:00:0${index}.000Z` }));
    }
    // Three seats free up at the same moment, through alternating instances.
    await Promise.all(holders.slice(0, 3).map((holder, index) => deleteBooking(systemContext(index % 2 === 0 ? env.deps : second.deps, STAFF), { id: holder.id })));
    const rows = await env.db.selectFrom('bookings').select(['id', 'status']).where('timeSlotId', '=', slot.id).execute();
    const byId = new Map(rows.map((row) => [row.id, row.status]));
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(CAPACITY);
    // The three oldest on the waitlist, no more.
    expect(waiting.map((booking) => byId.get(booking.id))).toEqual([
      'pending',
      'pending',
      'pending',
      'waitlisted',
      'waitlisted',
      'waitlisted',
      'waitlisted',
      'waitlisted',
    ]);
  });

  it('delivers a burst of messages written on both instances once each, with both senders running', async () => {
    const BURST = 30;
    let allArrived: () => void = () => undefined;
    const delivered = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    const smtp: TestSmtpServer = await startSmtpServer(
      {},
      {
        onMessage(_mail, accepted) {
          if (accepted + 1 === BURST) allArrived();
          return undefined;
        },
      },
    );
    await useSmtpServer(env.db, smtp);
    // Both senders loop and wake on any instance's new message (LISTEN/NOTIFY), as in production.
    const senders = [startEmailSender(env.deps, { intervalMs: 60_000 }), startEmailSender(second.deps, { intervalMs: 60_000 })];
    try {
      const { slot } = await insertBookableSlot(env.db, null);
      await Promise.all(
        Array.from({ length: BURST }, (_, index) =>
          fetch(`${origins[index % 2]}/api/trpc/bookings.create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
            body: JSON.stringify({ timeSlotId: slot.id, participantName: `Guest ${index}`, participantEmail: `guest${index}@example.com` }),
          }),
        ),
      );
      await delivered;
      // Let any duplicate that was on its way arrive before counting: both senders finish their pass.
      await Promise.all(senders.map((sender) => sender.runOnce()));
      const recipients = smtp.received.flatMap((mail) => mail.rcptTo).sort();
      expect(recipients).toEqual(Array.from({ length: BURST }, (_, index) => `guest${index}@example.com`).sort());
      const statuses = await env.db.selectFrom('emailOutbox').select('status').execute();
      expect(statuses.every((row) => row.status === 'sent')).toBe(true);
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
      await smtp.close();
    }
  });

  it('writes one reminder per due booking when both instances run their scheduler at once', async () => {
    const { event, slot } = await insertBookableSlot(env.db, null);
    for (let index = 0; index < 6; index += 1) {
      await insertBookingRow(env.db, slot, event.id, { email: `early${index}@example.com`, createdAt: '2026-01-01T00:00:00.000Z' });
    }
    // The slot starts in 24 hours; at 20 hours before it every booking is inside the reminder window.
    const at = new Date(Date.parse(slot.startTime) - 20 * 3_600_000);
    const schedulers = [env.deps, second.deps].map((deps) => startScheduler(deps, { intervalMs: null, now: () => at }));
    const results = await Promise.all([...schedulers, ...schedulers].map((scheduler) => scheduler.runOnce()));
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    expect(results.reduce((sum, result) => sum + result.reminders, 0)).toBe(6);
    const reminders = await env.db.selectFrom('emailOutbox').select('toAddress').where('kind', '=', 'booking-reminder').execute();
    expect(reminders.map((row) => row.toAddress).sort()).toEqual(Array.from({ length: 6 }, (_, index) => `early${index}@example.com`).sort());
  });

  it('shows a staff change made on one instance at once on the other, whose public reads were cached, forgetting only what it touched', async () => {
    const admin = await createAccount(env.db, 'admin');
    const titles = async (origin: string) => {
      const response = await fetch(`${origin}/api/trpc/events.list`, { headers: { origin: SAME_ORIGIN } });
      const body = (await response.json()) as { result: { data: Array<{ title: string }> } };
      return body.result.data.map((event) => event.title);
    };
    expect(await titles(origins[1] ?? '')).toEqual([]);
    expect((await fetch(`${origins[1]}/api/trpc/settings.public`)).status).toBe(200);
    expect(second.deps.publicReads.size).toBe(2);
    // Heard on the second instance's connection right after its cache's own listener.
    let heard: () => void = () => undefined;
    const notified = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const stopListening = await listenToInstances(second.db, 'public-reads', () => heard());
    const created = await fetch(`${origins[0]}/api/trpc/events.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, cookie: `${SESSION_COOKIE}=${admin.token}` },
      body: JSON.stringify(eventInput({ title: 'Diaspora Exchange' })),
    });
    expect(created.status).toBe(200);
    await notified;
    await stopListening();
    // Only what shows events is forgotten there: the settings stay kept.
    expect(second.deps.publicReads.size).toBe(1);
    expect(second.deps.publicReads.keys()[0]).toContain('settings.public');
    expect(await titles(origins[1] ?? '')).toEqual(['Diaspora Exchange']);
  });

  it('holds a rate limit across instances: their hits count together', async () => {
    const [first, other] = [env.db, second.db].map((db) => createLimits({ publicFormsPerWindow: 3 }, {}, poolOf(db)));
    const verdicts = [];
    for (const limits of [first, other, first, other, first]) verdicts.push((await limits?.publicForms.hit('203.0.113.7'))?.allowed);
    expect(verdicts).toEqual([true, true, true, false, false]);
    // Another address has its own count.
    expect((await other?.publicForms.hit('203.0.113.8'))?.allowed).toBe(true);
    // Sign-in failures too: a burst of parallel guesses through both stops at the limit.
    const credentials = [env.db, second.db].map((db) => createLimits({ signInFreeFailuresPerEmail: 4 }, {}, poolOf(db)).credentials);
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, index) => credentials[index % 2]?.attempt('admin@example.com', '203.0.113.9')),
    );
    expect(attempts.filter((verdict) => verdict?.allowed)).toHaveLength(4);
  });
});
