// A site that grows stays as fast: staff bookings per second on a new site, then again after the site
// has grown the way a real one does, through the API: BENCH_GROWTH_BOOKINGS (50,000) staff bookings
// spread over 500 slots, each writing its booking, its audit row, its search index entries and an
// e-mail left waiting (no SMTP settings), with the sender running as in the server. Goal: the grown
// site books at 0.9 times the new one's rate or better. The server CPU per booking is shown beside
// it: it does not depend on what else the machine runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import autocannon from 'autocannon';
import { databaseFile, openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import { hashPassword } from '@server/identity/password';
import { createSession, SESSION_COOKIE } from '@server/identity/session.service';
import { insertUser } from '@server/identity/users.repository';
import { load, startTarget } from './http';
import type { Figure } from './report';

const SESSIONS = 50;
const SLOTS_PER_SESSION = 10;

/** A new site: an admin, 50 events' sessions of 10 slots each (no seat limit), no SMTP settings. */
async function newSite(dataDir: string): Promise<string> {
  const { db } = openDatabase(databaseFile(dataDir));
  await migrateToLatest(db);
  const admin = await insertUser(db, { name: 'Bench Admin', email: 'admin@example.com', role: 'admin', passwordHash: await hashPassword('bench-password-1') });
  const { token } = await createSession(db, admin.id, 600);
  await db.destroy();
  const sqlite = new SQLite(databaseFile(dataDir));
  const start = Date.now() + 30 * 86_400_000;
  sqlite.transaction(() => {
    for (let session = 0; session < SESSIONS; session += 1) {
      sqlite.prepare('insert into events (id, title, location, image_url, display_order, is_active) values (?, ?, ?, ?, 1, 1)').run(`e${session}`, `Event ${session}`, 'Accra', '/x.png');
      sqlite.prepare('insert into event_sessions (id, event_id, title, location, max_participants, is_active) values (?, ?, ?, ?, null, 1)').run(`s${session}`, `e${session}`, `Session ${session}`, 'Hall A');
      for (let slot = 0; slot < SLOTS_PER_SESSION; slot += 1) {
        const at = start + (session * SLOTS_PER_SESSION + slot) * 3_600_000;
        sqlite.prepare('insert into time_slots (id, session_id, start_time, end_time) values (?, ?, ?, ?)').run(`s${session}t${slot}`, `s${session}`, new Date(at).toISOString(), new Date(at + 3_000_000).toISOString());
      }
    }
  })();
  sqlite.close();
  return token;
}

/** Staff bookings round the slots, each with its own participant. */
function staffBooking(prefix: string): () => string {
  let n = 0;
  return () => {
    n += 1;
    const slot = n % (SESSIONS * SLOTS_PER_SESSION);
    return JSON.stringify({
      timeSlotId: `s${Math.floor(slot / SLOTS_PER_SESSION)}t${slot % SLOTS_PER_SESSION}`,
      status: 'pending',
      participantName: `Participant ${prefix} ${n}`,
      participantEmail: `${prefix}${n}@example.com`,
    });
  };
}

function count(dataDir: string, table: string): number {
  const sqlite = new SQLite(databaseFile(dataDir), { readonly: true });
  try {
    return (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

export async function runGrowthBench(): Promise<Figure[]> {
  const grown = Number(process.env.BENCH_GROWTH_BOOKINGS ?? 50_000);
  const seconds = Number(process.env.BENCH_GROWTH_S ?? 8);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-growth-'));
  const token = await newSite(dataDir);
  const headers = { cookie: `${SESSION_COOKIE}=${token}` };
  const start = () => startTarget('app', dataDir, 4395, { BENCH_SENDER: '1' });
  let target = await start();
  try {
    const url = `${target.url}/api/trpc/bookings.adminCreate`;
    const book = (amount: number, prefix: string) => {
      const body = staffBooking(prefix);
      return autocannon({
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        connections: 16,
        amount,
        requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
      });
    };
    // Each figure from a process that has just made a thousand bookings, so both compare sites, not
    // a cold process with a warm one (compiled code and prepared statements halve the CPU per
    // booking): the server is restarted after the growth.
    const measure = async (prefix: string) => {
      await book(1_000, `${prefix}-warm`);
      return load(target, { url, method: 'POST', headers, body: staffBooking(prefix), connections: 16, seconds });
    };
    const empty = await measure('new');
    console.log(`\nGrowing the site by ${grown.toLocaleString('en')} staff bookings through the API...`);
    const started = Date.now();
    await book(grown, 'grow');
    console.log(
      `  in ${((Date.now() - started) / 1000).toFixed(0)} s: ${count(dataDir, 'bookings').toLocaleString('en')} bookings, ` +
        `${count(dataDir, 'audit_log').toLocaleString('en')} audit rows, ${count(dataDir, 'email_outbox').toLocaleString('en')} e-mails waiting`,
    );
    await target.stop();
    target = await start();
    const after = await measure('grown');
    return [
      { name: `staff bookings after ${grown.toLocaleString('en')} more, through the API`, value: after.requestsPerSecond, unit: 'req/s', baseline: empty.requestsPerSecond, goal: { kind: 'ratio-at-least', target: 0.9 } },
      { name: 'server CPU per staff booking, grown site', value: after.cpuMsPerRequest, unit: 'ms', baseline: empty.cpuMsPerRequest, goal: { kind: 'information' } },
      { name: 'staff booking p99, grown site', value: after.p99Ms, unit: 'ms', baseline: empty.p99Ms, goal: { kind: 'information' } },
      { name: 'failed requests (grown site)', value: empty.errors + empty.non2xx + after.errors + after.non2xx, unit: '', goal: { kind: 'at-most', target: 0 } },
    ];
  } finally {
    await target.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
