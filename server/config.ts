// Reads the process environment once, validates it with zod, and stops start-up with one clear
// line naming the variable when a value is wrong.
import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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
    TRUST_PROXY: booleanText.default(false),
    CLIENT_DIR: z.string().min(1, 'must not be empty').optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .optional(),
    ACCESS_LOG: booleanText.default(false),
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    path: ['ADMIN_PASSWORD'],
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** The origin visitors use, e.g. https://example.com; checked against the Origin of mutations. */
  publicOrigin: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  trustProxy: boolean;
  /** Folder of the built client; undefined means dist/client in the project. */
  clientDir: string | undefined;
  /** Lowest level written to the log: warnings and errors in production unless LOG_LEVEL says otherwise. */
  logLevel: LogLevel;
  /** One line per request when true; off by default, as it costs more than the request itself. */
  accessLog: boolean;
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
    accessLog: value.ACCESS_LOG,
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
