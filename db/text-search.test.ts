// Staff search through the full-text (FTS5 trigram) indexes gives exactly the rows the plain
// LIKE '%text%' scan gives, for every kind of search text, and stays in step with inserts, updates
// and deletes.
// @module-tag postgres
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from './database';
import { isPostgres } from './postgres';
import {
  BOOKINGS_TEXT,
  CONTACTS_TEXT,
  EVENT_TITLES,
  MOST_INDEXED_CANDIDATES,
  SESSION_TITLES,
  findIndexedText,
  matchesAny,
  matchesIndexedText,
  type TextIndex,
} from './text-search';
import { insertBookableSlot, insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createTestEnv, type TestEnv } from '@tests/support/helpers';
import { onPostgres } from '@tests/support/postgres-env';

let env: TestEnv;

beforeEach(async () => {
  env = await createTestEnv();
});

afterEach(async () => {
  await env.close();
});

const PEOPLE = [
  { name: 'Ama Boateng', email: 'ama.boateng@example.com', phone: '+233 20 555 0101' },
  { name: 'Kwame Mensah', email: 'kwame@mensah-trading.gh', phone: null },
  { name: 'Zoë Müller', email: 'zoe@müller.de', phone: '030 1234' },
  { name: 'O"Brien 100% Sure_Thing', email: 'back\\slash@example.com', phone: '555' },
  { name: 'AMA OWUSU', email: 'owusu@example.org', phone: '+44 20 7946 0000' },
];

const SEARCHES = ['ama', 'AMA', 'Boat', 'ng', 'a', '@example.', 'mensah-tr', 'müller', 'MÜLLER', 'zoë', '100%', '%', 'Sure_', '_', '"Brien', 'back\\sl', '555', '20 5', 'nobody', 'e.com', 'kwame@mensah-trading.gh'];

type SearchedTable = 'bookings' | 'contactForms' | 'events' | 'eventSessions';

async function idsMatching(db: DB, table: SearchedTable, where: ReturnType<typeof matchesAny>): Promise<string[]> {
  const rows = await db.selectFrom(table).select(`${table}.id as id`).where(where).orderBy('id').execute();
  return rows.map((row) => row.id);
}

async function expectSameAsScan(table: SearchedTable, index: TextIndex, searches = SEARCHES): Promise<void> {
  for (const search of searches) {
    const scanned = await idsMatching(env.db, table, matchesAny(env.db, index.columns, search));
    const indexed = await idsMatching(env.db, table, await matchesIndexedText(env.db, index, search));
    expect(indexed, `search ${JSON.stringify(search)}`).toEqual(scanned);
  }
}

describe('bookings search', () => {
  it('matches exactly what LIKE matches, for long, short and special searches', async () => {
    const { event, slot } = await insertBookableSlot(env.db, null);
    for (const person of PEOPLE) {
      const row = await insertBookingRow(env.db, slot, event.id, { name: person.name, email: person.email });
      await env.db.updateTable('bookings').set({ participantPhone: person.phone }).where('id', '=', row.id).execute();
    }
    await expectSameAsScan('bookings', BOOKINGS_TEXT);
    const found = await idsMatching(env.db, 'bookings', await matchesIndexedText(env.db, BOOKINGS_TEXT, 'boateng'));
    expect(found).toHaveLength(1);
  });

  it('follows updates and deletes', async () => {
    const { event, slot } = await insertBookableSlot(env.db, null);
    const booking = await insertBookingRow(env.db, slot, event.id, { name: 'Ama Boateng', email: 'ama@example.com' });
    await env.db.updateTable('bookings').set({ participantName: 'Efua Sutherland' }).where('id', '=', booking.id).execute();
    expect(await idsMatching(env.db, 'bookings', await matchesIndexedText(env.db, BOOKINGS_TEXT, 'Boateng'))).toEqual([]);
    expect(await idsMatching(env.db, 'bookings', await matchesIndexedText(env.db, BOOKINGS_TEXT, 'Sutherland'))).toEqual([booking.id]);
    await env.db.deleteFrom('bookings').where('id', '=', booking.id).execute();
    expect(await idsMatching(env.db, 'bookings', await matchesIndexedText(env.db, BOOKINGS_TEXT, 'Sutherland'))).toEqual([]);
  });

  it('reads the full-text index for three characters or more, and scans for fewer', async () => {
    const compiledLong = env.db.selectFrom('bookings').select('id').where(await matchesIndexedText(env.db, BOOKINGS_TEXT, 'ama')).compile();
    if (isPostgres(env.db)) {
      // PostgreSQL: ILIKE, which the pg_trgm indexes on the same columns serve.
      expect(compiledLong.sql).toContain('"bookings"."participant_name" ilike $1');
      expect(compiledLong.sql).not.toContain('bookings_search');
      return;
    }
    // The index was read already: its row ids are in the condition, beside the exact LIKE.
    expect(compiledLong.sql).toContain('"bookings"."rowid" in (select value from json_each(?))');
    expect(compiledLong.sql).toContain('"bookings"."participant_name" like ?');
    const compiledShort = env.db.selectFrom('bookings').select('id').where(await matchesIndexedText(env.db, BOOKINGS_TEXT, 'am')).compile();
    expect(compiledShort.sql).not.toContain('bookings_search');
  });

  it('is what bookings.list answers', async () => {
    const { event, slot } = await insertBookableSlot(env.db, null);
    await insertBookingRow(env.db, slot, event.id, { name: 'Ama Boateng', email: 'ama@example.com' });
    await insertBookingRow(env.db, slot, event.id, { name: 'Kofi Annan', email: 'kofi@example.com' });
    const { roleCallers } = await import('@tests/support/helpers');
    const callers = await roleCallers(env);
    const page = await callers.user.bookings.list({ search: 'boaten' });
    expect(page.items.map((item) => item.participantName)).toEqual(['Ama Boateng']);
    expect(page.total).toBe(1);
  });
});

