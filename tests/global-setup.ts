// Vitest globalSetup: migrates one template database per run. createTestEnv copies this file into a
// fresh folder for every test, which is much faster than migrating each time and gives every test
// its own state, so tests pass in any order (CI runs them shuffled).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import { createPostgresRunDatabase, dumpMigratedSchema, type SchemaScript, testPostgresUrl } from './support/postgres-env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file (journal checkpointed) that tests copy, never open in place. */
    templateDatabase: string;
    /** With TEST_DATABASE_URL (or DATABASE_URL) set to a postgres:// URL: the run's database, a schema per test. */
    postgresDatabase: string | undefined;
    /** The migrated template schema as SQL each test's schema is made from (undefined: each test migrates its own). */
    postgresSchemaScript: SchemaScript | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-template-'));
  const file = path.join(templateDir, 'app.db');
  const { db, sqlite } = openDatabase(file);
  await migrateToLatest(db);
  // One self-contained file: leave WAL mode so no -wal/-shm side files need copying.
  sqlite.pragma('journal_mode = DELETE');
  await db.destroy();
  project.provide('templateDatabase', file);
  const postgresUrl = testPostgresUrl();
  const postgres = postgresUrl === undefined ? undefined : await createPostgresRunDatabase(postgresUrl);
  project.provide('postgresDatabase', postgres?.url);
  project.provide('postgresSchemaScript', postgres === undefined ? undefined : await dumpMigratedSchema(postgres.url));
  return async () => {
    fs.rmSync(templateDir, { recursive: true, force: true });
    await postgres?.drop();
  };
}
