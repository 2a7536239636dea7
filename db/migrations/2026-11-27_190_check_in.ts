// Check-in at the door: each booking gets a 10-character check-in code (its confirmation e-mail
// carries it as text and as a QR code), and records when and by whom it was checked in, or that
// it was marked a no-show after its slot. The outbox keeps the code of a message that shows it, so
// the sender can attach its QR image. Existing bookings get a code here. Frozen like the others.
//
// Rewritten once after release (2026-11-27, docs/decisions/026-bounded-upgrades.md), with the same
// result: every existing booking gets its own random code drawn exactly as before (crypto's
// randomInt over the same alphabet), but set-based instead of one UPDATE per booking, which took
// 190 s on PostgreSQL and 13 s on SQLite for 100,000 bookings. SQLite: 5,000 bookings to an
// UPDATE. PostgreSQL: an UPDATE there writes a new version of the row into each of the table's
// fifteen indexes, so the codes go into a temporary table and the column is filled by rewriting
// the table once (ALTER COLUMN ... USING a lookup), a third of the work. A code drawn twice is
// drawn again, where the unique index below used to fail the migration.
import { randomInt } from 'node:crypto';
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
/** Codes written by one statement (two parameters each, within both databases' limits). */
const CODES_PER_STATEMENT = 5_000;

function code(): string {
  let text = '';
  for (let index = 0; index < 10; index += 1) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('check_in_code', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('checked_in_at', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('checked_in_by', 'text').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('attendance', 'text', (c) => c.check(sql`attendance is null or attendance in ('attended', 'no-show')`))
    .execute();
  await db.schema.alterTable('email_outbox').addColumn('check_in_code', 'text').execute();
  const rows: { id: string }[] = await db.selectFrom('bookings').select('id').execute();
  const drawn = new Set<string>();
  const fresh = () => {
    let next = code();
    while (drawn.has(next)) next = code();
    drawn.add(next);
    return next;
  };
  const chunks: ReturnType<typeof sql>[][] = [];
  for (let start = 0; start < rows.length; start += CODES_PER_STATEMENT) {
    chunks.push(rows.slice(start, start + CODES_PER_STATEMENT).map((row) => sql`(${row.id}, ${fresh()})`));
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create temporary table check_in_codes (id text primary key, code text not null)`.execute(db);
    for (const pairs of chunks) await sql`insert into check_in_codes (id, code) values ${sql.join(pairs)}`.execute(db);
    await sql`create function pg_temp.check_in_code_of(booking text) returns text language sql stable
      as $$ select code from pg_temp.check_in_codes where id = booking $$`.execute(db);
    await sql`alter table bookings alter column check_in_code type text using pg_temp.check_in_code_of(id)`.execute(db);
    await sql`drop function pg_temp.check_in_code_of(text)`.execute(db);
    await sql`drop table check_in_codes`.execute(db);
  } else {
    for (const pairs of chunks) {
      await sql`with codes(id, code) as (values ${sql.join(pairs)})
        update bookings set check_in_code = codes.code from codes where bookings.id = codes.id`.execute(db);
    }
  }
  await db.schema.createIndex('bookings_check_in_code_idx').on('bookings').column('check_in_code').unique().execute();
  // The check-in screen's list and counts of a slot's attendance.
  await db.schema.createIndex('bookings_slot_attendance_idx').on('bookings').columns(['time_slot_id', 'attendance']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_slot_attendance_idx').execute();
  await db.schema.dropIndex('bookings_check_in_code_idx').execute();
  await db.schema.alterTable('email_outbox').dropColumn('check_in_code').execute();
  for (const column of ['attendance', 'checked_in_by', 'checked_in_at', 'check_in_code']) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
}
