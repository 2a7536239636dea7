// The first schema: events, sessions, time slots, delegates, bookings and contact messages, plus accounts, auth sessions and settings.
// Frozen: later changes go in new, later-dated migrations.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export async function up(db: Kysely<any>): Promise<void> {
  // The migrations up to 2026-11-27_290 store times as text and write their defaults with SQLite's
  // strftime. On PostgreSQL this function stands in for it while they run (formats %Y %m %d %H %M
  // %S %f %% with 'now' or an ISO time, in UTC); 2026-11-27_290_native_types then turns those
  // columns into timestamptz with now() as default and drops the function.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create or replace function strftime(format text, value text) returns text language sql volatile as $$
        select replace(replace(replace(replace(replace(replace(replace(replace(format,
          '%Y', to_char(t, 'YYYY')), '%m', to_char(t, 'MM')), '%d', to_char(t, 'DD')), '%H', to_char(t, 'HH24')),
          '%M', to_char(t, 'MI')), '%f', to_char(t, 'SS.MS')), '%S', to_char(t, 'SS')), '%%', '%')
        from (select (case when value = 'now' then clock_timestamp() else value::timestamptz end) at time zone 'UTC' as t) as moment
      $$`.execute(db);
  }
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'user')`))
    .addColumn('avatar_url', 'text')
    .addColumn('two_factor_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('session_timeout_minutes', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('notify_email', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_new_bookings', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_new_contacts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_system_alerts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('notify_weekly_reports', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sign_in_at', 'text')
    .addColumn('previous_sign_in_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey()) // SHA-256 of the cookie token, hex
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull()) // JSON of one site-wide group
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('date', 'text') // display text such as '13 OCTOBER, 2025', not a timestamp
    .addColumn('location', 'text')
    .addColumn('image_url', 'text')
    .addColumn('video_url', 'text')
    .addColumn('registration_link', 'text')
    .addColumn('attendees', 'text')
    .addColumn('benefits', 'text', (c) => c.notNull().defaultTo('[]')) // JSON array of strings
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(1).check(sql`display_order >= 1`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('events_order_idx')
    .on('events')
    .columns(['display_order', 'created_at'])
    .execute();
  await db.schema
    .createIndex('events_active_order_idx')
    .on('events')
    .columns(['is_active', 'display_order', 'created_at'])
    .execute();

  await db.schema
    .createTable('event_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('location', 'text')
    .addColumn('facilitator', 'text')
    .addColumn('max_participants', 'integer', (c) => c.check(sql`max_participants is null or max_participants >= 1`))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('event_sessions_event_idx')
    .on('event_sessions')
    .columns(['event_id', 'is_active', 'created_at'])
    .execute();
  await db.schema.createIndex('event_sessions_created_idx').on('event_sessions').column('created_at').execute();
  await db.schema
    .createIndex('event_sessions_active_created_idx')
    .on('event_sessions')
    .columns(['is_active', 'created_at'])
    .execute();

  await db.schema
    .createTable('time_slots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('event_sessions.id').onDelete('cascade'))
    .addColumn('start_time', 'text', (c) => c.notNull()) // UTC ISO-8601
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('time_slots_end_after_start', sql`end_time > start_time`)
    .execute();
  await db.schema
    .createIndex('time_slots_session_start_idx')
    .on('time_slots')
    .columns(['session_id', 'start_time'])
    .execute();
  await db.schema.createIndex('time_slots_start_idx').on('time_slots').column('start_time').execute();

  await db.schema
    .createTable('delegates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.references('event_sessions.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('organization', 'text')
    .addColumn('position', 'text')
    .addColumn('bio', 'text')
    .addColumn('photo_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('delegates_session_idx')
    .on('delegates')
    .columns(['session_id', 'created_at'])
    .execute();
  await db.schema.createIndex('delegates_created_idx').on('delegates').column('created_at').execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('time_slot_id', 'text', (c) => c.notNull().references('time_slots.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('event_sessions.id').onDelete('cascade'))
    .addColumn('booking_date', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('participant_name', 'text', (c) => c.notNull())
    .addColumn('participant_email', 'text', (c) => c.notNull()) // stored lower-cased
    .addColumn('participant_phone', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'confirmed', 'waitlisted', 'cancelled')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  // Capacity counts and waitlist promotion read bookings of one slot by status, oldest first.
  await db.schema
    .createIndex('bookings_slot_status_idx')
    .on('bookings')
    .columns(['time_slot_id', 'status', 'created_at'])
    .execute();
  // Lists show newest first with id as the tie-breaker, so both columns are in the index.
  await db.schema
    .createIndex('bookings_status_created_idx')
    .on('bookings')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('bookings_created_idx').on('bookings').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('bookings_event_idx').on('bookings').column('event_id').execute();
  await db.schema.createIndex('bookings_session_idx').on('bookings').column('session_id').execute();
  // One e-mail address holds at most one live booking per slot, whatever the timing of requests.
  await sql`create unique index bookings_one_live_per_email_idx on bookings (time_slot_id, participant_email)
            where status <> 'cancelled'`.execute(db);

  await db.schema
    .createTable('contact_forms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('new').check(sql`status in ('new', 'in-progress', 'completed', 'closed')`),
    )
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('contact_forms_status_created_idx')
    .on('contact_forms')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('contact_forms_created_idx').on('contact_forms').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'contact_forms',
    'bookings',
    'delegates',
    'time_slots',
    'event_sessions',
    'events',
    'settings',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
