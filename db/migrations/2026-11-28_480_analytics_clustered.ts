// SQLite: the daily visit totals stored in their primary key's order (WITHOUT ROWID), so the
// Analytics screen's reads of a range of days walk one part of the table instead of looking each
// row up by its rowid: the screen's reads of 30 days out of two years for 200 pages went from about
// 115 to 60 ms (docs/performance.md). Rebuilt once: the rows are copied, the table swapped. Frozen.
import { type Kysely, sql } from 'kysely';

const COLUMNS = 'day, path, step, event_id, source, utm_source, utm_medium, utm_campaign, language, device, hits, visitors, entries';

async function rebuild(db: Kysely<any>, withoutRowid: boolean): Promise<void> {
  await sql.raw(
    `create table analytics_daily_rebuilt (
      day text not null, path text not null, step text not null, event_id text not null, source text not null,
      utm_source text not null, utm_medium text not null, utm_campaign text not null, language text not null, device text not null,
      hits integer not null, visitors integer not null, entries integer not null,
      constraint analytics_daily_pk primary key (day, path, step, event_id, source, utm_source, utm_medium, utm_campaign, language, device)
    )${withoutRowid ? ' without rowid' : ''}`,
  ).execute(db);
  await sql.raw(`insert into analytics_daily_rebuilt (${COLUMNS}) select ${COLUMNS} from analytics_daily`).execute(db);
  await db.schema.dropTable('analytics_daily').execute();
  await db.schema.alterTable('analytics_daily_rebuilt').renameTo('analytics_daily').execute();
  // The funnel reads one event's steps over a range.
  await db.schema.createIndex('analytics_daily_event_idx').on('analytics_daily').columns(['event_id', 'step', 'day']).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, false);
}
