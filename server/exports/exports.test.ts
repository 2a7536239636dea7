// The CSV exports over HTTP (app.inject): who may download, the filters, RFC 4180 quoting, the
// spreadsheet-formula guard, and exports longer than one page of the list repositories.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { EXPORT_ROUTES } from './exports.route';
import { csvField, EXPORT_PAGE_SIZE } from './exports.service';
import { newId } from '@server/core/ids';
import { insertBookableSlot, insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { buildTestApp, createAccount, createTestEnv, type TestAccount, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let app: FastifyInstance;
let user: TestAccount;
let admin: TestAccount;

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildTestApp(env);
  user = await createAccount(env.db, 'user');
  admin = await createAccount(env.db, 'admin');
});
afterEach(async () => {
  await app.close();
  await env.close();
});
beforeEach(async () => {
  await env.db.deleteFrom('bookings').execute();
  await env.db.deleteFrom('contactForms').execute();
});

function download(url: string, account: TestAccount | null | { token: string } = admin) {
  return app.inject({
    method: 'GET',
    url,
    headers: account === null ? {} : { cookie: `${SESSION_COOKIE}=${account.token}` },
  });
}

/** A strict RFC 4180 reader, written independently of the exporter, so a quoting bug cannot cancel out. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 1; // after the byte-order mark
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') {
        quoted = false;
        i += 1;
        continue;
      }
      field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else {
      // A plain check, not expect(): it runs for every character of the file.
      if (char === '"' || char === '\r' || char === '\n') throw new Error(`unquoted special character at ${i}`);
      field += char;
    }
    i += 1;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  expect(row).toEqual([]);
  return rows;
}

/** Rows as objects keyed by the header row. */
function records(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (header === undefined) throw new Error('no header row');
  for (const row of rows) expect(row).toHaveLength(header.length);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}

async function insertContact(overrides: { name?: string; email?: string; company?: string | null; message?: string; status?: 'new' | 'in-progress' | 'completed' | 'closed'; notes?: string | null; createdAt?: string } = {}) {
  return env.db
    .insertInto('contactForms')
    .values({
      id: newId(),
      name: overrides.name ?? 'Ama Owusu',
      email: overrides.email ?? `c-${newId()}@example.com`,
      company: overrides.company === undefined ? 'Owusu Trading' : overrides.company,
      message: overrides.message ?? 'We would like to enter the Kenyan market.',
      status: overrides.status ?? 'new',
      notes: overrides.notes ?? null,
      ...(overrides.createdAt === undefined ? {} : { createdAt: overrides.createdAt }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

describe('who may export', () => {
  it('refuses anonymous callers and unknown sessions with 401 JSON', async () => {
    for (const url of Object.values(EXPORT_ROUTES)) {
      for (const account of [null, { token: 'not-a-real-session-token' }]) {
        const res = await download(url, account);
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ error: { message: 'Please sign in to continue.' } });
      }
    }
  });

  it('lets role user and role admin download both files, as attachments named by date', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const account of [user, admin]) {
      for (const [name, url] of Object.entries(EXPORT_ROUTES)) {
        const res = await download(url, account);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}-${today}.csv"`);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(parseCsv(res.body)).toHaveLength(1); // the header row alone
      }
    }
  });

  it('records every export in the audit log with its filter, by the person who took it', async () => {
    await download(`${EXPORT_ROUTES.bookings}?status=confirmed&from=2026-12-01`, user);
    await download(EXPORT_ROUTES.contacts, admin);
    await download(`${EXPORT_ROUTES.bookings}?status=lost`, admin); // refused: nothing left, nothing recorded
    await download(EXPORT_ROUTES.contacts, null);
    const rows = await env.db.selectFrom('auditLog').selectAll().where('action', '=', 'export').orderBy('createdAt').orderBy('id').execute();
    expect(rows.map((row) => [row.userId, row.entity, row.summary])).toEqual([
      [user.user.id, 'booking', 'CSV export of bookings (status=confirmed, from=2026-12-01)'],
      [admin.user.id, 'contact', 'CSV export of contacts'],
    ]);
  });

  it('refuses a filter the list procedures would refuse with 400', async () => {
    const res = await download(`${EXPORT_ROUTES.bookings}?status=lost`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toEqual(expect.any(String));
    expect((await download(`${EXPORT_ROUTES.contacts}?status=resolved`)).statusCode).toBe(400);
  });
});

