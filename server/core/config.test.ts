// Configuration from the environment: defaults, one clear line naming a bad variable, and a
// server that refuses to start on one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

/** One line, naming the variable. */
function expectRefused(env: Record<string, string>, variable: string): string {
  const { message } = configError(env);
  expect(message.startsWith(`Invalid environment variable ${variable}: `)).toBe(true);
  expect(message.length).toBeGreaterThan(`Invalid environment variable ${variable}: `.length);
  expect(message).not.toContain('\n');
  return message;
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      publicOrigin: 'http://127.0.0.1:3000',
      adminEmail: undefined,
      adminPassword: undefined,
      trustProxy: false,
      logLevel: 'info',
      logFormat: process.stdout.isTTY ? 'text' : 'json',
      accessLog: false,
      requestTimeoutMs: 120_000,
      maxRequestsInFlight: 32,
      calendars: { allowPrivateNetwork: false, refreshMs: 300_000, secretKey: undefined, timeoutMs: 20_000 },
      webhooks: { allowPrivateNetwork: false, timeoutMs: 10_000 },
      databaseWaitMs: 60_000,
      metrics: true,
      metricsToken: undefined,
    });
  });

  it('logs warnings and errors only in production, nothing in tests, unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).logLevel).toBe('warn');
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(expectRefused({ LOG_LEVEL: 'loud' }, 'LOG_LEVEL')).toBe(
      'Invalid environment variable LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    );
    expect(expectRefused({ LOG_FORMAT: 'xml' }, 'LOG_FORMAT')).toBe('Invalid environment variable LOG_FORMAT: must be json or text');
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/site',
        PUBLIC_ORIGIN: 'https://consulting.example.com/',
        ADMIN_EMAIL: 'Owner@Example.com',
        ADMIN_PASSWORD: 'a-long-password',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'error',
        LOG_FORMAT: 'text',
        ACCESS_LOG: 'true',
        REQUEST_TIMEOUT_S: '45',
        MAX_REQUESTS_IN_FLIGHT: '200',
        DATABASE_WAIT_S: '0',
        METRICS: 'false',
        METRICS_TOKEN: 'a-token-of-24-characters',
      }),
    ).toEqual({
      nodeEnv: 'production',
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/site',
      publicOrigin: 'https://consulting.example.com',
      adminEmail: 'owner@example.com',
      adminPassword: 'a-long-password',
      trustProxy: 1,
      logLevel: 'error',
      logFormat: 'text',
      accessLog: true,
      requestTimeoutMs: 45_000,
      maxRequestsInFlight: 200,
      calendars: { allowPrivateNetwork: false, refreshMs: 300_000, secretKey: undefined, timeoutMs: 20_000 },
      webhooks: { allowPrivateNetwork: false, timeoutMs: 10_000 },
      databaseWaitMs: 0,
      metrics: false,
      metricsToken: 'a-token-of-24-characters',
    });
  });

  it('refuses a METRICS_TOKEN that is short or holds spaces', () => {
    const message =
      'Invalid environment variable METRICS_TOKEN: must be 16 to 200 printable characters without spaces (e.g. from openssl rand -hex 24)';
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(message);
    expect(() => loadConfig({ METRICS_TOKEN: 'a token with spaces in it' })).toThrow(message);
  });

  it('reads TRUST_PROXY as false, a hop count or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });

  it('derives the public origin from HOST and PORT, using localhost for a wildcard host', () => {
    expect(loadConfig({ PORT: '4000' }).publicOrigin).toBe('http://127.0.0.1:4000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '4000' }).publicOrigin).toBe('http://localhost:4000');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', HOST: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' })).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      adminEmail: undefined,
    });
  });

  it('stops with one line naming a bad PORT', () => {
    const message = expectRefused({ PORT: 'abc' }, 'PORT');
    expect(message).toBe('Invalid environment variable PORT: must be a whole number from 1 to 65535');
    for (const port of ['0', '65536', '80.5', '-1']) expectRefused({ PORT: port }, 'PORT');
  });

  it('names each other bad variable', () => {
    expectRefused({ NODE_ENV: 'staging' }, 'NODE_ENV');
    expectRefused({ PUBLIC_ORIGIN: 'not a url' }, 'PUBLIC_ORIGIN');
    expectRefused({ PUBLIC_ORIGIN: 'ftp://example.com' }, 'PUBLIC_ORIGIN');
    expectRefused({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'a-long-password' }, 'ADMIN_EMAIL');
    expectRefused({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD');
    expect(expectRefused({ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY')).toBe(
      'Invalid environment variable TRUST_PROXY: must be false, a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses (e.g. 127.0.0.1,10.0.0.0/8)',
    );
    expectRefused({ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY');
    expectRefused({ TRUST_PROXY: '10.0.0.1,' }, 'TRUST_PROXY');
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(expectRefused({ ADMIN_EMAIL: 'owner@example.com' }, 'ADMIN_PASSWORD')).toContain('ADMIN_EMAIL and ADMIN_PASSWORD');
    expectRefused({ ADMIN_PASSWORD: 'a-long-password' }, 'ADMIN_PASSWORD');
  });

  it('reports one variable when several are wrong', () => {
    const message = configError({ PORT: 'abc', NODE_ENV: 'staging' }).message;
    expect(message).toMatch(/^Invalid environment variable (PORT|NODE_ENV): [^\n]+$/);
  });
});

describe('start-up with a bad variable', () => {
  it('exits with code 1 and one JSON line at fatal naming PORT', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-config-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: 'abc', DATA_DIR: dataDir };
    for (const name of ['HOST', 'PUBLIC_ORIGIN', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'TRUST_PROXY']) delete env[name];
    try {
      const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: path.resolve(import.meta.dirname, '../..'), env });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
        });
        child.on('error', reject);
        child.on('close', (exitCode) => resolve({ code: exitCode, stdout }));
      });
      expect(code).toBe(1);
      const lines = stdout
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as { level: string; msg: string });
      expect(lines.map((line) => `${line.level} ${line.msg}`)).toEqual(['fatal Invalid environment variable PORT: must be a whole number from 1 to 65535']);
      // It stopped before touching the data folder.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
