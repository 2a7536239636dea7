// Reads the process environment once, validates it with zod, and stops start-up with one clear
// line naming the variable when a value is wrong.
import net from 'node:net';
import { z } from 'zod';
import { defaultLogFormat, type LogFormat } from './log';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Requests answered at once before more are shed with 503 (server/http/load-shedding.ts). */
export const DEFAULT_MAX_REQUESTS_IN_FLIGHT = 32;

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('development'),
    PORT: z.coerce
      .number({ error: 'must be a whole number from 1 to 65535' })
      .int('must be a whole number from 1 to 65535')
      .min(1, 'must be a whole number from 1 to 65535')
      .max(65535, 'must be a whole number from 1 to 65535')
      .default(3000),
    HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
    DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
    PUBLIC_ORIGIN: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://example.com' })
      .optional(),
    ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters long').optional(),
    TRUST_PROXY: z
      .string()
      .transform((value, ctx) => {
        const trust = parseTrustProxy(value);
        if (trust === null) {
          ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
          return z.NEVER;
        }
        return trust;
      })
      .default(false),
    CLIENT_DIR: z.string().min(1, 'must not be empty').optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .optional(),
    LOG_FORMAT: z.enum(['json', 'text'], { error: 'must be json or text' }).optional(),
    ACCESS_LOG: booleanText.default(false),
    REQUEST_TIMEOUT_S: z.coerce
      .number({ error: 'must be a number of seconds from 1 to 3600' })
      .min(0.1, 'must be a number of seconds from 1 to 3600')
      .max(3600, 'must be a number of seconds from 1 to 3600')
      .default(120),
    DATABASE_WAIT_S: z.coerce
      .number({ error: 'must be a whole number of seconds from 0 to 3600' })
      .int('must be a whole number of seconds from 0 to 3600')
      .min(0, 'must be a whole number of seconds from 0 to 3600')
      .max(3600, 'must be a whole number of seconds from 0 to 3600')
      .default(60),
    MAX_REQUESTS_IN_FLIGHT: z.coerce
      .number({ error: 'must be a whole number from 1 to 100000' })
      .int('must be a whole number from 1 to 100000')
      .min(1, 'must be a whole number from 1 to 100000')
      .max(100_000, 'must be a whole number from 1 to 100000')
      .default(DEFAULT_MAX_REQUESTS_IN_FLIGHT),
    METRICS: booleanText.default(true),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,200}$/, 'must be 16 to 200 printable characters without spaces (e.g. from openssl rand -hex 24)')
      .optional(),
    CALENDAR_ALLOW_PRIVATE_NETWORK: booleanText.default(false),
    CALENDAR_SECRET_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes, e.g. from openssl rand -hex 32)')
      .optional(),
    CALENDAR_TIMEOUT_S: z.coerce
      .number({ error: 'must be a number of seconds from 0.05 to 120' })
      .min(0.05, 'must be a number of seconds from 0.05 to 120')
      .max(120, 'must be a number of seconds from 0.05 to 120')
      .default(20),
    CALENDAR_REFRESH_MINUTES: z.coerce
      .number({ error: 'must be a whole number of minutes from 1 to 1440' })
      .int('must be a whole number of minutes from 1 to 1440')
      .min(1, 'must be a whole number of minutes from 1 to 1440')
      .max(1440, 'must be a whole number of minutes from 1 to 1440')
      .default(5),
    WEBHOOK_ALLOW_PRIVATE_NETWORK: booleanText.default(false),
    WEBHOOK_TIMEOUT_S: z.coerce
      .number({ error: 'must be a number of seconds from 0.05 to 60' })
      .min(0.05, 'must be a number of seconds from 0.05 to 60')
      .max(60, 'must be a number of seconds from 0.05 to 60')
      .default(10),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/i, 'must be a postgres:// URL (leave it unset to keep SQLite in DATA_DIR)')
      .optional(),
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    path: ['ADMIN_PASSWORD'],
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
  });

/**
 * Which hops in front of the server are trusted proxies: false (none: X-Forwarded-For is ignored),
 * a hop count, or proxy addresses / CIDR ranges. The client is the right-most X-Forwarded-For entry
 * that is not a trusted proxy, so a visitor cannot choose their own address by sending the header.
 */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_MESSAGE =
  'must be false, a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses (e.g. 127.0.0.1,10.0.0.0/8)';
