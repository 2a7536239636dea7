// The migrations run one at a time in the order db/migrate.ts lists them, Kysely refuses a database
// whose executed migrations are not a prefix of the names in order, and the data-folder lock names
// a release by its last migration: so the list must be in the order of the names. Branches that
// each add a migration are merged by appending lines, which breaks that order silently.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { MIGRATION_NAMES } from '@db/migrate';

it('db/migrate.ts lists the migrations in the order of their names, each file once', () => {
  expect(MIGRATION_NAMES).toEqual([...MIGRATION_NAMES].sort());
  const files = fs.readdirSync(path.resolve(import.meta.dirname, '..', '..', 'db', 'migrations'));
  const names = new Set(files.filter((file) => file.endsWith('.ts')).map((file) => file.replace(/(\.postgres)?\.ts$/, '')));
  expect(MIGRATION_NAMES).toEqual([...names].sort());
});
