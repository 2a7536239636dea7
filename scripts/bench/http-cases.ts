// The HTTP figures of `npm run bench`: public reads and bookings through the real site, each beside
// a bare Fastify route doing the same work on the same database file.
import SQLite from 'better-sqlite3';
import { databaseFile } from '@db/database';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { load, type LoadResult, startTarget } from './http';
import { timeMetricsWork } from './metrics-work';
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

/** The real site with extra settings of the bench target (BENCH_SENDER...). */
async function measureWith(env: Record<string, string>, dataDir: string, run: (url: string, target: Parameters<typeof load>[0]) => Promise<LoadResult>) {
  const target = await startTarget('app', dataDir, 4393, env);
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

/** Waiting messages in the outbox for the backlog runs: as many as a long outage leaves behind. */
export const OUTBOX_BACKLOG = 50_000;

/**
 * The outbox must not slow bookings as it grows: staff bookings per second with the sender running
 * (as in the server), with no message waiting and with OUTBOX_BACKLOG waiting, for a site without
 * SMTP settings and for one whose SMTP server refuses connections. Each pair runs in one bench run.
 */
export async function runOutboxBacklogBench(setup: HttpBenchSetup): Promise<Figure[]> {
  const figures: Figure[] = [];
  const staffHeaders = { cookie: `${SESSION_COOKIE}=${setup.staffToken}` };
  const sqlite = new SQLite(databaseFile(setup.dataDir));
  sqlite.pragma('busy_timeout = 5000');
  const setSmtp = (value: object | null) => {
    if (value === null) sqlite.prepare("delete from settings where key = 'email'").run();
    else sqlite.prepare("insert or replace into settings (key, value, updated_at) values ('email', ?, ?)").run(JSON.stringify(value), new Date().toISOString());
  };
  const fillBacklog = (count: number, failing: boolean) => {
    sqlite.prepare('delete from email_attempts').run();
    sqlite.prepare('delete from email_outbox').run();
    const insert = sqlite.prepare(
      `insert into email_outbox (id, kind, to_address, subject, text_body, html_body, status, attempts, last_error, next_attempt_at, created_at)
       values (?, 'booking-received', ?, 'Booking received', ?, ?, 'pending', ?, ?, ?, ?)`,
    );
    const now = Date.now();
    sqlite.transaction(() => {
      for (let index = 0; index < count; index += 1) {
        // Failing: each has failed and waits for its next attempt; unconfigured: each waits for settings.
        const next = failing ? new Date(now + 3_600_000 + index).toISOString() : new Date(now - index).toISOString();
        const body = `Dear reader ${index}, we received your booking. ${'x'.repeat(2000)}`;
        insert.run(`backlog-${index}`, `reader${index}@example.com`, body, `<p>${body}</p>`, failing ? 4 : 0, failing ? 'connect ECONNREFUSED 127.0.0.1:9' : 'SMTP not configured', next, new Date(now - 3_600_000).toISOString());
      }
    })();
    // Into the database file before the load: otherwise the server's first checkpoints copy the
    // backlog's 200 MB of log during the measurement, which a site whose backlog grew over hours
    // never pays at once.
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  };
  let run = 0;
  const bookings = () =>
    measureWith({ BENCH_SENDER: '1' }, setup.dataDir, (url, target) => {
      run += 1;
      const next = bookingBody(setup.bookingSlots.staff, `backlog${run}-`);
      return load(target, {
        url: `${url}/api/trpc/bookings.adminCreate`,
        method: 'POST',
        headers: staffHeaders,
        body: () => JSON.stringify({ ...(JSON.parse(next()) as object), status: 'pending' }),
      });
    });
  try {
    for (const mode of ['SMTP not configured', 'SMTP failing'] as const) {
      const failing = mode === 'SMTP failing';
      setSmtp(failing ? { smtpHost: '127.0.0.1', smtpPort: 9, smtpUser: null, smtpPassword: null, fromEmail: 'desk@example.com', fromName: null } : null);
      fillBacklog(0, failing);
      const empty = await bookings();
      fillBacklog(OUTBOX_BACKLOG, failing);
      const backlog = await bookings();
      figures.push(
        {
          name: `staff bookings, ${OUTBOX_BACKLOG.toLocaleString('en')} e-mails waiting (${mode})`,
          value: backlog.requestsPerSecond,
          unit: 'req/s',
          baseline: empty.requestsPerSecond,
          goal: { kind: 'ratio-at-least', target: 0.9 },
        },
        { name: `server CPU per booking with the backlog (${mode})`, value: backlog.cpuMsPerRequest, unit: 'ms', baseline: empty.cpuMsPerRequest, goal: { kind: 'information' } },
      );
    }
  } finally {
    setSmtp(null);
    sqlite.close();
  }
  return figures;
}


/** On/off pairs per case for the cost of metrics: alternating, so a drift over the runs favours neither. */
const METRICS_PAIRS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * What request metrics cost. The work the metrics add to a request (its route label, the counter and
 * the latency histogram, and for a booking its counter) is timed in this process over 200,000 calls
 * and set against the server CPU time of that request with metrics off: the goal is at most 3%.
 * On/off load runs are shown beside it, but on a shared 2-core machine their CPU per request moves
 * by 10 to 30% from one run to the next (a booking's cost depends on how many share a group commit),
 * far more than the 3% they would have to resolve.
 */
export async function runMetricsCostBench(setup: HttpBenchSetup): Promise<Figure[]> {
  const staffHeaders = { cookie: `${SESSION_COOKIE}=${setup.staffToken}` };
  const cases = [
    {
      name: 'events.list (cached public read)',
      route: { method: 'GET', url: '/api/trpc/events.list', pattern: '/api/trpc/*' },
      booking: false,
      run: (url: string, target: Parameters<typeof load>[0]) => load(target, { url: `${url}/api/trpc/events.list`, seconds: 4 }),
    },
    {
      name: 'bookings.adminCreate (staff booking)',
      route: { method: 'POST', url: '/api/trpc/bookings.adminCreate', pattern: '/api/trpc/*' },
      booking: true,
      run: (url: string, target: Parameters<typeof load>[0], pass: string) => {
        const next = bookingBody(setup.bookingSlots.staff, `metrics-${pass}-`);
        return load(target, {
          url: `${url}/api/trpc/bookings.adminCreate`,
          method: 'POST',
          headers: staffHeaders,
          body: () => JSON.stringify({ ...(JSON.parse(next()) as object), status: 'pending' }),
          seconds: 4,
        });
      },
    },
  ];
  const figures: Figure[] = [];
  for (const { name, route, booking, run } of cases) {
    const results: Record<'true' | 'false', LoadResult[]> = { true: [], false: [] };
    for (let pair = 0; pair < METRICS_PAIRS; pair += 1) {
      for (const metrics of pair % 2 === 0 ? (['true', 'false'] as const) : (['false', 'true'] as const)) {
        const result = await measureWith({ BENCH_METRICS: metrics }, setup.dataDir, (url, target) => run(url, target, `${pair}${metrics}`));
        if (process.env.BENCH_VERBOSE === '1') {
          console.log(`${name}, metrics ${metrics}: ${result.requestsPerSecond.toFixed(0)} req/s, ${(result.cpuMsPerRequest * 1000).toFixed(1)} µs CPU`);
        }
        results[metrics].push(result);
      }
    }
    const cpu = (metrics: 'true' | 'false') => median(results[metrics].map((result) => result.cpuMsPerRequest * 1000));
    const rate = (metrics: 'true' | 'false') => median(results[metrics].map((result) => result.requestsPerSecond));
    const work = await timeMetricsWork(setup.dataDir, route, booking);
    figures.push(
      { name: `metrics work per ${name}, share of its server CPU`, value: (work / cpu('false')) * 100, unit: '%', goal: { kind: 'at-most', target: 3 } },
      { name: `  the metrics work itself`, value: work, unit: 'µs', goal: { kind: 'information' } },
      { name: `  server CPU per request, metrics on vs off`, value: cpu('true'), unit: 'µs', baseline: cpu('false'), goal: { kind: 'information' } },
      { name: `  requests per second, metrics on vs off`, value: rate('true'), unit: 'req/s', baseline: rate('false'), goal: { kind: 'information' } },
    );
  }
  return figures;
}

/**
 * server/http/trpc-route.ts against tRPC's own Fastify adapter, on an uncached signed-in read
 * (`auth.me`: the session lookup and little else, so the route's share shows) and a staff booking,
 * in alternating pairs; server CPU per request and requests per second, for information (decision
 * 005 records the figures).
 */
export async function runTrpcServerBench(setup: HttpBenchSetup): Promise<Figure[]> {
  const staffHeaders = { cookie: `${SESSION_COOKIE}=${setup.staffToken}` };
  const cases = [
    { name: 'auth.me (signed in, uncached)', run: (url: string, target: Parameters<typeof load>[0]) => load(target, { url: `${url}/api/trpc/auth.me`, headers: staffHeaders, seconds: 4 }) },
    {
      name: 'bookings.adminCreate (staff booking)',
      run: (url: string, target: Parameters<typeof load>[0], pass: string) => {
        const next = bookingBody(setup.bookingSlots.staff, `trpc-${pass}-`);
        return load(target, {
          url: `${url}/api/trpc/bookings.adminCreate`,
          method: 'POST',
          headers: staffHeaders,
          body: () => JSON.stringify({ ...(JSON.parse(next()) as object), status: 'pending' }),
          seconds: 4,
        });
      },
    },
  ];
  const figures: Figure[] = [];
  for (const { name, run } of cases) {
    const results: Record<'route' | 'adapter', LoadResult[]> = { route: [], adapter: [] };
    for (let pair = 0; pair < 3; pair += 1) {
      for (const server of pair % 2 === 0 ? (['route', 'adapter'] as const) : (['adapter', 'route'] as const)) {
        results[server].push(await measureWith({ BENCH_TRPC: server }, setup.dataDir, (url, target) => run(url, target, `${pair}${server}`)));
      }
    }
    const cpu = (server: 'route' | 'adapter') => median(results[server].map((result) => result.cpuMsPerRequest * 1000));
    const rate = (server: 'route' | 'adapter') => median(results[server].map((result) => result.requestsPerSecond));
    const errors = [...results.route, ...results.adapter].reduce((sum, result) => sum + result.errors + result.non2xx, 0);
    figures.push(
      { name: `${name}: server CPU, our route vs tRPC's adapter`, value: cpu('route'), unit: 'µs', baseline: cpu('adapter'), goal: { kind: 'information' } },
      { name: `${name}: requests per second, route vs adapter`, value: rate('route'), unit: 'req/s', baseline: rate('adapter'), goal: { kind: 'information' } },
      { name: `${name}: failed requests, both`, value: errors, unit: '', goal: { kind: 'at-most', target: 0 } },
    );
  }
  return figures;
}
