// A site as the release of 2026-11-23 left it (its last migration 2026-11-23_100_title_search_index),
// filled the way a busy site of that release would be: events, sessions and slots, `bookings`
// bookings spread over them with their search index, one e-mail per booking in the outbox with its
// attempt, one audit row per booking, reminders for half of them and some contact messages. Written
// set-based (a numbers CTE, the same SQL on SQLite and PostgreSQL, whose times were text then), so
// 100,000 bookings take seconds to build. The upgrade bench (scripts/bench/upgrade.ts) times the
// migrations since on it; the upgrade test (tests/e2e/upgrade.test.ts) starts a real server on a
// small one.
import { sql } from 'kysely';
import type { DB } from '@db/database';
import { migrateUpTo } from '@db/migrate';

export const TURN_TWO_LAST_MIGRATION = '2026-11-23_100_title_search_index';

const BOOKINGS_PER_SLOT = 10;
const SLOTS_PER_SESSION = 10;
const SESSIONS_PER_EVENT = 5;

/** 'YYYY-MM-DDTHH:00:00.000Z' from a number: a valid, varied UTC time in `year` (text, as then). */
function timeOf(year: number, n: string): string {
  return `'${year}-0' || (1 + (${n}) % 9) || '-1' || ((${n}) % 10) || 'T' || (10 + (${n}) % 8) || ':00:00.000Z'`;
}

