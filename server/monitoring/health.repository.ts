// The readiness probe's questions to the database (server/monitoring/readiness.service.ts).
import { sql } from 'kysely';
import type { DB } from '@db/database';

/** The smallest statement the database must answer. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1 as one`.execute(db);
}

/** The names of the migrations that have run (Kysely's own table). */
export async function appliedMigrationNames(db: DB): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return result.rows.map((row) => row.name);
}
