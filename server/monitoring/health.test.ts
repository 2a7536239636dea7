// GET /healthz, /readyz and /metrics over real HTTP, on SQLite and (npm run test:pg) PostgreSQL:
// liveness touches nothing; readiness names the check that fails (a database out of reach, a
// migration not run, a data folder that takes no write, a shutdown) and stays ready while the app's
// connections are all busy (load is not a fault); metrics answer
// this machine or the token only, move when bookings, messages, e-mails and refusals happen, and
// never carry personal data in a label. Readiness through a real PostgreSQL restart is in
// postgres-restart.test.ts.
// @module-tag postgres
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateTOTP } from '@oslojs/otp';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFile, type DB } from '@db/database';
import { openPostgres, poolOf } from '@db/postgres';
import { buildApp } from '@server/app';
import { createDeps } from '@server/core/deps';
import { SiteMetrics } from './site-metrics';
import { appRouter } from '@server/router';
import { Readiness } from './readiness.service';
import { startEmailSender } from '@server/email/sender';
import { insertBookableSlot } from '@tests/support/fixtures';
import { callerFor, createAccount, createTestEnv, SAME_ORIGIN, TEST_PASSWORD, type TestEnv } from '@tests/support/helpers';
import { onPostgres, reopenDatabase } from '@tests/support/postgres-env';
import { startSmtpServer, useSmtpServer } from '@tests/support/smtp';

interface Started {
  env: TestEnv;
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  origin: string;
}

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listen(app: FastifyInstance, host = '127.0.0.1'): Promise<number> {
  await app.listen({ port: 0, host });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

async function start(options: Parameters<typeof createTestEnv>[0] = {}): Promise<Started> {
  const env = await createTestEnv(options);
  cleanups.push(() => env.close());
  const app = await buildApp(env.deps, { logger: false });
  cleanups.push(() => app.close());
  return { env, app, origin: `http://127.0.0.1:${await listen(app)}` };
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers });
  return { status: response.status, body: await response.json() };
}

/** The sample lines of a Prometheus text answer: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    values.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return values;
}

async function scrape(origin: string): Promise<{ text: string; values: Map<string, number> }> {
  const response = await fetch(`${origin}/metrics`);
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, values: samples(text) };
}

/** Closes a connection for good (a query first: Kysely opens its driver lazily, and only closes an open one). */
async function closeForGood(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
  await db.destroy();
}

function post(origin: string, procedure: string, input: unknown, headers: Record<string, string> = {}) {
  return fetch(`${origin}/api/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, ...headers },
    body: JSON.stringify(input),
  });
}

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"} with the version without touching the database, even once it is closed', async () => {
    const { env, origin } = await start();
    const version: unknown = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')).version;
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(await getJson(`${origin}/healthz`)).toEqual({ status: 200, body: { status: 'ok', version } });

    // An app on its own connection, which is then closed: liveness does not notice.
    const reopened = reopenDatabase(env);
    const app = await buildApp(createDeps(reopened.db, env.deps.config), { logger: false });
    cleanups.push(() => app.close());
    const port = await listen(app);
    await closeForGood(reopened.db);
    expect(await getJson(`http://127.0.0.1:${port}/healthz`)).toEqual({ status: 200, body: { status: 'ok', version } });
  });
});

