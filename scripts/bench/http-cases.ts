// The HTTP figures of `npm run bench`: public reads and bookings through the real site, each beside
// a bare Fastify route doing the same work on the same database file.
import SQLite from 'better-sqlite3';
import { databaseFile } from '@db/database';
import { SESSION_COOKIE } from '@server/auth/session';
import { load, type LoadResult, startTarget } from './http';
import type { Figure } from './report';

export interface HttpBenchSetup {
  dataDir: string;
  /** A staff session token for staff procedures. */
  staffToken: string;
  /** Future slots of active sessions, a fresh one per booking run: staff (no seat limit), public and bare (a limit). */
  bookingSlots: { staff: string; public: string; bare: string };
  /** Seats of the public and bare slots. */
  capacity: number;
}

async function measure(kind: 'app' | 'bare', dataDir: string, run: (url: string, target: Parameters<typeof load>[0]) => Promise<LoadResult>) {
  const target = await startTarget(kind, dataDir, kind === 'app' ? 4391 : 4392);
  try {
    return await run(target.url, target);
  } finally {
    await target.stop();
  }
}

function bookingBody(slotId: string, prefix: string): () => string {
  let n = 0;
  return () => {
    n += 1;
    return JSON.stringify({ timeSlotId: slotId, participantName: 'Bench Participant', participantEmail: `${prefix}${n}@example.com` });
  };
}

/** Bookings and outbox rows of one slot: no overbooking, and every booking's message written. */
function checkSlot(dataDir: string, slotId: string, capacity: number): { overbooked: boolean; withoutMessage: number; bookings: number } {
  const sqlite = new SQLite(databaseFile(dataDir), { readonly: true });
  const seats = sqlite
    .prepare(`select count(*) as n from bookings where time_slot_id = ? and status in ('pending', 'confirmed')`)
    .get(slotId) as { n: number };
  const all = sqlite.prepare('select count(*) as n from bookings where time_slot_id = ?').get(slotId) as { n: number };
  const missing = sqlite
    .prepare(
      'select count(*) as n from bookings b where b.time_slot_id = ? and not exists (select 1 from email_outbox o where o.booking_id = b.id)',
    )
    .get(slotId) as { n: number };
  sqlite.close();
  return { overbooked: seats.n > capacity, withoutMessage: missing.n, bookings: all.n };
}

export async function runHttpBench(setup: HttpBenchSetup): Promise<Figure[]> {
  const { dataDir } = setup;
  const figures: Figure[] = [];
  const staffHeaders = { cookie: `${SESSION_COOKIE}=${setup.staffToken}` };

  const bareReads = await measure('bare', dataDir, (url, target) => load(target, { url: `${url}/bare/events` }));
  const appReads = await measure('app', dataDir, (url, target) => load(target, { url: `${url}/api/trpc/events.list` }));
  figures.push(
    { name: 'events.list over tRPC, 50 connections', value: appReads.requestsPerSecond, unit: 'req/s', baseline: bareReads.requestsPerSecond, goal: { kind: 'ratio-at-least', target: 0.8 } },
    { name: 'events.list p99 latency', value: appReads.p99Ms, unit: 'ms', baseline: bareReads.p99Ms, goal: { kind: 'at-most', target: Math.max(2 * bareReads.p99Ms, 20) } },
    { name: 'server memory under that load (peak RSS)', value: appReads.peakRssMb, unit: 'MB', goal: { kind: 'at-most', target: 250 } },
  );

  const bareBookings = await measure('bare', dataDir, (url, target) =>
    load(target, { url: `${url}/bare/bookings`, method: 'POST', body: bookingBody(setup.bookingSlots.bare, 'bare') }),
  );
  const staffBookings = await measure('app', dataDir, (url, target) =>
    load(target, {
      url: `${url}/api/trpc/bookings.adminCreate`,
      method: 'POST',
      headers: staffHeaders,
      body: (() => {
        const next = bookingBody(setup.bookingSlots.staff, 'staff');
        return () => JSON.stringify({ ...(JSON.parse(next()) as object), status: 'pending' });
      })(),
    }),
  );
  const publicBookings = await measure('app', dataDir, (url, target) =>
    load(target, { url: `${url}/api/trpc/bookings.create`, method: 'POST', body: bookingBody(setup.bookingSlots.public, 'public') }),
  );
  figures.push(
    { name: 'bookings.adminCreate (staff), 50 connections', value: staffBookings.requestsPerSecond, unit: 'req/s', baseline: bareBookings.requestsPerSecond, goal: { kind: 'ratio-at-least', target: 0.5 } },
    { name: 'bookings.create (public), 50 connections', value: publicBookings.requestsPerSecond, unit: 'req/s', baseline: bareBookings.requestsPerSecond, goal: { kind: 'ratio-at-least', target: 0.5 } },
    // Server CPU per booking, beside the bare route's: unlike the rates, it hardly depends on what
    // else the machine runs, so it tells a busy machine's run from a slower server.
    { name: 'server CPU per staff booking', value: staffBookings.cpuMsPerRequest, unit: 'ms', baseline: bareBookings.cpuMsPerRequest, goal: { kind: 'information' } },
    { name: 'server CPU per public booking', value: publicBookings.cpuMsPerRequest, unit: 'ms', baseline: bareBookings.cpuMsPerRequest, goal: { kind: 'information' } },
  );

  const failures = [bareReads, appReads, bareBookings, staffBookings, publicBookings].reduce((sum, r) => sum + r.errors + r.non2xx, 0);
  figures.push({ name: 'failed requests (errors, non-2xx, SQLITE_BUSY)', value: failures, unit: '', goal: { kind: 'at-most', target: 0 } });
  const runs = [['staff', setup.bookingSlots.staff, Number.POSITIVE_INFINITY], ['public', setup.bookingSlots.public, setup.capacity]] as const;
  for (const [name, slot, capacity] of runs) {
    const check = checkSlot(dataDir, slot, capacity);
    figures.push(
      { name: `${name} bookings over capacity`, value: check.overbooked ? 1 : 0, unit: '', goal: { kind: 'at-most', target: 0 } },
      { name: `${name} bookings without their message (of ${check.bookings})`, value: check.withoutMessage, unit: '', goal: { kind: 'at-most', target: 0 } },
    );
  }
  return figures;
}
