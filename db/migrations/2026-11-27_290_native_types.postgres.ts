// PostgreSQL's native types: every time column becomes timestamptz(3) (milliseconds, as the app
// writes its ISO-8601 strings) and every 0/1 flag becomes boolean, existing rows converted in place
// (text::timestamptz, integer <> 0); the defaults become now() and true/false. Dates of the calendar
// ('YYYY-MM-DD') become date; display texts (events.date), minutes and epoch milliseconds stay.
// The strftime stand-in that migration 001 created for the earlier migrations' defaults goes.
// Each table is rewritten once (one ALTER TABLE for all its columns), its indexes rebuilt with it.
// Frozen: the lists are literal, and a later column gets its native type in its own migration.
import { type Kysely, sql } from 'kysely';

interface Table {
  /** Time columns with `default now()`. */
  stamped?: string[];
  /** Time columns without a default. */
  times?: string[];
  /** 0/1 flags and their default. */
  flags?: Record<string, boolean>;
  /** Calendar dates. */
  dates?: string[];
}

const TABLES: Record<string, Table> = {
  users: {
    stamped: ['created_at', 'updated_at'],
    times: ['last_sign_in_at', 'previous_sign_in_at'],
    flags: {
      two_factor_enabled: false,
      notify_email: true,
      notify_new_bookings: true,
      notify_new_contacts: true,
      notify_system_alerts: true,
      notify_weekly_reports: false,
    },
  },
  sessions: { stamped: ['created_at'], times: ['expires_at'] },
  settings: { stamped: ['updated_at'] },
  events: { stamped: ['created_at', 'updated_at'], flags: { is_active: true } },
  event_sessions: { stamped: ['created_at', 'updated_at'], flags: { is_active: true } },
  time_slots: { stamped: ['created_at'], times: ['start_time', 'end_time'] },
  delegates: { stamped: ['created_at', 'updated_at'] },
  bookings: { stamped: ['booking_date', 'created_at', 'updated_at'], times: ['offer_expires_at', 'checked_in_at'] },
  contact_forms: { stamped: ['created_at', 'updated_at'] },
  email_outbox: { stamped: ['next_attempt_at', 'created_at', 'updated_at'], times: ['sent_at'] },
  email_attempts: { times: ['attempted_at'] },
  two_factor_credentials: { times: ['enabled_at', 'created_at', 'updated_at'] },
  two_factor_recovery_codes: { times: ['used_at', 'created_at'] },
  two_factor_challenges: { times: ['expires_at', 'created_at'] },
  audit_log: { stamped: ['created_at'] },
  booking_reminders: { stamped: ['sent_at'], times: ['start_time'] },
  notification_claims: { stamped: ['claimed_at'] },
  home_content: { stamped: ['updated_at'] },
  setup_links: { times: ['created_at'] },
  registration_questions: { stamped: ['created_at', 'updated_at'], flags: { required: false } },
  booking_answers: { stamped: ['created_at'] },
  consultation_types: { stamped: ['created_at', 'updated_at'], flags: { is_active: true, allow_pick_consultant: false } },
  availability_overrides: { dates: ['date'] },
  consultations: { stamped: ['created_at', 'updated_at'], times: ['starts_at', 'ends_at', 'blocked_from', 'blocked_until'] },
};

function changes(table: Table): string[] {
  return [
    ...(table.stamped ?? []).map(
      (column) =>
        `alter column ${column} drop default, alter column ${column} type timestamptz(3) using ${column}::timestamptz, alter column ${column} set default now()`,
    ),
    ...(table.times ?? []).map((column) => `alter column ${column} type timestamptz(3) using ${column}::timestamptz`),
    ...Object.entries(table.flags ?? {}).map(
      ([column, value]) =>
        `alter column ${column} drop default, alter column ${column} type boolean using ${column} <> 0, alter column ${column} set default ${value}`,
    ),
    ...(table.dates ?? []).map((column) => `alter column ${column} type date using ${column}::date`),
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table] of Object.entries(TABLES)) {
    await sql.raw(`alter table ${name} ${changes(table).join(', ')}`).execute(db);
  }
  await sql`drop function if exists strftime(text, text)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table] of Object.entries(TABLES)) {
    const back = [
      ...(table.stamped ?? []).map(
        (column) =>
          `alter column ${column} drop default, alter column ${column} type text using to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), alter column ${column} set default to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      ),
      ...(table.times ?? []).map(
        (column) => `alter column ${column} type text using to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      ),
      ...Object.entries(table.flags ?? {}).map(
        ([column, value]) =>
          `alter column ${column} drop default, alter column ${column} type integer using (case when ${column} then 1 else 0 end), alter column ${column} set default ${value ? 1 : 0}`,
      ),
      ...(table.dates ?? []).map((column) => `alter column ${column} type text using to_char(${column}, 'YYYY-MM-DD')`),
    ];
    await sql.raw(`alter table ${name} ${back.join(', ')}`).execute(db);
  }
}