const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (address === undefined || rest.length > 0) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** 'false'/'no'/'0' → none; 'true'/'yes' → one hop (the usual single reverse proxy); 'N' → N hops; else addresses. */
export function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim().toLowerCase();
  if (value === 'false' || value === 'no' || value === '0') return false;
  if (value === 'true' || value === 'yes') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 100 ? hops : null;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.length > 0 && entries.every(isProxyAddress) ? entries : null;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** The origin visitors use, e.g. https://example.com; checked against the Origin of mutations. */
  publicOrigin: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Trusted proxies in front of the server (Fastify's trustProxy); false ignores X-Forwarded-*. */
  trustProxy: TrustProxy;
  /** Folder of the built client; undefined means dist/client in the project. */
  clientDir: string | undefined;
  /** Lowest level written to the log: warnings and errors in production unless LOG_LEVEL says otherwise. */
  logLevel: LogLevel;
  /**
   * Every log line one JSON object ('json'), or written for a person ('text'); by default text at a
   * terminal and JSON otherwise (server/core/log.ts).
   */
  logFormat: LogFormat;
  /** One line per request when true; off by default, as it costs more than the request itself. */
  accessLog: boolean;
  /**
   * How long a client has to send a whole request, body included: a connection that trickles its
   * bytes (slowloris) is closed after this, instead of holding a socket for as long as it likes.
   */
  requestTimeoutMs: number;
  /**
   * Requests being answered at once past which a new one is answered 503 with Retry-After at once
   * (load shedding); /healthz, /readyz and /metrics are never shed.
   */
  maxRequestsInFlight: number;
  /** A postgres:// URL: the data lives in PostgreSQL (several instances may share it); undefined: SQLite in DATA_DIR. */
  databaseUrl?: string | undefined;
  /** How long start-up waits for PostgreSQL to answer (DATABASE_WAIT_S), trying again every 2 s. */
  databaseWaitMs: number;
  /** Whether requests are counted and GET /metrics answers (METRICS, on by default). */
  metrics: boolean;
  /** A bearer token that lets a monitor on another machine read /metrics (METRICS_TOKEN). */
  metricsToken: string | undefined;
  /** Staff members' own calendars (server/calendars/). */
  calendars: CalendarConfig;
  /** Signed webhooks (server/webhooks/). */
  webhooks: WebhookConfig;
}

export interface WebhookConfig {
  /**
   * WEBHOOK_ALLOW_PRIVATE_NETWORK: endpoints on loopback and private addresses (a receiver inside
   * the firm's network; the tests' receiver), and plain http to those, are allowed. Off: https to
   * public addresses only.
   */
  allowPrivateNetwork: boolean;
  /** How long one delivery may take before it counts as failed (WEBHOOK_TIMEOUT_S). */
  timeoutMs: number;
}

export interface CalendarConfig {
  /**
   * CALENDAR_ALLOW_PRIVATE_NETWORK: calendars on loopback and private addresses (a firm's own
   * Nextcloud), and plain http to those, are allowed. Off: https to public addresses only.
   */
  allowPrivateNetwork: boolean;
  /** CALENDAR_SECRET_KEY (32 bytes, hex); undefined: a key file in DATA_DIR. */
  secretKey: string | undefined;
  /** How long one request to a calendar server may take (CALENDAR_TIMEOUT_S). */
  timeoutMs: number;
  /** How often busy times are read again (CALENDAR_REFRESH_MINUTES). */
  refreshMs: number;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

const DEFAULT_LOG_LEVEL: Record<Config['nodeEnv'], LogLevel> = { production: 'warn', development: 'info', test: 'silent' };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses environment variables; empty strings count as unset so a blank line in .env is harmless. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path[0] ?? 'environment';
    throw new ConfigError(`Invalid environment variable ${String(name)}: ${issue?.message ?? 'invalid value'}`);
  }
  const value = result.data;
  const originHost = value.HOST === '0.0.0.0' || value.HOST === '::' ? 'localhost' : value.HOST;
  return {
    nodeEnv: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    dataDir: value.DATA_DIR,
    publicOrigin: new URL(value.PUBLIC_ORIGIN ?? `http://${originHost}:${value.PORT}`).origin,
    adminEmail: value.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: value.ADMIN_PASSWORD,
    trustProxy: value.TRUST_PROXY,
    clientDir: value.CLIENT_DIR,
    logLevel: value.LOG_LEVEL ?? DEFAULT_LOG_LEVEL[value.NODE_ENV],
    logFormat: value.LOG_FORMAT ?? defaultLogFormat(),
    accessLog: value.ACCESS_LOG,
    requestTimeoutMs: Math.round(value.REQUEST_TIMEOUT_S * 1000),
    maxRequestsInFlight: value.MAX_REQUESTS_IN_FLIGHT,
    databaseUrl: value.DATABASE_URL,
    databaseWaitMs: value.DATABASE_WAIT_S * 1000,
    metrics: value.METRICS,
    metricsToken: value.METRICS_TOKEN,
    calendars: {
      allowPrivateNetwork: value.CALENDAR_ALLOW_PRIVATE_NETWORK,
      secretKey: value.CALENDAR_SECRET_KEY?.toLowerCase(),
      timeoutMs: Math.round(value.CALENDAR_TIMEOUT_S * 1000),
      refreshMs: value.CALENDAR_REFRESH_MINUTES * 60_000,
    },
    webhooks: {
      allowPrivateNetwork: value.WEBHOOK_ALLOW_PRIVATE_NETWORK,
      timeoutMs: Math.round(value.WEBHOOK_TIMEOUT_S * 1000),
    },
  };
}

/** For entry points: a bad value ends the process with one line naming the variable. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
