// Moving a site from SQLite to PostgreSQL (npm run db:copy-to-postgres): every table and row arrives,
// the counts are checked, and a target that already has data is refused. PostgreSQL only.
// @module-tag postgres
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CopyRefusedError, copySqliteToPostgres, sqliteTables } from './copy-to-postgres';
import { type OpenedDatabase, openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { insertBookableSlot, insertBookingRow } from '@tests/support/fixtures';
import { createAccount } from '@tests/support/helpers';
import { createPostgresTestSchema, onPostgres } from '@tests/support/postgres-env';
import { inject } from 'vitest';

describe.runIf(onPostgres())('copying a SQLite site into PostgreSQL', () => {
  let dir: string;
  let source: OpenedDatabase;
  let target: Awaited<ReturnType<typeof createPostgresTestSchema>>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-copy-'));
    source = openDatabase(path.join(dir, 'app.db'));
    await migrateToLatest(source.db);
    target = await createPostgresTestSchema(inject('postgresDatabase') ?? '');
  });

  afterEach(async () => {
    await source.db.destroy();
    await target.db.destroy();
    await target.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table with its rows, the search index working on the copy, and checks the counts', async () => {
    const admin = await createAccount(source.db, 'admin', { email: 'owner@example.com' });
    const { event, slot } = await insertBookableSlot(source.db, 3);
    const booking = await insertBookingRow(source.db, slot, event.id, { name: 'Ama Boateng', email: 'ama@example.com' });
    await source.db.updateTable('homeContent').set({ content: '{"edited":true}' }).execute();
    // Flags off their defaults and a time set: 0/1 and ISO text arrive as boolean and timestamptz.
    await source.db.updateTable('users').set({ notifyEmail: 0, notifyWeeklyReports: 1, lastSignInAt: new Date().toISOString() }).execute();
    await source.db.updateTable('events').set({ isActive: 0 }).execute();

    const { counts } = await copySqliteToPostgres(source, target);
    expect(Object.keys(counts).sort()).toEqual(sqliteTables(source.sqlite).sort());
    expect(counts).toMatchObject({ users: 1, sessions: 1, events: 1, event_sessions: 1, time_slots: 1, bookings: 1, home_content: 1 });
    // No full-text index of SQLite's (nor its shadow tables, bookings_search_data...) is copied.
    expect(Object.keys(counts).filter((table) => table.includes('_search'))).toEqual([]);

    expect(await target.db.selectFrom('bookings').selectAll().where('id', '=', booking.id).executeTakeFirst()).toEqual(booking);
    const user = await source.db.selectFrom('users').selectAll().where('id', '=', admin.user.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'owner@example.com', notifyEmail: 0, notifyWeeklyReports: 1 });
    expect(await target.db.selectFrom('users').selectAll().where('id', '=', admin.user.id).executeTakeFirst()).toEqual(user);
    expect(await target.db.selectFrom('events').selectAll().execute()).toEqual(await source.db.selectFrom('events').selectAll().execute());
    expect((await target.db.selectFrom('homeContent').select('content').executeTakeFirstOrThrow()).content).toBe('{"edited":true}');
    // Staff search on the copy (ILIKE over the trigram indexes), any letter case.
    const found = await target.db.selectFrom('bookings').select('id').where('participantName', 'ilike', '%boateng%').execute();
    expect(found.map((row) => row.id)).toEqual([booking.id]);
    const byTitle = await target.db.selectFrom('bookings').select('id').where('eventId', 'in', (eb) => eb.selectFrom('events').select('id').where('title', 'ilike', '%FIXTURE ev%')).execute();
    expect(byTitle.map((row) => row.id)).toEqual([booking.id]);
  });

  it('refuses a target that already has data and changes nothing', async () => {
    await insertBookableSlot(source.db, 3);
    await insertBookableSlot(target.db, 3);
    const before = await target.db.selectFrom('events').select('id').execute();
    await expect(copySqliteToPostgres(source, target)).rejects.toThrow(
      new CopyRefusedError('The PostgreSQL database already has data (1 rows in events): copy only into an empty database.'),
    );
    expect(await target.db.selectFrom('events').select('id').execute()).toEqual(before);
    expect(await target.db.selectFrom('timeSlots').select('id').execute()).toHaveLength(1);
  });
});
