// Rate-limit counters shared by every instance of the site on one PostgreSQL database: the table of
// rate-limiter-flexible's PostgreSQL store (its own layout), one row per limited key, prefixed by the
// limit's name. A single process on SQLite keeps its counters in memory and leaves the table empty;
// it exists on both so the two schemas stay the same (and a copy between them has nothing to skip).
// Frozen like the others.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint') // epoch milliseconds; null: never
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
