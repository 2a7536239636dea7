// Starts the real server for Playwright as `npm start` runs it: the compiled server
// (dist/server/index.js) in production mode with the built client, on a fresh database whose first
// admin comes from ADMIN_EMAIL / ADMIN_PASSWORD.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { E2E_ADMIN, E2E_CLIENT_DIR, E2E_DATA_DIR, E2E_PORT } from './env';

const SERVER = path.resolve('dist', 'server', 'index.js');
for (const needed of [path.join(E2E_CLIENT_DIR, 'index.html'), SERVER]) {
  if (!fs.existsSync(needed)) {
    console.error(`${needed} is missing: run \`npm run build\` before the end-to-end tests.`);
    process.exit(1);
  }
}
fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
Object.assign(process.env, {
  NODE_ENV: 'production',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  // As behind a reverse proxy on the same machine: the visitor's address is X-Forwarded-For's, so
  // each test can be a visitor of its own (tests/e2e/fixtures.ts) and the public forms' limit (20 per
  // 10 minutes per address) counts each test's posts, not the whole suite's.
  TRUST_PROXY: '127.0.0.1',
  DATA_DIR: E2E_DATA_DIR,
  CLIENT_DIR: E2E_CLIENT_DIR,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // The calendar tests serve their feeds on loopback (tests/e2e/calendars.spec.ts).
  CALENDAR_ALLOW_PRIVATE_NETWORK: 'true',
  // The webhook test's receiver listens on loopback (tests/e2e/webhooks.spec.ts).
  WEBHOOK_ALLOW_PRIVATE_NETWORK: 'true',
});
await import(pathToFileURL(SERVER).href);
