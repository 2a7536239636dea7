// Runs the real seed script against a temporary data folder, as a developer would.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function seed(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' },
  });
}

function counts() {
  const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  try {
    const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      events: one('select count(*) n from events'),
      activeEvents: one('select count(*) n from events where is_active = 1'),
      eventsWithVideo: one('select count(*) n from events where video_url is not null'),
      sessions: one('select count(*) n from event_sessions'),
      slots: one('select count(*) n from time_slots'),
      futureSlots: one(`select count(*) n from time_slots where start_time > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`),
      delegates: one('select count(*) n from delegates'),
      bookings: one('select count(*) n from bookings'),
      contacts: one('select count(*) n from contact_forms'),
      bookingStatuses: one('select count(distinct status) n from bookings'),
      contactStatuses: one('select count(distinct status) n from contact_forms'),
      admins: one("select count(*) n from users where role = 'admin'"),
      users: one("select count(*) n from users where role = 'user'"),
      overbookedSlots: one(`select count(*) n from (
        select b.time_slot_id from bookings b join event_sessions s on s.id = b.session_id
        where b.status in ('pending', 'confirmed') and s.max_participants is not null
        group by b.time_slot_id, s.max_participants having count(*) > s.max_participants)`),
    };
  } finally {
    db.close();
  }
}

describe('npm run seed', () => {
  it('fills every screen, prints the demo accounts, and does not duplicate on a second run', async () => {
    const first = await seed();
    expect(first.stdout).toMatch(/admin {2}demo\.admin@example\.com {2}password: \S{8,}/);
    expect(first.stdout).toMatch(/user {3}demo\.user@example\.com {2}password: \S{8,}/);
    const afterFirst = counts();
    expect(afterFirst.events).toBeGreaterThanOrEqual(3);
    expect(afterFirst.activeEvents).toBeGreaterThanOrEqual(3);
    expect(afterFirst.eventsWithVideo).toBeGreaterThanOrEqual(1);
    expect(afterFirst.futureSlots).toBe(afterFirst.slots);
    expect(afterFirst.bookings).toBeGreaterThanOrEqual(40);
    expect(afterFirst.contacts).toBeGreaterThanOrEqual(20);
    expect(afterFirst.bookingStatuses).toBe(4);
    expect(afterFirst.contactStatuses).toBe(4);
    expect(afterFirst.delegates).toBeGreaterThan(0);
    expect(afterFirst).toMatchObject({ admins: 1, users: 1, overbookedSlots: 0 });

    await seed();
    expect(counts()).toEqual(afterFirst);
  });

  it('starts over with --reset', async () => {
    await seed();
    const db = new SQLite(path.join(dataDir, 'app.db'));
    db.prepare("insert into contact_forms (id, name, email, message) values ('extra', 'X', 'x@example.com', 'hello')").run();
    db.close();
    const before = counts();
    await seed('--reset');
    expect(counts().contacts).toBe(before.contacts - 1);
  });
});
