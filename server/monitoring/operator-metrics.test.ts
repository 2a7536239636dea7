// The metrics an operator's alerts are written on: the release running, requests in flight, the
// public-read cache's hits and rebuilds, e-mails being sent apart from waiting ones, the last
// backup, and on SQLite the write-ahead log's size and the waits for the write lock.
// @module-tag postgres
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { sqliteOf } from '@db/database';
import { buildApp } from '@server/app';
import { projectRoot } from '@server/core/env-file';
import { writeBackup } from '@server/backups/backups.service';
import { claimDueMessages, insertOutboxMessage } from '@server/email/outbox.repository';
import { callerFor, createAccount, createTestEnv, eventInput, type TestEnv } from '@tests/support/helpers';
import { onPostgres } from '@tests/support/postgres-env';
import { newId } from '@server/core/ids';

let env: TestEnv;
let app: FastifyInstance;

afterEach(async () => {
  await app.close();
  await env.close();
});

async function start(): Promise<void> {
  env = await createTestEnv();
  app = await buildApp(env.deps, { logger: false });
}

/** The samples of GET /metrics: `name{labels}` → value. */
async function scrape(): Promise<Map<string, number>> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  const values = new Map<string, number>();
  for (const line of response.body.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    values.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return values;
}

it('names the release: version from package.json and the database', async () => {
  await start();
  const { version } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
  const database = onPostgres() ? 'postgresql' : 'sqlite';
  expect((await scrape()).get(`site_build_info{version="${version}",database="${database}"}`)).toBe(1);
});

it('counts the requests in flight (the scrape itself) and none shed', async () => {
  await start();
  const values = await scrape();
  expect(values.get('site_http_requests_in_flight')).toBe(1);
  expect(values.get('site_http_requests_shed_total')).toBe(0);
});

it('counts public reads answered from memory apart from those rebuilt, a change making the next one a rebuild', async () => {
  await start();
  const read = async () => expect((await app.inject({ method: 'GET', url: '/api/trpc/events.list' })).statusCode).toBe(200);
  await read();
  await read();
  await read();
  let values = await scrape();
  expect(values.get('site_public_cache_rebuilds_total{kind="api"}')).toBe(1);
  expect(values.get('site_public_cache_hits_total{kind="api"}')).toBe(2);
  expect(values.get('site_public_cache_bytes')).toBeGreaterThan(0);
  await callerFor(env.deps, await createAccount(env.db, 'admin')).events.create(eventInput());
  await read();
  values = await scrape();
  expect(values.get('site_public_cache_rebuilds_total{kind="api"}')).toBe(2);
  expect(values.get('site_public_cache_hits_total{kind="api"}')).toBe(2);
});

it('reports e-mails being sent apart from those waiting', async () => {
  await start();
  for (const to of ['ama@example.com', 'kofi@example.com']) {
    await insertOutboxMessage(env.db, {
      kind: 'booking-received',
      toAddress: to,
      subject: 'Booking received',
      textBody: 'Text',
      htmlBody: '<p>Text</p>',
      ics: null,
      icsMethod: null,
      bookingId: null,
      lastError: null,
      nextAttemptAt: new Date(Date.now() - 1_000).toISOString(),
    });
  }
  // A sender claims one: it is 'sending' until the SMTP server answers.
  expect(await claimDueMessages(env.db, new Date().toISOString(), 1)).toHaveLength(1);
  const values = await scrape();
  expect(values.get('site_outbox_messages{state="waiting",kind="booking-received"}')).toBe(1);
  expect(values.get('site_outbox_messages{state="sending",kind="booking-received"}')).toBe(1);
  expect(values.get('site_outbox_messages{state="failed",kind="booking-received"}')).toBe(0);
});

it('counts webhook deliveries waiting and given up', async () => {
  await start();
  const { endpoint } = await callerFor(env.deps, await createAccount(env.db, 'admin')).webhooks.create({ url: 'https://93.184.215.14/hooks', events: ['contact.received'] });
  expect((await scrape()).get('site_webhook_deliveries{state="waiting"}')).toBe(0);
  for (const status of ['pending', 'pending', 'failed', 'delivered'] as const) {
    await env.db.insertInto('webhookDeliveries').values({ id: newId(), endpointId: endpoint.id, eventType: 'contact.received', subject: 'contact:x', payload: '{}', status }).execute();
  }
  const values = await scrape();
  expect(values.get('site_webhook_deliveries{state="waiting"}')).toBe(2);
  expect(values.get('site_webhook_deliveries{state="failed"}')).toBe(1);
});

it('tells when the last backup was made: 0 before the first', async () => {
  await start();
  expect((await scrape()).get('site_backup_last_success_timestamp_seconds')).toBe(0);
  const at = new Date('2026-11-27T03:00:00.000Z');
  await writeBackup({ sqlite: sqliteOf(env.db) ?? null, dataDir: env.dataDir, now: at });
  expect((await scrape()).get('site_backup_last_success_timestamp_seconds')).toBe(at.getTime() / 1000);
});

it.skipIf(onPostgres())("reports SQLite's write-ahead log size and its lock waits", async () => {
  await start();
  await callerFor(env.deps, await createAccount(env.db, 'admin')).events.create(eventInput());
  const values = await scrape();
  expect(values.get('site_sqlite_wal_bytes')).toBe(fs.statSync(path.join(env.dataDir, 'app.db-wal')).size);
  expect(values.get('site_sqlite_wal_bytes')).toBeGreaterThan(0);
  expect(values.get('site_sqlite_busy_waits_total')).toBe(0);
  expect(values.get('site_sqlite_busy_wait_seconds_total')).toBe(0);
  expect(values.get('site_sqlite_busy_refusals_total')).toBe(0);
});
