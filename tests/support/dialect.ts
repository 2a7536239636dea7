// Test tools whose SQL differs between SQLite and PostgreSQL (the server tests run on both).
import { sql } from 'kysely';
import type { DB } from '@db/database';
import { isPostgres } from '@db/postgres';
import { assertPlainIdentifier } from '@db/postgres';

/**
 * Makes every insert into `table` fail with `message` (a trigger), to prove a transaction leaves
 * nothing behind; returns the function that removes the trigger again.
 */
export async function refuseInserts(db: DB, table: string, message: string): Promise<() => Promise<void>> {
  const name = assertPlainIdentifier(`refuse_${table}`);
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin raise exception '${message.replaceAll("'", "''")}'; end $$;
         create trigger ${name} before insert on ${assertPlainIdentifier(table)} for each row execute function ${name}()`,
      )
      .execute(db);
    return async () => {
      await sql.raw(`drop trigger ${name} on ${table}; drop function ${name}()`).execute(db);
    };
  }
  await sql
    .raw(`create trigger ${name} before insert on ${assertPlainIdentifier(table)} begin select raise(abort, '${message.replaceAll("'", "''")}'); end`)
    .execute(db);
  return async () => {
    await sql.raw(`drop trigger ${name}`).execute(db);
  };
}

/** The names of the app's tables (on SQLite with the search index's own tables). */
export async function tableNames(db: DB): Promise<string[]> {
  const rows = isPostgres(db)
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return rows.rows.map((row) => row.name);
}
