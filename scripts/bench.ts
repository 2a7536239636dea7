// npm run bench: fills a scratch database with 100,000 bookings, 100,000 contacts, 10,000 sessions
// and their slots and delegates, then times the real procedures behind every list screen.
// It measures; it asserts nothing. Numbers go in docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { databaseFile, openDatabase } from '@db/database';
import { measureBookingRates } from './bench/pg-booking-rate';
import { migrateToLatest } from '@db/migrate';
import { hashPassword } from '@server/identity/password';
import { createSession } from '@server/identity/session.service';
import { loadConfig } from '@server/core/config';
import { createDeps } from '@server/core/deps';
import { insertUser } from '@server/identity/users.repository';
import { appRouter } from '@server/router';
import { createContextInner } from '@server/trpc/context';
import { createCallerFactory } from '@server/trpc/init';
import { benchFrontEnd } from './bench/frontend';
import { runHttpBench, runMetricsCostBench, runOutboxBacklogBench, runTrpcServerBench } from './bench/http-cases';
import { printFigures } from './bench/report';
import { benchMail } from './bench/mail';
import { benchFreeTimes } from './bench/free-times';
import { benchCalendars } from './bench/calendars';
import { benchAnalytics } from './bench/analytics';
import { benchWebhooks } from './bench/webhooks';
import { runOverloadBench } from './bench/overload';
import { runGrowthBench } from './bench/growth';

const ROWS = { events: 200, sessions: 10_000, slotsPerSession: 3, delegates: 20_000, bookings: 100_000, contacts: 100_000 };
const RUNS = 30;
/** Audit log rows: one a second going back, 20 people, every kind of record in turn. */
const AUDIT_ROWS = 1_000_000;
const AUDIT_ENTITY_CYCLE = ['account', 'user', 'event', 'session', 'time-slot', 'delegate', 'booking', 'contact', 'settings', 'email'];

/** The calendar day `days` from today (UTC), for the date-range filter. */
function benchDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

