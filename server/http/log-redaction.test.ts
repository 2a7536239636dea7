// The access log keeps no manage-link token (bookings and consultations, in any language, in the
// page path or a tRPC query) and no address looked up in "find a person" (issue 34, finding 6).
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { createTestEnv, type TestEnv } from '@tests/support/helpers';
import { redactUrl } from './log-redaction';

let env: TestEnv | undefined;

afterEach(async () => {
  await env?.close();
  env = undefined;
});

const TOKEN = 'Zt9secretToken_123';
const input = (value: object) => `input=${encodeURIComponent(JSON.stringify(value))}`;

it('redacts the manage tokens of bookings and consultations in page paths, in every language', () => {
  expect(redactUrl(`/booking/manage/${TOKEN}`)).toBe('/booking/manage/[redacted]');
  expect(redactUrl(`/fr/booking/manage/${TOKEN}?lang=en`)).toBe('/fr/booking/manage/[redacted]?lang=en');
  expect(redactUrl(`/consultations/manage/${TOKEN}`)).toBe('/consultations/manage/[redacted]');
  expect(redactUrl(`/fr/consultations/manage/${TOKEN}`)).toBe('/fr/consultations/manage/[redacted]');
});

it('redacts the whole input of the procedures that carry a token or an address, alone or in a batch', () => {
  expect(redactUrl(`/api/trpc/consultations.manage?${input({ token: TOKEN })}`)).toBe('/api/trpc/consultations.manage?[redacted]');
  expect(redactUrl(`/api/trpc/consultations.freeTimes?${input({ typeId: 'x', manageToken: TOKEN })}`)).toBe('/api/trpc/consultations.freeTimes?[redacted]');
  expect(redactUrl(`/api/trpc/bookings.manage?${input({ token: TOKEN })}`)).toBe('/api/trpc/bookings.manage?[redacted]');
  expect(redactUrl(`/api/trpc/privacy.findPerson?${input({ email: 'anna@acme.com' })}`)).toBe('/api/trpc/privacy.findPerson?[redacted]');
  expect(redactUrl(`/api/trpc/events.list,consultations.manage?batch=1&${input({ 1: { token: TOKEN } })}`)).toBe(
    '/api/trpc/events.list,consultations.manage?[redacted]',
  );
  // Other reads keep their input: it says what was asked.
  expect(redactUrl('/api/trpc/events.list?input=%7B%7D')).toBe('/api/trpc/events.list?input=%7B%7D');
});

it('writes none of them to the access log', async () => {
  env = await createTestEnv({ env: { NODE_ENV: 'production', ACCESS_LOG: 'true', LOG_LEVEL: 'info' } });
  const lines: string[] = [];
  const app = await buildApp(env.deps, { logger: true, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
  const urls = [
    `/consultations/manage/${TOKEN}`,
    `/fr/consultations/manage/${TOKEN}`,
    `/api/trpc/consultations.manage?${input({ token: TOKEN })}`,
    `/api/trpc/consultations.freeTimes?${input({ typeId: 'x', from: '2030-01-01', to: '2030-01-02', timeZone: 'UTC', manageToken: TOKEN })}`,
    `/api/trpc/privacy.findPerson?${input({ email: 'anna@acme.com' })}`,
  ];
  for (const url of urls) await app.inject({ method: 'GET', url });
  await app.close();
  const logged = lines.map((line) => JSON.parse(line) as { msg: string; url?: string });
  expect(logged.filter((line) => line.msg === 'request answered').map((line) => line.url)).toEqual([
    '/consultations/manage/[redacted]',
    '/fr/consultations/manage/[redacted]',
    '/api/trpc/consultations.manage?[redacted]',
    '/api/trpc/consultations.freeTimes?[redacted]',
    '/api/trpc/privacy.findPerson?[redacted]',
  ]);
  expect(lines.join('\n')).not.toContain(TOKEN);
  expect(lines.join('\n')).not.toContain('acme');
});
