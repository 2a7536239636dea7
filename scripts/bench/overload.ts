// Steady load and overload on the site's busiest public page, as `npm start` serves it (built client,
// pages rendered on the server, the e-mail sender running against an SMTP server on loopback):
//
// 1. Steady: 90 reads of an event's page and 10 public bookings into its slots per second (each
//    booking changes the seats the page shows and writes two e-mails that go out at once), for
//    BENCH_STEADY_S seconds (300 by default). Goals: reads p99 <= 50 ms, bookings p99 <= 250 ms,
//    no timeout, no error.
// 2. Five times that (450 + 50 per second) for BENCH_OVERLOAD_S seconds (60): requests past the
//    bound in flight answer 503 with Retry-After at once, /healthz and /metrics (polled twice a
//    second from a process of their own, scripts/bench/probes.ts) answer within 100 ms, the
//    requests taken keep p99 <= 1 s, and none times out.
//
// Requests leave at a fixed rate whatever the answers (scripts/bench/open-loop.ts). The machine's
// load average is printed beside the figures: on a shared machine the other work counts.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import SQLite from 'better-sqlite3';
import { databaseFile, openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import { ensureBuilt, projectRoot } from '@scripts/build.mjs';
import { hashPassword } from '@server/identity/password';
import { insertUser } from '@server/identity/users.repository';
import { saveEmailSettings } from '@server/settings/settings.repository';
import { startTarget } from './http';
import { answered, openLoop, percentile, type RequestSpec, type StreamResult } from './open-loop';
import { probeStreams, startProbeProcess } from './probes';
import type { Figure } from './report';

const EVENT_ID = 'bench-event';
const SLOTS = 4;

async function smtpSink(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A site with one event (a session of SLOTS slots without a seat limit), an admin told of bookings, SMTP on loopback. */
async function prepareSite(dataDir: string, smtpPort: number): Promise<void> {
  const { db } = openDatabase(databaseFile(dataDir));
  await migrateToLatest(db);
  await insertUser(db, { name: 'Bench Admin', email: 'admin@example.com', role: 'admin', passwordHash: await hashPassword('bench-password-1') });
  await saveEmailSettings(db, { smtpHost: '127.0.0.1', smtpPort, smtpUser: null, smtpPassword: null, fromEmail: 'desk@example.com', fromName: null });
  await db.destroy();
  const sqlite = new SQLite(databaseFile(dataDir));
  const start = Date.now() + 7 * 86_400_000;
  sqlite
    .prepare('insert into events (id, title, description, location, image_url, display_order, is_active) values (?, ?, ?, ?, ?, 1, 1)')
    .run(EVENT_ID, 'Market Entry Summit', 'Two days of briefings on entering West African markets.', 'Accra', '/x.png');
  sqlite.prepare('insert into event_sessions (id, event_id, title, location, max_participants, is_active) values (?, ?, ?, ?, null, 1)').run('bench-session', EVENT_ID, 'Opening briefing', 'Hall A');
  for (let slot = 0; slot < SLOTS; slot += 1) {
    const at = start + slot * 3_600_000;
    sqlite.prepare('insert into time_slots (id, session_id, start_time, end_time) values (?, ?, ?, ?)').run(`bench-slot-${slot}`, 'bench-session', new Date(at).toISOString(), new Date(at + 3_000_000).toISOString());
  }
  sqlite.close();
}

function streams(scale: number, origin: string) {
  let booking = 0;
  const read = (): RequestSpec => ({ method: 'GET', path: `/events/${EVENT_ID}`, headers: { 'accept-encoding': 'br, gzip' } });
  const book = (): RequestSpec => {
    booking += 1;
    return {
      method: 'POST',
      path: '/api/trpc/bookings.create',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ timeSlotId: `bench-slot-${booking % SLOTS}`, participantName: 'Bench Visitor', participantEmail: `visitor${scale}-${booking}@example.com` }),
    };
  };
  return [
    { name: 'reads', rate: 90 * scale, next: read },
    { name: 'bookings', rate: 10 * scale, next: book },
  ];
}

const ok = (status: number) => status >= 200 && status < 300;

function describe(result: StreamResult): string {
  const statuses = [...result.latencies.entries()].map(([status, values]) => `${status}: ${values.length}`).join(', ');
  const all = answered(result);
  // Which answer was the slowest (in the order they came back): a lone cold first one reads
  // differently from a stall in the middle of the run.
  const slowest = all.indexOf(Math.max(...all));
  return `${result.name}: ${result.sent} sent (${statuses}), p50 ${percentile(answered(result, ok), 0.5).toFixed(1)} ms, p99 ${percentile(answered(result, ok), 0.99).toFixed(1)} ms, slowest #${slowest + 1} of ${all.length}, ${result.timeouts} timeouts, ${result.errors} errors`;
}