async function main(): Promise<void> {
  // BENCH_ONLY=overload npm run bench: steady load and overload on the event page alone (no fill).
  if (process.env.BENCH_ONLY === 'overload') {
    if (!printFigures(await runOverloadBench())) process.exitCode = 1;
    return;
  }
  // BENCH_ONLY=growth npm run bench: staff bookings on a new site and after it grew through the API.
  if (process.env.BENCH_ONLY === 'growth') {
    if (!printFigures(await runGrowthBench())) process.exitCode = 1;
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const { db, sqlite } = openDatabase(databaseFile(dataDir));
  await migrateToLatest(db);

  const started = performance.now();
  const now = Date.now();
  const fill = sqlite.transaction(() => {
    const event = sqlite.prepare('insert into events (id, title, location, image_url, display_order, is_active) values (?, ?, ?, ?, ?, ?)');
    for (let e = 0; e < ROWS.events; e += 1) event.run(`e${e}`, `Event ${e}`, `City ${e % 40}`, '/x.png', (e % 10) + 1, e % 5 === 0 ? 0 : 1);
    const session = sqlite.prepare(
      'insert into event_sessions (id, event_id, title, location, facilitator, max_participants, is_active, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const slot = sqlite.prepare('insert into time_slots (id, session_id, start_time, end_time) values (?, ?, ?, ?)');
    for (let s = 0; s < ROWS.sessions; s += 1) {
      session.run(`s${s}`, `e${s % ROWS.events}`, `Session ${s}`, `Room ${s % 300}`, `Facilitator ${s % 500}`, 20 + (s % 30), s % 7 === 0 ? 0 : 1, iso(now - s * 60_000));
      for (let t = 0; t < ROWS.slotsPerSession; t += 1) {
        const start = now + ((s + t * 13) % 90) * 86_400_000;
        slot.run(`s${s}t${t}`, `s${s}`, iso(start), iso(start + 7_200_000));
      }
    }
    const delegate = sqlite.prepare('insert into delegates (id, session_id, name, email, organization, position) values (?, ?, ?, ?, ?, ?)');
    for (let d = 0; d < ROWS.delegates; d += 1) {
      delegate.run(`d${d}`, `s${d % ROWS.sessions}`, `Delegate ${d}`, `delegate${d}@example.com`, `Org ${d % 900}`, 'Director');
    }
    const statuses = ['pending', 'confirmed', 'waitlisted', 'cancelled'];
    const booking = sqlite.prepare(
      'insert into bookings (id, time_slot_id, event_id, session_id, participant_name, participant_email, status, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let b = 0; b < ROWS.bookings; b += 1) {
      const s = b % ROWS.sessions;
      booking.run(`b${b}`, `s${s}t${b % ROWS.slotsPerSession}`, `e${s % ROWS.events}`, `s${s}`, `Person ${b}`, `person${b}@example.com`, statuses[b % 4], iso(now - b * 1000));
    }
    const contact = sqlite.prepare('insert into contact_forms (id, name, email, company, message, status, created_at) values (?, ?, ?, ?, ?, ?, ?)');
    const contactStatuses = ['new', 'in-progress', 'completed', 'closed'];
    for (let c = 0; c < ROWS.contacts; c += 1) {
      contact.run(`c${c}`, `Contact ${c}`, `contact${c}@example.com`, `Company ${c % 2000}`, 'Hello, we would like to talk about market entry.', contactStatuses[c % 4], iso(now - c * 1000));
    }
    const audit = sqlite.prepare(
      'insert into audit_log (id, created_at, user_id, actor_name, actor_email, ip, action, entity, entity_id, summary) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let a = 0; a < AUDIT_ROWS; a += 1) {
      const u = a % 20;
      const entity = AUDIT_ENTITY_CYCLE[a % AUDIT_ENTITY_CYCLE.length];
      audit.run(`a${String(AUDIT_ROWS - a).padStart(8, '0')}`, iso(now - a * 1000), `u${u}`, `Staff ${u}`, `staff${u}@example.com`, `10.0.${u}.1`, 'update', entity, `r${a % 5000}`, `title, location ${a % 977}`);
    }
  });
  fill();
  sqlite.pragma('optimize');
  console.log(`Filled ${JSON.stringify(ROWS)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const deps = createDeps(db, config, { publicFormsPerWindow: 1_000_000 });
  const admin = await insertUser(db, { name: 'Bench', email: 'bench@example.com', role: 'admin', passwordHash: await hashPassword('bench-password') });
  const { session } = await createSession(db, admin.id, 60);
  const caller = createCallerFactory(appRouter)(
    createContextInner(deps, {
      user: { id: admin.id, email: admin.email, name: admin.name, role: 'admin', avatarUrl: null, lastSignInAt: null, previousSignInAt: null },
      session,
    }),
  );

  const cases: [string, () => Promise<unknown>][] = [
    ['events.list (public)', () => caller.events.list()],
    ['events.adminList page 1', () => caller.events.adminList({})],
    ['sessions.list page 1', () => caller.sessions.list({})],
    ['sessions.list status=active page 200', () => caller.sessions.list({ status: 'active', page: 200 })],
    ['sessions.list search "Room 42"', () => caller.sessions.list({ search: 'Room 42' })],
    ['sessions.stats', () => caller.sessions.stats()],
    ['sessions.get (3 slots with seats)', () => caller.sessions.get({ id: 's123' })],
    ['timeSlots.listBySession (public)', () => caller.timeSlots.listBySession({ sessionId: 's124' })],
    ['delegates.list search "Org 12"', () => caller.delegates.list({ search: 'Org 12' })],
    ['delegates.list eventId', () => caller.delegates.list({ eventId: 'e7' })],
    ['bookings.list page 1', () => caller.bookings.list({})],
    ['bookings.list status=waitlisted page 1', () => caller.bookings.list({ status: 'waitlisted' })],
    ['bookings.list page 4000', () => caller.bookings.list({ page: 4000 })],
    ['bookings.list search "person9999"', () => caller.bookings.list({ search: 'person9999' })],
    ['bookings.list timeSlotId', () => caller.bookings.list({ timeSlotId: 's5t1' })],
    ['bookings.list search title "Session 4242"', () => caller.bookings.list({ search: 'Session 4242' })],
    ['bookings.list eventId', () => caller.bookings.list({ eventId: 'e17' })],
    ['bookings.list sessionId + status', () => caller.bookings.list({ sessionId: 's42', status: 'pending' })],
    ['bookings.list date range (7 days)', () => caller.bookings.list({ from: benchDay(3), to: benchDay(9) })],
    ['bookings.stats', () => caller.bookings.stats()],
    ['contacts.list page 1', () => caller.contacts.list({})],
    ['contacts.list status=closed page 50', () => caller.contacts.list({ status: 'closed', page: 50 })],
    ['contacts.list search "Company 77"', () => caller.contacts.list({ search: 'Company 77' })],
    ['contacts.stats', () => caller.contacts.stats()],
    ['contacts.recent', () => caller.contacts.recent()],
    ['dashboard.stats', () => caller.dashboard.stats()],
    ['dashboard.week', () => caller.dashboard.week()],
    ['timeSlots.calendar (a week)', () => caller.timeSlots.calendar({ from: benchDay(3), to: benchDay(9) })],
    ['timeSlots.calendar (six weeks)', () => caller.timeSlots.calendar({ from: benchDay(0), to: benchDay(41) })],
    ['audit.list page 1 (1M rows)', () => caller.audit.list({})],
    ['audit.list page 2000', () => caller.audit.list({ page: 2000 })],
    ['audit.list page 40000 (deepest)', () => caller.audit.list({ page: 40_000 })],
    ['audit.list userId', () => caller.audit.list({ userId: 'u7' })],
    ['audit.list entity', () => caller.audit.list({ entity: 'booking' })],
    ['audit.list userId + entity', () => caller.audit.list({ userId: 'u7', entity: 'event' })],
    ['audit.list one day (from/to)', () => caller.audit.list({ from: iso(now - 3 * 86_400_000), to: iso(now - 2 * 86_400_000) })],
    ['audit.list search "location 42"', () => caller.audit.list({ search: 'location 42' })],
    [
      'bookings.create (public, capacity check)',
      (() => {
        let n = 0;
        return () => caller.bookings.create({ timeSlotId: 's9t0', participantName: 'Bench', participantEmail: `bench${(n += 1)}@example.com` });
      })(),
    ],
  ];

  console.log(`\n${'procedure'.padEnd(44)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)}`);
  // BENCH_ONLY=audit npm run bench: time only the cases whose name contains the word.
  const only = process.env.BENCH_ONLY;
  for (const [name, run] of cases.filter(([name]) => only === undefined || name.includes(only))) {
    await run(); // warm the statement cache
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
    console.log(`${name.padEnd(44)} ${median.toFixed(2).padStart(10)} ${p95.toFixed(2).padStart(8)}`);
  }

  // HTTP: fresh slots for the booking runs, so each starts from an empty slot.
  const BOOKING_CAPACITY = 100;
  const insertSession = sqlite.prepare(
    'insert into event_sessions (id, event_id, title, max_participants, is_active) values (?, ?, ?, ?, 1)',
  );
  const insertSlot = sqlite.prepare('insert into time_slots (id, session_id, start_time, end_time) values (?, ?, ?, ?)');
  insertSession.run('bench-unlimited', 'e1', 'Bench: no seat limit', null);
  insertSession.run('bench-limited', 'e1', 'Bench: limited seats', BOOKING_CAPACITY);
  const tomorrow = now + 86_400_000;
  for (const [slotId, sessionId] of [['slot-staff', 'bench-unlimited'], ['slot-public', 'bench-limited'], ['slot-bare', 'bench-limited']]) {
    insertSlot.run(slotId, sessionId, iso(tomorrow), iso(tomorrow + 3_600_000));
  }
  const staff = await createSession(db, admin.id, 600);
  const httpSetup = {
    dataDir,
    staffToken: staff.token,
    bookingSlots: { staff: 'slot-staff', public: 'slot-public', bare: 'slot-bare' },
    capacity: BOOKING_CAPACITY,
  };
  // BENCH_ONLY=http, outbox, metrics, trpc, free-times, calendars, analytics, webhooks, mail or frontend npm run bench:
  // that part alone (after the fill); any other word (the procedure cases above) runs no part.
  const part = process.env.BENCH_ONLY;
  const httpPart = (name: string) => part === undefined || part === name;
  const figures = httpPart('http') ? await runHttpBench(httpSetup) : [];
  if (httpPart('outbox')) figures.push(...(await runOutboxBacklogBench(httpSetup)));
  if (httpPart('metrics')) figures.push(...(await runMetricsCostBench(httpSetup)));
  if (httpPart('trpc')) figures.push(...(await runTrpcServerBench(httpSetup)));
  if (httpPart('free-times')) figures.push(...benchFreeTimes());
  if (httpPart('calendars')) figures.push(...(await benchCalendars()));
  if (httpPart('analytics')) {
    let n = 0;
    const book = () => caller.bookings.create({ timeSlotId: 's19t0', participantName: 'Bench', participantEmail: `beacon-bench${(n += 1)}@example.com` });
    figures.push(...(await benchAnalytics(book, db)));
  }
  if (httpPart('webhooks')) {
    let n = 0;
    const book = () => caller.bookings.create({ timeSlotId: 's29t0', participantName: 'Bench', participantEmail: `webhook-bench${(n += 1)}@example.com` });
    figures.push(...(await benchWebhooks(book, db)));
  }
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (httpPart('mail')) figures.push(...(await benchMail()));
  if (part === undefined) figures.push(...(await runGrowthBench()), ...(await runOverloadBench()));
  if (httpPart('frontend')) figures.push(...(await benchFrontEnd()));
  const allMet = printFigures(figures);
  // The booking rate on PostgreSQL with two instances beside SQLite's (BENCH_DATABASE_URL, else a
  // throwaway server from scripts/pg-test-server.sh; BENCH_POSTGRES=0 or any BENCH_ONLY skips it).
  if (process.env.BENCH_POSTGRES !== '0' && part === undefined) {
    try {
      const rates = await measureBookingRates(process.env.BENCH_DATABASE_URL || undefined);
      console.log('\nbookings.create over HTTP (600 requests, 16 at a time, 20 open slots):');
      console.log(`  SQLite, one instance                ${rates.sqlite.toFixed(0).padStart(6)} bookings/s`);
      console.log(`  PostgreSQL, two instances, one DB   ${rates.postgresTwoInstances.toFixed(0).padStart(6)} bookings/s`);
    } catch (error) {
      console.log(`\nPostgreSQL booking rate skipped: ${(error as Error).message}`);
    }
  }
  if (!allMet) {
    console.error('\nA figure missed its goal.');
    process.exitCode = 1;
  }
}

await main();
