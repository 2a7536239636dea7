// Bank statement import over real HTTP (multipart, session cookie, origin check) with real CAMT.053
// and CSV fixtures: a line whose reference and amount match an awaiting booking pays it as marking it
// paid would (confirmed, receipt, payment row from the statement); a wrong amount, an unknown
// reference, a typo'd reference and a line without one are listed with their reason; money out is
// skipped; the same statement uploaded twice, or twice at once, pays nothing twice. The role matrix,
// bad files (400 with a message) and the size limit.
// @module-tag postgres
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { BILLING_SETTINGS, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { buildTestApp, createAccount, createTestEnv, roleCallers, type RoleCallers, SAME_ORIGIN, type TestAccount, type TestEnv } from '@tests/support/helpers';
import { referencesIn } from './statement-import.service';
import { parseAmountMinor, parseStatementDate } from './statement-lines';

const FIXTURES = path.resolve(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'statements');
const CAMT = fs.readFileSync(path.join(FIXTURES, 'camt053-november.xml'));
const CSV = fs.readFileSync(path.join(FIXTURES, 'bank-export-de.csv'));

/** The references the fixtures quote (valid check digits); RF45400000005 belongs to no booking. */
const REFERENCES = { paid: 'RF78100000042', short: 'RF21200000017', typo: 'RF82300000099' } as const;

let env: TestEnv;
let app: FastifyInstance;
let callers: RoleCallers;
let staff: TestAccount;

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildTestApp(env);
  callers = await roleCallers(env);
  staff = await createAccount(env.db, 'user');
  await callers.admin.settings.updateBilling(BILLING_SETTINGS);
});
afterEach(async () => {
  await app.close();
  await env.close();
});

const BILLING = { billingCompany: 'Nordlicht GmbH', billingAddress: 'Hafenstraße 1\n20457 Hamburg', billingCountry: 'DE', billingVatNumber: null };

