// PostgreSQL, for firms that run several instances of the site on one database (DATABASE_URL set to a
// postgres:// URL). The same Kysely code runs on both dialects; the few expressions that must differ
// are functions of db/dialect.ts, and the differences in what the drivers return are settled here,
// once, so a row has one TypeScript shape on both:
// - counts and sums come back as numbers (pg returns int8 and numeric as strings by default);
// - timestamptz comes back as the ISO-8601 UTC string the app writes ('2026-11-27T08:40:51.123Z');
// - boolean comes back as 1 or 0, as SQLite's integer flags do;
// - date comes back as its 'YYYY-MM-DD' text (pg would make a Date at local midnight).
import { CamelCasePlugin, Kysely, PostgresAdapter, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type PgPool = pg.Pool;

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

/** True when `db` talks to PostgreSQL (a transaction or the database itself). */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const BOOL_OID = 16;
const DATE_OID = 1082;
const TIMESTAMPTZ_OID = 1184;

const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ_OID) as (value: string) => Date;

/**
 * timestamptz as the ISO string the app writes. With TimeZone=UTC PostgreSQL prints
 * '2026-11-27 08:40:51.12+00' (the fraction's trailing zeros dropped): that is rearranged by
 * position (0.06 µs a value, where parsing it into a Date and printing that takes 1.7 µs); any
 * other form (another offset, a year past 9999) goes through the Date.
 */
export function isoFromTimestamptz(value: string): string {
  if (value.charCodeAt(10) === 32 && value.endsWith('+00')) {
    if (value.length === 22) return `${value.slice(0, 10)}T${value.slice(11, 19)}.000Z`;
    if (value.charCodeAt(19) === 46 && value.length <= 29) {
      return `${value.slice(0, 10)}T${value.slice(11, 19)}.${value.slice(20, -3).padEnd(3, '0').slice(0, 3)}Z`;
    }
  }
  return parseTimestamptz(value).toISOString();
}

/** The parsers that give every row the shape db/schema.ts declares (see the comment at the top). */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    if (oid === TIMESTAMPTZ_OID) return isoFromTimestamptz;
    if (oid === BOOL_OID) return (value: string) => (value === 't' ? 1 : 0);
    if (oid === DATE_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export interface PostgresOptions {
  /** Connections in the pool; each instance holds up to this many. */
  max?: number;
  /** A schema to work in (first on the search path, before public): tests use one each. */
  schema?: string;
}

export interface OpenedPostgres {
  db: Kysely<Database>;
  pool: PgPool;
}

const pools = new WeakMap<Kysely<Database>, PgPool>();

/** The pool under a database handle opened by openPostgres (for LISTEN connections with its settings). */
export function poolOf(db: Kysely<Database>): PgPool | undefined {
  return pools.get(db);
}

export function openPostgres(url: string, options: PostgresOptions = {}): OpenedPostgres {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types,
    // UTC, so a time written without a zone means the same instant on every server.
    options: `-c TimeZone=UTC${options.schema === undefined ? '' : ` -c search_path=${assertPlainIdentifier(options.schema)},public`}`,
  });
  // A connection that the server drops (restart, network) must not crash the process. The pool
  // listens on idle clients only, and removes its listener while a client is checked out (Kysely
  // holds one through every transaction): every client gets a listener of its own for its whole
  // life. The query that was running fails, and db/faults.ts makes it a 503.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  pools.set(db, pool);
  return { db, pool };
}

/**
 * Sections that count rows and then write on what they counted ("no account yet, so create the
 * first admin", "another admin remains, so this one may go"). On SQLite a write transaction already
 * runs alone; on PostgreSQL two such transactions could both count the same rows at READ COMMITTED,
 * so each section takes its own transaction-scoped advisory lock first and they queue.
 */
const SERIAL_SECTIONS = { accounts: 1 } as const;

export async function runAlone(trx: Kysely<Database>, section: keyof typeof SERIAL_SECTIONS): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${SERIAL_SECTIONS[section]})`.execute(trx);
}

/** A database name or schema name safe to put in SQL unquoted (tests and scripts make their own). */
export function assertPlainIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`);
  return name;
}
