// Case-insensitive substring search with LIKE. SQLite's LIKE already ignores ASCII case; the
// wildcard characters a person types are escaped so they match literally.
import { type Expression, type SqlBool, sql } from 'kysely';

export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** `column LIKE %search% ESCAPE '\'` for each column, joined with OR. */
export function matchesAny(columns: string[], search: string): Expression<SqlBool> {
  const pattern = likePattern(search);
  const clauses = columns.map((column) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(clauses, sql` or `)})`;
}
