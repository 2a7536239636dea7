// Moving a site from SQLite to PostgreSQL: every table of the SQLite file is copied, row for row, into
// a PostgreSQL database migrated to the same version, in one transaction, parents before children
// (foreign keys), and the row counts are compared afterwards. A target that already holds data is
// refused: the copy never merges two sites. The only rows a fresh migration writes (the home page's
// starting content) are replaced by the source's. SQLite's ISO text times and 0/1 flags go as
// untyped parameters, which PostgreSQL casts to the columns' timestamptz and boolean.
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

/** Rows the migrations themselves insert; the copy replaces them. */
const SEEDED_BY_MIGRATIONS = new Set(['home_content']);
const BATCH_ROWS = 500;

export class CopyRefusedError extends Error {
  override name = 'CopyRefusedError';
}

export interface CopyResult {
  /** Table name → rows copied (equal on both sides). */
  counts: Record<string, number>;
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** The app's tables in the SQLite file: no SQLite internals, no migration bookkeeping, no FTS5 index tables. */
export function sqliteTables(sqlite: SQLite.Database): string[] {
  const virtual = new Set(
    (sqlite.prepare("select name from sqlite_master where type = 'table' and sql like 'create virtual table%'").all() as Array<{ name: string }>).map(
      (row) => row.name,
    ),
  );
  const names = (sqlite.prepare("select name from sqlite_master where type = 'table' order by name").all() as Array<{ name: string }>)
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_') && !name.startsWith('kysely_'))
    // An FTS5 table `x` keeps its data in shadow tables x_data, x_idx, x_config, x_docsize, x_content.
    .filter((name) => !virtual.has(name) && ![...virtual].some((index) => name.startsWith(`${index}_`)));
  return orderByForeignKeys(sqlite, names);
}

/** Parents before children, so every foreign key finds its row. */
function orderByForeignKeys(sqlite: SQLite.Database, names: string[]): string[] {
  const parents = new Map(
    names.map((name) => [
      name,
      (sqlite.prepare(`pragma foreign_key_list(${quote(name)})`).all() as Array<{ table: string }>)
        .map((row) => row.table)
        .filter((parent) => parent !== name && names.includes(parent)),
    ]),
  );
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

async function count(client: pg.PoolClient, table: string): Promise<number> {
  const result = await client.query<{ n: string | number }>(`select count(*) as n from ${quote(table)}`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Copies `sqlite` (migrated to the latest version first) into the PostgreSQL database of `target`
 * (migrated too). Throws CopyRefusedError when the target holds data, or when a count differs after
 * the copy (then nothing is kept: the copy is one transaction).
 */
export async function copySqliteToPostgres(
  source: { sqlite: SQLite.Database; db: Kysely<Database> },
  target: { db: Kysely<Database>; pool: pg.Pool },
): Promise<CopyResult> {
  await migrateToLatest(source.db);
  await migrateToLatest(target.db);
  const tables = sqliteTables(source.sqlite);
  const client = await target.pool.connect();
  try {
    for (const table of tables) {
      if (SEEDED_BY_MIGRATIONS.has(table)) continue;
      const rows = await count(client, table);
      if (rows > 0) {
        throw new CopyRefusedError(
          `The PostgreSQL database already has data (${rows} rows in ${table}): copy only into an empty database.`,
        );
      }
    }
    const counts: Record<string, number> = {};
    await client.query('begin');
    try {
      for (const table of [...tables].reverse()) {
        if (SEEDED_BY_MIGRATIONS.has(table)) await client.query(`delete from ${quote(table)}`);
      }
      for (const table of tables) {
        const columns = (source.sqlite.prepare(`pragma table_info(${quote(table)})`).all() as Array<{ name: string }>).map(
          (column) => column.name,
        );
        const columnList = columns.map(quote).join(', ');
        let batch: unknown[][] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const values: unknown[] = [];
          const tuples = batch.map((row) => {
            const placeholders = row.map((value) => {
              values.push(value);
              return `$${values.length}`;
            });
            return `(${placeholders.join(', ')})`;
          });
          await client.query(`insert into ${quote(table)} (${columnList}) values ${tuples.join(', ')}`, values);
          batch = [];
        };
        const select = source.sqlite.prepare(`select ${columnList} from ${quote(table)}`).raw(true);
        for (const row of select.iterate() as Iterable<unknown[]>) {
          batch.push(row);
          if (batch.length >= BATCH_ROWS) await flush();
        }
        await flush();
        const expected = (source.sqlite.prepare(`select count(*) as n from ${quote(table)}`).get() as { n: number }).n;
        const copied = await count(client, table);
        if (copied !== expected) {
          throw new CopyRefusedError(`Row counts differ for ${table}: ${expected} in SQLite, ${copied} in PostgreSQL; nothing was kept.`);
        }
        counts[table] = copied;
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
    return { counts };
  } finally {
    client.release();
  }
}
