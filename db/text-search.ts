// Case-insensitive substring search with LIKE (ILIKE on PostgreSQL, see db/dialect.ts); the
// wildcard characters a person types are escaped so they match literally.
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { likeIgnoringCase } from './dialect';
import { isPostgres } from './postgres';
import type { Database } from './schema';

export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** `column LIKE %search% ESCAPE '\'` (ILIKE on PostgreSQL) for each column, joined with OR. */
export function matchesAny(db: Kysely<Database>, columns: string[], search: string): Expression<SqlBool> {
  const pattern = likePattern(search);
  const clauses = columns.map((column) => likeIgnoringCase(db, column, pattern));
  return sql<SqlBool>`(${sql.join(clauses, sql` or `)})`;
}

/**
 * A full-text index over some text columns of a table (see migrations 2026-11-23_060_search_index
 * and 2026-11-23_100_title_search_index).
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
 * A trigram in this many rows or more is common ("Com", "omp" of "Company"): reading its list in the
 * index costs about as much as the rest of the search, so a search asks the index for its rarest
 * trigrams only, when it has any below this.
 */
const COMMON_TRIGRAM_ROWS = 10_000;
/** How long a trigram's count is kept: counts only choose which trigrams to ask, never the answer. */
const TRIGRAM_COUNT_TTL_MS = 10 * 60_000;
const MOST_KEPT_TRIGRAM_COUNTS = 10_000;
/** At most this many trigrams are asked together; more narrow the rows little and cost a list each. */
const RAREST_TRIGRAMS_ASKED = 3;
/** A long search has its trigrams counted at this many places along it, so its first run stays short. */
const MOST_TRIGRAMS_COUNTED = 8;

type TrigramCounts = Map<string, { rows: number; countedAt: number }>;

/** Per database (keyed by its adapter, which its transactions share): counts of one say nothing of another. */
const trigramCountsByDatabase = new WeakMap<object, TrigramCounts>();

function trigramCountsOf(db: Kysely<Database>): TrigramCounts {
  const adapter = db.getExecutor().adapter;
  let counts = trigramCountsByDatabase.get(adapter);
  if (counts === undefined) {
    counts = new Map();
    trigramCountsByDatabase.set(adapter, counts);
  }
  return counts;
}

/** FTS5 query syntax for a text taken literally (double quotes doubled). */
function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** The search's distinct trigrams, or MOST_TRIGRAMS_COUNTED of them spread along a long search. */
function trigramsOf(search: string): string[] {
  const characters = [...search];
  const found = new Set<string>();
  for (let start = 0; start + TRIGRAM <= characters.length; start += 1) found.add(characters.slice(start, start + TRIGRAM).join(''));
  const all = [...found];
  if (all.length <= MOST_TRIGRAMS_COUNTED) return all;
  const step = (all.length - 1) / (MOST_TRIGRAMS_COUNTED - 1);
  return Array.from({ length: MOST_TRIGRAMS_COUNTED }, (_, place) => all[Math.round(place * step)] ?? '');
}

/** Rows of the index holding `trigram`, counted up to COMMON_TRIGRAM_ROWS; kept for a while. */
async function rowsHolding(db: Kysely<Database>, index: TextIndex, trigram: string): Promise<number> {
  const trigramCounts = trigramCountsOf(db);
  const key = `${index.index}\u0000${trigram.toLowerCase()}`;
  const kept = trigramCounts.get(key);
  if (kept !== undefined && Date.now() - kept.countedAt < TRIGRAM_COUNT_TTL_MS) return kept.rows;
  const fts = sql.raw(index.index);
  const counted = await sql<{ rows: number }>`select count(*) as rows from (select rowid from ${fts} where ${fts} match ${quoted(trigram)} limit ${COMMON_TRIGRAM_ROWS})`.execute(db);
  const rows = Number(counted.rows[0]?.rows ?? 0);
  if (trigramCounts.size >= MOST_KEPT_TRIGRAM_COUNTS) trigramCounts.clear();
  trigramCounts.set(key, { rows, countedAt: Date.now() });
  return rows;
}

