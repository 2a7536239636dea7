// Over real HTTP: many simultaneous public bookings for one slot never overbook it: capacity
// is checked and the booking inserted in one write transaction.
// @module-tag postgres
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBookableSlot } from '@tests/support/fixtures';
import { buildTestApp, createTestEnv, SAME_ORIGIN, type TestEnv } from '@tests/support/helpers';

const REQUESTS = 50;
const CAPACITY = 5;

let env: TestEnv;
let app: FastifyInstance;
let origin: string;

beforeEach(async () => {
  // Fifty requests at once are what is tested here, not load shedding (server/http/load-shedding.ts,
  // 32 in flight by default): on a slow PostgreSQL run they all are in flight together.
  env = await createTestEnv({ env: { MAX_REQUESTS_IN_FLIGHT: String(REQUESTS * 2) } });
  app = await buildTestApp(env);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The test server has no TCP address');
  origin = `http://127.0.0.1:${address.port}`;
});

afterEach(async () => {
  await app.close();
  await env.close();
});

interface TrpcResponse {
  result?: { data?: { id?: string; status?: string } };
  error?: unknown;
}

describe('bookings.create under simultaneous requests', () => {
  it(`fills ${CAPACITY} seats and waitlists the other ${REQUESTS - CAPACITY}`, async () => {
    const { slot } = await insertBookableSlot(env.db, CAPACITY);

    const responses = await Promise.all(
      Array.from({ length: REQUESTS }, (_, index) =>
        fetch(`${origin}/api/trpc/bookings.create`, {
          method: 'POST',
          // The browser's Origin is the site's public origin, not the test server's random port.
          headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
          body: JSON.stringify({
            timeSlotId: slot.id,
            participantName: `Visitor ${index}`,
            participantEmail: `visitor${index}@example.com`,
          }),
        }),
      ),
    );
    const bodies = await Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as TrpcResponse })));

    for (const { status, body } of bodies) {
      expect(body.error).toBeUndefined();
      expect(status).toBe(200);
    }
    const answered = bodies.map(({ body }) => body.result?.data?.status);
    expect(answered.filter((status) => status === 'pending')).toHaveLength(CAPACITY);
    expect(answered.filter((status) => status === 'waitlisted')).toHaveLength(REQUESTS - CAPACITY);

    const rows = await env.db
      .selectFrom('bookings')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('timeSlotId', '=', slot.id)
      .groupBy('status')
      .orderBy('status')
      .execute();
    expect(rows.map((row) => ({ status: row.status, count: Number(row.count) }))).toEqual([
      { status: 'pending', count: CAPACITY },
      { status: 'waitlisted', count: REQUESTS - CAPACITY },
    ]);
    const total = rows.reduce((sum, row) => sum + Number(row.count), 0);
    expect(total).toBe(REQUESTS);
  });
});
