// Full-text indexes on event and session titles, for the staff bookings search, which matches a
// booking by its event's or session's title as well as by the participant. Without them every
// search scanned the 10,000 session titles with LIKE, twice (page and total), which was most of
// its time at 100,000 bookings. Same form as 2026-11-23_060_search_index: FTS5 with the trigram
// tokenizer, external content (no copy of the titles, rows found by rowid), triggers keeping each
// index in step with inserts, title changes and deletes. Frozen like the others: the code repeats
// 060's rather than sharing it, so that a change to one can never rewrite what the other did.
import { type Kysely, sql } from 'kysely';

interface IndexedTable {
  table: string;
  index: string;
  columns: string[];
}

const TABLES: IndexedTable[] = [
  { table: 'events', index: 'events_title_search', columns: ['title'] },
  { table: 'event_sessions', index: 'event_sessions_title_search', columns: ['title'] },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, index, columns } of TABLES) {
    const list = columns.join(', ');
    const newValues = columns.map((column) => `new.${column}`).join(', ');
    const oldValues = columns.map((column) => `old.${column}`).join(', ');
    await sql
      .raw(
        `create virtual table ${index} using fts5(${list}, content='${table}', content_rowid='rowid', tokenize='trigram')`,
      )
      .execute(db);
    await sql.raw(`insert into ${index}(${index}) values ('rebuild')`).execute(db);
    await sql
      .raw(
        `create trigger ${index}_insert after insert on ${table} begin
           insert into ${index}(rowid, ${list}) values (new.rowid, ${newValues});
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${index}_delete after delete on ${table} begin
           insert into ${index}(${index}, rowid, ${list}) values ('delete', old.rowid, ${oldValues});
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${index}_update after update of ${list} on ${table} begin
           insert into ${index}(${index}, rowid, ${list}) values ('delete', old.rowid, ${oldValues});
           insert into ${index}(rowid, ${list}) values (new.rowid, ${newValues});
         end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { index } of TABLES) {
    for (const suffix of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${index}_${suffix}`).execute(db);
    await sql.raw(`drop table if exists ${index}`).execute(db);
  }
}