/** Rows 1..count as `n(i)`, for INSERT ... SELECT. */
function numbers(count: number) {
  return sql.raw(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})`);
}

const TEXT_BODY =
  'Hello, thank you for your booking. Your session is confirmed for the time below. You can see or cancel your booking at any time with the private link in this message. We look forward to meeting you. ';
const HTML_BODY = `<!doctype html><html><body style="font-family: sans-serif"><p>${TEXT_BODY.repeat(3)}</p><table>${'<tr><td>Session</td><td>Market entry workshop</td></tr>'.repeat(6)}</table></body></html>`;
const ICS = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nSUMMARY:Market entry workshop\r\nDESCRIPTION:${'Details of the session. '.repeat(8)}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;

/** Migrates `db` (empty) to the 2026-11-23 release and fills it with `bookings` bookings. */
export async function buildTurnTwoSite(db: DB, bookings: number): Promise<void> {
  await migrateUpTo(db, TURN_TWO_LAST_MIGRATION);
  const slots = Math.max(1, Math.ceil(bookings / BOOKINGS_PER_SLOT));
  const sessions = Math.max(1, Math.ceil(slots / SLOTS_PER_SESSION));
  const events = Math.max(1, Math.ceil(sessions / SESSIONS_PER_EVENT));
  const exec = (text: string) => sql.raw(text).execute(db);

  await exec(`insert into users (id, email, name, password_hash, role, created_at, updated_at)
    values ('u1', 'admin@example.com', 'Site Admin', 'x', 'admin', '2025-01-01T09:00:00.000Z', '2025-01-01T09:00:00.000Z'),
           ('u2', 'staff@example.com', 'Staff Member', 'x', 'user', '2025-01-01T09:00:00.000Z', '2025-01-01T09:00:00.000Z')`);
  await sql`${numbers(events)} insert into events (id, title, description, location, is_active, display_order, created_at, updated_at)
    select 'ev' || i, 'Trade mission ' || i, 'A programme of visits and meetings.', 'Toronto', 1, 1 + i % 50, ${sql.raw(timeOf(2025, 'i'))}, ${sql.raw(timeOf(2025, 'i'))} from n`.execute(db);
  await sql`${numbers(sessions)} insert into event_sessions (id, event_id, title, description, max_participants, is_active, created_at, updated_at)
    select 'se' || i, 'ev' || (1 + (i - 1) / ${sql.lit(SESSIONS_PER_EVENT)}), 'Market entry workshop ' || i, 'Workshop', 200, 1, ${sql.raw(timeOf(2025, 'i'))}, ${sql.raw(timeOf(2025, 'i'))} from n`.execute(db);
  await sql`${numbers(slots)} insert into time_slots (id, session_id, start_time, end_time, created_at)
    select 'ts' || i, 'se' || (1 + (i - 1) / ${sql.lit(SLOTS_PER_SESSION)}), ${sql.raw(timeOf(2026, 'i'))}, ${sql.raw(timeOf(2026, 'i').replace(':00:00.000Z', ':59:00.000Z'))}, ${sql.raw(timeOf(2025, 'i'))} from n`.execute(db);
  // Each booking's slot, session and event follow from its number, as the app's foreign keys want.
  const slot = `(1 + (i - 1) / ${BOOKINGS_PER_SLOT})`;
  const session = `(1 + (${slot} - 1) / ${SLOTS_PER_SESSION})`;
  const event = `(1 + (${session} - 1) / ${SESSIONS_PER_EVENT})`;
  await sql`${numbers(bookings)} insert into bookings (id, time_slot_id, event_id, session_id, booking_date, participant_name, participant_email,
      participant_phone, status, created_at, updated_at, manage_token_hash, ics_sequence)
    select 'bk' || i, 'ts' || ${sql.raw(slot)}, 'ev' || ${sql.raw(event)}, 'se' || ${sql.raw(session)}, ${sql.raw(timeOf(2025, 'i'))},
      'Participant ' || i, 'person' || i || '@example.com', '+1 555 0100',
      case i % 10 when 0 then 'cancelled' when 1 then 'waitlisted' when 2 then 'pending' else 'confirmed' end,
      ${sql.raw(timeOf(2025, 'i'))}, ${sql.raw(timeOf(2025, 'i'))}, 'hash' || i, 0 from n`.execute(db);
  await sql`${numbers(bookings)} insert into email_outbox (id, kind, to_address, subject, text_body, html_body, ics, ics_method, booking_id,
      status, attempts, next_attempt_at, created_at, sent_at, updated_at, priority)
    select 'em' || i, 'booking-received', 'person' || i || '@example.com', 'Your booking: Market entry workshop', ${TEXT_BODY}, ${HTML_BODY}, ${ICS}, 'REQUEST', 'bk' || i,
      case when i % 50 = 0 then 'pending' else 'sent' end, 1, ${sql.raw(timeOf(2025, 'i'))}, ${sql.raw(timeOf(2025, 'i'))},
      case when i % 50 = 0 then null else ${sql.raw(timeOf(2025, 'i'))} end, ${sql.raw(timeOf(2025, 'i'))}, 0 from n`.execute(db);
  await sql`${numbers(bookings)} insert into email_attempts (id, outbox_id, attempted_at, error)
    select 'at' || i, 'em' || i, ${sql.raw(timeOf(2025, 'i'))}, null from n`.execute(db);
  await sql`${numbers(bookings)} insert into audit_log (id, created_at, user_id, actor_name, actor_email, ip, action, entity, entity_id, summary)
    select 'au' || i, ${sql.raw(timeOf(2025, 'i'))}, 'u2', 'Staff Member', 'staff@example.com', '203.0.113.7', 'create', 'booking', 'bk' || i,
      'Created booking for Participant ' || i from n`.execute(db);
  await sql`${numbers(Math.ceil(bookings / 2))} insert into booking_reminders (booking_id, start_time, sent_at)
    select 'bk' || (2 * i), ${sql.raw(timeOf(2026, 'i'))}, ${sql.raw(timeOf(2025, 'i'))} from n`.execute(db);
  await sql`${numbers(Math.max(1, Math.ceil(bookings / 50)))} insert into contact_forms (id, name, email, company, message, status, created_at, updated_at)
    select 'cf' || i, 'Visitor ' || i, 'visitor' || i || '@example.com', 'Company ' || i, 'We would like to expand into Canada next year.', 'new',
      ${sql.raw(timeOf(2025, 'i'))}, ${sql.raw(timeOf(2025, 'i'))} from n`.execute(db);
}