export async function runOverloadBench(): Promise<Figure[]> {
  await ensureBuilt();
  const steadySeconds = Number(process.env.BENCH_STEADY_S ?? 300);
  const overloadSeconds = Number(process.env.BENCH_OVERLOAD_S ?? 60);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-overload-'));
  const sink = await smtpSink();
  await prepareSite(dataDir, sink.port);
  const target = await startTarget('app', dataDir, 4394, { BENCH_SENDER: '1', BENCH_CLIENT_DIR: path.join(projectRoot, 'dist', 'client') });
  const figures: Figure[] = [];
  const probe = await startProbeProcess();
  try {
    const origin = target.url;
    // Warm: the page rendered once, the statements prepared, /metrics scraped once (its first
    // scrape reads the backups folder, prepares its queries and gathers the process metrics for the
    // first time: 58 ms on a quiet machine, where the next ones take 3-8 ms). A monitor scrapes
    // from the moment the site starts, long before any overload.
    await openLoop(origin, [...streams(1, origin), ...probeStreams()], 3);

    const load = () => os.loadavg()[0]?.toFixed(1) ?? '?';
    console.log(`\nSteady load, ${steadySeconds} s (machine load average ${load()} at the start):`);
    const cpuBefore = target.cpuMs();
    const [reads, bookings] = await openLoop(origin, streams(1, origin), steadySeconds);
    const cpuShare = (target.cpuMs() - cpuBefore) / (steadySeconds * 1000);
    if (reads === undefined || bookings === undefined) throw new Error('no results');
    console.log(`  ${describe(reads)}\n  ${describe(bookings)}\n  server CPU ${(cpuShare * 100).toFixed(0)}% of a core; load average ${load()} at the end`);
    const failed = (result: StreamResult) => result.sent - answered(result, ok).length;
    figures.push(
      { name: `steady 90 reads/s: event page p99 (${steadySeconds} s)`, value: percentile(answered(reads, ok), 0.99), unit: 'ms', goal: { kind: 'at-most', target: 50 } },
      { name: 'steady 10 bookings/s: bookings.create p99', value: percentile(answered(bookings, ok), 0.99), unit: 'ms', goal: { kind: 'at-most', target: 250 } },
      { name: 'steady: timeouts and failed requests', value: failed(reads) + failed(bookings), unit: '', goal: { kind: 'at-most', target: 0 } },
      { name: 'steady: server CPU', value: cpuShare * 100, unit: '% of a core', goal: { kind: 'information' } },
    );

    console.log(`\nFive times that, ${overloadSeconds} s (load average ${load()}):`);
    const probes = probe(origin, overloadSeconds);
    const [heavyReads, heavyBookings] = await openLoop(origin, streams(5, origin), overloadSeconds);
    const [health, metrics] = await probes;
    if (heavyReads === undefined || heavyBookings === undefined || health === undefined || metrics === undefined) throw new Error('no results');
    for (const result of [heavyReads, heavyBookings, health, metrics]) console.log(`  ${describe(result)}`);
    const shed = [heavyReads, heavyBookings].flatMap((result) => answered(result, (status) => status === 503));
    const taken = [heavyReads, heavyBookings].flatMap((result) => answered(result, ok));
    const worst = (result: StreamResult) => Math.max(0, ...answered(result));
    figures.push(
      { name: '5x: requests taken, p99', value: percentile(taken, 0.99), unit: 'ms', goal: { kind: 'at-most', target: 1000 } },
      { name: '5x: requests shed (503), p99 to answer', value: percentile(shed, 0.99), unit: 'ms', goal: { kind: 'at-most', target: 100 } },
      { name: '5x: share of requests shed', value: (100 * shed.length) / Math.max(1, heavyReads.sent + heavyBookings.sent), unit: '%', goal: { kind: 'information' } },
      { name: '5x: 503 without Retry-After', value: heavyReads.withoutRetryAfter + heavyBookings.withoutRetryAfter, unit: '', goal: { kind: 'at-most', target: 0 } },
      { name: '5x: /healthz slowest', value: worst(health), unit: 'ms', goal: { kind: 'at-most', target: 100 } },
      { name: '5x: /metrics slowest', value: worst(metrics), unit: 'ms', goal: { kind: 'at-most', target: 100 } },
      {
        name: '5x: timeouts and errors',
        value: [heavyReads, heavyBookings, health, metrics].reduce((sum, result) => sum + result.timeouts + result.errors, 0),
        unit: '',
        goal: { kind: 'at-most', target: 0 },
      },
    );
    console.log(`  e-mails delivered to the loopback SMTP server: ${sink.received()}`);
  } finally {
    await target.stop();
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
