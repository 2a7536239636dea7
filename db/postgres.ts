// PostgreSQL, for firms that run several instances of the site on one database (DATABASE_URL set to a
// postgres:// URL). The same Kysely code runs on both dialects; the few places where SQL must differ
// ask `isPostgres(db)`, and the differences in what the drivers return are settled here, once:
// - counts and sums come back as numbers (pg returns int8 and numeric as strings by default);
// - LIKE ignores letter case (as SQLite's LIKE does): the searches' LIKE is run as ILIKE;
// - strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), the migrations' default for timestamps, exists as a SQL
//   function, so one set of migrations creates the same columns and defaults on both.
import {
  CamelCasePlugin,
  Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  PostgresAdapter,
  PostgresDialect,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RawNode,
  type RootOperationNode,
  type UnknownRow,
  sql,
} from 'kysely';
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

/** pg's type parsers, except that int8 (count(*), sum()) and numeric are JavaScript numbers. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * The searches write `column like pattern escape '\'` (matchesAny in server/repositories/search.ts),
 * which ignores ASCII case on SQLite; PostgreSQL's LIKE is case-sensitive, so it becomes ILIKE.
 */
class CaseInsensitiveLike extends OperationNodeTransformer {
  protected override transformRaw(node: RawNode): RawNode {
    const transformed = super.transformRaw(node);
    if (!transformed.sqlFragments.includes(' like ')) return transformed;
    return { ...transformed, sqlFragments: transformed.sqlFragments.map((fragment) => (fragment === ' like ' ? ' ilike ' : fragment)) };
  }
}

class CaseInsensitiveLikePlugin implements KyselyPlugin {
  readonly #transformer = new CaseInsensitiveLike();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

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
    ...(options.schema === undefined ? {} : { options: `-c search_path=${assertPlainIdentifier(options.schema)},public` }),
  });
  // A connection that the server drops (restart, network) must not crash the process. The pool
  // listens on idle clients only, and removes its listener while a client is checked out (Kysely
  // holds one through every transaction): every client gets a listener of its own for its whole
  // life. The query that was running fails, and db/faults.ts makes it a 503.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin(), new CaseInsensitiveLikePlugin()],
  });
  pools.set(db, pool);
  return { db, pool };
}

/**
 * SQLite's strftime for the formats the migrations use (%Y %m %d %H %M %S %f %%) with 'now' or an
 * ISO time, in UTC, so `default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` gives the same text on both.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs before the migrations, on their Kysely<any>
export async function createSqliteCompatibleFunctions(db: Kysely<any>): Promise<void> {
  // Instances started together each replace the function; PostgreSQL refuses two at once ("tuple
  // concurrently updated"), so they take turns, before the migrator's own lock.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SERIAL_SECTIONS.startupFunctions})`.execute(trx);
    await sql`
      create or replace function strftime(format text, value text) returns text language sql volatile as $$
        select replace(replace(replace(replace(replace(replace(replace(replace(format,
          '%Y', to_char(t, 'YYYY')), '%m', to_char(t, 'MM')), '%d', to_char(t, 'DD')), '%H', to_char(t, 'HH24')),
          '%M', to_char(t, 'MI')), '%f', to_char(t, 'SS.MS')), '%S', to_char(t, 'SS')), '%%', '%')
        from (select (case when value = 'now' then clock_timestamp() else value::timestamptz end) at time zone 'UTC' as t) as moment
      $$`.execute(trx);
  });
}

/**
 * Sections that count rows and then write on what they counted ("no account yet, so create the
 * first admin", "another admin remains, so this one may go"). On SQLite a write transaction already
 * runs alone; on PostgreSQL two such transactions could both count the same rows at READ COMMITTED,
 * so each section takes its own transaction-scoped advisory lock first and they queue.
 */
const SERIAL_SECTIONS = { accounts: 1, startupFunctions: 2 } as const;

export async function runAlone(trx: Kysely<Database>, section: keyof typeof SERIAL_SECTIONS): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${SERIAL_SECTIONS[section]})`.execute(trx);
}

/** A database name or schema name safe to put in SQL unquoted (tests and scripts make their own). */
export function assertPlainIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a plain SQL identifier: ${name}`);
  return name;
}

/** pg_trgm GIN indexes, one per column, which the searches' ILIKE '%text%' uses directly. */
function trigramIndexMigration(columnsByTable: Record<string, string[]>) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration, typed as the others
    async up(db: Kysely<any>): Promise<void> {
      await sql`create extension if not exists pg_trgm`.execute(db);
      for (const [table, columns] of Object.entries(columnsByTable)) {
        for (const column of columns) {
          await sql
            .raw(`create index ${table}_${column}_trgm_idx on ${table} using gin (${column} gin_trgm_ops)`)
            .execute(db);
        }
      }
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration, typed as the others
    async down(db: Kysely<any>): Promise<void> {
      for (const [table, columns] of Object.entries(columnsByTable)) {
        for (const column of columns) await sql.raw(`drop index if exists ${table}_${column}_trgm_idx`).execute(db);
      }
    },
  };
}

/**
 * PostgreSQL's form of migration 2026-11-23_060_search_index: where SQLite gets FTS5 trigram tables,
 * PostgreSQL gets pg_trgm GIN indexes on the same columns.
 */
export const postgresSearchIndexMigration = trigramIndexMigration({
  bookings: ['participant_name', 'participant_email', 'participant_phone'],
  contact_forms: ['name', 'email', 'company'],
});

/** PostgreSQL's form of migration 2026-11-23_100_title_search_index: the event and session titles. */
export const postgresTitleSearchIndexMigration = trigramIndexMigration({
  events: ['title'],
  event_sessions: ['title'],
});

/** PostgreSQL's form of migration 2026-11-27_170_answer_search_index: the answers to registration questions. */
export const postgresAnswerSearchIndexMigration = trigramIndexMigration({
  booking_answers: ['value'],
});