describe('contact messages search', () => {
  it('matches exactly what LIKE matches, and follows updates and deletes', async () => {
    const { roleCallers } = await import('@tests/support/helpers');
    const callers = await roleCallers(env);
    const ids: string[] = [];
    for (const person of PEOPLE) {
      const created = await callers.user.contacts.create({
        name: person.name,
        email: person.email.replace('ü', 'u').replace('\\', ''),
        company: person.phone ?? undefined,
        message: 'We would like to talk about expanding to Ghana.',
        status: 'new',
      });
      ids.push(created.id);
    }
    await expectSameAsScan('contactForms', CONTACTS_TEXT);
    await env.db.deleteFrom('contactForms').where('id', '=', ids[0] ?? '').execute();
    expect(await idsMatching(env.db, 'contactForms', await matchesIndexedText(env.db, CONTACTS_TEXT, 'Boateng'))).toEqual([]);
    const page = await callers.user.contacts.list({ search: 'mensah' });
    expect(page.items.map((item) => item.name)).toEqual(['Kwame Mensah']);
  });
});

describe('a search for text in a large share of the rows', () => {
  it('scans with LIKE instead of reading the index, with the same answer', async () => {
    const total = MOST_INDEXED_CANDIDATES + 1;
    const insert = env.db.insertInto('contactForms');
    const rows = Array.from({ length: total }, (_, n) => ({
      id: `bulk-${String(n).padStart(5, '0')}`,
      name: `Contact ${n}`,
      email: `contact${n}@example.com`,
      message: 'Hello',
      status: 'new' as const,
    }));
    for (let start = 0; start < rows.length; start += 500) await insert.values(rows.slice(start, start + 500)).execute();

    const common = await matchesIndexedText(env.db, CONTACTS_TEXT, 'example.com');
    const compiled = env.db.selectFrom('contactForms').select('id').where(common).compile();
    expect(compiled.sql).not.toContain('json_each');
    expect(await idsMatching(env.db, 'contactForms', common)).toHaveLength(total);

    // "Contact 1": the index is asked for its rarest trigrams ("t 1" first) and LIKE keeps the rows
    // holding the whole text (1, 10-19, 100-199, 1000-1999), few enough to go through the index.
    const phrase = await matchesIndexedText(env.db, CONTACTS_TEXT, 'Contact 1');
    const scanned = await idsMatching(env.db, 'contactForms', matchesAny(env.db, CONTACTS_TEXT.columns, 'Contact 1'));
    expect(scanned).toHaveLength(1111);
    expect(await idsMatching(env.db, 'contactForms', phrase)).toEqual(scanned);

    if (isPostgres(env.db)) return;
    expect(env.db.selectFrom('contactForms').select('id').where(phrase).compile().sql).toContain('json_each');
    const rare = await matchesIndexedText(env.db, CONTACTS_TEXT, 'contact4242@');
    expect(env.db.selectFrom('contactForms').select('id').where(rare).compile().sql).toContain('json_each');
    expect(await idsMatching(env.db, 'contactForms', rare)).toEqual(['bulk-04242']);
  });
});

