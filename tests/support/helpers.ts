// Test harness: a real, migrated SQLite file per test (a copy of the template that
// tests/global-setup.ts migrates once per run), real accounts and real sessions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { expect, inject } from 'vitest';
import type { DB } from '@db/database';
import { databaseFile, openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import type { Role } from '@db/schema';
import { buildApp } from '@server/app';
import { hashPassword } from '@server/identity/password';
import { type AuthSession, type AuthUser, createSession, SESSION_COOKIE } from '@server/identity/session.service';
import { type Config, loadConfig } from '@server/core/config';
import { type AppDeps, createDeps, type LimitOptions } from '@server/core/deps';
import { insertUser } from '@server/identity/users.repository';
import { appRouter } from '@server/router';
import { createContextInner, type SessionCookieWriter } from '@server/trpc/context';
import type { Language } from '@server/shared/i18n/languages';
import { createCallerFactory } from '@server/trpc/init';
import { createPostgresTestSchema } from './postgres-env';

export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

export interface TestEnv {
  deps: AppDeps;
  db: DB;
  dataDir: string;
  /** On PostgreSQL: the run's database and this test's schema (a second instance opens the same). */
  postgres?: { url: string; schema: string } | undefined;
  close(): Promise<void>;
}

export async function createTestEnv(
  options: { limits?: LimitOptions; env?: Record<string, string>; /** A folder of the test's own (a small disk). */ dataDir?: string } = {},
): Promise<TestEnv> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  const postgres = inject('postgresDatabase');
  if (postgres !== undefined) {
    // PostgreSQL (TEST_DATABASE_URL): a migrated schema of its own in the run's database.
    const { db, drop, schema } = await createPostgresTestSchema(postgres);
    const env = finishTestEnv(db, dataDir, { ...options, env: { DATABASE_URL: postgres, ...options.env } }, drop);
    return { ...env, postgres: { url: postgres, schema } };
  }
  const file = databaseFile(dataDir);
  const template = inject('templateDatabase');
  if (template === undefined) {
    // Run outside Vitest's globalSetup (e.g. a single file through another runner): migrate here.
    const { db } = openDatabase(file);
    await migrateToLatest(db);
    return finishTestEnv(db, dataDir, options);
  }
  fs.copyFileSync(template, file);
  const { db } = openDatabase(file);
  return finishTestEnv(db, dataDir, options);
}

