// How long an upgrade from the 2026-11-23 release takes: a site of that release with 100,000
// bookings (scripts/bench/turn-two-site.ts) is migrated to this one, on SQLite and on PostgreSQL,
// and each migration is timed as start-up logs it. The figures go in docs/upgrading.md.
//
//   npm run bench:upgrade                       # both databases, 100,000 bookings
//   npm run bench:upgrade -- --bookings 20000 --only sqlite
//
// PostgreSQL: BENCH_DATABASE_URL names a maintenance database (a scratch database is created and
// dropped); without it a throwaway server is started with scripts/pg-test-server.sh.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type DB, openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import { openPostgres } from '@db/postgres';
import { parseArgs } from '@scripts/open-database';
import { buildTurnTwoSite } from './turn-two-site';

interface Timing {
  name: string;
  ms: number;
  /** CPU seconds of the database's work (this process on SQLite, the server's backend on PostgreSQL). */
  cpu: number;
}

/**
 * The machine this runs on is shared, so beside the wall-clock time each migration gets the CPU
 * time the database spent on it, which a machine of its own would need as a floor.
 */
type CpuClock = () => number;

const processCpu: CpuClock = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** CPU seconds of PostgreSQL backend `pid` when it runs on this machine (/proc, in clock ticks of 1/100 s), else NaN. */
function backendCpu(pid: number): CpuClock {
  return () => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return Number.NaN;
    }
  };
}

async function upgrade(db: DB, bookings: number, cpu: CpuClock): Promise<{ build: number; migrations: Timing[]; total: number; totalCpu: number }> {
  const building = performance.now();
  await buildTurnTwoSite(db, bookings);
  const build = performance.now() - building;
  const migrations: Timing[] = [];
  let cpuAtStart = 0;
  const started = performance.now();
  const cpuStarted = cpu();
  await migrateToLatest(db, {
    onStart: () => {
      cpuAtStart = cpu();
    },
    onDone: (name, ms) => migrations.push({ name, ms, cpu: cpu() - cpuAtStart }),
  });
  return { build, migrations, total: performance.now() - started, totalCpu: cpu() - cpuStarted };
}

function report(label: string, result: { build: number; migrations: Timing[]; total: number; totalCpu: number }): void {
  console.log(`\n${label}: site built in ${(result.build / 1000).toFixed(1)} s; upgrade ${(result.total / 1000).toFixed(2)} s (CPU ${result.totalCpu.toFixed(2)} s)`);
  console.log(`  ${'migration'.padEnd(44)} ${'time'.padStart(9)} ${'CPU'.padStart(9)}`);
  for (const { name, ms, cpu } of result.migrations) {
    console.log(`  ${name.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(7)} s ${cpu.toFixed(2).padStart(7)} s`);
  }
  console.log(`  (machine load average over the last minute: ${os.loadavg()[0]?.toFixed(1)})`);
}

async function onSqlite(bookings: number): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'site-upgrade-bench-'));
  try {
    const { db } = openDatabase(path.join(folder, 'app.db'));
    try {
      report(`SQLite, ${bookings.toLocaleString('en')} bookings`, await upgrade(db, bookings, processCpu));
      const bytes = fs.statSync(path.join(folder, 'app.db')).size;
      console.log(`  (database file ${(bytes / 1_000_000).toFixed(0)} MB)`);
    } finally {
      await db.destroy();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function onPostgres(bookings: number): Promise<void> {
  const given = process.env.BENCH_DATABASE_URL;
  const server = given ?? execFileSync('bash', ['scripts/pg-test-server.sh', 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  const name = `site_upgrade_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    // One connection, so the backend whose CPU is read is the one that migrates.
    const { db } = openPostgres(url.toString(), { max: 1 });
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid ?? 0;
      report(`PostgreSQL, ${bookings.toLocaleString('en')} bookings`, await upgrade(db, bookings, backendCpu(pid)));
    } finally {
      await db.destroy();
    }
    await admin.query(`drop database ${name} with (force)`);
  } finally {
    await admin.end();
    if (given === undefined) execFileSync('bash', ['scripts/pg-test-server.sh', 'stop', server], { stdio: 'inherit' });
  }
}

const args = parseArgs(process.argv.slice(2));
const bookings = Number(args.get('bookings') ?? 100_000);
const only = args.get('only');
if (only === undefined || only === 'sqlite') await onSqlite(bookings);
if (only === undefined || only === 'postgres') await onPostgres(bookings);
