// Where a text (an e-mail address, a name, a phone number) is still stored: every text column of
// every table, on SQLite and PostgreSQL alike. The privacy tests search with it after an erasure or
// a retention run.
import { sql } from 'kysely';
import type { DB } from '@db/database';
import { isPostgres } from '@db/postgres';

/** Every text column of every table that holds `text`, as 'table.column'. */
export async function columnsHolding(db: DB, text: string): Promise<string[]> {
  const found: string[] = [];
  if (isPostgres(db)) {
    const columns = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying')`.execute(db);
    for (const { table, column } of columns.rows) {
      const hit = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} like ${`%${text}%`}`.execute(db);
      if (Number(hit.rows[0]?.n) > 0) found.push(`${table}.${column}`);
    }
    return found;
  }
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  for (const { name } of tables.rows) {
    const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
    for (const column of columns.rows) {
      const hit = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)} where cast(${sql.ref(column.name)} as text) like ${`%${text}%`}`.execute(db);
      if (Number(hit.rows[0]?.n) > 0) found.push(`${name}.${column.name}`);
    }
  }
  return found;
}
