// A client that trickles its request (slowloris) no longer holds a socket for good: the whole
// request, body included, must arrive within REQUEST_TIMEOUT_S, over a real socket. The limit is
// set to a fraction of a second here so the test waits on the server, not on a timer of its own.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/core/config';
import { createTestEnv, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let app: FastifyInstance;
let port: number;

beforeEach(async () => {
  env = await createTestEnv({ env: { REQUEST_TIMEOUT_S: '0.4' } });
  app = await buildApp(env.deps, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterEach(async () => {
  await app.close();
  await env.close();
});

/** Writes `head` and keeps the socket open; resolves with what the server sent once it closes. */
function sendAndWaitForClose(head: string): Promise<{ answer: string; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, elapsedMs: performance.now() - started }));
  });
}

describe('slow requests', () => {
  it('closes a connection whose body stops coming, with 408', async () => {
    const head = [
      'POST /api/trpc/contacts.submit HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      'Content-Length: 200',
      '',
      '{"name":"A',
    ].join('\r\n');
    const { answer } = await sendAndWaitForClose(head);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(await env.db.selectFrom('contactForms').select('id').execute()).toEqual([]);
  });

  it('closes a connection whose headers never finish', async () => {
    const { answer } = await sendAndWaitForClose('GET /api/trpc/events.list HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a');
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
  });

  it('still answers a request that arrives in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/trpc/events.list`);
    expect(response.status).toBe(200);
  });

  it('defaults to two minutes and refuses a value that is not a number of seconds', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(120_000);
    expect(loadConfig({ REQUEST_TIMEOUT_S: '30' }).requestTimeoutMs).toBe(30_000);
    expect(() => loadConfig({ REQUEST_TIMEOUT_S: 'soon' })).toThrow(
      'Invalid environment variable REQUEST_TIMEOUT_S: must be a number of seconds from 1 to 3600',
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_S: '0' })).toThrow('must be a number of seconds from 1 to 3600');
  });
});