/** An awaiting booking of €39.66 whose reference is `reference`. */
async function awaitingBooking(reference: string, email: string) {
  const event = await insertEventRow(env.db);
  const session = await insertSessionRow(env.db, event.id, { maxParticipants: 20 });
  await env.db.updateTable('eventSessions').set({ priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
  const slot = await insertSlotRow(env.db, session.id, 30 * 24);
  const { id } = await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Ada Buyer', participantEmail: email, participantPhone: null, answers: {}, ...BILLING });
  await env.db.updateTable('bookings').set({ paymentReference: reference }).where('id', '=', id).execute();
  return id;
}

async function threeBookings() {
  return {
    paid: await awaitingBooking(REFERENCES.paid, 'nordlicht@example.com'),
    short: await awaitingBooking(REFERENCES.short, 'fjord@example.com'),
    typo: await awaitingBooking(REFERENCES.typo, 'baltic@example.com'),
  };
}

function multipart(content: Buffer | string, filename: string, field = 'file'): { payload: Buffer; contentType: string } {
  const boundary = '----statement-boundary-4f1c';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(content: Buffer | string, options: { filename?: string; account?: TestAccount | null; origin?: string; field?: string } = {}) {
  const body = multipart(content, options.filename ?? 'statement.xml', options.field);
  const account = options.account === undefined ? staff : options.account;
  return app.inject({
    method: 'POST',
    url: '/api/payments/statement',
    headers: { 'content-type': body.contentType, origin: options.origin ?? SAME_ORIGIN, ...(account === null ? {} : { cookie: `${SESSION_COOKIE}=${account.token}` }) },
    payload: body.payload,
  });
}

async function statusOf(id: string) {
  return env.db.selectFrom('bookings').select(['status', 'paymentStatus']).where('id', '=', id).executeTakeFirstOrThrow();
}

describe('importing a CAMT.053 statement', () => {
  it('pays the matching line and lists the rest with their reasons', async () => {
    const ids = await threeBookings();
    const response = await upload(CAMT);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ format: 'camt053', lines: 8, alreadyImported: 0, outgoing: 1 });
    expect(result.paid).toEqual([
      { position: 1, bookedOn: '2026-11-20', amountMinor: 3966, currency: 'EUR', reference: REFERENCES.paid, bookingId: ids.paid, text: 'rf78 1000 0004 2 Workshop Marktein tritt Deutschland' },
      { position: 7, bookedOn: '2026-11-22', amountMinor: 3966, currency: 'EUR', reference: REFERENCES.typo, bookingId: ids.typo, text: 'RF82300000099' },
    ]);
    expect(result.unmatched.map((line: { position: number; reason: string; reference: string | null; bookingId: string | null }) => [line.position, line.reason, line.reference, line.bookingId])).toEqual([
      [2, 'amount-mismatch', REFERENCES.short, ids.short],
      [3, 'unknown-reference', 'RF45400000005', null],
      [4, 'invalid-reference', 'RF82300000098', null],
      [6, 'no-reference', null, null],
      [8, 'no-reference', null, null],
    ]);

    expect(await statusOf(ids.paid)).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await statusOf(ids.short)).toEqual({ status: 'pending', paymentStatus: 'awaiting' });
    const payments = await callers.user.payments.forBooking({ bookingId: ids.paid });
    expect(payments).toEqual([expect.objectContaining({ amountMinor: 3966, paidOn: '2026-11-20', source: 'statement', recordedBy: staff.user.name })]);
    const receipt = await env.db.selectFrom('emailOutbox').select(['kind', 'subject']).where('toAddress', '=', 'nordlicht@example.com').where('kind', '=', 'payment-receipt').execute();
    expect(receipt).toEqual([{ kind: 'payment-receipt', subject: 'Our Firm: payment received for Fixture Session' }]);
    const audit = await env.db.selectFrom('auditLog').select('summary').where('entityId', '=', ids.paid).execute();
    expect(audit).toEqual([{ summary: 'payment: awaiting → paid (€39.66 received on 2026-11-20, bank statement); status: pending → confirmed' }]);
  });

  it('pays nothing twice when the same statement comes again, one after the other or at once', async () => {
    const ids = await threeBookings();
    const [first, second] = await Promise.all([upload(CAMT), upload(CAMT)]);
    const third = await upload(CAMT);
    const answers = [first.json(), second.json(), third.json()];
    expect(answers.map((answer) => answer.paid.length + answer.alreadyImported)).toEqual([2, 2, 2]);
    expect(answers.reduce((sum, answer) => sum + answer.paid.length, 0)).toBe(2);
    expect(third.json()).toMatchObject({ paid: [], alreadyImported: 2 });
    const payments = await env.db.selectFrom('payments').select('bookingId').execute();
    expect(payments.map((payment) => payment.bookingId).sort()).toEqual([ids.paid, ids.typo].sort());
    const receipts = await env.db.selectFrom('emailOutbox').select('id').where('kind', '=', 'payment-receipt').execute();
    expect(receipts).toHaveLength(2);
  });

  it('lists a line of a booking already paid by hand', async () => {
    const ids = await threeBookings();
    await callers.user.payments.markPaid({ bookingId: ids.paid, amountMinor: 3966, paidOn: '2026-11-19' });
    const result = (await upload(CAMT)).json();
    expect(result.unmatched[0]).toMatchObject({ position: 1, reason: 'already-paid', bookingId: ids.paid });
    expect(await env.db.selectFrom('payments').select('source').where('bookingId', '=', ids.paid).execute()).toEqual([{ source: 'manual' }]);
  });
});

describe('importing a CSV statement', () => {
  it('reads a German bank export: semicolons, decimal commas, DD.MM.YYYY, the purpose column', async () => {
    const ids = await threeBookings();
    const result = (await upload(CSV, { filename: 'umsaetze.csv' })).json();
    expect(result).toMatchObject({ format: 'csv', lines: 5, outgoing: 1, alreadyImported: 0 });
    expect(result.paid).toEqual([{ position: 1, bookedOn: '2026-11-20', amountMinor: 3966, currency: 'EUR', reference: REFERENCES.paid, bookingId: ids.paid, text: 'rf78 1000 0004 2; Seminar' }]);
    expect(result.unmatched.map((line: { position: number; reason: string }) => [line.position, line.reason])).toEqual([
      [2, 'amount-mismatch'],
      [4, 'unknown-reference'],
      [5, 'invalid-reference'],
    ]);
    expect((await upload(CSV, { filename: 'umsaetze.csv' })).json()).toMatchObject({ paid: [], alreadyImported: 1 });
  });

  it('takes English headers in any case, commas and decimal points, and Windows-1252 text', async () => {
    const ids = await threeBookings();
    const csv = Buffer.from('BOOKING DATE,Description,Amount\r\n2026-11-20,"Caf\xe9 RF7810 0000 042, thanks",39.66\r\n2026-11-21,Refund,"-1,200.00"\r\n', 'latin1');
    const result = (await upload(csv, { filename: 'export.csv' })).json();
    expect(result).toMatchObject({ format: 'csv', lines: 2, outgoing: 1, unmatched: [] });
    expect(result.paid).toEqual([expect.objectContaining({ bookingId: ids.paid, text: 'Café RF7810 0000 042, thanks' })]);
  });
});

