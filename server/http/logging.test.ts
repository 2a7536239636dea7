// Logging is quiet by default: in production only warnings and errors, and one line per request only
// when the access log is asked for (ACCESS_LOG=true), with secrets in URLs redacted as before.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createTestEnv, type TestEnv } from '@tests/support/helpers';

let env: TestEnv | undefined;

beforeEach(() => {
  env = undefined;
});

afterEach(async () => {
  await env?.close();
});

async function linesLoggedFor(extraEnv: Record<string, string>, url: string): Promise<Record<string, unknown>[]> {
  env = await createTestEnv({ env: { NODE_ENV: 'production', ...extraEnv } });
  const lines: string[] = [];
  const app = await buildApp(env.deps, { logger: true, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  await app.close();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

it('writes no line for an ordinary request in production', async () => {
  expect(await linesLoggedFor({}, '/api/trpc/events.list')).toEqual([]);
});

it('keeps requests out of an info-level log unless the access log is on', async () => {
  expect(await linesLoggedFor({ LOG_LEVEL: 'info' }, '/api/trpc/events.list')).toEqual([]);
});

it('writes the access log when ACCESS_LOG is on, with the manage token redacted', async () => {
  const lines = await linesLoggedFor({ ACCESS_LOG: 'true', LOG_LEVEL: 'info' }, '/booking/manage/secret-token-123');
  const messages = lines.map((line) => line.msg);
  expect(messages).toEqual(['incoming request', 'request completed']);
  expect(JSON.stringify(lines)).not.toContain('secret-token-123');
  expect((lines[0]?.req as { url: string }).url).toBe('/booking/manage/[redacted]');
});
