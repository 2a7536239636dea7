// Queries built once. Kysely builds a query, runs its plugins over it and compiles it to SQL on
// every call: for the small queries of a booking that is about a third of each query's cost, as
// much as SQLite's own work on it (measured under the bookings benchmark). A prepared query is
// built and compiled once per database with parameters where its values go; each call only fills
// in the values and runs the SQL through the same executor, so results still pass through the
// plugins (camelCase).
//
// The builder never sees a value. It gets one `Param<T>` per argument: an expression of type T,
// which Kysely accepts wherever a value of T may go (a comparison, an insert, a set) and which is
// nothing else to TypeScript: `params.email.toLowerCase()` does not compile, so a value is shaped
// before the call, never inside the builder. Because the query's shape is fixed when it is built,
// no argument may be optional (an ordinary query would leave the column out; this one could not):
// an argument that may be absent is `T | null` and the query says what null means (see
// `isNullOr`).
import { type Compilable, CompiledQuery, type Expression, type ExpressionBuilder, type Kysely, sql, ValueNode } from 'kysely';
import type { SqlBool } from 'kysely';
import type { Database } from './schema';

const PARAMETER = Symbol('prepared query parameter');

/** Where an argument's value goes in the compiled SQL: its name, found again after compiling. */
interface ParameterSlot {
  readonly [PARAMETER]: string;
}

function isParameterSlot(value: unknown): value is ParameterSlot {
  return typeof value === 'object' && value !== null && PARAMETER in value;
}

/** An argument of a prepared query, as its builder sees it: a value of type T for Kysely, and nothing more. */
export interface Param<T> extends Expression<T> {
  readonly [PARAMETER]: true;
}

function param<T>(name: string): Param<T> {
  const node = ValueNode.create({ [PARAMETER]: name } satisfies ParameterSlot);
  return {
    [PARAMETER]: true,
    get expressionType(): T | undefined {
      return undefined;
    },
    toOperationNode: () => node,
  };
}

/** The builder's view of the arguments: one parameter each. */
export type Params<Args> = { readonly [K in keyof Args]: Param<Args[K]> };

/** Arguments must all be present: a key that may be undefined becomes `never`, and the query does not compile. */
type AllPresent<Args> = { [K in keyof Args]-?: undefined extends Args[K] ? never : Args[K] };

/** One parameter per property name asked for, made as the builder reads them. */
function parametersOf<Args>(): Params<Args> {
  return new Proxy({} as Params<Args>, {
    get: (_target, name) => (typeof name === 'string' ? param(name) : undefined),
  });
}

/**
 * "This parameter is null, or `condition` holds": for an argument that may be absent, in one query
 * shape. The cast gives PostgreSQL the parameter's type, which `$1 is null` alone does not.
 */
export function isNullOr<DB, TB extends keyof DB, T>(
  eb: ExpressionBuilder<DB, TB>,
  parameter: Param<T | null>,
  condition: (present: Param<T>) => Expression<SqlBool>,
): Expression<SqlBool> {
  // Where `condition` is evaluated the parameter is not null, which its type now says.
  const present = parameter as Param<T | null> as Param<T>;
  return eb.or([eb(sql`cast(${parameter} as text)`, 'is', null), condition(present)]);
}

interface Template {
  sql: string;
  /** Per parameter of the SQL: the argument's name, or a value fixed when the query was built. */
  parameters: readonly unknown[];
}

/** A missing argument is a mistake in the caller; the types make it one that does not compile. */
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
 * `build` receives the database and one parameter per argument, and returns the query (a select,
 * an insert, an update or a delete). It runs once per database (SQLite and PostgreSQL compile to
 * different SQL).
 */
export function preparedQuery<Args extends AllPresent<Args>, Row>(
  build: (db: Kysely<Database>, params: Params<Args>) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  // Keyed by the database's adapter, which its transactions share.
  const templates = new WeakMap<object, Template>();

  function templateFor(db: Kysely<Database>): Template {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (template === undefined) {
      const compiled = build(db, parametersOf<Args>()).compile();
      template = { sql: compiled.sql, parameters: compiled.parameters };
      templates.set(adapter, template);
    }
    return template;
  }

  async function all(db: Kysely<Database>, args: Args): Promise<Row[]> {
    const template = templateFor(db);
    const parameters = template.parameters.map((value) => (isParameterSlot(value) ? argument(args, value[PARAMETER]) : value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
    return result.rows;
  }

  return {
    all,
    first: async (db, args) => (await all(db, args))[0],
  };
}
