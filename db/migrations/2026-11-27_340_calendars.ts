// Consultants' own calendars (issue 35): their connections (CalDAV or a calendar feed, the secret
// encrypted by the app), the busy times last read from each (the cache free times answer from),
// and the write-back of consultations to a CalDAV calendar, retried like the e-mail outbox.
// Consultation types choose between one fixed meeting link and one per consultation; a
// consultation keeps its own. Both dialects share this builder; the PostgreSQL form
// (name.postgres.ts) passes its native types. Frozen.
import { type Kysely, sql } from 'kysely';

export interface ColumnTypes {
  time: 'text' | 'timestamptz(3)';
  flag: 'integer' | 'boolean';
  now: ReturnType<typeof sql>;
  no: ReturnType<typeof sql>;
}

const SQLITE: ColumnTypes = {
  time: 'text',
  flag: 'integer',
  now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  no: sql`0`,
};

export async function createCalendarTables(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('calendar_connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('caldav', 'feed')`))
    .addColumn('name', 'text', (c) => c.notNull())
    // CalDAV: the server's address; a feed: its host only (the whole address is a secret).
    .addColumn('server_url', 'text', (c) => c.notNull())
    .addColumn('username', 'text')
    // AES-256-GCM of the app password (CalDAV) or of the feed's address: never answered back.
    .addColumn('secret', 'text', (c) => c.notNull())
    // JSON: the calendars discovered ([{url, name}]), those that count as busy ([url]).
    .addColumn('calendars', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('busy_calendars', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('write_calendar', 'text')
    .addColumn('last_ok_at', types.time)
    .addColumn('last_attempt_at', types.time)
    .addColumn('error', 'text')
    .addColumn('failing_since', types.time)
    .addColumn('failure_notified', types.flag, (c) => c.notNull().defaultTo(types.no))
    .addColumn('next_refresh_at', types.time, (c) => c.notNull().defaultTo(types.now))
    // One refresh per connection across instances: the instance that set it owns the refresh until then.
    .addColumn('lease_until', types.time)
    .addColumn('created_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .addColumn('updated_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .execute();
  await db.schema.createIndex('calendar_connections_user_idx').on('calendar_connections').column('user_id').execute();
  await db.schema.createIndex('calendar_connections_due_idx').on('calendar_connections').column('next_refresh_at').execute();

  // Intervals longer than a week are stored in pieces of at most a week, so a window's read has a
  // lower bound on starts_at and stays one index range.
  await db.schema
    .createTable('calendar_busy')
    .addColumn('connection_id', 'text', (c) => c.notNull().references('calendar_connections.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('starts_at', types.time, (c) => c.notNull())
    .addColumn('ends_at', types.time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendar_busy_user_starts_idx').on('calendar_busy').columns(['user_id', 'starts_at']).execute();
  await db.schema.createIndex('calendar_busy_connection_idx').on('calendar_busy').column('connection_id').execute();

  await db.schema
    .createTable('calendar_writes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('consultation_id', 'text', (c) => c.notNull().references('consultations.id').onDelete('cascade'))
    .addColumn('connection_id', 'text', (c) => c.references('calendar_connections.id').onDelete('set null'))
    // The event's own address in the calendar: <calendar>/<consultation id>.ics.
    .addColumn('object_url', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('put', 'delete')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'done', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .addColumn('last_error', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .addColumn('updated_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .execute();
  await db.schema.createIndex('calendar_writes_due_idx').on('calendar_writes').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('calendar_writes_consultation_idx').on('calendar_writes').columns(['consultation_id', 'created_at']).execute();

  await db.schema
    .alterTable('consultation_types')
    .addColumn('meeting_links', 'text', (c) => c.notNull().defaultTo('fixed').check(sql`meeting_links in ('fixed', 'per-consultation')`))
    .execute();
  await db.schema.alterTable('consultations').addColumn('meeting_url', 'text').execute();
}

export async function dropCalendarTables(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consultations').dropColumn('meeting_url').execute();
  await db.schema.alterTable('consultation_types').dropColumn('meeting_links').execute();
  await db.schema.dropTable('calendar_writes').execute();
  await db.schema.dropTable('calendar_busy').execute();
  await db.schema.dropTable('calendar_connections').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await createCalendarTables(db, SQLITE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropCalendarTables(db);
}