function finishTestEnv(
  db: DB,
  dataDir: string,
  options: { limits?: LimitOptions; env?: Record<string, string> },
  dropDatabase?: () => Promise<void>,
): TestEnv {
  const config: Config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env });
  const deps = createDeps(db, config, {
    // Generous by default so tests that are not about limits never meet them.
    publicFormsPerWindow: 10_000,
    publicReadsPerWindow: 10_000,
    signInFreeFailuresPerIp: 10_000,
    signInFreeFailuresPerAccount: 10_000,
    ...options.limits,
  });
  return {
    deps,
    db,
    dataDir,
    async close() {
      await deps.readiness.close();
      await db.destroy();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const TEST_PASSWORD = 'correct-horse-battery';

let accountCounter = 0;

export interface TestAccount {
  user: AuthUser;
  session: AuthSession;
  token: string;
  password: string;
}

/** A real account with a real session. Hashing is the slow part, so the hash is reused. */
let cachedHash: Promise<string> | undefined;
export async function createAccount(
  db: DB,
  role: Role,
  overrides: { email?: string; name?: string; password?: string } = {},
): Promise<TestAccount> {
  accountCounter += 1;
  const password = overrides.password ?? TEST_PASSWORD;
  const passwordHash =
    overrides.password === undefined ? await (cachedHash ??= hashPassword(TEST_PASSWORD)) : await hashPassword(password);
  const row = await insertUser(db, {
    name: overrides.name ?? `${role} ${accountCounter}`,
    email: overrides.email ?? `${role}${accountCounter}@example.com`,
    passwordHash,
    role,
  });
  const { token, session } = await createSession(db, row.id, row.sessionTimeoutMinutes);
  const user: AuthUser = {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    avatarUrl: row.avatarUrl,
    lastSignInAt: row.lastSignInAt,
    previousSignInAt: row.previousSignInAt,
  };
  return { user, session, token, password };
}

export interface RecordedCookies extends SessionCookieWriter {
  value: string | null | undefined;
}

export function recordCookies(): RecordedCookies {
  const jar: RecordedCookies = {
    value: undefined,
    set(token) {
      jar.value = token;
    },
    clear() {
      jar.value = null;
    },
  };
  return jar;
}

export function callerFor(
  deps: AppDeps,
  account?: TestAccount | null,
  extra: { ip?: string; cookies?: SessionCookieWriter; language?: Language } = {},
): Caller {
  return createCaller(
    createContextInner(deps, {
      user: account?.user ?? null,
      session: account?.session ?? null,
      ...extra,
    }),
  );
}

/** Callers for the three kinds of caller: anonymous, role user (staff) and admin. */
export interface RoleCallers {
  anonymous: Caller;
  user: Caller;
  admin: Caller;
  userAccount: TestAccount;
  adminAccount: TestAccount;
}

export async function roleCallers(env: TestEnv): Promise<RoleCallers> {
  const userAccount = await createAccount(env.db, 'user');
  const adminAccount = await createAccount(env.db, 'admin');
  return {
    anonymous: callerFor(env.deps, null),
    user: callerFor(env.deps, userAccount),
    admin: callerFor(env.deps, adminAccount),
    userAccount,
    adminAccount,
  };
}

type ErrorCode = TRPCError['code'];

/** Awaits a call that must fail with a TRPCError of `code` (and `message`, when given). */
export async function expectTRPCError(promise: Promise<unknown>, code: ErrorCode, message?: string): Promise<TRPCError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected a ${code} error`).toBeInstanceOf(TRPCError);
  const error = caught as TRPCError;
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toBe(message);
  return error;
}

/** The field messages a BAD_REQUEST carries, as the error formatter sends them to clients. */
export async function expectFieldErrors(
  promise: Promise<unknown>,
  expected: Record<string, string>,
): Promise<void> {
  const error = await expectTRPCError(promise, 'BAD_REQUEST');
  const { ZodError } = await import('zod');
  const issues = error.cause instanceof ZodError ? error.cause.issues : [];
  const firstByField: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    firstByField[field] ??= issue.message;
  }
  const { DomainError } = await import('@server/core/errors');
  if (error.cause instanceof DomainError && error.cause.fieldErrors !== null) {
    for (const [field, messages] of Object.entries(error.cause.fieldErrors)) {
      if (messages?.[0] !== undefined) firstByField[field] ??= messages[0];
    }
  }
  for (const [field, message] of Object.entries(expected)) {
    expect(firstByField[field], `message for ${field}`).toBe(message);
  }
}

/** Role matrix: anonymous gets UNAUTHORIZED; for admin procedures a user gets FORBIDDEN. */
export async function expectStaffOnly(callers: RoleCallers, call: (caller: Caller) => Promise<unknown>): Promise<void> {
  await expectTRPCError(call(callers.anonymous), 'UNAUTHORIZED');
}

export async function expectAdminOnly(callers: RoleCallers, call: (caller: Caller) => Promise<unknown>): Promise<void> {
  await expectTRPCError(call(callers.anonymous), 'UNAUTHORIZED');
  await expectTRPCError(call(callers.user), 'FORBIDDEN');
}

/** An HTTP app over the same deps, for cookie, origin and error-shape tests. */
export async function buildTestApp(env: TestEnv) {
  const app = await buildApp(env.deps, { logger: false });
  await app.ready();
  return app;
}

export function sessionCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const header = Array.isArray(setCookie) ? setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`)) : setCookie;
  return header?.split(';')[0]?.slice(SESSION_COOKIE.length + 1);
}

export const SAME_ORIGIN = 'http://127.0.0.1:3000';

/** A valid event input, with overrides. */
export function eventInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Market Entry Summit',
    description: 'Two days on entering West African markets.',
    date: '13 OCTOBER, 2026',
    location: 'Accra',
    imageUrl: '/images/events/summit.svg',
    benefits: ['Meet 30+ businesses'],
    isActive: true,
    displayOrder: 1,
    ...overrides,
  };
}
