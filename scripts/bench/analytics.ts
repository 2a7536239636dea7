// Visitor analytics (server/analytics), on a scratch SQLite database, in this process:
// 1. A beacon's server work as the route does it (JSON, the schema, the bot list, the limit per
//    network, the in-memory sums and the visitor hash), with the writes every 10 s amortised: 20,000
//    beacons of 2,000 visitors over 200 pages, CPU per beacon. Goal: at most 50 µs. (Fastify's own
//    reading of the request is the framework's, the same for every route, and not in the figure.)
// 2. What 100 beacons a second add to a booking's time: 300 public bookings (bookings.create through
//    the real caller) one after another, alone and with a beacon counted every 10 ms beside them,
//    three rounds each, alternating; the medians' difference as a share. Goal: at most 3 %.
// 3. The Analytics screen's reads (summary, top pages, sources and a funnel, the queries the screen
//    sends together) over two years of daily totals for 200 pages from four sources on two devices
//    (about 1.2 million rows): the default 30 days and a whole year. Goal: at most 100 ms for 30 days.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Insertable } from 'kysely';
import { databaseFile, openDatabase, type DB } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import type { AnalyticsDailyTable } from '@db/schema';
import { beaconInput } from '@server/analytics/analytics.schemas';
import { analyticsFunnel, analyticsPages, analyticsSources, analyticsSummary } from '@server/analytics/analytics.service';
import { BeaconCollector } from '@server/analytics/beacon-collector.service';
import { isBot } from '@server/analytics/visit-source';
import { createLimits } from '@server/core/rate-limits';
import type { Figure } from './report';

const DAY_MS = 86_400_000;
const BEACONS = 20_000;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function cpuMicroseconds(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** The route's work for the `index`th beacon (a cycle of 200 pages and 2,000 visitors). */
function beaconSender(db: DB) {
  const collector = new BeaconCollector(db, { siteHost: 'bench.example' });
  // One limit per visitor's address, as on a real site: the limit is checked, never reached.
  const limits = createLimits({ beaconsPerWindow: 1_000_000 });
  const bodies = Array.from({ length: 200 }, (_, page) => JSON.stringify({ p: `/events/e${page}`, ref: page % 3 === 0 ? 'www.linkedin.com' : undefined, l: 'en' }));
  const send = async (index: number) => {
    const beacon = beaconInput.safeParse(JSON.parse(bodies[index % bodies.length] ?? '{}'));
    const address = `198.51.${Math.floor((index % 2000) / 250)}.${index % 250}`;
    if (!beacon.success || isBot(UA) || !(await limits.beacons.hitFrom('beacon', address)).allowed) throw new Error('beacon refused');
    await collector.count(beacon.data, address, UA);
  };
  return { send, flush: () => collector.flush() };
}

/** CPU µs per beacon through the route's steps, the writes included. */
async function beaconCost(db: DB): Promise<number> {
  const beacons = beaconSender(db);
  for (let index = 0; index < 2000; index += 1) await beacons.send(index);
  await beacons.flush();
  const started = cpuMicroseconds();
  for (let index = 0; index < BEACONS; index += 1) {
    await beacons.send(index);
    // 100 beacons a second over 10 s between writes: one write per 1,000 beacons.
    if (index % 1000 === 999) await beacons.flush();
  }
  await beacons.flush();
  return (cpuMicroseconds() - started) / BEACONS;
}

/** Milliseconds for 300 bookings one after another, with a beacon every 10 ms beside them or not. */
async function bookingsTime(db: DB, book: () => Promise<unknown>, withBeacons: boolean): Promise<number> {
  const beacons = beaconSender(db);
  let sent = 0;
  const timer = withBeacons ? setInterval(() => void beacons.send((sent += 1)), 10) : undefined;
  const flusher = withBeacons ? setInterval(() => void beacons.flush(), 1000) : undefined;
  const started = performance.now();
  for (let count = 0; count < 300; count += 1) await book();
  const elapsed = performance.now() - started;
  clearInterval(timer);
  clearInterval(flusher);
  await beacons.flush();
  return elapsed;
}

/** How much longer bookings take beside 100 beacons a second, in percent. */
async function beaconsBesideBookings(db: DB, book: () => Promise<unknown>): Promise<{ alone: number; beside: number }> {
  await bookingsTime(db, book, false);
  const alone: number[] = [];
  const beside: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    alone.push(await bookingsTime(db, book, false));
    beside.push(await bookingsTime(db, book, true));
  }
  return { alone: median(alone) / 300, beside: median(beside) / 300 };
}

