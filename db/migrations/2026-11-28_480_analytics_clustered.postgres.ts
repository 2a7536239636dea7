// PostgreSQL has no WITHOUT ROWID tables: its range reads of the daily visit totals go through the
// primary key's index as they are. Nothing to do. Frozen.
import type { Kysely } from 'kysely';

export async function up(_db: Kysely<any>): Promise<void> {
  // Nothing: see above.
}

export async function down(_db: Kysely<any>): Promise<void> {
  // Nothing: see above.
}