describe('GET /readyz', () => {
  it('answers 200 with every check passing', async () => {
    const { origin } = await start();
    expect(await getJson(`${origin}/readyz`)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: { ok: true }, migrations: { ok: true }, dataDir: { ok: true } } },
    });
  });

  it('answers 503 naming the database when it cannot be reached', async () => {
    const { env } = await start();
    // A real fault: on SQLite the file is gone, on PostgreSQL nothing listens where the site looks.
    let db: DB;
    if (env.postgres === undefined) {
      fs.rmSync(databaseFile(env.dataDir));
      db = env.db;
    } else {
      db = openPostgres('postgres://site@127.0.0.1:1/site').db;
      cleanups.push(() => db.destroy());
    }
    const deps = createDeps(db, env.deps.config);
    cleanups.push(() => deps.readiness.close());
    const app = await buildApp(deps, { logger: false });
    cleanups.push(() => app.close());
    const port = await listen(app);
    const { status, body } = await getJson(`http://127.0.0.1:${port}/readyz`);
    expect(status).toBe(503);
    expect(body).toEqual({
      status: 'unready',
      checks: {
        database: { ok: false, error: env.postgres === undefined ? 'the database did not answer (SQLITE_CANTOPEN)' : 'the database did not answer (ECONNREFUSED)' },
        migrations: { ok: false, error: 'not checked: the database did not answer' },
        dataDir: { ok: true },
      },
    });
    // The metrics still answer: that is when a monitor needs them.
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^site_ready 0$/m);
  });

  it.skipIf(onPostgres())('turns unready when the SQLite file goes while it runs: the checks\' kept connection does not hide it', async () => {
    const { env, origin } = await start();
    expect((await getJson(`${origin}/readyz`)).status).toBe(200);
    fs.rmSync(databaseFile(env.dataDir));
    expect(await getJson(`${origin}/readyz`)).toEqual({
      status: 503,
      body: {
        status: 'unready',
        checks: {
          database: { ok: false, error: 'the database did not answer (SQLITE_CANTOPEN)' },
          migrations: { ok: false, error: 'not checked: the database did not answer' },
          dataDir: { ok: true },
        },
      },
    });
  });

  it('stays ready while every connection of the app is busy and queries wait for one (load, not a fault)', async () => {
    const { env } = await start();
    // The app on one connection (PostgreSQL: a pool of one), held by a transaction that waits,
    // with a query queued behind it: what a pool saturated by bookings looks like.
    const own = env.postgres === undefined ? reopenDatabase(env).db : openPostgres(env.postgres.url, { schema: env.postgres.schema, max: 1 }).db;
    cleanups.push(() => own.destroy());
    const deps = createDeps(own, env.deps.config);
    cleanups.push(() => deps.readiness.close());
    const app = await buildApp(deps, { logger: false });
    cleanups.push(() => app.close());
    const port = await listen(app);
    let finish = () => undefined as void;
    const holding = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let began = () => undefined as void;
    const begun = new Promise<void>((resolve) => {
      began = resolve;
    });
    const transaction = own.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      began();
      await holding;
    });
    await begun;
    const queued = sql`select 2 as two`.execute(own);
    try {
      expect(await getJson(`http://127.0.0.1:${port}/readyz`)).toEqual({
        status: 200,
        body: { status: 'ready', checks: { database: { ok: true }, migrations: { ok: true }, dataDir: { ok: true } } },
      });
      const { values } = await scrape(`http://127.0.0.1:${port}`);
      expect(values.get('site_ready')).toBe(1);
      // PostgreSQL: the one waiting query is the app's; the scrape's own counts never join the queue.
      if (env.postgres !== undefined) expect(values.get('site_db_pool_waiting')).toBe(1);
    } finally {
      finish();
      await transaction;
      await queued;
    }
  });

  it('answers 503 naming the migration that has not run', async () => {
    const { env, origin } = await start();
    await env.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '2026-11-27_120_outbox_state_index' as never).execute();
    const { status, body } = await getJson(`${origin}/readyz`);
    expect(status).toBe(503);
    expect(body).toEqual({
      status: 'unready',
      checks: {
        database: { ok: true },
        migrations: { ok: false, error: '1 migration has not run: 2026-11-27_120_outbox_state_index' },
        dataDir: { ok: true },
      },
    });
  });

  it('answers 503 when the data folder takes no write, giving the error code and no path', async () => {
    const { env, origin } = await start();
    // The folder replaced by a file: every write into it fails with ENOTDIR (root ignores permissions).
    const moved = `${env.dataDir}-moved`;
    fs.renameSync(env.dataDir, moved);
    fs.writeFileSync(env.dataDir, 'not a folder');
    cleanups.push(async () => {
      fs.rmSync(env.dataDir, { force: true });
      fs.renameSync(moved, env.dataDir);
    });
    const { status, body } = await getJson(`${origin}/readyz`);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'unready', checks: { dataDir: { ok: false, error: 'the data folder is not writable (ENOTDIR)' } } });
    expect(JSON.stringify(body)).not.toContain(env.dataDir);
  });

  it('shares one run of the checks between probes that arrive together, and logs a change of answer once', async () => {
    const { env } = await start();
    const lines: string[] = [];
    // A folder of the check's own, apart from the database's, so only the folder check fails.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-readyz-'));
    cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
    const readiness = new Readiness({ db: env.db, dataDir: folder, log: (level, line) => lines.push(`${level}: ${line}`) });
    cleanups.push(() => readiness.close());
    const [first, second] = [readiness.check(), readiness.check()];
    expect(first).toBe(second);
    expect((await first).ready).toBe(true);

    const moved = `${folder}-moved`;
    fs.renameSync(folder, moved);
    fs.writeFileSync(folder, 'not a folder');
    expect((await readiness.check()).ready).toBe(false);
    expect((await readiness.check()).ready).toBe(false);
    fs.rmSync(folder);
    fs.renameSync(moved, folder);
    expect((await readiness.check()).ready).toBe(true);
    expect(lines).toEqual(['warn: Not ready: dataDir: the data folder is not writable (ENOTDIR).', 'info: Ready again: every readiness check passes.']);
  });

  it('gives the scrape an answer at most 5 s old, and a fresh one after that or once a shutdown began', async () => {
    const { env } = await start();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-readyz-'));
    cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
    let clock = Date.UTC(2026, 10, 28, 9);
    const readiness = new Readiness({ db: env.db, dataDir: folder, now: () => clock });
    cleanups.push(() => readiness.close());
    expect((await readiness.recent(5_000)).ready).toBe(true);
    const moved = `${folder}-moved`;
    fs.renameSync(folder, moved);
    fs.writeFileSync(folder, 'not a folder');
    cleanups.push(async () => {
      fs.rmSync(folder, { force: true });
      fs.renameSync(moved, folder);
    });
    clock += 5_000;
    expect((await readiness.recent(5_000)).ready).toBe(true);
    clock += 1;
    expect((await readiness.recent(5_000)).checks.dataDir).toEqual({ ok: false, error: 'the data folder is not writable (ENOTDIR)' });
    readiness.drain();
    expect((await readiness.recent(5_000)).checks).toEqual({ shutdown: { ok: false, error: 'the server is shutting down' } });
  });

  it('answers 503 at once after a shutdown began, while liveness stays 200', async () => {
    const { env, origin } = await start();
    env.deps.readiness.drain();
    expect(await getJson(`${origin}/readyz`)).toEqual({
      status: 503,
      body: { status: 'unready', checks: { shutdown: { ok: false, error: 'the server is shutting down' } } },
    });
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  });

});