describe('bookings.csv', () => {
  it('writes the header and one row per booking, times in UTC ISO', async () => {
    const event = await insertEventRow(env.db, { title: 'Accra Exchange' });
    const session = await insertSessionRow(env.db, event.id, { title: 'Morning Matchmaking' });
    const slot = await insertSlotRow(env.db, session.id);
    const booking = await insertBookingRow(env.db, slot, event.id, {
      name: 'Kwame Mensah',
      email: 'kwame@example.com',
      status: 'confirmed',
      createdAt: '2026-03-01T09:30:00.000Z',
    });

    const res = await download(EXPORT_ROUTES.bookings);
    expect(parseCsv(res.body)[0]).toEqual([
      'Booking ID',
      'Status',
      'Participant Name',
      'Participant Email',
      'Participant Phone',
      'Event ID',
      'Event',
      'Session ID',
      'Session',
      'Time Slot ID',
      'Slot Start (UTC)',
      'Slot End (UTC)',
      'Booking Date (UTC)',
      'Created At (UTC)',
      'Offered Until (UTC)',
      'Attendance',
      'Partner',
    ]);
    expect(records(res.body)).toEqual([
      {
        'Booking ID': booking.id,
        Status: 'Confirmed',
        'Participant Name': 'Kwame Mensah',
        'Participant Email': 'kwame@example.com',
        'Participant Phone': '',
        'Event ID': event.id,
        Event: 'Accra Exchange',
        'Session ID': session.id,
        Session: 'Morning Matchmaking',
        'Time Slot ID': slot.id,
        'Slot Start (UTC)': slot.startTime,
        'Slot End (UTC)': slot.endTime,
        'Booking Date (UTC)': new Date(booking.bookingDate).toISOString(),
        'Created At (UTC)': '2026-03-01T09:30:00.000Z',
        'Offered Until (UTC)': '',
        Attendance: '',
        Partner: '',
      },
    ]);
    expect(slot.startTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('applies search, status, event, session and time slot filters like bookings.list', async () => {
    const eventA = await insertEventRow(env.db, { title: 'A' });
    const eventB = await insertEventRow(env.db, { title: 'B' });
    const sessionA = await insertSessionRow(env.db, eventA.id);
    const sessionB = await insertSessionRow(env.db, eventB.id);
    const slotA1 = await insertSlotRow(env.db, sessionA.id, 24);
    const slotA2 = await insertSlotRow(env.db, sessionA.id, 48);
    const slotB = await insertSlotRow(env.db, sessionB.id);
    await insertBookingRow(env.db, slotA1, eventA.id, { name: 'Ama Pending', email: 'ama@example.com', status: 'pending' });
    await insertBookingRow(env.db, slotA1, eventA.id, { name: 'Kofi Confirmed', email: 'kofi@example.com', status: 'confirmed' });
    await insertBookingRow(env.db, slotA2, eventA.id, { name: 'Esi Waitlisted', email: 'esi@sample.org', status: 'waitlisted' });
    await insertBookingRow(env.db, slotB, eventB.id, { name: 'Yaw Cancelled', email: 'yaw@example.com', status: 'cancelled' });

    const names = async (query: string) =>
      records((await download(`${EXPORT_ROUTES.bookings}${query}`)).body)
        .map((row) => row['Participant Name'])
        .sort();

    expect(await names('')).toEqual(['Ama Pending', 'Esi Waitlisted', 'Kofi Confirmed', 'Yaw Cancelled']);
    expect(await names('?status=all')).toHaveLength(4);
    expect(await names('?status=confirmed')).toEqual(['Kofi Confirmed']);
    expect(await names('?search=SAMPLE.ORG')).toEqual(['Esi Waitlisted']);
    expect(await names('?search=')).toHaveLength(4);
    expect(await names(`?eventId=${eventA.id}`)).toEqual(['Ama Pending', 'Esi Waitlisted', 'Kofi Confirmed']);
    expect(await names(`?sessionId=${sessionB.id}`)).toEqual(['Yaw Cancelled']);
    expect(await names(`?timeSlotId=${slotA1.id}`)).toEqual(['Ama Pending', 'Kofi Confirmed']);
    expect(await names(`?eventId=${eventA.id}&status=pending&search=ama`)).toEqual(['Ama Pending']);
    expect(await names(`?eventId=${eventA.id}&status=cancelled`)).toEqual([]);
  });

  it('exports only the rows chosen on the screen, and records how many were chosen', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 10);
    const ama = await insertBookingRow(env.db, slot, event.id, { name: 'Ama Chosen' });
    const kofi = await insertBookingRow(env.db, slot, event.id, { name: 'Kofi Chosen' });
    await insertBookingRow(env.db, slot, event.id, { name: 'Esi Left Out' });
    const res = await download(`${EXPORT_ROUTES.bookings}?ids=${ama.id},${kofi.id}`, admin);
    expect(records(res.body).map((row) => row['Participant Name']).sort()).toEqual(['Ama Chosen', 'Kofi Chosen']);
    const [audit] = await env.db.selectFrom('auditLog').select('summary').where('action', '=', 'export').execute();
    expect(audit?.summary).toBe('CSV export of bookings (ids=2 chosen)');
    const tooMany = await download(`${EXPORT_ROUTES.bookings}?ids=${Array.from({ length: 101 }, () => ama.id).join(',')}`, admin);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: { message: string } }>().error.message).toBe('Choose at most 100 bookings at a time.');
  });

  it('writes every matching row when there are more than one page of them', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    const slot = await insertSlotRow(env.db, session.id);
    const count = EXPORT_PAGE_SIZE * 2 + 7;
    const rows = Array.from({ length: count }, (_, index) => ({
      id: newId(),
      timeSlotId: slot.id,
      sessionId: session.id,
      eventId: event.id,
      participantName: `Participant ${index}`,
      participantEmail: `p${index}@example.com`,
      participantPhone: null,
      status: index % 2 === 0 ? ('confirmed' as const) : ('pending' as const),
      // Many rows share a timestamp, so the order's tie-break on id is exercised across pages.
      createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(index / 3) * 1000).toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await env.db.insertInto('bookings').values(rows.slice(start, start + 200)).execute();
    }

    const all = records((await download(EXPORT_ROUTES.bookings)).body);
    expect(all).toHaveLength(count);
    expect(new Set(all.map((row) => row['Booking ID'])).size).toBe(count);
    // Newest first, as the list shows them.
    const created = all.map((row) => row['Created At (UTC)'] ?? '');
    expect(created).toEqual([...created].sort().reverse());

    const confirmed = records((await download(`${EXPORT_ROUTES.bookings}?status=confirmed`)).body);
    expect(confirmed).toHaveLength(Math.ceil(count / 2));
    expect(confirmed.every((row) => row.Status === 'Confirmed')).toBe(true);
  });
});

