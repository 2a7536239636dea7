// No redirect of the site leaves it: a Location that starts with `//` or `/\` is read by browsers as
// another host, so every target the page routes build (one spelling per path, the page's language)
// has its leading slashes collapsed to one.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '@tests/support/helpers';
import { buildPageApp } from '@tests/support/page-app';
import { sameSiteTarget } from './page-redirects';

let env: TestEnv;
let app: FastifyInstance;

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildPageApp(env);
});

afterEach(async () => {
  await app.close();
  await env.close();
});

async function locationOf(url: string): Promise<{ status: number; location: unknown }> {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, location: response.headers.location };
}

/** A GET written on a socket as it is: inject() and fetch() turn `\\` into `/` before sending. */
async function rawLocationOf(url: string): Promise<{ status: number; location: string | undefined }> {
  const address = app.server.listening ? app.listeningOrigin : await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = new URL(address);
  const answer = await new Promise<string>((resolve, reject) => {
    let received = '';
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
  const status = Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1]);
  return { status, location: /\r\nlocation: ([^\r]*)\r\n/i.exec(answer)?.[1] };
}

it('sends no visitor to another host, whatever the address', async () => {
  expect(await locationOf('/fr//evil.example/x')).toEqual({ status: 302, location: '/evil.example/x' });
  expect(await locationOf('//evil.example?lang=en')).toEqual({ status: 302, location: '/evil.example' });
  expect(await locationOf('//evil.example?lang=fr')).toEqual({ status: 302, location: '/evil.example' });
  expect(await locationOf('//evil.example?lang=zz')).toEqual({ status: 302, location: '/evil.example' });
  expect(await locationOf('//evil.%65xample/x')).toEqual({ status: 301, location: '/evil.example/x' });
  expect(await locationOf('///evil.example/x?lang=zz&a=1')).toEqual({ status: 302, location: '/evil.example/x?a=1' });
});

it('never answers with a backslash a browser would read as a second slash', async () => {
  // A backslash is not a path character: the one-spelling redirect encodes it first.
  expect(await rawLocationOf('/\\evil.example?lang=zz')).toEqual({ status: 301, location: '/%5Cevil.example?lang=zz' });
  expect(await rawLocationOf('/fr/\\evil.example/x')).toEqual({ status: 301, location: '/fr/%5Cevil.example/x' });
  expect(await rawLocationOf('/\\/evil.example?lang=en')).toEqual({ status: 301, location: '/%5C/evil.example?lang=en' });
  expect(await locationOf('/%5C/evil.example?lang=en')).toEqual({ status: 302, location: '/%5C/evil.example' });
});

it('keeps the redirects that stay on the site as they were', async () => {
  expect(await locationOf('/?lang=fr')).toEqual({ status: 302, location: '/fr/' });
  expect(await locationOf('/fr/?lang=en')).toEqual({ status: 302, location: '/' });
  expect(await locationOf('/fr/admin')).toEqual({ status: 302, location: '/admin' });
  expect(await locationOf('/%62ooking')).toEqual({ status: 301, location: '/booking' });
});

it('collapses any run of leading slashes and backslashes to one', () => {
  expect(sameSiteTarget('//a')).toBe('/a');
  expect(sameSiteTarget('/\\/\\a/b//c')).toBe('/a/b//c');
  expect(sameSiteTarget('/fr/')).toBe('/fr/');
  expect(sameSiteTarget('/')).toBe('/');
});
