// PostgreSQL's native types (migration 2026-11-27_290_native_types): times are timestamptz, flags
// boolean, calendar dates date; a database that the earlier migrations left with text times and
// integer flags is converted keeping every instant and flag; rows read back in the shape the app
// writes (ISO-8601 strings, 0/1); the searches ignore letter case. PostgreSQL only.
// @module-tag postgres
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from './migrate';
import { assertPlainIdentifier, isoFromTimestamptz, openPostgres } from './postgres';
import type { DB } from './database';
import { matchesAny } from './text-search';
import { createPostgresTestSchema, onPostgres } from '@tests/support/postgres-env';
import { futureYear } from '@tests/dates';

type Opened = Awaited<ReturnType<typeof createPostgresTestSchema>>;

/** The time columns and flags of the app's tables, by table (every one the schema declares). */
const TIMES: Record<string, string[]> = {
  users: ['created_at', 'updated_at', 'last_sign_in_at', 'previous_sign_in_at'],
  sessions: ['created_at', 'expires_at'],
  settings: ['updated_at'],
  events: ['created_at', 'updated_at'],
  event_sessions: ['created_at', 'updated_at'],
  time_slots: ['created_at', 'start_time', 'end_time'],
  delegates: ['created_at', 'updated_at'],
  bookings: ['booking_date', 'created_at', 'updated_at', 'offer_expires_at', 'checked_in_at'],
  contact_forms: ['created_at', 'updated_at'],
  email_outbox: ['next_attempt_at', 'created_at', 'updated_at', 'sent_at'],
  email_attempts: ['attempted_at'],
  two_factor_credentials: ['enabled_at', 'created_at', 'updated_at'],
  two_factor_recovery_codes: ['used_at', 'created_at'],
  two_factor_challenges: ['expires_at', 'created_at'],
  audit_log: ['created_at'],
  booking_reminders: ['sent_at', 'start_time'],
  notification_claims: ['claimed_at'],
  home_content: ['updated_at'],
  setup_links: ['created_at'],
  registration_questions: ['created_at', 'updated_at'],
  booking_answers: ['created_at'],
  consultation_types: ['created_at', 'updated_at'],
  consultations: ['created_at', 'updated_at', 'starts_at', 'ends_at', 'blocked_from', 'blocked_until'],
};
const FLAGS: Record<string, string[]> = {
  users: ['two_factor_enabled', 'notify_email', 'notify_new_bookings', 'notify_new_contacts', 'notify_system_alerts', 'notify_weekly_reports'],
  events: ['is_active'],
  event_sessions: ['is_active'],
  registration_questions: ['required'],
  consultation_types: ['is_active', 'allow_pick_consultant'],
};

interface ColumnInfo {
  table: string;
  column: string;
  type: string;
  precision: number | null;
  default: string | null;
}

async function columns(db: DB): Promise<ColumnInfo[]> {
  const result = await sql<ColumnInfo>`
    select table_name as "table", column_name as "column", data_type as "type", datetime_precision as "precision", column_default as "default"
    from information_schema.columns where table_schema = current_schema()`.execute(db);
  return result.rows;
}

