// Notifications that keep their promises: the outbox gains a priority (booking messages before
// alerts before reminders and reports), each booking reminder is recorded once, and scheduled work
// (weekly reports per person per week, alerts per kind per hour, daily retention) is claimed by a
// unique key, so a restart neither loses nor repeats it and several instances would claim it once.
import { type Kysely, sql } from 'kysely';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export async function up(db: Kysely<any>): Promise<void> {
  // 0 booking messages, 1 alerts, 2 reminders and reports; rows written before this keep 0.
  await db.schema
    .alterTable('email_outbox')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The sender's pick: due pending messages, most urgent first, then oldest.
  await db.schema
    .createIndex('email_outbox_priority_due_idx')
    .on('email_outbox')
    .columns(['status', 'priority', 'next_attempt_at'])
    .execute();
  // Retention: sent messages by age.
  await db.schema.createIndex('email_outbox_sent_idx').on('email_outbox').columns(['status', 'sent_at']).execute();

  // One reminder per booking; the row is removed when the booking's time changes, so a slot moved
  // later and back into the window is reminded again.
  await db.schema
    .createTable('booking_reminders')
    .addColumn('booking_id', 'text', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  // Scheduled work done once: 'weekly-report:<user id>:<ISO week>', 'alert:<kind>:<UTC hour>',
  // 'retention:<UTC day>'.
  await db.schema
    .createTable('notification_claims')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('claimed_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_claims').execute();
  await db.schema.dropTable('booking_reminders').execute();
  await db.schema.dropIndex('email_outbox_sent_idx').execute();
  await db.schema.dropIndex('email_outbox_priority_due_idx').execute();
  await db.schema.alterTable('email_outbox').dropColumn('priority').execute();
}
