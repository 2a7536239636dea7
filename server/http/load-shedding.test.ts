// Overload: past MAX_REQUESTS_IN_FLIGHT requests being answered, a new one is answered 503 with
// Retry-After at once, before any work, while health, readiness and metrics are still answered; the
// log says when shedding starts and ends; e-mail work steps aside while the server is busy. Over
// real sockets: requests are held in flight by bodies that have not finished arriving.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/core/config';
import { insertOutboxMessage } from '@server/email/outbox.repository';
import { startEmailSender } from '@server/email/sender';
import { createTestEnv, type TestEnv } from '@tests/support/helpers';
import { startSmtpServer, useSmtpServer } from '@tests/support/smtp';

let env: TestEnv;
let app: FastifyInstance;
let port: number;
let raw: string[];
const sockets: net.Socket[] = [];

beforeEach(async () => {
  env = await createTestEnv({ env: { MAX_REQUESTS_IN_FLIGHT: '2', NODE_ENV: 'production' } });
  raw = [];
  app = await buildApp(env.deps, { logger: true, logStream: { write: (line) => void raw.push(line) } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await app.close();
  await env.close();
});

function logged(): Record<string, unknown>[] {
  return raw.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A contact message whose body stops halfway: in flight until `finish()`; resolves to its status. */
function heldRequest(): { finish: () => void; status: Promise<number> } {
  const body = JSON.stringify({ name: 'Kofi Mensah', email: 'kofi@example.com', message: 'We plan to open in Lagos.' });
  const socket = net.connect(port, '127.0.0.1');
  sockets.push(socket);
  let answer = '';
  const status = new Promise<number>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (match?.[1] !== undefined) resolve(Number(match[1]));
    });
  });
  socket.write(
    ['POST /api/trpc/contacts.submit HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, '', body.slice(0, 10)].join('\r\n'),
  );
  return { finish: () => void socket.write(body.slice(10)), status };
}

describe('load shedding', () => {
  it('answers 503 with Retry-After past the bound, still answers health and metrics, and takes requests again once some finish', async () => {
    const held = [heldRequest(), heldRequest()];
    await vi.waitFor(() => expect(app.loadShedding.inFlight).toBe(2), { interval: 5 });

    const shed = await fetch(`http://127.0.0.1:${port}/api/trpc/events.list`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(await shed.json()).toEqual({
      error: { message: 'The server is busy. Please try again in a moment.', code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, fieldErrors: null, messageKey: 'error.serverBusy', messageValues: {} } },
    });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toContain('\nsite_http_requests_shed_total 1\n');
    // The two held, the scrape itself.
    expect(metrics).toContain('\nsite_http_requests_in_flight 3\n');
    expect(logged().filter((line) => String(line.msg).startsWith('Load shedding'))).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: 'Load shedding: 2 requests in flight (MAX_REQUESTS_IN_FLIGHT 2); more answer 503 with Retry-After until some finish',
      }),
    ]);

    for (const request of held) request.finish();
    expect(await Promise.all(held.map((request) => request.status))).toEqual([200, 200]);
    await vi.waitFor(() => expect(app.loadShedding.inFlight).toBe(0), { interval: 5 });
    expect((await fetch(`http://127.0.0.1:${port}/api/trpc/events.list`)).status).toBe(200);
    expect(await env.db.selectFrom('contactForms').select('id').execute()).toHaveLength(2);
  });

  it('logs the end of shedding, with its count, at the first request taken after ten quiet seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const held = [heldRequest(), heldRequest()];
    await vi.waitFor(() => expect(app.loadShedding.inFlight).toBe(2), { interval: 5 });
    vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
    expect((await fetch(`http://127.0.0.1:${port}/api/trpc/events.list`)).status).toBe(503);
    vi.setSystemTime(new Date('2026-11-27T10:00:03.000Z'));
    expect((await fetch(`http://127.0.0.1:${port}/api/trpc/events.list`)).status).toBe(503);
    for (const request of held) request.finish();
    await Promise.all(held.map((request) => request.status));
    await vi.waitFor(() => expect(app.loadShedding.inFlight).toBe(0), { interval: 5 });
    vi.setSystemTime(new Date('2026-11-27T10:00:14.000Z'));
    expect((await fetch(`http://127.0.0.1:${port}/api/trpc/events.list`)).status).toBe(200);
    // The clock runs on from each time set (only Date is faked), by a few milliseconds.
    expect(logged().filter((line) => String(line.msg).startsWith('Load shedding')).map((line) => line.msg)).toEqual([
      'Load shedding: 2 requests in flight (MAX_REQUESTS_IN_FLIGHT 2); more answer 503 with Retry-After until some finish',
      expect.stringMatching(/^Load shedding over: 2 requests answered 503 between 2026-11-27T10:00:00\.\d{3}Z and 2026-11-27T10:00:03\.\d{3}Z$/),
    ]);
  });

  it('lets the e-mail sender step aside while the server is busy', async () => {
    const smtp = await startSmtpServer();
    try {
      await useSmtpServer(env.db, smtp);
      await insertOutboxMessage(env.db, {
        kind: 'admin-new-contact',
        toAddress: 'desk@example.com',
        subject: 'New contact message',
        textBody: 'Text',
        htmlBody: '<p>Text</p>',
        ics: null,
        icsMethod: null,
        bookingId: null,
        lastError: null,
        nextAttemptAt: new Date(Date.now() - 1_000).toISOString(),
      });
      // Busy for the first two looks, then free: the message waits, then goes.
      const looks: number[] = [];
      const sender = startEmailSender(env.deps, {
        intervalMs: null,
        serverBusy: () => {
          looks.push(smtp.received.length);
          return looks.length <= 2;
        },
      });
      expect(await sender.runOnce()).toBe(1);
      await sender.stop();
      expect(looks).toEqual([0, 0, 0]);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('defaults to 32 and refuses a bound that is not a whole number', () => {
    expect(loadConfig({}).maxRequestsInFlight).toBe(32);
    expect(() => loadConfig({ MAX_REQUESTS_IN_FLIGHT: '0' })).toThrow('Invalid environment variable MAX_REQUESTS_IN_FLIGHT: must be a whole number from 1 to 100000');
  });
});
