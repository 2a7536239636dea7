// PostgreSQL's search indexes (trigram GIN indexes on the tables' own columns) hold no words of a
// row once VACUUM has removed its dead versions: nothing to switch on. Frozen.
import type { Kysely } from 'kysely';

export async function up(_db: Kysely<any>): Promise<void> {
  // Nothing: see above.
}

export async function down(_db: Kysely<any>): Promise<void> {
  // Nothing: see above.
}
