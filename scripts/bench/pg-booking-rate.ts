// The public booking rate over real HTTP: SQLite with one instance beside PostgreSQL with two
// instances on one database (each with its own pool, caches and limits; both in this process, so
// they share its CPU as two processes on a 2-core box would share the cores). Every request books
// one of 20 slots of unlimited capacity, 16 at a time, alternating between the instances.
//
//   BENCH_DATABASE_URL=postgres://user@host/postgres npx tsx scripts/bench/pg-booking-rate.ts
//
// The URL names a maintenance database; a scratch database is created and dropped. Without it, a
// throwaway server is started with scripts/pg-test-server.sh.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DB } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import { openPostgres } from '@db/postgres';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/core/config';
import { createDeps } from '@server/core/deps';
import { newId } from '@server/core/ids';

const REQUESTS = 600;
const CONCURRENCY = 16;
const SLOTS = 20;
const ORIGIN = 'http://127.0.0.1:3000';

async function seedSlots(db: DB): Promise<string[]> {
  const eventId = newId();
  await db.insertInto('events').values({ id: eventId, title: 'Bench event' }).execute();
  const sessionId = newId();
  await db.insertInto('eventSessions').values({ id: sessionId, eventId, title: 'Bench session', maxParticipants: null }).execute();
  const ids: string[] = [];
  for (let index = 0; index < SLOTS; index += 1) {
    const id = newId();
    const start = Date.now() + (index + 2) * 86_400_000;
    await db
      .insertInto('timeSlots')
      .values({ id, sessionId, startTime: new Date(start).toISOString(), endTime: new Date(start + 3_600_000).toISOString() })
      .execute();
    ids.push(id);
  }
  return ids;
}

async function rate(databases: DB[], dataDir: string): Promise<number> {
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PUBLIC_ORIGIN: ORIGIN, LOG_LEVEL: 'silent' });
  const apps = [];
  for (const db of databases) {
    const app = await buildApp(createDeps(db, config, { publicFormsPerWindow: 1_000_000 }), { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
  }
  const urls = apps.map((app) => {
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    return `http://127.0.0.1:${address.port}/api/trpc/bookings.create`;
  });
  const slots = await seedSlots(databases[0] as DB);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const n = next;
        next += 1;
        const response = await fetch(urls[n % urls.length] ?? '', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': `198.51.100.${n % 250}` },
          body: JSON.stringify({ timeSlotId: slots[n % SLOTS], participantName: `Bench ${n}`, participantEmail: `bench${n}@example.com` }),
        });
        if (response.status !== 200) throw new Error(`booking ${n} answered ${response.status}: ${await response.text()}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const app of apps) await app.close();
  return REQUESTS / seconds;
}

export async function measureBookingRates(url: string | undefined): Promise<{ sqlite: number; postgresTwoInstances: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-pg-'));
  let started: string | undefined;
  let adminUrl = url;
  if (adminUrl === undefined) {
    started = execFileSync('bash', ['scripts/pg-test-server.sh', 'start'], { encoding: 'utf8' }).trim();
    adminUrl = started;
  }
  const name = `site_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const sqlite = openDatabase(path.join(dataDir, 'app.db'));
    await migrateToLatest(sqlite.db);
    const sqliteRate = await rate([sqlite.db], dataDir);
    await sqlite.db.destroy();

    await admin.query(`create database ${name}`);
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    const first = openPostgres(target.toString());
    await migrateToLatest(first.db);
    const second = openPostgres(target.toString());
    const postgresRate = await rate([first.db, second.db], dataDir);
    await first.db.destroy();
    await second.db.destroy();
    return { sqlite: sqliteRate, postgresTwoInstances: postgresRate };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
    if (started !== undefined) execFileSync('bash', ['scripts/pg-test-server.sh', 'stop', started]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('pg-booking-rate.ts')) {
  const rates = await measureBookingRates(process.env.BENCH_DATABASE_URL || undefined);
  console.log(`bookings.create over HTTP, ${REQUESTS} requests, ${CONCURRENCY} at a time:`);
  console.log(`  SQLite, one instance:               ${rates.sqlite.toFixed(0)} bookings/s`);
  console.log(`  PostgreSQL, two instances, one DB:  ${rates.postgresTwoInstances.toFixed(0)} bookings/s`);
}
