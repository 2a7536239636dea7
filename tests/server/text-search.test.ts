// Staff search through the full-text (FTS5 trigram) indexes gives exactly the rows the plain
// LIKE '%text%' scan gives, for every kind of search text, and stays in step with inserts, updates
// and deletes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '@db/database';
import { isPostgres } from '@db/postgres';
import { BOOKINGS_TEXT, CONTACTS_TEXT, MOST_INDEXED_CANDIDATES, matchesAny, matchesIndexedText, type TextIndex } from '@server/repositories/search';
import { insertBookableSlot, insertBookingRow } from './fixtures';
import { createTestEnv, type TestEnv } from './helpers';

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

async function idsMatching(db: DB, table: 'bookings' | 'contactForms', where: ReturnType<typeof matchesAny>): Promise<string[]> {
  const rows = await db.selectFrom(table).select(`${table}.id as id`).where(where).orderBy('id').execute();
  return rows.map((row) => row.id);
}

async function expectSameAsScan(table: 'bookings' | 'contactForms', index: TextIndex): Promise<void> {
  for (const search of SEARCHES) {
    const scanned = await idsMatching(env.db, table, matchesAny(index.columns, search));
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
    const { roleCallers } = await import('./helpers');
    const callers = await roleCallers(env);
    const page = await callers.user.bookings.list({ search: 'boaten' });
    expect(page.items.map((item) => item.participantName)).toEqual(['Ama Boateng']);
    expect(page.total).toBe(1);
  });
});

describe('contact messages search', () => {
  it('matches exactly what LIKE matches, and follows updates and deletes', async () => {
    const { roleCallers } = await import('./helpers');
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
    const scanned = await idsMatching(env.db, 'contactForms', matchesAny(CONTACTS_TEXT.columns, 'Contact 1'));
    expect(scanned).toHaveLength(1111);
    expect(await idsMatching(env.db, 'contactForms', phrase)).toEqual(scanned);

    if (isPostgres(env.db)) return;
    expect(env.db.selectFrom('contactForms').select('id').where(phrase).compile().sql).toContain('json_each');
    const rare = await matchesIndexedText(env.db, CONTACTS_TEXT, 'contact4242@');
    expect(env.db.selectFrom('contactForms').select('id').where(rare).compile().sql).toContain('json_each');
    expect(await idsMatching(env.db, 'contactForms', rare)).toEqual(['bulk-04242']);
  });
});
