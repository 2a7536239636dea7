// Logging: one JSON object a line. Quiet by default (in production only warnings and errors); with
// ACCESS_LOG one line per request with method, route, status and duration, secrets in URLs
// redacted, a 5xx at error; request ids unique across restarts; a failure that repeats is one line
// with its stack, then a line a minute at most.
// @module-tag postgres
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { buildApp } from '@server/app';
import { createTestEnv, type TestEnv } from '@tests/support/helpers';
import { onPostgres } from '@tests/support/postgres-env';

let env: TestEnv | undefined;
const apps: FastifyInstance[] = [];

beforeEach(() => {
  env = undefined;
});

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await env?.close();
});

type Line = Record<string, unknown>;

async function appWithLog(extraEnv: Record<string, string>): Promise<{ app: FastifyInstance; lines: () => Line[] }> {
  env ??= await createTestEnv({ env: { NODE_ENV: 'production', ...extraEnv } });
  const raw: string[] = [];
  const app = await buildApp(env.deps, { logger: true, logStream: { write: (line) => void raw.push(line) } });
  apps.push(app);
  await app.ready();
  // Every line must be one JSON object.
  return { app, lines: () => raw.map((line) => JSON.parse(line) as Line) };
}

async function linesLoggedFor(extraEnv: Record<string, string>, url: string): Promise<Line[]> {
  const logged = await appWithLog(extraEnv);
  const response = await logged.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return logged.lines();
}

it('writes no line for an ordinary request in production', async () => {
  expect(await linesLoggedFor({}, '/api/trpc/events.list')).toEqual([]);
});

it('keeps requests out of an info-level log unless the access log is on', async () => {
  expect(await linesLoggedFor({ LOG_LEVEL: 'info' }, '/api/trpc/events.list')).toEqual([]);
});

it('writes one access line per request, with method, route, status and duration, and the manage token redacted', async () => {
  const lines = await linesLoggedFor({ ACCESS_LOG: 'true', LOG_LEVEL: 'info' }, '/booking/manage/secret-token-123');
  expect(lines).toEqual([
    {
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      pid: process.pid,
      reqId: expect.stringMatching(/^[0-9a-f]{8}-1$/),
      msg: 'request answered',
      method: 'GET',
      route: '(page)',
      status: 200,
      durationMs: expect.any(Number),
      ip: '127.0.0.1',
      url: '/booking/manage/[redacted]',
    },
  ]);
  expect(JSON.stringify(lines)).not.toContain('secret-token-123');
});

it('names requests uniquely across restarts: each process has its own prefix', async () => {
  const first = await appWithLog({ ACCESS_LOG: 'true', LOG_LEVEL: 'info' });
  const restarted = await appWithLog({ ACCESS_LOG: 'true', LOG_LEVEL: 'info' });
  for (const { app } of [first, restarted]) {
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/healthz' });
  }
  const ids = [...first.lines(), ...restarted.lines()].map((line) => String(line.reqId));
  expect(ids).toHaveLength(4);
  expect(new Set(ids).size).toBe(4);
  expect(ids.map((id) => id.replace(/^[0-9a-f]{8}-/, ''))).toEqual(['1', '2', '1', '2']);
});

it('logs a failure that repeats once with its stack, then once a minute with a count; its answers at error', async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00.000Z') });
  const { app, lines } = await appWithLog({ ACCESS_LOG: 'true', LOG_LEVEL: 'info' });
  if (env === undefined) throw new Error('no test environment');
  // A real failure: the table the procedure reads is gone.
  const missing = onPostgres() ? 'relation "events" does not exist' : 'no such table: events';
  await sql.raw(onPostgres() ? 'drop table events cascade' : 'drop table events').execute(env.db);
  const ask = async () => (await app.inject({ method: 'GET', url: '/api/trpc/events.list' })).statusCode;

  expect([await ask(), await ask(), await ask()]).toEqual([500, 500, 500]);
  const failures = () => lines().filter((line) => line.msg !== 'request answered');
  expect(failures()).toEqual([
    expect.objectContaining({
      level: 'error',
      msg: `procedure events.list failed: ${missing}`,
      err: expect.objectContaining({ type: 'TRPCError', stack: expect.stringContaining(missing) }),
    }),
  ]);
  const answers = lines().filter((line) => line.msg === 'request answered');
  expect(answers.map((line) => `${String(line.level)} ${String(line.route)} ${String(line.status)}`)).toEqual([
    'error events.list 500',
    'error events.list 500',
    'error events.list 500',
  ]);

  vi.setSystemTime(new Date('2026-11-27T10:01:01.000Z'));
  expect(await ask()).toBe(500);
  expect(failures().slice(1)).toEqual([
    expect.objectContaining({
      level: 'error',
      msg: `procedure events.list still failing: ${missing} (3 times in the last 61 s)`,
      failures: 4,
      since: '2026-11-27T10:00:00.000Z',
    }),
  ]);
  expect(failures()[1]).not.toHaveProperty('err');
});
