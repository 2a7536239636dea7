// Queries built once. Kysely builds a query, runs its plugins over it and compiles it to SQL on
// every call: for the small queries of a booking that is about a third of each query's cost, as
// much as SQLite's own work on it (measured under the bookings benchmark). A prepared query is
// built and compiled once per database with placeholders where its values go; each call only fills
// in the values and runs the SQL through the same executor, so results still pass through the
// plugins (camelCase).
//
// Only values can be placeholders: the shape of the query (its columns, conditions, the length of
// an `in` list) must not depend on the arguments. A query whose shape varies stays an ordinary
// Kysely query, or becomes one prepared query per shape.
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

const PLACEHOLDER = Symbol('prepared query placeholder');

interface Placeholder {
  readonly [PLACEHOLDER]: string;
}

function isPlaceholder(value: unknown): value is Placeholder {
  return typeof value === 'object' && value !== null && PLACEHOLDER in value;
}

/** Stands in for every argument while the query is built: `args.email` is the placeholder "email". */
const placeholders = new Proxy(
  {},
  { get: (_target, name): Placeholder | undefined => (typeof name === 'string' ? { [PLACEHOLDER]: name } : undefined) },
);

interface Template {
  sql: string;
  /** Per parameter of the SQL: the argument's name, or the value fixed when the query was built. */
  parameters: readonly unknown[];
}

/** A missing argument is a mistake in the caller (an ordinary query would leave the column out). */
function argument(args: object, name: string): unknown {
  const value = (args as Record<string, unknown>)[name];
  if (value === undefined) throw new TypeError(`Prepared query: no value for "${name}"`);
  return value;
}

export interface PreparedQuery<Args, Row> {
  /** All rows. `db` may be a transaction. */
  all(db: Kysely<Database>, args: Args): Promise<Row[]>;
  /** The first row, if any. */
  first(db: Kysely<Database>, args: Args): Promise<Row | undefined>;
}

/**
 * `build` receives the database and stand-ins for the arguments, and returns the query (a select,
 * an insert, an update or a delete). It runs once per database (SQLite and PostgreSQL compile to
 * different SQL); the stand-ins must only be used as values.
 */
export function preparedQuery<Args extends object, Row>(
  build: (db: Kysely<Database>, args: Args) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  // Keyed by the database's adapter, which its transactions share.
  const templates = new WeakMap<object, Template>();

  function templateFor(db: Kysely<Database>): Template {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (template === undefined) {
      const compiled = build(db, placeholders as Args).compile();
      template = { sql: compiled.sql, parameters: compiled.parameters };
      templates.set(adapter, template);
    }
    return template;
  }

  async function all(db: Kysely<Database>, args: Args): Promise<Row[]> {
    const template = templateFor(db);
    const parameters = template.parameters.map((value) => (isPlaceholder(value) ? argument(args, value[PLACEHOLDER]) : value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
    return result.rows;
  }

  return {
    all,
    first: async (db, args) => (await all(db, args))[0],
  };
}
