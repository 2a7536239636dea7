// Check-in at the door: each booking gets a 10-character check-in code (its confirmation e-mail
// carries it as text and as a QR code), and records when and by whom it was checked in, or that
// it was marked a no-show after its slot. The outbox keeps the code of a message that shows it, so
// the sender can attach its QR image. Existing bookings get a code here. Frozen like the others.
import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

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
  for (const row of rows) await db.updateTable('bookings').set({ check_in_code: code() }).where('id', '=', row.id).execute();
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
