// A full-text index on the answers to registration questions, for the staff bookings search, which
// matches a booking by its answers (a company, a sector) as well as by its participant. Same form
// as 2026-11-23_060_search_index: FTS5 with the trigram tokenizer, external content (no copy of the
// text), triggers keeping it in step. PostgreSQL gets a pg_trgm index instead (the .postgres.ts sibling).
// Frozen like the others.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`create virtual table booking_answers_search using fts5(value, content='booking_answers', content_rowid='rowid', tokenize='trigram')`)
    .execute(db);
  await sql.raw(`insert into booking_answers_search(booking_answers_search) values ('rebuild')`).execute(db);
  await sql
    .raw(
      `create trigger booking_answers_search_insert after insert on booking_answers begin
         insert into booking_answers_search(rowid, value) values (new.rowid, new.value);
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger booking_answers_search_delete after delete on booking_answers begin
         insert into booking_answers_search(booking_answers_search, rowid, value) values ('delete', old.rowid, old.value);
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger booking_answers_search_update after update of value on booking_answers begin
         insert into booking_answers_search(booking_answers_search, rowid, value) values ('delete', old.rowid, old.value);
         insert into booking_answers_search(rowid, value) values (new.rowid, new.value);
       end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const suffix of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists booking_answers_search_${suffix}`).execute(db);
  await sql.raw('drop table if exists booking_answers_search').execute(db);
}
