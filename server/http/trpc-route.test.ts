// tRPC answers leave as one body with its Content-Length, over a real socket: not streamed with
// chunked transfer encoding (server/http/trpc-route.ts), whatever their status.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createTestEnv, SAME_ORIGIN, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let app: FastifyInstance;
let port: number;

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildApp(env.deps, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterEach(async () => {
  await app.close();
  await env.close();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function call(method: 'GET' | 'POST', path: string, body?: string, headers: http.OutgoingHttpHeaders = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path, headers: { origin: SAME_ORIGIN, 'content-type': 'application/json', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function expectWhole(answer: RawAnswer): void {
  expect(answer.headers['transfer-encoding']).toBeUndefined();
  expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
}

describe('tRPC answers over HTTP', () => {
  it('sends a query answer whole', async () => {
    const answer = await call('GET', '/api/trpc/auth.me');

    expect(answer.status).toBe(200);
    expectWhole(answer);
    expect(JSON.parse(answer.body)).toEqual({ result: { data: null } });
  });

  it('sends an error answer whole, with its status and message', async () => {
    const answer = await call('POST', '/api/trpc/contacts.submit', JSON.stringify({ name: '', email: 'not-an-address' }));

    expect(answer.status).toBe(400);
    expectWhole(answer);
    const parsed = JSON.parse(answer.body) as { error: { data: { code: string; httpStatus: number } } };
    expect(parsed.error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
  });

  it('sends a batch of answers whole', async () => {
    const answer = await call('GET', '/api/trpc/auth.me,auth.setupStatus?batch=1&input=%7B%7D');

    expect(answer.status).toBe(200);
    expectWhole(answer);
    expect(JSON.parse(answer.body)).toEqual([{ result: { data: null } }, { result: { data: { needsSetup: true } } }]);
  });

  it('sends an answer asked for as JSON lines whole too, never with both a length and chunked encoding', async () => {
    for (const headers of [{ 'trpc-accept': 'application/jsonl' }, { accept: 'application/jsonl' }]) {
      const answer = await call('GET', '/api/trpc/auth.me,auth.setupStatus?batch=1&input=%7B%7D', undefined, headers);

      expect(answer.status).toBe(200);
      expect(answer.headers['transfer-encoding']).toBeUndefined();
      expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      // tRPC's JSON lines: a head line, then a line per call.
      expect(answer.body.trim().split('\n').length).toBeGreaterThan(1);
    }
  });
});

describe("tRPC's own Fastify adapter (built only for the bench's comparison)", () => {
  it('serves the same answers: a query, an error with its message, a batch', async () => {
    const adapted = await buildApp(env.deps, { logger: false, trpcServer: 'adapter' });
    try {
      const query = await adapted.inject({ method: 'GET', url: '/api/trpc/settings.public' });
      expect(query.statusCode).toBe(200);
      expect(query.json()).toEqual((await app.inject({ method: 'GET', url: '/api/trpc/settings.public' })).json());
      const refused = await adapted.inject({ method: 'GET', url: '/api/trpc/bookings.stats' });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual((await app.inject({ method: 'GET', url: '/api/trpc/bookings.stats' })).json());
      const batch = await adapted.inject({ method: 'GET', url: '/api/trpc/settings.public,events.list?batch=1&input=%7B%7D' });
      expect(batch.statusCode).toBe(200);
      expect(batch.json()).toHaveLength(2);
    } finally {
      await adapted.close();
    }
  });
});