describe.runIf(onPostgres())('PostgreSQL native types', () => {
  const opened: Array<{ db: DB; drop(): Promise<void> }> = [];

  afterEach(async () => {
    for (const { db, drop } of opened.splice(0)) {
      await drop();
      await db.destroy();
    }
  });

  /** A schema of its own in the run's database, migrated with `migrate`. */
  async function schemaMigratedWith(migrate: (db: DB) => Promise<void>): Promise<DB> {
    const url = inject('postgresDatabase') ?? '';
    const schema = assertPlainIdentifier(`t_types_${process.pid}_${crypto.randomBytes(3).toString('hex')}`);
    const { db } = openPostgres(url, { schema });
    await sql.raw(`create schema ${schema}`).execute(db);
    opened.push({ db, drop: () => sql.raw(`drop schema if exists ${schema} cascade`).execute(db).then(() => undefined) });
    await migrate(db);
    return db;
  }

  it('gives every time column timestamptz(3), every flag boolean, and leaves no strftime behind', async () => {
    const target: Opened = await createPostgresTestSchema(inject('postgresDatabase') ?? '');
    opened.push(target);
    const info = await columns(target.db);
    const find = (table: string, column: string) => info.find((entry) => entry.table === table && entry.column === column);

    for (const [table, names] of Object.entries(TIMES)) {
      for (const column of names) {
        expect(find(table, column), `${table}.${column}`).toMatchObject({ type: 'timestamp with time zone', precision: 3 });
      }
    }
    for (const [table, names] of Object.entries(FLAGS)) {
      for (const column of names) expect(find(table, column)?.type, `${table}.${column}`).toBe('boolean');
    }
    expect(find('availability_overrides', 'date')?.type).toBe('date');
    expect(find('vouchers', 'valid_from')?.type).toBe('date');
    expect(find('vouchers', 'valid_until')?.type).toBe('date');
    // Display text, not a time: stays text.
    expect(find('events', 'date')?.type).toBe('text');
    // No time column is left as text: any column named like one is in the list above.
    const textTimes = info.filter((entry) => entry.type === 'text' && /(_at|_time|_from|_until)$/.test(entry.column));
    expect(textTimes.map((entry) => `${entry.table}.${entry.column}`)).toEqual([]);

    expect(find('bookings', 'created_at')?.default).toBe('now()');
    expect(find('users', 'notify_email')?.default).toBe('true');
    expect(find('users', 'two_factor_enabled')?.default).toBe('false');
    const functions = await sql<{ n: number }>`select count(*) as n from pg_proc where proname = 'strftime'
      and pronamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(target.db);
    expect(functions.rows[0]?.n).toBe(0);
  });

  it('converts a database migrated by the earlier version: rows keep their instants and flags', async () => {
    const year = futureYear();
    const db = await schemaMigratedWith((db) => migrateUpTo(db, '2026-11-27_241_event_translations'));
    // As the earlier version wrote them: ISO text and 0/1 integers (the defaults from strftime).
    await sql`insert into users (id, email, name, password_hash, role, two_factor_enabled, notify_email, notify_weekly_reports, last_sign_in_at, created_at)
      values ('u1', 'ama@example.com', 'Ama Boateng', 'x', 'admin', 1, 0, 1, ${`${year}-03-04T05:06:07.089Z`}, ${`${year}-01-02T03:04:05.678Z`})`.execute(db);
    await sql`insert into events (id, title, is_active) values ('e1', 'Trade mission', 0)`.execute(db);
    await sql`insert into event_sessions (id, event_id, title) values ('s1', 'e1', 'Morning')`.execute(db);
    await sql`insert into time_slots (id, session_id, start_time, end_time)
      values ('t1', 's1', ${`${year}-06-01T08:00:00.000Z`}, ${`${year}-06-01T10:30:00.000Z`})`.execute(db);
    await sql`insert into consultation_types (id, title, duration_minutes, location_kind, allow_pick_consultant) values ('c1', 'Advice', 30, 'video', 1)`.execute(db);
    await sql`insert into availability_overrides (id, user_id, date) values ('o1', 'u1', ${`${year}-12-24`})`.execute(db);
    const before = await sql<{ created: string; updated: string }>`select created_at as created, updated_at as updated from events where id = 'e1'`.execute(db);
    const defaulted = before.rows[0];
    expect(defaulted?.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await migrateToLatest(db);

    const user = await db.selectFrom('users').selectAll().where('id', '=', 'u1').executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      twoFactorEnabled: 1,
      notifyEmail: 0,
      notifyNewBookings: 1,
      notifyWeeklyReports: 1,
      lastSignInAt: `${year}-03-04T05:06:07.089Z`,
      previousSignInAt: null,
      createdAt: `${year}-01-02T03:04:05.678Z`,
    });
    const event = await db.selectFrom('events').select(['isActive', 'createdAt', 'updatedAt']).where('id', '=', 'e1').executeTakeFirstOrThrow();
    expect(event).toEqual({ isActive: 0, createdAt: defaulted?.created, updatedAt: defaulted?.updated });
    expect((await db.selectFrom('eventSessions').select('isActive').executeTakeFirstOrThrow()).isActive).toBe(1);
    expect(await db.selectFrom('timeSlots').select(['startTime', 'endTime']).executeTakeFirstOrThrow()).toEqual({
      startTime: `${year}-06-01T08:00:00.000Z`,
      endTime: `${year}-06-01T10:30:00.000Z`,
    });
    expect(await db.selectFrom('consultationTypes').select(['isActive', 'allowPickConsultant']).executeTakeFirstOrThrow()).toEqual({
      isActive: 1,
      allowPickConsultant: 1,
    });
    expect((await db.selectFrom('availabilityOverrides').select('date').executeTakeFirstOrThrow()).date).toBe(`${year}-12-24`);

    // The stored values are instants and booleans now, compared as such by the database.
    const native = await sql<{ slots: number; flagged: number }>`select
      (select count(*) from time_slots where end_time - start_time = interval '2 hours 30 minutes') as slots,
      (select count(*) from users where two_factor_enabled and not notify_email) as flagged`.execute(db);
    expect(native.rows[0]).toEqual({ slots: 1, flagged: 1 });

    // New rows get their defaults from now() and true/false, read back in the app's shape.
    await db.insertInto('events').values({ id: 'e2', title: 'Later' }).execute();
    const later = await db.selectFrom('events').select(['isActive', 'createdAt']).where('id', '=', 'e2').executeTakeFirstOrThrow();
    expect(later.isActive).toBe(1);
    expect(new Date(later.createdAt).toISOString()).toBe(later.createdAt);
    expect(Math.abs(Date.parse(later.createdAt) - Date.now())).toBeLessThan(60_000);
  });

  it('reads every form of timestamptz back as the ISO string of the same instant', async () => {
    const target: Opened = await createPostgresTestSchema(inject('postgresDatabase') ?? '');
    opened.push(target);
    const year = futureYear();
    const cases: Array<[string, string]> = [
      [`${year}-05-06T07:08:09.000Z`, `${year}-05-06T07:08:09.000Z`],
      [`${year}-05-06T07:08:09.100Z`, `${year}-05-06T07:08:09.100Z`],
      [`${year}-05-06T07:08:09.123Z`, `${year}-05-06T07:08:09.123Z`],
      [`${year}-05-06T09:08:09.123+02:00`, `${year}-05-06T07:08:09.123Z`],
      [`${year}-05-06T07:08:09.123456Z`, `${year}-05-06T07:08:09.123Z`],
    ];
    for (const [written, read] of cases) {
      const result = await sql<{ at: string }>`select ${written}::timestamptz as at`.execute(target.db);
      expect(result.rows[0]?.at, written).toBe(read);
    }
    // In another zone the server prints an offset: read through a Date, the same instant.
    expect(isoFromTimestamptz(`${year}-05-06 09:08:09.5+02`)).toBe(`${year}-05-06T07:08:09.500Z`);
    expect(isoFromTimestamptz('10000-01-01 00:00:00+00')).toBe(new Date(Date.UTC(10000, 0, 1)).toISOString());
  });

  it('searches ignoring letter case (ILIKE), with wildcards taken literally', async () => {
    const target: Opened = await createPostgresTestSchema(inject('postgresDatabase') ?? '');
    opened.push(target);
    const { db } = target;
    await db.insertInto('users').values([
      { id: 'u1', email: 'ama@example.com', name: 'Ama BOATENG', passwordHash: 'x', role: 'user' },
      { id: 'u2', email: 'kofi_100%@example.com', name: 'Kofi Mensah', passwordHash: 'x', role: 'user' },
    ]).execute();
    const matching = async (search: string) =>
      (await db.selectFrom('users').select('id').where(matchesAny(db, ['users.name', 'users.email'], search)).orderBy('id').execute()).map((row) => row.id);
    expect(await matching('boateng')).toEqual(['u1']);
    expect(await matching('AMA@EXAMPLE')).toEqual(['u1']);
    expect(await matching('_100%')).toEqual(['u2']);
    expect(await matching('%')).toEqual(['u2']);
    const compiled = db.selectFrom('users').select('id').where(matchesAny(db, ['users.name'], 'x')).compile();
    expect(compiled.sql).toContain('"users"."name" ilike $1 escape');
  });
});
