// The calendars' tables on PostgreSQL: the same builder with native times and flags (timestamptz,
// boolean), as migration 290 gave every earlier table. Frozen.
import { type Kysely, sql } from 'kysely';
import { createCalendarTables, dropCalendarTables } from './2026-11-27_340_calendars';

export async function up(db: Kysely<any>): Promise<void> {
  await createCalendarTables(db, { time: 'timestamptz(3)', flag: 'boolean', now: sql`now()`, no: sql`false` });
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropCalendarTables(db);
}
