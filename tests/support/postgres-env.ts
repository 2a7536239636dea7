// The server tests on PostgreSQL: with TEST_DATABASE_URL (or DATABASE_URL) set to a postgres:// URL,
// tests/global-setup.ts creates one database for the run, and every test gets a schema of its own in
// it, migrated from scratch and dropped when the test closes its environment (about 0.1 s, where
// copying a template database with CREATE DATABASE takes 0.4 s). The URL names a maintenance
// database (usually `postgres`) of a server where the user may create databases; the run's database
// is dropped at the end and nothing else is touched.
import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { databaseFile, type DB, openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import { assertPlainIdentifier, openPostgres, type OpenedPostgres } from '@db/postgres';
import { createDeps, type LimitOptions } from '@server/core/deps';
import type { TestEnv } from './helpers';

export function testPostgresUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env.TEST_DATABASE_URL || env.DATABASE_URL;
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url) ? url : undefined;
}

/** The URL of database `name` on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** For global setup: the run's database (with pg_trgm, which the schemas share); returns how to drop it. */
export async function createPostgresRunDatabase(url: string) {
  const name = assertPlainIdentifier(`site_test_${process.pid}_${crypto.randomBytes(3).toString('hex')}`);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await pool.query(`create database ${name}`);
  const runUrl = databaseUrl(url, name);
  const run = new pg.Pool({ connectionString: runUrl, max: 1 });
  await run.query('create extension if not exists pg_trgm');
  await run.end();
  return {
    url: runUrl,
    async drop() {
      await pool.query(`drop database if exists ${name} with (force)`);
      await pool.end();
    },
  };
}

let counter = 0;

/** A fresh, migrated schema in the run's database: its Kysely and pool, and how to drop it. */
export async function createPostgresTestSchema(url: string, options: { max?: number } = {}): Promise<OpenedPostgres & { schema: string; drop(): Promise<void> }> {
  counter += 1;
  const schema = assertPlainIdentifier(`t_${process.pid}_${counter}_${crypto.randomBytes(3).toString('hex')}`);
  const opened = openPostgres(url, { schema, ...options });
  await sql.raw(`create schema ${schema}`).execute(opened.db);
  await migrateToLatest(opened.db);
  return {
    ...opened,
    schema,
    async drop() {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** True when this run's server tests use PostgreSQL. */
export function onPostgres(): boolean {
  return inject('postgresDatabase') !== undefined;
}

/**
 * Another instance of the site on the same database as `env` (its own pool, deps and caches, as a
 * second process would have); closed with `close()`, which leaves the database to `env`.
 */
export function secondInstance(env: TestEnv, options: { limits?: LimitOptions } = {}) {
  if (env.postgres === undefined) throw new Error('A second instance needs PostgreSQL (TEST_DATABASE_URL)');
  const { db } = openPostgres(env.postgres.url, { schema: env.postgres.schema });
  const deps = createDeps(db, env.deps.config, {
    publicFormsPerWindow: 10_000,
    signInFreeFailuresPerIp: 10_000,
    ...options.limits,
  });
  return {
    deps,
    db,
    async close() {
      await db.destroy();
    },
  };
}

/**
 * A second connection to `env`'s database, as a restarted process would open it: the same SQLite
 * file, or the same PostgreSQL schema.
 */
export function reopenDatabase(env: TestEnv): { db: DB; close(): Promise<void> } {
  const { db } = env.postgres === undefined ? openDatabase(databaseFile(env.dataDir)) : openPostgres(env.postgres.url, { schema: env.postgres.schema });
  return { db, close: () => db.destroy() };
}
