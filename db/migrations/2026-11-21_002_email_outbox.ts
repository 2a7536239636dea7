// The e-mail outbox and the manage-my-booking link: messages are written in the
// same transaction as the change that causes them and sent later by the sender loop; every attempt
// is kept. Bookings gain the hash of their manage token and the .ics SEQUENCE. Frozen like 001.
import { type Kysely, sql } from 'kysely';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull()) // booking-received, admin-new-contact...: no CHECK, kinds grow
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('ics', 'text') // the calendar attachment, CRLF lines as sent
    .addColumn('ics_method', 'text', (c) => c.check(sql`ics_method is null or ics_method in ('REQUEST', 'CANCEL')`))
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(6).check(sql`max_attempts >= 1`))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('sent_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  // The sender's pick: the oldest due pending message.
  await db.schema
    .createIndex('email_outbox_due_idx')
    .on('email_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  // The admin log: newest first, all or one status, id as the tie-breaker.
  await db.schema.createIndex('email_outbox_created_idx').on('email_outbox').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('email_outbox_status_created_idx')
    .on('email_outbox')
    .columns(['status', 'created_at', 'id'])
    .execute();
  // Deleting a booking sets booking_id to null here; without an index that is a scan of the outbox.
  await db.schema.createIndex('email_outbox_booking_idx').on('email_outbox').column('booking_id').execute();

  await db.schema
    .createTable('email_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('outbox_id', 'text', (c) => c.notNull().references('email_outbox.id').onDelete('cascade'))
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('error', 'text') // null: the server accepted the message
    .execute();
  await db.schema
    .createIndex('email_attempts_outbox_idx')
    .on('email_attempts')
    .columns(['outbox_id', 'attempted_at'])
    .execute();

  // SQLite cannot add a UNIQUE column; a unique index does the same (NULLs, old rows, never clash).
  await db.schema.alterTable('bookings').addColumn('manage_token_hash', 'text').execute();
  await db.schema
    .createIndex('bookings_manage_token_hash_idx')
    .on('bookings')
    .column('manage_token_hash')
    .unique()
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('ics_sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_manage_token_hash_idx').execute();
  await db.schema.alterTable('bookings').dropColumn('ics_sequence').execute();
  await db.schema.alterTable('bookings').dropColumn('manage_token_hash').execute();
  await db.schema.dropTable('email_attempts').execute();
  await db.schema.dropTable('email_outbox').execute();
}