describe('GET /metrics: who may read it', () => {
  it('answers a direct request from this machine in the Prometheus text format', async () => {
    const { origin } = await start();
    const response = await fetch(`${origin}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    for (const family of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_gc_duration_seconds']) {
      expect(text).toContain(`# TYPE ${family} `);
    }
    // The process's own metrics appear once, however many apps this process runs.
    expect(text.match(/^# TYPE process_cpu_seconds_total /gm)).toHaveLength(1);
  });

  it('answers 404 to a request a proxy forwarded, unless TRUST_PROXY names a client on this machine', async () => {
    const plain = await start();
    const forwarded: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }];
    for (const header of forwarded) {
      expect(await getJson(`${plain.origin}/metrics`, header)).toEqual({ status: 404, body: { error: { message: 'Not found' } } });
    }
    const proxied = await start({ env: { TRUST_PROXY: '1' } });
    expect((await fetch(`${proxied.origin}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
    expect((await fetch(`${proxied.origin}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(200);
  });

  it('answers 404 to another machine, and 200 to it with the METRICS_TOKEN', async (ctx) => {
    // This machine's own non-loopback address: a connection to it comes from it, not from loopback.
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)?.address;
    if (outside === undefined) return ctx.skip();
    const token = 'a-metrics-token-of-32-characters';
    const env = await createTestEnv({ env: { METRICS_TOKEN: token } });
    cleanups.push(() => env.close());
    const app = await buildApp(env.deps, { logger: false });
    cleanups.push(() => app.close());
    const url = `http://${outside}:${await listen(app, '0.0.0.0')}/metrics`;
    expect(await getJson(url)).toEqual({ status: 404, body: { error: { message: 'Not found' } } });
    expect((await fetch(url, { headers: { authorization: `Bearer ${token}x` } })).status).toBe(404);
    expect((await fetch(url, { headers: { authorization: `Basic ${token}` } })).status).toBe(404);
    const allowed = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('# TYPE site_http_requests_total counter');
  });

  it('answers 404 to everyone with METRICS=false, and counts nothing', async () => {
    const { env, origin } = await start({ env: { METRICS: 'false' } });
    expect(await getJson(`${origin}/metrics`)).toEqual({ status: 404, body: { error: { message: 'Not found' } } });
    expect(await env.deps.metrics.registry.getSingleMetricAsString('site_http_requests_total')).not.toContain('/metrics');
  });
});

describe('GET /metrics: what it counts', () => {
  it('counts requests by procedure, route pattern, page, batch or unknown, with their latency', async () => {
    const { origin } = await start();
    await fetch(`${origin}/api/trpc/events.list`);
    await fetch(`${origin}/api/trpc/events.list`);
    await fetch(`${origin}/api/trpc/events.list,homePage.get?batch=1&input=%7B%7D`);
    await fetch(`${origin}/api/trpc/no.such.procedure`);
    await fetch(`${origin}/booking/some-event-id`);
    await fetch(`${origin}/api/nothing-here`);
    await fetch(`${origin}/healthz`);
    const { values } = await scrape(origin);
    expect(values.get('site_http_requests_total{method="GET",route="events.list",status_class="2xx"}')).toBe(2);
    expect(values.get('site_http_requests_total{method="GET",route="(batch)",status_class="2xx"}')).toBe(1);
    expect(values.get('site_http_requests_total{method="GET",route="(unknown procedure)",status_class="4xx"}')).toBe(1);
    expect(values.get('site_http_requests_total{method="GET",route="(page)",status_class="2xx"}')).toBe(1);
    expect(values.get('site_http_requests_total{method="GET",route="(not found)",status_class="4xx"}')).toBe(1);
    expect(values.get('site_http_requests_total{method="GET",route="/healthz",status_class="2xx"}')).toBe(1);
    expect(values.get('site_http_request_duration_seconds_count{method="GET",route="events.list"}')).toBe(2);
    expect(values.get('site_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="events.list"}')).toBe(2);
  });

  it('moves with bookings, contact messages, sign-in and code failures and limit refusals', async () => {
    const { env, origin } = await start({ limits: { publicFormsPerWindow: 2 } });
    const { slot } = await insertBookableSlot(env.db, 1);
    const book = (email: string) => post(origin, 'bookings.create', { timeSlotId: slot.id, participantName: 'Ama Owusu', participantEmail: email });
    expect((await book('ama@example.com')).status).toBe(200);
    expect((await book('kwame@example.com')).status).toBe(200); // the slot is full: waitlisted
    expect((await post(origin, 'contacts.submit', { name: 'Kofi Mensah', email: 'kofi@example.com', message: 'We plan to open in Lagos.' })).status).toBe(200);
    // The third booking from this address within the window is refused (each form has its own count).
    expect((await book('esi@example.com')).status).toBe(429);

    const admin = await createAccount(env.db, 'admin');
    expect((await post(origin, 'auth.signIn', { email: admin.user.email, password: 'not-the-password' })).status).toBe(401);

    // A wrong second-factor code.
    const own = callerFor(env.deps, admin);
    const { secret } = await own.auth.twoFactor.setup();
    const key = decodeBase32IgnorePadding(secret);
    await own.auth.twoFactor.enable({ password: TEST_PASSWORD, code: generateTOTP(key, 30, 6) });
    const challenged = await post(origin, 'auth.signIn', { email: admin.user.email, password: TEST_PASSWORD });
    const cookie = (challenged.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const wrong = generateTOTP(key, 30, 6) === '123456' ? '654321' : '123456';
    expect((await post(origin, 'auth.verifyTwoFactor', { code: wrong }, { cookie })).status).toBe(401);

    const { values } = await scrape(origin);
    expect(values.get('site_bookings_created_total{kind="public",state="pending"}')).toBe(1);
    expect(values.get('site_bookings_created_total{kind="public",state="waitlisted"}')).toBe(1);
    expect(values.get('site_contact_messages_total')).toBe(1);
    expect(values.get('site_rate_limit_refusals_total{limit="public-forms"}')).toBe(1);
    expect(values.get('site_sign_in_failures_total')).toBe(1);
    expect(values.get('site_two_factor_failures_total')).toBe(1);
  });

  it('counts staff bookings apart from public ones', async () => {
    const { env, origin } = await start();
    const { slot } = await insertBookableSlot(env.db, 5);
    const admin = await createAccount(env.db, 'admin');
    await callerFor(env.deps, admin).bookings.adminCreate({ timeSlotId: slot.id, status: 'confirmed', participantName: 'Yaw Darko', participantEmail: 'yaw@example.com' });
    const { values } = await scrape(origin);
    expect(values.get('site_bookings_created_total{kind="staff",state="confirmed"}')).toBe(1);
    expect([...values.keys()].filter((key) => key.startsWith('site_bookings_created_total{kind="public"'))).toEqual([]);
  });

  it('reports the outbox by state and kind, the oldest waiting message, sends and failed sends', async () => {
    const { env, origin } = await start();
    const { slot } = await insertBookableSlot(env.db, 5);
    expect((await post(origin, 'bookings.create', { timeSlotId: slot.id, participantName: 'Ama Owusu', participantEmail: 'ama@example.com' })).status).toBe(200);
    let { values } = await scrape(origin);
    expect(values.get('site_outbox_messages{state="waiting",kind="booking-received"}')).toBe(1);
    expect(values.get('site_outbox_messages{state="failed",kind="booking-received"}')).toBe(0);
    expect(values.get('site_outbox_oldest_waiting_seconds')).toBeGreaterThanOrEqual(0);

    // The age with a clock of its own, ten minutes after the message was written.
    const [written] = await env.db.selectFrom('emailOutbox').select('createdAt').where('kind', '=', 'booking-received').execute();
    if (written === undefined) throw new Error('no message');
    const later = new SiteMetrics({ db: env.db, now: () => Date.parse(written.createdAt) + 600_000 });
    expect(samples(await later.registry.metrics()).get('site_outbox_oldest_waiting_seconds')).toBe(600);

    // The first message is refused by the mail server, then everything goes.
    let refuse = true;
    const smtp = await startSmtpServer({}, { onMessage: () => (refuse ? Object.assign(new Error('mailbox busy'), { responseCode: 451 }) : undefined) });
    cleanups.push(() => smtp.close());
    await useSmtpServer(env.db, smtp);
    const sender = startEmailSender(env.deps, { intervalMs: null });
    cleanups.push(() => sender.stop());
    await sender.runOnce();
    ({ values } = await scrape(origin));
    expect(values.get('site_email_send_failures_total{kind="booking-received"}')).toBe(1);
    refuse = false;
    await env.db.updateTable('emailOutbox').set({ nextAttemptAt: new Date(0).toISOString() }).execute();
    await sender.runOnce();
    ({ values } = await scrape(origin));
    expect(values.get('site_emails_sent_total{kind="booking-received"}')).toBe(1);
    expect(values.get('site_outbox_messages{state="waiting",kind="booking-received"}')).toBe(0);
    expect(values.get('site_outbox_oldest_waiting_seconds')).toBe(0);
  });

  it('reports readiness, and on PostgreSQL the pool', async () => {
    const { env, origin } = await start();
    expect((await scrape(origin)).values.get('site_ready')).toBe(1);
    const pool = poolOf(env.db);
    if (pool !== undefined) {
      // A connection held by someone else shows as in use (the scrape's own queries may add to it).
      const held = await pool.connect();
      try {
        const { values } = await scrape(origin);
        expect(values.get('site_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(1);
        expect(values.get('site_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
        expect(values.get('site_db_pool_waiting')).toBeGreaterThanOrEqual(0);
      } finally {
        held.release();
      }
    }
    env.deps.readiness.drain();
    expect((await scrape(origin)).values.get('site_ready')).toBe(0);
  });

  it('holds no personal data: every label value comes from a fixed list, and no address, name or id appears', async () => {
    const { env, origin } = await start({ env: { TRUST_PROXY: '1' } });
    const { slot } = await insertBookableSlot(env.db, 5);
    const visitor = { 'x-forwarded-for': '127.0.0.1' };
    const response = await post(origin, 'bookings.create', { timeSlotId: slot.id, participantName: 'Abena Kyei', participantEmail: 'abena.kyei@example.com', participantPhone: '+233 20 555 0101' }, visitor);
    const booking = ((await response.json()) as { result: { data: { id: string } } }).result.data;
    await fetch(`${origin}/booking/${booking.id}`, { headers: visitor });
    await fetch(`${origin}/api/trpc/bookings.get?input=${encodeURIComponent(JSON.stringify({ id: booking.id }))}`, { headers: visitor });
    await fetch(`${origin}/uploads/${booking.id}.png`, { headers: visitor });
    await post(origin, 'auth.signIn', { email: 'someone.private@example.com', password: 'guess-one' }, { 'x-forwarded-for': '127.0.0.1' });

    const { text } = await scrape(origin);
    for (const secret of ['abena', 'Kyei', 'example.com', '+233', booking.id, slot.id, 'someone.private']) expect(text).not.toContain(secret);

    const procedures = Object.keys(appRouter._def.procedures);
    const allowedRoutes = new Set([...procedures, '(batch)', '(unknown procedure)', '(page)', '(not found)', '/assets/*', '/healthz', '/readyz', '/metrics', '/uploads/*', '/uploads/w/:width/:file', '/api/uploads', '/events.ics', '/robots.txt', '/sitemap.xml', '/api/export/bookings.csv', '/api/export/contacts.csv', '/api/trpc/*']);
    const labelValues = [...text.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => ({ name, value }));
    for (const { name, value } of labelValues) {
      if (name === 'route') expect(allowedRoutes).toContain(value);
      else if (name === 'method') expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'other']).toContain(value);
      else if (name === 'status_class') expect(value).toMatch(/^[1-5]xx$/);
      else if (name === 'le' || name === 'quantile') expect(value).toMatch(/^(\+Inf|[0-9.e+-]+)$/);
      else if (name === 'database') expect(['sqlite', 'postgresql']).toContain(value);
      else expect(['kind', 'state', 'limit', 'type', 'space', 'version', 'major', 'minor', 'patch', 'kind']).toContain(name);
    }
  });
});

describe('the data folder probe', () => {
  it('leaves no file behind', async () => {
    const { env } = await start();
    await env.deps.readiness.check();
    expect(fs.readdirSync(env.dataDir).filter((name) => name.startsWith('.readyz-'))).toEqual([]);
    expect(path.isAbsolute(env.dataDir)).toBe(true);
  });
});
