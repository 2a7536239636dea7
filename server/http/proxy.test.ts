// Client addresses behind a reverse proxy: X-Forwarded-For counts only with TRUST_PROXY, and then
// the client is the right-most address that is not a trusted proxy, so a visitor who sends a new
// X-Forwarded-For each time still meets the per-address limit.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, createTestEnv, type TestEnv } from '@tests/support/helpers';

const LIMIT = 3;
const TOO_MANY = 'Too many requests. Please try again in 10 minutes.';

let env: TestEnv | undefined;
let app: FastifyInstance | undefined;

async function start(trustProxy?: string): Promise<FastifyInstance> {
  env = await createTestEnv({
    limits: { publicFormsPerWindow: LIMIT },
    env: trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy },
  });
  app = await buildTestApp(env);
  return app;
}

afterEach(async () => {
  await app?.close();
  await env?.close();
  app = undefined;
  env = undefined;
});

function submit(server: FastifyInstance, remoteAddress: string, forwardedFor?: string) {
  return server.inject({
    method: 'POST',
    url: '/api/trpc/contacts.submit',
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
    },
    payload: JSON.stringify({ name: 'Kofi Mensah', email: 'kofi@example.com', message: 'We plan to open in Lagos.' }),
  });
}

/** Sends LIMIT + 1 submissions, each with a new made-up left-most X-Forwarded-For entry. */
async function spoofingRun(server: FastifyInstance, remoteAddress: string, tail: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i += 1) {
    const forwarded = tail === '' ? `192.0.2.${i + 1}` : `192.0.2.${i + 1}, ${tail}`;
    statuses.push((await submit(server, remoteAddress, forwarded)).statusCode);
  }
  return statuses;
}

function errorMessage(body: string): string {
  return (JSON.parse(body) as { error: { message: string } }).error.message;
}

describe('X-Forwarded-For without TRUST_PROXY', () => {
  it('is ignored: the connection address is the client, so a new header each time does not escape the limit', async () => {
    const server = await start();
    expect(await spoofingRun(server, '203.0.113.10', '')).toEqual([200, 200, 200, 429]);
    const refused = await submit(server, '203.0.113.10', '192.0.2.99');
    expect(errorMessage(refused.body)).toBe(TOO_MANY);
    // Another connection address is another client.
    expect((await submit(server, '203.0.113.11', '192.0.2.1')).statusCode).toBe(200);
  });

  it('TRUST_PROXY=false is the same as unset', async () => {
    const server = await start('false');
    expect(await spoofingRun(server, '203.0.113.10', '')).toEqual([200, 200, 200, 429]);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  it('1: the client is the address the proxy appended, whatever the visitor put before it', async () => {
    const server = await start('1');
    expect(await spoofingRun(server, '10.0.0.2', '198.51.100.7')).toEqual([200, 200, 200, 429]);
    // A different real client behind the same proxy has its own allowance.
    expect((await submit(server, '10.0.0.2', '192.0.2.1, 198.51.100.8')).statusCode).toBe(200);
  });

  it('true means one hop', async () => {
    const server = await start('true');
    expect(await spoofingRun(server, '10.0.0.2', '198.51.100.7')).toEqual([200, 200, 200, 429]);
  });

  it('2: two proxies; the entry the outer proxy appended is the client', async () => {
    const server = await start('2');
    expect(await spoofingRun(server, '10.0.0.2', '198.51.100.7, 10.0.0.3')).toEqual([200, 200, 200, 429]);
    expect((await submit(server, '10.0.0.2', '198.51.100.8, 10.0.0.3')).statusCode).toBe(200);
  });
});

describe('a forwarded value that is not an address', () => {
  it('is refused with 400 and stored nowhere, for a hop count and for a proxy list', async () => {
    for (const trust of ['1', '10.0.0.2']) {
      const server = await start(trust);
      for (const forwarded of ['not-an-address', '<script>alert(1)</script>', '198.51.100.8, unknown', '999.1.1.1']) {
        const refused = await submit(server, '10.0.0.2', forwarded);
        expect(refused.statusCode, `${trust}: ${forwarded}`).toBe(400);
        expect(errorMessage(refused.body)).toBe('The client address sent by the proxy (X-Forwarded-For) is not an address.');
      }
      expect(await env?.db.selectFrom('contactForms').select('id').execute()).toEqual([]);
      expect((await submit(server, '10.0.0.2', '198.51.100.8')).statusCode).toBe(200);
      await app?.close();
      await env?.close();
    }
    app = undefined;
    env = undefined;
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  it('skips trusted proxies from the right and stops at the first other address', async () => {
    const server = await start('10.0.0.2, 10.1.0.0/16');
    expect(await spoofingRun(server, '10.0.0.2', '198.51.100.7, 10.1.2.3')).toEqual([200, 200, 200, 429]);
    expect((await submit(server, '10.0.0.2', '198.51.100.8')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a connection that is not a listed proxy', async () => {
    const server = await start('10.0.0.2');
    expect(await spoofingRun(server, '203.0.113.10', '')).toEqual([200, 200, 200, 429]);
  });

  it('a visitor who forges the proxy address inside the header still meets the limit', async () => {
    const server = await start('10.0.0.2');
    // The visitor writes the proxy's address on the right of their own header; the proxy appends
    // the real address after it, and the right-most untrusted entry is still the visitor.
    expect(await spoofingRun(server, '10.0.0.2', '10.0.0.2, 198.51.100.7')).toEqual([200, 200, 200, 429]);
  });
});
