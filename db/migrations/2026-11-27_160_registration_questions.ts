// Registration questions an event asks on the public booking form, and the answers given with each
// booking. An answer keeps a copy of its question as it was asked (label and kind), so editing or
// deleting a question later leaves earlier answers as they were given. Frozen like the others.
import { type Kysely, sql } from 'kysely';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('registration_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('short_text', 'long_text', 'one_choice', 'many_choices', 'yes_no', 'country')`),
    )
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('help_text', 'text')
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON array of the offered choices (one_choice, many_choices); '[]' for the other kinds.
    .addColumn('choices', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('registration_questions_event_position_idx')
    .on('registration_questions')
    .columns(['event_id', 'position'])
    .execute();

  await db.schema
    .createTable('booking_answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    // Null once the question is deleted; the copy below still says what was asked.
    .addColumn('question_id', 'text', (c) => c.references('registration_questions.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // The answer as a person reads it: choices joined with ', ', Yes/No, a country's English name.
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('booking_answers_booking_idx').on('booking_answers').columns(['booking_id', 'position']).execute();
  await db.schema.createIndex('booking_answers_question_idx').on('booking_answers').column('question_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_answers').execute();
  await db.schema.dropTable('registration_questions').execute();
}
