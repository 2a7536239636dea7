// Case-insensitive substring search with LIKE. SQLite's LIKE already ignores ASCII case; the
// wildcard characters a person types are escaped so they match literally.
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { isPostgres } from '@db/postgres';
import type { Database } from '@db/schema';

export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** `column LIKE %search% ESCAPE '\'` for each column, joined with OR. */
export function matchesAny(columns: string[], search: string): Expression<SqlBool> {
  const pattern = likePattern(search);
  const clauses = columns.map((column) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(clauses, sql` or `)})`;
}

/**
 * A full-text index over some text columns of a table (see migration 2026-11-23_060_search_index).
 * On PostgreSQL the columns have pg_trgm GIN indexes instead, which ILIKE uses by itself.
 */
export interface TextIndex {
  /** The table as Kysely names it, e.g. 'contactForms'. */
  table: string;
  /** The FTS5 table in SQL. */
  index: string;
  /** The indexed columns as Kysely names them, qualified, e.g. 'contactForms.email'. */
  columns: string[];
}

/** The trigram tokenizer indexes runs of three characters; a shorter search cannot use it. */
const TRIGRAM = 3;

/**
 * Above this many rows holding the text, the index is no help: the text is in a large share of the
 * table (an "example.com" in every e-mail address), and reading it through the index costs more
 * than scanning the table with LIKE.
 */
export const MOST_INDEXED_CANDIDATES = 5_000;

/**
 * The same rows as `matchesAny(index.columns, search)`, found through the full-text index when the
 * search is long enough. The index is read once, here, and its row ids go into the condition, so a
 * list's page query and its count do not each search it again; LIKE on those few rows keeps the
 * answer exactly what the plain scan gives (the index folds more letter cases than LIKE).
 */
export async function matchesIndexedText(db: Kysely<Database>, index: TextIndex, search: string): Promise<Expression<SqlBool>> {
  const like = matchesAny(index.columns, search);
  if ([...search].length < TRIGRAM || isPostgres(db)) return like;
  const phrase = `"${search.replaceAll('"', '""')}"`;
  const fts = sql.raw(index.index);
  const candidates = await sql<{ rowid: number }>`select rowid from ${fts} where ${fts} match ${phrase} limit ${MOST_INDEXED_CANDIDATES + 1}`.execute(db);
  if (candidates.rows.length > MOST_INDEXED_CANDIDATES) return like;
  const rowids = JSON.stringify(candidates.rows.map((row) => row.rowid));
  return sql<SqlBool>`(${sql.ref(`${index.table}.rowid`)} in (select value from json_each(${rowids})) and ${like})`;
}

export const BOOKINGS_TEXT: TextIndex = {
  table: 'bookings',
  index: 'bookings_search',
  columns: ['bookings.participantName', 'bookings.participantEmail', 'bookings.participantPhone'],
};

export const CONTACTS_TEXT: TextIndex = {
  table: 'contactForms',
  index: 'contact_forms_search',
  columns: ['contactForms.name', 'contactForms.email', 'contactForms.company'],
};
