// What a webhook endpoint adds to a booking (server/webhooks): 300 public bookings (bookings.create
// through the real caller) one after another on the bench's filled database, with no endpoint and
// with one enabled endpoint that wants booking.created (its delivery row written in the booking's
// transaction; no sender runs, so only the booking's own cost is measured), six rounds each; the
// medians' difference as a share. Goal: at most 5 %. The rounds go without-with, with-without, ...
// (ABBA): every booking adds to the slot the next one counts, so a booking gets slower as the run
// goes on, and a fixed order would charge that drift to whichever side always runs second.
import { performance } from 'node:perf_hooks';
import type { DB } from '@db/database';
import { newId } from '@server/core/ids';
import type { Figure } from './report';

const BOOKINGS = 300;
const ROUNDS = 6;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function bookingsTime(book: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let count = 0; count < BOOKINGS; count += 1) await book();
  return (performance.now() - started) / BOOKINGS;
}

export async function benchWebhooks(book: () => Promise<unknown>, db: DB): Promise<Figure[]> {
  const id = newId();
  // A stored secret is never read here (nothing is sent): any value will do.
  await db.insertInto('webhookEndpoints').values({ id, url: 'https://crm.example.com/hooks', events: JSON.stringify(['booking.created']), secret: 'v1:bench', enabled: 0 }).execute();
  const setEnabled = (on: boolean) => db.updateTable('webhookEndpoints').set({ enabled: on ? 1 : 0 }).where('id', '=', id).execute();
  await bookingsTime(book);
  const without: number[] = [];
  const withEndpoint: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const on of round % 2 === 0 ? [false, true] : [true, false]) {
      await setEnabled(on);
      (on ? withEndpoint : without).push(await bookingsTime(book));
    }
  }
  const written = await db.selectFrom('webhookDeliveries').select((eb) => eb.fn.countAll<number>().as('count')).where('endpointId', '=', id).executeTakeFirstOrThrow();
  if (Number(written.count) !== ROUNDS * BOOKINGS) throw new Error(`expected ${ROUNDS * BOOKINGS} deliveries, found ${written.count}`);
  await db.deleteFrom('webhookEndpoints').where('id', '=', id).execute();
  const alone = median(without);
  const beside = median(withEndpoint);
  return [
    { name: 'webhooks: a public booking with an endpoint (none: baseline)', value: beside, baseline: alone, unit: 'ms', goal: { kind: 'information' } },
    { name: "webhooks: an endpoint adds to a booking's time", value: Math.max(0, (beside / alone - 1) * 100), unit: '%', goal: { kind: 'at-most', target: 5 } },
  ];
}