/** Two years of daily totals for 200 pages, four sources and two devices. */
async function fillTwoYears(db: DB, today: number): Promise<number> {
  const sources = ['search', 'linkedin', 'email', 'direct'];
  let rows = 0;
  for (let back = 729; back >= 0; back -= 1) {
    const day = new Date(today - back * DAY_MS).toISOString().slice(0, 10);
    const batch: Insertable<AnalyticsDailyTable>[] = [];
    for (let page = 0; page < 200; page += 1) {
      for (const [index, source] of sources.entries()) {
        for (const device of ['desktop', 'mobile']) {
          const visitors = 1 + ((page + index + back) % 7);
          batch.push({ day, path: `/events/e${page}`, step: 'pageview', eventId: '', source, utmSource: '', utmMedium: '', utmCampaign: '', language: 'en', device, hits: visitors + 1, visitors, entries: visitors });
        }
      }
    }
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < batch.length; start += 500) await trx.insertInto('analyticsDaily').values(batch.slice(start, start + 500)).execute();
    });
    rows += batch.length;
  }
  return rows;
}

/** Milliseconds for the screen's four reads of a range, median of 9. */
async function screenReads(db: DB, from: string, to: string): Promise<number> {
  const ctx = { db };
  const times: number[] = [];
  for (let run = 0; run < 10; run += 1) {
    const started = performance.now();
    await Promise.all([analyticsSummary(ctx, { from, to }), analyticsPages(ctx, { from, to }), analyticsSources(ctx, { from, to }), analyticsFunnel(ctx, { from, to })]);
    if (run > 0) times.push(performance.now() - started);
  }
  return median(times);
}

export async function benchAnalytics(book: () => Promise<unknown>, bookingDb: DB): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-'));
  const { db } = openDatabase(databaseFile(dataDir));
  try {
    await migrateToLatest(db);
    const perBeacon = await beaconCost(db);
    const bookings = await beaconsBesideBookings(bookingDb, book);
    const today = Date.UTC(2031, 5, 30);
    const started = performance.now();
    const rows = await fillTwoYears(db, today);
    console.log(`analytics: ${rows.toLocaleString('en-US')} daily rows written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const day = (back: number) => new Date(today - back * DAY_MS).toISOString().slice(0, 10);
    const month = await screenReads(db, day(29), day(0));
    const year = await screenReads(db, day(364), day(0));
    return [
      { name: 'analytics: one beacon, server CPU (route work and writes)', value: perBeacon, unit: 'µs', goal: { kind: 'at-most', target: 50 } },
      { name: 'analytics: a public booking beside 100 beacons/s (alone: baseline)', value: bookings.beside, baseline: bookings.alone, unit: 'ms', goal: { kind: 'information' } },
      {
        name: "analytics: 100 beacons/s add to a booking's time",
        value: Math.max(0, (bookings.beside / bookings.alone - 1) * 100),
        unit: '%',
        goal: { kind: 'at-most', target: 3 },
      },
      { name: 'analytics screen, 30 days of 2 years x 200 pages', value: month, unit: 'ms', goal: { kind: 'at-most', target: 100 } },
      { name: 'analytics screen, a whole year of 2 years x 200 pages', value: year, unit: 'ms', goal: { kind: 'information' } },
    ];
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
