// The server tests on PostgreSQL: with TEST_DATABASE_URL (or DATABASE_URL) set to a postgres:// URL,
// tests/global-setup.ts creates one database for the run, and every test gets a schema of its own in
// it, dropped when the test closes its environment. Migrating a schema from scratch for every test
// took 1.1-1.7 s with seventy migrations (most of the PostgreSQL run's time), so the global setup
// migrates one template schema and dumps it with pg_dump once; each test's schema is that script
// with the template's name replaced, run in one round trip (about 0.1 s). Without pg_dump (a remote
// server, a machine without PostgreSQL's client tools), each test migrates its schema as before.
// The URL names a maintenance database (usually `postgres`) of a server where the user may create
// databases; the run's database is dropped at the end and nothing else is touched.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
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

/** The newest pg_dump on this machine (PATH first, then Debian's versioned folders), if any. */
function findPgDump(): string | undefined {
  for (const folder of (process.env.PATH ?? '').split(':')) {
    if (folder !== '' && fs.existsSync(`${folder}/pg_dump`)) return `${folder}/pg_dump`;
  }
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((version) => `${root}/${version}/bin/pg_dump`).find((file) => fs.existsSync(file));
}

/** A migrated schema as SQL: the template's name and the script that creates it, rows included. */
export interface SchemaScript {
  templateSchema: string;
  sql: string;
}

/**
 * For global setup: migrates a template schema in the run's database and dumps it (tables, indexes,
 * constraints, sequences and the rows migrations write, such as Kysely's migration list). Undefined
 * when pg_dump is missing or fails: tests then migrate their own schemas.
 */
export async function dumpMigratedSchema(runUrl: string): Promise<SchemaScript | undefined> {
  const pgDump = findPgDump();
  if (pgDump === undefined) return undefined;
  const templateSchema = assertPlainIdentifier(`site_template_${crypto.randomBytes(4).toString('hex')}`);
  const opened = openPostgres(runUrl, { schema: templateSchema });
  try {
    await sql.raw(`create schema ${templateSchema}`).execute(opened.db);
    await migrateToLatest(opened.db);
  } finally {
    await opened.db.destroy();
  }
  try {
    const dumped = execFileSync(pgDump, [`--dbname=${runUrl}`, `--schema=${templateSchema}`, '--inserts', '--no-owner', '--no-privileges', '--no-comments'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // psql's meta-commands (\restrict since the August 2025 releases) are not SQL.
    const script = dumped.split('\n').filter((line) => !line.startsWith('\\')).join('\n');
    return { templateSchema, sql: script };
  } catch {
    return undefined;
  }
}

let counter = 0;

/** A fresh, migrated schema in the run's database: its Kysely and pool, and how to drop it. */
export async function createPostgresTestSchema(url: string, options: { max?: number } = {}): Promise<OpenedPostgres & { schema: string; drop(): Promise<void> }> {
  counter += 1;
  const schema = assertPlainIdentifier(`t_${process.pid}_${counter}_${crypto.randomBytes(3).toString('hex')}`);
  const opened = openPostgres(url, { schema, ...options });
  const script = inject('postgresSchemaScript');
  if (script === undefined) {
    await sql.raw(`create schema ${schema}`).execute(opened.db);
    await migrateToLatest(opened.db);
  } else {
    // One multi-statement query: the template's dump under this test's schema name, on a connection
    // of its own (the dump empties its session's search_path).
    const loader = new pg.Client({ connectionString: url });
    await loader.connect();
    try {
      await loader.query(script.sql.replaceAll(script.templateSchema, schema));
    } finally {
      await loader.end();
    }
  }
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