const TITLES = [
  { event: 'West Africa Trade Mission', sessions: ['Market Entry Clinic', 'Tax & Legal Briefing'] },
  { event: 'WEST AFRICA Investor Day', sessions: ['Zoë Müller: Export Finance', 'back\\slash Session'] },
  { event: '100% Sure_Thing "Summit"', sessions: ['MARKET ENTRY CLINIC (repeat)'] },
];

const TITLE_SEARCHES = ['africa', 'AFRICA', 'West', 'st', 'a', 'clinic', 'Market Entry', 'müller', 'MÜLLER', 'zoë', '100%', '%', 'Sure_', '_', '"Summit', 'back\\sl', '&', 'nobody', 'Day'];

/**
 * On SQLite, the full-text index agrees row for row with the table it indexes (FTS5's own check,
 * which fails on any row missing, extra or out of date); PostgreSQL's indexes are its own affair.
 */
async function expectIndexInStep(index: TextIndex): Promise<void> {
  if (isPostgres(env.db)) return;
  await sql.raw(`insert into ${index.index}(${index.index}, rank) values ('integrity-check', 1)`).execute(env.db);
}

describe('event and session title search', () => {
  async function insertTitles() {
    const sessions: { id: string; eventId: string; title: string }[] = [];
    for (const { event, sessions: titles } of TITLES) {
      const row = await insertEventRow(env.db, { title: event });
      for (const title of titles) sessions.push(await insertSessionRow(env.db, row.id, { title }));
    }
    return sessions;
  }

  it('matches exactly what LIKE matches, for long, short, special and non-ASCII searches', async () => {
    await insertTitles();
    await expectSameAsScan('events', EVENT_TITLES, TITLE_SEARCHES);
    await expectSameAsScan('eventSessions', SESSION_TITLES, TITLE_SEARCHES);
    expect(await idsMatching(env.db, 'eventSessions', await matchesIndexedText(env.db, SESSION_TITLES, 'clinic'))).toHaveLength(2);
    expect(await idsMatching(env.db, 'events', await matchesIndexedText(env.db, EVENT_TITLES, 'africa'))).toHaveLength(2);
    await expectIndexInStep(EVENT_TITLES);
    await expectIndexInStep(SESSION_TITLES);
  });

  it('reads the title indexes for three characters or more, and scans for fewer', async () => {
    for (const [index, column] of [
      [EVENT_TITLES, '"events"."title"'],
      [SESSION_TITLES, '"event_sessions"."title"'],
    ] as const) {
      const long = await matchesIndexedText(env.db, index, 'Clinic');
      const short = await matchesIndexedText(env.db, index, 'Cl');
      const compiledLong = env.db.selectFrom('events').select('id').where(long).compile().sql;
      const compiledShort = env.db.selectFrom('events').select('id').where(short).compile().sql;
      if (isPostgres(env.db)) {
        // PostgreSQL: ILIKE, which the pg_trgm indexes on the title columns serve.
        expect(compiledLong).toContain(`${column} ilike $1`);
        continue;
      }
      const table = column.split('.')[0] ?? '';
      expect(compiledLong).toContain(`${table}."rowid" in (select value from json_each(?))`);
      expect(compiledLong).toContain(`${column} like ?`);
      expect(compiledShort).not.toContain('json_each');
      expect(compiledShort).toContain(`${column} like ?`);
    }
    // A text the index holds nowhere is known to match nothing, so a query may leave it out;
    // a short one is not, as the index cannot tell.
    if (isPostgres(env.db)) return;
    await insertEventRow(env.db, { title: 'Market Entry Clinic' });
    expect((await findIndexedText(env.db, EVENT_TITLES, 'nobody')).none).toBe(true);
    expect((await findIndexedText(env.db, EVENT_TITLES, 'clinic')).none).toBe(false);
    expect((await findIndexedText(env.db, EVENT_TITLES, 'zz')).none).toBe(false);
  });

  it('follows inserts, renames and deletes, also of the sessions an event takes with it', async () => {
    const event = await insertEventRow(env.db, { title: 'Lagos Investor Breakfast' });
    const session = await insertSessionRow(env.db, event.id, { title: 'Fintech Roundtable' });
    const found = async (index: TextIndex, search: string) =>
      idsMatching(env.db, index === EVENT_TITLES ? 'events' : 'eventSessions', await matchesIndexedText(env.db, index, search));

    expect(await found(EVENT_TITLES, 'investor break')).toEqual([event.id]);
    expect(await found(SESSION_TITLES, 'ROUNDTABLE')).toEqual([session.id]);

    await env.db.updateTable('events').set({ title: 'Nairobi Founders Dinner' }).where('id', '=', event.id).execute();
    await env.db.updateTable('eventSessions').set({ title: 'Agritech Panel' }).where('id', '=', session.id).execute();
    expect(await found(EVENT_TITLES, 'Investor')).toEqual([]);
    expect(await found(EVENT_TITLES, 'founders din')).toEqual([event.id]);
    expect(await found(SESSION_TITLES, 'Roundtable')).toEqual([]);
    expect(await found(SESSION_TITLES, 'agritech')).toEqual([session.id]);
    // Changing another column leaves the title where it is in the index.
    await env.db.updateTable('eventSessions').set({ location: 'Hall B' }).where('id', '=', session.id).execute();
    expect(await found(SESSION_TITLES, 'agritech')).toEqual([session.id]);
    await expectIndexInStep(EVENT_TITLES);
    await expectIndexInStep(SESSION_TITLES);

    const other = await insertSessionRow(env.db, event.id, { title: 'Agritech Workshop' });
    await env.db.deleteFrom('eventSessions').where('id', '=', session.id).execute();
    expect(await found(SESSION_TITLES, 'agritech')).toEqual([other.id]);
    // Deleting the event deletes its sessions (on delete cascade); both leave their indexes.
    await env.db.deleteFrom('events').where('id', '=', event.id).execute();
    expect(await found(EVENT_TITLES, 'founders')).toEqual([]);
    expect(await found(SESSION_TITLES, 'agritech')).toEqual([]);
    await expectIndexInStep(EVENT_TITLES);
    await expectIndexInStep(SESSION_TITLES);
  });

  it('gives bookings.list exactly the bookings a LIKE scan of participants and titles gives', async () => {
    const sessions = await insertTitles();
    const people = ['Ama Boateng', 'Kwame Mensah', 'Zoë Africa-Müller', 'Efua Clinicwright', 'Kofi Annan'];
    for (const [n, session] of sessions.entries()) {
      const slot = await insertSlotRow(env.db, session.id);
      await insertBookingRow(env.db, slot, session.eventId, { name: people[n] ?? 'Nobody', email: `person${n}@example.com` });
    }
    const { roleCallers } = await import('@tests/support/helpers');
    const callers = await roleCallers(env);
    const scanned = async (search: string) => {
      const rows = await env.db
        .selectFrom('bookings')
        .innerJoin('events', 'events.id', 'bookings.eventId')
        .innerJoin('eventSessions', 'eventSessions.id', 'bookings.sessionId')
        .select('bookings.id as id')
        .where(matchesAny(env.db, [...BOOKINGS_TEXT.columns, 'events.title', 'eventSessions.title'], search))
        .orderBy('bookings.id')
        .execute();
      return rows.map((row) => row.id);
    };
    for (const search of [...TITLE_SEARCHES, 'boateng', 'person3@']) {
      const page = await callers.user.bookings.list({ search, pageSize: 100 });
      const expected = await scanned(search);
      expect(page.items.map((item) => item.id).sort(), `search ${JSON.stringify(search)}`).toEqual(expected);
      expect(page.total, `search ${JSON.stringify(search)}`).toBe(expected.length);
    }
    const byTitle = await callers.user.bookings.list({ search: 'market entry' });
    expect(byTitle.items.map((item) => item.participantName).sort()).toEqual(['Ama Boateng', 'Kofi Annan']);
  });

  it.runIf(onPostgres())('has pg_trgm indexes on the title columns on PostgreSQL', async () => {
    const rows = await sql<{ name: string }>`select indexname as name from pg_indexes
      where schemaname = current_schema() and indexname like '%title_trgm_idx' order by indexname`.execute(env.db);
    expect(rows.rows.map((row) => row.name)).toEqual(['event_sessions_title_trgm_idx', 'events_title_trgm_idx']);
  });
});
