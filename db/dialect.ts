// The few SQL expressions that must be written differently on SQLite and PostgreSQL, each a function
// a repository calls where it needs one (instead of a plugin rewriting SQL text after the fact).
// Rows look the same on both: a flag is 0 or 1 in TypeScript (a boolean column on PostgreSQL, read
// back as 0/1 by db/postgres.ts), a time an ISO-8601 UTC string (timestamptz on PostgreSQL).
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { isPostgres } from './postgres';
import type { Database } from './schema';

/**
 * `column LIKE pattern ESCAPE '\'`, ignoring letter case on both: SQLite's LIKE already does (ASCII);
 * PostgreSQL's does not, so there it is ILIKE, which the pg_trgm GIN indexes on the searched
 * columns serve. `pattern` is a LIKE pattern whose own `\`, `%` and `_` are escaped with `\`.
 */
export function likeIgnoringCase(db: Kysely<Database>, column: Expression<unknown> | string, pattern: string): Expression<SqlBool> {
  const operand = typeof column === 'string' ? sql.ref(column) : column;
  return isPostgres(db) ? sql<SqlBool>`${operand} ilike ${pattern} escape '\\'` : sql<SqlBool>`${operand} like ${pattern} escape '\\'`;
}

/**
 * A flag column's opposite, for an UPDATE that flips it in place. `not x` is 0/1 on SQLite's
 * integer flags and a boolean on PostgreSQL's boolean columns: one text serves both.
 */
export function flipped(column: string): RawBuilder<number> {
  return sql<number>`not ${sql.ref(column)}`;
}

/** How many rows have a flag set: SQLite can sum 0/1, PostgreSQL cannot sum booleans, a CASE does both. */
export function countSet(column: string): RawBuilder<number> {
  return sql<number>`coalesce(sum(case when ${sql.ref(column)} then 1 else 0 end), 0)`;
}
