// A site that grows stays as fast: staff bookings per second on a new site, then again after the site
// has grown the way a real one does, through the API: BENCH_GROWTH_BOOKINGS (50,000) staff bookings
// spread over 500 slots, each writing its booking, its audit row, its search index entries and an
// e-mail left waiting (no SMTP settings), with the sender running as in the server. Goal: the grown
// site books at 0.9 times the new one's rate or better. The server CPU per booking is shown beside
// it: it does not depend on what else the machine runs. The two sites run side by side and are
// measured in turns (ABBA ABBA), so a change in the machine's speed weighs on both alike.
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

/** The windows each site is measured in, alternating ABBA ABBA so that a drift of the machine's
 * speed (other work starting or ending) falls on both sites alike. */
const ORDER = ['new', 'grown', 'grown', 'new', 'new', 'grown', 'grown', 'new'] as const;

interface Totals {
  requests: number;
  seconds: number;
  cpuMs: number;
  p99Ms: number[];
  failed: number;
}

export async function runGrowthBench(): Promise<Figure[]> {
  const grown = Number(process.env.BENCH_GROWTH_BOOKINGS ?? 50_000);
  const seconds = Number(process.env.BENCH_GROWTH_S ?? 4);
  // Two sites made alike; one grows. Both then run side by side and are measured in turns: two
  // figures taken minutes apart swung by a quarter on this machine (765 and 597 req/s for the same
  // new site), more than the effect measured.
  const dirs = { new: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-growth-new-')), grown: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-growth-')) };
  const tokens = { new: await newSite(dirs.new), grown: await newSite(dirs.grown) };
  const start = (site: 'new' | 'grown') => startTarget('app', dirs[site], site === 'new' ? 4392 : 4393, { BENCH_SENDER: '1' });
  const targets: Partial<Record<'new' | 'grown', Awaited<ReturnType<typeof start>>>> = {};
  try {
    const urlOf = (site: 'new' | 'grown') => `${targets[site]?.url ?? ''}/api/trpc/bookings.adminCreate`;
    const headersOf = (site: 'new' | 'grown') => ({ cookie: `${SESSION_COOKIE}=${tokens[site]}` });
    const book = (site: 'new' | 'grown', amount: number, prefix: string) => {
      const body = staffBooking(prefix);
      return autocannon({
        url: urlOf(site),
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersOf(site) },
        connections: 16,
        amount,
        requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
      });
    };
    targets.grown = await start('grown');
    console.log(`\nGrowing the site by ${grown.toLocaleString('en')} staff bookings through the API...`);
    const started = Date.now();
    await book('grown', grown, 'grow');
    console.log(
      `  in ${((Date.now() - started) / 1000).toFixed(0)} s: ${count(dirs.grown, 'bookings').toLocaleString('en')} bookings, ` +
        `${count(dirs.grown, 'audit_log').toLocaleString('en')} audit rows, ${count(dirs.grown, 'email_outbox').toLocaleString('en')} e-mails waiting`,
    );
    // Both figures from processes that have just started and made a thousand bookings, so both
    // compare sites, not a cold process with a warm one (compiled code and prepared statements
    // halve the CPU per booking): the grown site's server is restarted after the growth.
    await targets.grown.stop();
    targets.grown = await start('grown');
    targets.new = await start('new');
    await book('new', 1_000, 'new-warm');
    await book('grown', 1_000, 'grown-warm');
    const totals: Record<'new' | 'grown', Totals> = {
      new: { requests: 0, seconds: 0, cpuMs: 0, p99Ms: [], failed: 0 },
      grown: { requests: 0, seconds: 0, cpuMs: 0, p99Ms: [], failed: 0 },
    };
    for (const [turn, site] of ORDER.entries()) {
      const target = targets[site];
      if (target === undefined) throw new Error(`no server for the ${site} site`);
      const window = await load(target, { url: urlOf(site), method: 'POST', headers: headersOf(site), body: staffBooking(`${site}${turn}`), connections: 16, seconds });
      const sum = totals[site];
      sum.requests += window.requestsPerSecond * seconds;
      sum.seconds += seconds;
      sum.cpuMs += window.cpuMsPerRequest * window.requestsPerSecond * seconds;
      sum.p99Ms.push(window.p99Ms);
      sum.failed += window.errors + window.non2xx;
      console.log(`  window ${turn + 1} (${site} site): ${window.requestsPerSecond.toFixed(0)} req/s, ${window.cpuMsPerRequest.toFixed(2)} ms CPU a booking`);
    }
    const rate = (site: 'new' | 'grown') => totals[site].requests / totals[site].seconds;
    const cpu = (site: 'new' | 'grown') => totals[site].cpuMs / totals[site].requests;
    const p99 = (site: 'new' | 'grown') => Math.max(...totals[site].p99Ms);
    return [
      { name: `staff bookings after ${grown.toLocaleString('en')} more, through the API (windows in turn)`, value: rate('grown'), unit: 'req/s', baseline: rate('new'), goal: { kind: 'ratio-at-least', target: 0.9 } },
      { name: 'server CPU per staff booking, grown site', value: cpu('grown'), unit: 'ms', baseline: cpu('new'), goal: { kind: 'information' } },
      { name: 'staff booking p99, grown site (worst window)', value: p99('grown'), unit: 'ms', baseline: p99('new'), goal: { kind: 'information' } },
      { name: 'failed requests (both sites)', value: totals.new.failed + totals.grown.failed, unit: '', goal: { kind: 'at-most', target: 0 } },
    ];
  } finally {
    await targets.new?.stop();
    await targets.grown?.stop();
    for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
  }
}
