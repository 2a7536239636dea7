// What a webhook endpoint adds to a booking (server/webhooks): public bookings (bookings.create
// through the real caller) one after another on the bench's filled database, each timed on its own,
// half with no endpoint and half with one enabled endpoint that wants booking.created (its delivery
// row written in the booking's transaction; no sender runs, so only the booking's own cost is
// measured); the medians' difference as a share. Goal: at most 5 %.
// The two kinds alternate booking by booking (without, with, with, without, ...): a busy machine
// then slows both alike, where rounds of 300 bookings each took a load spike into one side (the
// same code measured 0 % and 20 % a few minutes apart). The order is ABBA because every booking
// adds to the slot the next one counts, so a fixed order would charge that drift to one side.
// Then the price of that cheapness: the delivery log has no index of its own (it reads the
// time-ordered primary key backwards, filtered by endpoint), so its page is timed at 30,000
// deliveries (30 days of 1,000 a day, the log's retention) over three endpoints holding 90 %, 9 %
// and 1 % of them; the rarest endpoint's page 40 is the worst case.
import { performance } from 'node:perf_hooks';
import type { DB } from '@db/database';
import { newId } from '@server/core/ids';
import { listDeliveries } from '@server/webhooks/webhooks.repository';
import type { Figure } from './report';

const BOOKINGS = 1_800;
const LOG_DELIVERIES = 30_000;
const LOG_PAGE_SIZE = 25;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timed(book: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await book();
  return performance.now() - started;
}

/** The slowest of the log pages (first and 40th of each endpoint), each the median of 15 reads. */
async function slowestLogPage(db: DB): Promise<number> {
  const endpoints = [newId(), newId(), newId()];
  for (const id of endpoints) {
    await db.insertInto('webhookEndpoints').values({ id, url: 'https://crm.example.com/log', events: JSON.stringify(['booking.created']), secret: 'v1:bench', enabled: 0 }).execute();
  }
  const payload = JSON.stringify({ type: 'booking.created', data: { id: newId(), participant: { name: 'Ama Mensah', email: 'ama@example.com', phone: null } } });
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (let index = 0; index < LOG_DELIVERIES; index += 1) {
      const share = index % 100;
      const endpointId = endpoints[share < 90 ? 0 : share < 99 ? 1 : 2] ?? '';
      await trx.insertInto('webhookDeliveries').values({ id: newId(), endpointId, eventType: 'booking.created', subject: `booking:${newId()}`, payload, status: 'delivered', nextAttemptAt: at, createdAt: at }).execute();
    }
  });
  let slowest = 0;
  for (const endpointId of endpoints) {
    for (const page of [1, 40]) {
      const reads: number[] = [];
      for (let run = 0; run < 15; run += 1) reads.push(await timed(() => listDeliveries(db, { endpointId, page, pageSize: LOG_PAGE_SIZE })));
      slowest = Math.max(slowest, median(reads));
    }
  }
  // Their deliveries go with them (on delete cascade).
  await db.deleteFrom('webhookEndpoints').where('id', 'in', endpoints).execute();
  return slowest;
}

export async function benchWebhooks(book: () => Promise<unknown>, db: DB): Promise<Figure[]> {
  const id = newId();
  // A stored secret is never read here (nothing is sent): any value will do.
  await db.insertInto('webhookEndpoints').values({ id, url: 'https://crm.example.com/hooks', events: JSON.stringify(['booking.created']), secret: 'v1:bench', enabled: 0 }).execute();
  // The switch is its own transaction before each booking, on both sides alike.
  const setEnabled = (on: boolean) => db.updateTable('webhookEndpoints').set({ enabled: on ? 1 : 0 }).where('id', '=', id).execute();
  for (let count = 0; count < 100; count += 1) {
    await setEnabled(count % 2 === 1);
    await book();
  }
  const without: number[] = [];
  const withEndpoint: number[] = [];
  for (let count = 0; count < 2 * BOOKINGS; count += 1) {
    const on = count % 4 === 1 || count % 4 === 2;
    await setEnabled(on);
    (on ? withEndpoint : without).push(await timed(book));
  }
  const written = await db.selectFrom('webhookDeliveries').select((eb) => eb.fn.countAll<number>().as('count')).where('endpointId', '=', id).executeTakeFirstOrThrow();
  if (Number(written.count) !== BOOKINGS + 50) throw new Error(`expected ${BOOKINGS + 50} deliveries, found ${written.count}`);
  await db.deleteFrom('webhookEndpoints').where('id', '=', id).execute();
  const alone = median(without);
  const beside = median(withEndpoint);
  const logPage = await slowestLogPage(db);
  return [
    { name: 'webhooks: a public booking with an endpoint (none: baseline)', value: beside, baseline: alone, unit: 'ms', goal: { kind: 'information' } },
    { name: "webhooks: an endpoint adds to a booking's time", value: Math.max(0, (beside / alone - 1) * 100), unit: '%', goal: { kind: 'at-most', target: 5 } },
    { name: `webhooks: a delivery log page at ${LOG_DELIVERIES.toLocaleString('en')} deliveries, slowest endpoint and page`, value: logPage, unit: 'ms', goal: { kind: 'at-most', target: 50 } },
  ];
}
