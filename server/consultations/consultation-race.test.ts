// Twenty visitors race over real HTTP for one consultant's hour: half ask for 10:00, half for 10:30,
// which overlap (a unique index could not tell them apart, only the locked re-check can). Exactly
// one gets a time, the others are told it was just taken, and the next free times no longer offer it.
// On PostgreSQL the same race runs through two instances of the site on one database.
// @module-tag postgres
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import type { AppDeps } from '@server/core/deps';
import { callerFor, createAccount, createTestEnv, SAME_ORIGIN, type TestEnv } from '@tests/support/helpers';
import { onPostgres, secondInstance } from '@tests/support/postgres-env';

const VISITORS = 20;
const TAKEN = 'This time was just taken. Please choose one of the next free times.';

interface TrpcAnswer {
  result?: { data?: { id?: string } };
  error?: { message?: string; data?: { code?: string; fieldErrors?: Record<string, string[]> } };
}

let env: TestEnv;
let apps: FastifyInstance[] = [];
let closeSecond: (() => Promise<void>) | undefined;

async function listen(deps: AppDeps): Promise<string> {
  const app = await buildApp(deps, { logger: false });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The test server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

beforeEach(async () => {
  env = await createTestEnv();
  apps = [];
  closeSecond = undefined;
});

afterEach(async () => {
  for (const app of apps) await app.close();
  await closeSecond?.();
  await env.close();
});

async function race(origins: string[]) {
  const admin = await createAccount(env.db, 'admin');
  const consultant = await createAccount(env.db, 'user', { name: 'Solo Consultant' });
  await callerFor(env.deps, consultant).consultations.availability.set({
    timeZone: 'UTC',
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 540, endMinute: 720 })),
    overrides: [],
  });
  const type = await callerFor(env.deps, admin).consultations.types.create({
    title: 'Discovery call',
    durationMinutes: 30,
    locationKind: 'phone',
    locationDetail: null,
    bufferAfterMinutes: 15,
    staffIds: [consultant.user.id],
  });
  const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const starts = [`${date}T10:00:00.000Z`, `${date}T10:30:00.000Z`];

  const answers = await Promise.all(
    Array.from({ length: VISITORS }, (_, index) =>
      fetch(`${origins[index % origins.length]}/api/trpc/consultations.book`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
        body: JSON.stringify({ typeId: type.id, startsAt: starts[index % 2], timeZone: 'UTC', visitorName: `Visitor ${index}`, visitorEmail: `visitor${index}@example.com` }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as TrpcAnswer })),
    ),
  );

  const winners = answers.filter((answer) => answer.status === 200);
  const losers = answers.filter((answer) => answer.status !== 200);
  expect(winners).toHaveLength(1);
  expect(losers).toHaveLength(VISITORS - 1);
  for (const loser of losers) {
    expect(loser.status).toBe(409);
    expect(loser.body.error?.message).toBe(TAKEN);
    expect(loser.body.error?.data?.fieldErrors).toEqual({ startsAt: [TAKEN] });
  }
  const stored = await env.db.selectFrom('consultations').select(['startsAt', 'status']).execute();
  expect(stored).toHaveLength(1);
  expect(stored[0]?.status).toBe('booked');
  const won = stored[0]?.startsAt;

  // The next free times the losers are shown: not the time taken, nor the starts whose span with
  // buffers meets it (10:00 blocks 10:00-10:45; 10:30 blocks 10:30-11:15; a new one blocks 15 minutes after it too).
  const free = await callerFor(env.deps).consultations.freeTimes({ typeId: type.id, from: date, to: date, timeZone: 'UTC' });
  const expected = won === starts[0] ? ['09:00', '11:00', '11:30'] : ['09:00', '09:30', '11:30'];
  expect(free.times.map((time) => time.time)).toEqual(expected);
}

describe('consultations.book under simultaneous requests', () => {
  it(`gives one time to exactly one of ${VISITORS} visitors`, async () => {
    await race([await listen(env.deps)]);
  });

  it.runIf(onPostgres())(`gives one time to exactly one of ${VISITORS} visitors spread over two instances`, async () => {
    const second = secondInstance(env);
    closeSecond = () => second.close();
    await race([await listen(env.deps), await listen(second.deps)]);
  });
});