/**
 * What to ask the index: the search's rarest trigrams together when some are not common (every row
 * holding the text holds them, and they are cheap to read), else the whole text as a phrase.
 */
async function indexQueryFor(db: Kysely<Database>, index: TextIndex, search: string): Promise<string> {
  const counted: { trigram: string; rows: number }[] = [];
  for (const trigram of trigramsOf(search)) counted.push({ trigram, rows: await rowsHolding(db, index, trigram) });
  const rarest = counted
    .filter((entry) => entry.rows < COMMON_TRIGRAM_ROWS)
    .sort((a, b) => a.rows - b.rows)
    .slice(0, RAREST_TRIGRAMS_ASKED);
  if (rarest.length === 0) return quoted(search);
  return rarest.map((entry) => quoted(entry.trigram)).join(' AND ');
}

/** A search's condition on a table with a full-text index, and whether the index found no row at all. */
export interface IndexedMatch {
  /** The same rows as `matchesAny(db, index.columns, search)`. */
  where: Expression<SqlBool>;
  /**
   * True when the index was read and no row holds all the trigrams asked: then no row holds the
   * text either, and the condition is false for every row (a query may leave it out).
   */
  none: boolean;
}

/**
 * The same rows as `matchesAny(db, index.columns, search)`, found through the full-text index when the
 * search is long enough. The index is read once, here, and its row ids go into the condition, so a
 * list's page query and its count do not each search it again; LIKE on those rows keeps the answer
 * exactly what the plain scan gives (the index may hold more: rows with the trigrams apart, or
 * letters in other cases).
 */
export async function findIndexedText(db: Kysely<Database>, index: TextIndex, search: string): Promise<IndexedMatch> {
  const like = matchesAny(db, index.columns, search);
  if ([...search].length < TRIGRAM || isPostgres(db)) return { where: like, none: false };
  const fts = sql.raw(index.index);
  const query = await indexQueryFor(db, index, search);
  const candidates = await sql<{ rowid: number }>`select rowid from ${fts} where ${fts} match ${query} limit ${MOST_INDEXED_CANDIDATES + 1}`.execute(db);
  if (candidates.rows.length > MOST_INDEXED_CANDIDATES) return { where: like, none: false };
  const rowids = JSON.stringify(candidates.rows.map((row) => row.rowid));
  return {
    where: sql<SqlBool>`(${sql.ref(`${index.table}.rowid`)} in (select value from json_each(${rowids})) and ${like})`,
    none: candidates.rows.length === 0,
  };
}

/** `findIndexedText`'s condition alone. */
export async function matchesIndexedText(db: Kysely<Database>, index: TextIndex, search: string): Promise<Expression<SqlBool>> {
  return (await findIndexedText(db, index, search)).where;
}

export const BOOKINGS_TEXT: TextIndex = {
  table: 'bookings',
  index: 'bookings_search',
  columns: ['bookings.participantName', 'bookings.participantEmail', 'bookings.participantPhone'],
};

/** The buyer's company of a paid booking, which the Payments screen's search matches (2026-11-29_120). */
export const BILLING_TEXT: TextIndex = {
  table: 'bookings',
  index: 'bookings_billing_search',
  columns: ['bookings.billingCompany'],
};

export const CONTACTS_TEXT: TextIndex = {
  table: 'contactForms',
  index: 'contact_forms_search',
  columns: ['contactForms.name', 'contactForms.email', 'contactForms.company'],
};

/** Event titles, which the bookings search matches a booking by. */
export const EVENT_TITLES: TextIndex = {
  table: 'events',
  index: 'events_title_search',
  columns: ['events.title'],
};

/** Session titles, which the bookings search matches a booking by. */
export const SESSION_TITLES: TextIndex = {
  table: 'eventSessions',
  index: 'event_sessions_title_search',
  columns: ['eventSessions.title'],
};

/** Answers to registration questions, which the bookings search matches a booking by. */
export const ANSWER_TEXT: TextIndex = {
  table: 'bookingAnswers',
  index: 'booking_answers_search',
  columns: ['bookingAnswers.value'],
};
