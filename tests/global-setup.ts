// Vitest globalSetup: migrates one template database per run. createTestEnv copies this file into a
// fresh folder for every test, which is much faster than migrating each time and gives every test
// its own state, so tests pass in any order (CI runs them shuffled).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file (journal checkpointed) that tests copy, never open in place. */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-template-'));
  const file = path.join(templateDir, 'app.db');
  const { db, sqlite } = openDatabase(file);
  await migrateToLatest(db);
  // One self-contained file: leave WAL mode so no -wal/-shm side files need copying.
  sqlite.pragma('journal_mode = DELETE');
  await db.destroy();
  project.provide('templateDatabase', file);
  return () => fs.rmSync(templateDir, { recursive: true, force: true });
}
