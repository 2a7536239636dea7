// Consultations: bookable types, the staff who take each, weekly hours and date overrides per staff
// member (in their own time zone, a new users column), and the consultations booked. Each stored
// consultation keeps the span it blocks (its time widened by the type's buffers at booking time), so
// the overlap check is one indexed range read. Frozen like the others.
import { type Kysely, sql } from 'kysely';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export async function up(db: Kysely<any>): Promise<void> {
  // Null: the site's time zone.
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();

  await db.schema
    .createTable('consultation_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes between 15 and 240`))
    .addColumn('location_kind', 'text', (c) => c.notNull().check(sql`location_kind in ('video', 'phone', 'address')`))
    .addColumn('location_detail', 'text')
    .addColumn('buffer_before_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('buffer_after_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_notice_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('horizon_days', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('max_per_day', 'integer')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('allow_pick_consultant', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('consultation_types_active_idx').on('consultation_types').columns(['is_active', 'title']).execute();

  await db.schema
    .createTable('consultation_type_staff')
    .addColumn('type_id', 'text', (c) => c.notNull().references('consultation_types.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('consultation_type_staff_pk', ['type_id', 'user_id'])
    .execute();
  await db.schema.createIndex('consultation_type_staff_user_idx').on('consultation_type_staff').column('user_id').execute();

  await db.schema
    .createTable('availability_weekly')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 0 and 6`))
    .addColumn('start_minute', 'integer', (c) => c.notNull())
    .addColumn('end_minute', 'integer', (c) => c.notNull())
    .addCheckConstraint('availability_weekly_range', sql`start_minute >= 0 and end_minute <= 1440 and start_minute < end_minute`)
    .execute();
  await db.schema.createIndex('availability_weekly_user_idx').on('availability_weekly').columns(['user_id', 'weekday']).execute();

  // A date with no range (start_minute null) is a day off; otherwise its ranges replace the weekly hours.
  await db.schema
    .createTable('availability_overrides')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_minute', 'integer')
    .addColumn('end_minute', 'integer')
    .execute();
  await db.schema.createIndex('availability_overrides_user_date_idx').on('availability_overrides').columns(['user_id', 'date']).execute();

  await db.schema
    .createTable('consultations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type_id', 'text', (c) => c.notNull().references('consultation_types.id'))
    .addColumn('consultant_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('blocked_from', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text', (c) => c.notNull())
    .addColumn('visitor_name', 'text', (c) => c.notNull())
    .addColumn('visitor_email', 'text', (c) => c.notNull())
    .addColumn('visitor_phone', 'text')
    .addColumn('visitor_company', 'text')
    .addColumn('visitor_time_zone', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('booked').check(sql`status in ('booked', 'cancelled')`))
    .addColumn('manage_token_hash', 'text', (c) => c.notNull())
    .addColumn('ics_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('consultations_consultant_block_idx').on('consultations').columns(['consultant_id', 'blocked_from']).execute();
  await db.schema.createIndex('consultations_starts_idx').on('consultations').columns(['starts_at', 'id']).execute();
  await db.schema.createIndex('consultations_status_starts_idx').on('consultations').columns(['status', 'starts_at']).execute();
  await db.schema.createIndex('consultations_type_idx').on('consultations').column('type_id').execute();
  await db.schema.createIndex('consultations_manage_token_idx').on('consultations').column('manage_token_hash').unique().execute();
  // The last guard under the locked re-check: one live consultation per consultant and start.
  await db.schema
    .createIndex('consultations_one_live_start_idx')
    .on('consultations')
    .columns(['consultant_id', 'starts_at'])
    .unique()
    .where(sql.ref('status'), '=', 'booked')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('consultations').execute();
  await db.schema.dropTable('availability_overrides').execute();
  await db.schema.dropTable('availability_weekly').execute();
  await db.schema.dropTable('consultation_type_staff').execute();
  await db.schema.dropTable('consultation_types').execute();
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