describe('who may upload, and files that are not statements', () => {
  it('refuses anonymous callers and other sites, and lets staff and admins in', async () => {
    await threeBookings();
    const anonymous = await upload(CAMT, { account: null });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: { message: 'Please sign in to continue.' } });
    const crossSite = await upload(CAMT, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(await env.db.selectFrom('payments').select('id').execute()).toEqual([]);
    const admin = await createAccount(env.db, 'admin');
    expect((await upload(CAMT, { account: admin })).json().paid).toHaveLength(2);
    expect((await upload(CAMT)).json().alreadyImported).toBe(2);
  });

  it('answers 400 with the reason for files that are not statements, never 500', async () => {
    const cases: [Buffer | string, string][] = [
      ['<Document><BkToCstmrStmt><Stmt><Ntry>', 'The XML file could not be read:'],
      ['<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>', 'This XML file is not a CAMT.053 bank statement (no BkToCstmrStmt).'],
      ['Name,Email\nAda,ada@example.com\n', 'The CSV file needs a header row with a date, an amount and a reference column (for example "Date;Amount;Reference").'],
      ['Date;Amount;Reference\n"2026-11-20;39,66;RF78\n', 'The CSV file could not be read:'],
      ['', 'The file is empty.'],
    ];
    for (const [content, message] of cases) {
      const response = await upload(content);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message.startsWith(message), response.json().error.message).toBe(true);
    }
    const wrongField = await upload(CAMT, { field: 'statement' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ error: { message: 'Please send the statement in a field named "file".' } });
    const notMultipart = await app.inject({ method: 'POST', url: '/api/payments/statement', headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, cookie: `${SESSION_COOKIE}=${staff.token}` }, payload: '{}' });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('refuses a file over 5 MB', async () => {
    const response = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 0x20));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { message: 'The file is too large. The maximum size is 5 MB.' } });
  });

  it('reports a line whose date or amount cannot be read', async () => {
    await threeBookings();
    const result = (await upload('Date;Amount;Reference\nsoon;39,66;RF78100000042\n2026-11-20;lots;RF78100000042\n', { filename: 'x.csv' })).json();
    expect(result.unmatched.map((line: { reason: string }) => line.reason)).toEqual(['unreadable', 'unreadable']);
  });
});

describe('reading amounts, days and references', () => {
  it('reads amounts in minor units with a decimal comma or point', () => {
    expect(['39,66', '39.66', '1.234,56', '1,234.56', '1 234,56', '-12,00', '+5', '0,5', '1,234'].map((text) => parseAmountMinor(text))).toEqual([3966, 3966, 123456, 123456, 123456, -1200, 500, 50, 123400]);
    expect(parseAmountMinor('1,234', 0)).toBe(1234);
    expect(['', 'abc', '12.34.5,6x', '--1'].map((text) => parseAmountMinor(text))).toEqual([null, null, null, null]);
  });

  it('reads days as banks write them', () => {
    expect(['2026-11-20', '2026-11-20T10:00:00+01:00', '20.11.2026', '20/11/2026', '20261120', '31.02.2026', 'soon'].map(parseStatementDate)).toEqual([
      '2026-11-20',
      '2026-11-20',
      '2026-11-20',
      '2026-11-20',
      '2026-11-20',
      null,
      null,
    ]);
  });

  it('finds references anywhere in the text, spaces and case ignored; digits lost or wrong are typos', () => {
    expect(referencesIn('Payment rf78 1000 0004 2 thanks')).toEqual({ valid: ['RF78100000042'], invalid: [] });
    expect(referencesIn('RF78100000042 2026 invoice')).toEqual({ valid: ['RF78100000042'], invalid: [] });
    expect(referencesIn('RF78 1000 0004 3')).toEqual({ valid: [], invalid: ['RF78100000043'] });
    expect(referencesIn('RF78 1000 0004')).toEqual({ valid: [], invalid: ['RF7810000004'] });
    expect(referencesIn('Invoice INV-2026-00001')).toEqual({ valid: [], invalid: [] });
  });
});
