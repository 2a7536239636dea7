// Built files: hashed assets are cached for good (a new build gives new names) and sent
// pre-compressed, brotli or gzip as the browser accepts; other files get a short cache.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createTestEnv, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let app: FastifyInstance;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

beforeEach(async () => {
  env = await createTestEnv();
  const clientDir = path.join(env.dataDir, 'client');
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><!--app-head--><!--/app-head--></head><body></body></html>');
  const script = path.join(clientDir, 'assets', 'index-AbC123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await buildApp(env.deps, { logger: false, clientDir });
  await app.ready();
});

afterEach(async () => {
  await app.close();
  await env.close();
});

it('sends a hashed asset brotli-compressed, cached as immutable', async () => {
  const response = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe('br');
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
});

it('falls back to gzip, then to the plain file', async () => {
  const gzip = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  const plain = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(SCRIPT);
});

it('caches files without a hash in their name for an hour only', async () => {
  const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=3600');
});
