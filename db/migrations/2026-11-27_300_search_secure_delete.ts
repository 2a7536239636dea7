// The full-text indexes that hold people's names, addresses, phones and answers forget a deleted or
// changed row's words at once ('secure-delete', SQLite 3.44+). Without it FTS5 only marks them
// deleted and keeps the words in its segments until a merge: an erased person's name stayed in
// the file, three letters at a time. Deleting from these indexes costs a little more; they change
// only with a booking's, a contact message's or an answer's personal fields. Frozen.
import { type Kysely, sql } from 'kysely';

const PERSONAL_INDEXES = ['bookings_search', 'contact_forms_search', 'booking_answers_search'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const index of PERSONAL_INDEXES) await sql.raw(`insert into ${index}(${index}, rank) values ('secure-delete', 1)`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of PERSONAL_INDEXES) await sql.raw(`insert into ${index}(${index}, rank) values ('secure-delete', 0)`).execute(db);
}