describe('contacts.csv', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas, and reads back to the stored text', async () => {
    const tricky = [
      { name: 'Doe, Jane', message: 'She said "hello"' },
      { name: 'Multi Line', message: 'first line\nsecond line\r\nthird, with comma' },
      { name: '=HYPERLINK("http://evil.example","click")', message: '+233 20 000 0000' },
      { name: '-2+3', message: '@SUM(A1:A2)' },
      { name: '\tTabbed', message: '\rCarriage' },
    ];
    const ids: string[] = [];
    for (const [index, contact] of tricky.entries()) {
      const row = await insertContact({ ...contact, createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString() });
      ids.push(row.id);
    }
    const res = await download(EXPORT_ROUTES.contacts);
    const byId = new Map(records(res.body).map((row) => [row['Contact ID'], row]));

    expect(byId.get(ids[0] ?? '')).toMatchObject({ Name: 'Doe, Jane', Message: 'She said "hello"' });
    expect(byId.get(ids[1] ?? '')).toMatchObject({ Message: 'first line\nsecond line\r\nthird, with comma' });
    expect(byId.get(ids[2] ?? '')).toMatchObject({
      Name: `'=HYPERLINK("http://evil.example","click")`,
      Message: `'+233 20 000 0000`,
    });
    expect(byId.get(ids[3] ?? '')).toMatchObject({ Name: `'-2+3`, Message: `'@SUM(A1:A2)` });
    expect(byId.get(ids[4] ?? '')).toMatchObject({ Name: `'\tTabbed`, Message: `'\rCarriage` });
    // The raw text: quotes doubled inside a quoted field.
    expect(res.body).toContain('"She said ""hello"""');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });

  it('encodes single fields as RFC 4180 asks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('=1+1')).toBe("'=1+1");
    // A plain negative amount (a credit note's) stays a number; anything more is defused.
    expect(csvField('-39.66')).toBe('-39.66');
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('-39.66e2')).toBe("'-39.66e2");
    expect(csvField('=1,1')).toBe(`"'=1,1"`);
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes labels, empty optional fields, and applies search and status filters', async () => {
    const kept = await insertContact({
      name: 'Kojo Asante',
      email: 'kojo@asante.example',
      company: null,
      status: 'in-progress',
      notes: 'Call back on Monday',
      createdAt: '2026-02-02T10:00:00.000Z',
    });
    await insertContact({ name: 'Abena Boateng', company: 'Boateng Foods', status: 'completed' });
    await insertContact({ name: 'Efua Mensah', company: 'Accra Logistics', status: 'closed' });

    const all = records((await download(EXPORT_ROUTES.contacts)).body);
    expect(all).toHaveLength(3);
    expect(all.find((row) => row['Contact ID'] === kept.id)).toEqual({
      'Contact ID': kept.id,
      Name: 'Kojo Asante',
      Email: 'kojo@asante.example',
      Company: '',
      Message: 'We would like to enter the Kenyan market.',
      Status: 'In Progress',
      Notes: 'Call back on Monday',
      'Created At (UTC)': '2026-02-02T10:00:00.000Z',
      'Updated At (UTC)': new Date(kept.updatedAt).toISOString(),
    });

    const names = async (query: string) =>
      records((await download(`${EXPORT_ROUTES.contacts}${query}`)).body)
        .map((row) => row.Name)
        .sort();
    expect(await names('?status=in-progress')).toEqual(['Kojo Asante']);
    expect(await names('?status=closed')).toEqual(['Efua Mensah']);
    expect(await names('?search=boateng%20FOODS')).toEqual(['Abena Boateng']); // company
    expect(await names('?search=ASANTE.example')).toEqual(['Kojo Asante']); // e-mail
    expect(await names('?search=mensah&status=closed')).toEqual(['Efua Mensah']);
    expect(await names('?search=mensah&status=new')).toEqual([]);
  });

  it('writes every matching row when there are more than one page of them', async () => {
    const count = EXPORT_PAGE_SIZE + 123;
    const rows = Array.from({ length: count }, (_, index) => ({
      id: newId(),
      name: `Contact ${index}`,
      email: `contact${index}@example.com`,
      company: index % 4 === 0 ? 'Quarter Co' : null,
      message: 'Hello',
      status: 'new' as const,
      notes: null,
      createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(index / 2) * 1000).toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await env.db.insertInto('contactForms').values(rows.slice(start, start + 200)).execute();
    }
    const all = records((await download(EXPORT_ROUTES.contacts)).body);
    expect(all).toHaveLength(count);
    expect(new Set(all.map((row) => row['Contact ID'])).size).toBe(count);
    expect(records((await download(`${EXPORT_ROUTES.contacts}?search=quarter`)).body)).toHaveLength(Math.ceil(count / 4));
  });
});
