// GET /api/exports/payments.csv, the accountant's file: the exact text (header, an invoice paid, an
// invoice awaiting payment, a credit note as its own line with negative amounts), the filters
// (status, a date range that selects each document by its own date, a search), the role matrix over
// HTTP, and a bad filter. Bookings are made through the public form at set times (a fake clock).
// @module-tag postgres
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_ROUTES } from '@server/exports/exports.route';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { issueCreditNote } from '@server/invoices/invoices.service';
import { BILLING_SETTINGS, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { buildTestApp, createAccount, createTestEnv, roleCallers, type RoleCallers, type TestAccount, type TestEnv } from '@tests/support/helpers';
import { decimalAmount } from './payments-export.service';

let env: TestEnv;
let app: FastifyInstance;
let callers: RoleCallers;
/** Signed in at the end of the seed: the fake clock moves past the first sessions' lifetime. */
let staff: TestAccount;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-01T10:00:00.000Z') });
  env = await createTestEnv();
  app = await buildTestApp(env);
  callers = await roleCallers(env);
  await callers.admin.settings.updateBilling(BILLING_SETTINGS);
});
afterEach(async () => {
  vi.useRealTimers();
  await app.close();
  await env.close();
});

const HEADER = 'Invoice Number,Invoice Date,Kind,Buyer Company,Buyer Name,Net,Tax,Gross,Currency,Payment Reference,Due Date,Paid On,Status';

/** Ada (10 March, unpaid), Bea (12 March, paid 13 March), Cem (14 March; credited on 2 April). */
async function seed() {
  const event = await insertEventRow(env.db);
  const session = await insertSessionRow(env.db, event.id);
  await env.db.updateTable('eventSessions').set({ priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
  const slot = await insertSlotRow(env.db, session.id, 90 * 24);
  const book = async (at: string, name: string, company: string) => {
    vi.setSystemTime(new Date(at));
    const billing = { billingCompany: company, billingAddress: 'Hafenstraße 1\n20457 Hamburg', billingCountry: 'DE', billingVatNumber: null };
    return (await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: name, participantEmail: `${name.split(' ')[0]?.toLowerCase()}@example.com`, participantPhone: null, answers: {}, ...billing })).id;
  };
  const ada = await book('2031-03-10T09:00:00.000Z', 'Ada Lindqvist', 'Nordlicht GmbH');
  const bea = await book('2031-03-12T09:00:00.000Z', 'Bea Sørensen', 'Fjord Trading, AS');
  vi.setSystemTime(new Date('2031-03-13T15:00:00.000Z'));
  await callers.user.payments.markPaid({ bookingId: bea, amountMinor: 3966, paidOn: '2031-03-13' });
  const cem = await book('2031-03-14T09:00:00.000Z', 'Cem Yılmaz', '=Bosporus');
  const cemInvoice = await env.db.selectFrom('invoices').select('id').where('bookingId', '=', cem).executeTakeFirstOrThrow();
  await env.db.transaction().execute((trx) => issueCreditNote(trx, { invoiceId: cemInvoice.id, issuedAt: '2031-04-02T08:00:00.000Z', reason: 'Cancelled' }));
  vi.setSystemTime(new Date('2031-03-15T10:00:00.000Z'));
  staff = await createAccount(env.db, 'user');
  return { ada, bea, cem };
}

async function invoiceOf(bookingId: string) {
  return env.db.selectFrom('invoices').select(['paymentReference', 'dueDate']).where('bookingId', '=', bookingId).where('kind', '=', 'invoice').executeTakeFirstOrThrow();
}

function download(query = '', account: TestAccount | null = staff) {
  return app.inject({ method: 'GET', url: `${EXPORT_ROUTES.payments}${query}`, headers: account === null ? {} : { cookie: `${SESSION_COOKIE}=${account.token}` } });
}

describe('GET /api/exports/payments.csv', () => {
  it('writes one line per invoice and credit note, in the order issued, amounts as decimals', async () => {
    const { ada, bea, cem } = await seed();
    const [adaInvoice, beaInvoice, cemInvoice] = [await invoiceOf(ada), await invoiceOf(bea), await invoiceOf(cem)];
    const response = await download();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body).toBe(
      `\uFEFF${HEADER}\r\n` +
        `INV-2031-00001,2031-03-10,Invoice,Nordlicht GmbH,Ada Lindqvist,33.33,6.33,39.66,EUR,${adaInvoice.paymentReference},${adaInvoice.dueDate},,Awaiting payment\r\n` +
        `INV-2031-00002,2031-03-12,Invoice,"Fjord Trading, AS",Bea Sørensen,33.33,6.33,39.66,EUR,${beaInvoice.paymentReference},${beaInvoice.dueDate},2031-03-13,Paid\r\n` +
        // A company that reads as a formula is defused; a negative amount stays a number.
        `INV-2031-00003,2031-03-14,Invoice,'=Bosporus,Cem Yılmaz,33.33,6.33,39.66,EUR,${cemInvoice.paymentReference},${cemInvoice.dueDate},,Awaiting payment\r\n` +
        `CN-2031-00001,2031-04-02,Credit note,'=Bosporus,Cem Yılmaz,-33.33,-6.33,-39.66,EUR,${cemInvoice.paymentReference},,,Credit note\r\n`,
    );
  });

  it('takes the list filters: status, a range of document dates, a search', async () => {
    await seed();
    const numbers = async (query: string) => {
      const response = await download(query);
      expect(response.statusCode).toBe(200);
      return response.body.trim().split('\r\n').slice(1).map((line) => line.split(',')[0]);
    };
    expect(await numbers('?status=paid')).toEqual(['INV-2031-00002']);
    // March's documents, then April's: the credit note is April's although its invoice is March's.
    expect(await numbers('?from=2031-03-11&to=2031-03-31')).toEqual(['INV-2031-00002', 'INV-2031-00003']);
    expect(await numbers('?from=2031-04-01')).toEqual(['CN-2031-00001']);
    expect(await numbers('?search=Y%C4%B1lmaz')).toEqual(['INV-2031-00003', 'CN-2031-00001']);
    expect(await numbers('?search=inv-2031-00001')).toEqual(['INV-2031-00001']);
  });

  it('is for signed-in staff: anonymous 401, a user and an admin the same file; the export is audited', async () => {
    await seed();
    const anonymous = await download('', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: { message: 'Please sign in to continue.' } });
    const admin = await createAccount(env.db, 'admin');
    const asUser = await download('?status=paid', staff);
    const asAdmin = await download('?status=paid', admin);
    expect(asUser.statusCode).toBe(200);
    expect(asAdmin.body).toBe(asUser.body);
    const audit = await env.db.selectFrom('auditLog').select(['summary', 'actorName']).where('action', '=', 'export').orderBy('createdAt').execute();
    expect(audit).toEqual([
      { summary: 'CSV export of payments (status=paid)', actorName: staff.user.name },
      { summary: 'CSV export of payments (status=paid)', actorName: admin.user.name },
    ]);
  });

  it('refuses a bad filter with its message', async () => {
    staff = await createAccount(env.db, 'user');
    const reversed = await download('?from=2031-03-12&to=2031-03-11');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ error: { message: 'The end date must be on or after the start date' } });
    const status = await download('?status=late');
    expect(status.statusCode).toBe(400);
    expect(status.json()).toEqual({ error: { message: 'Choose a payment status from the list' } });
  });

  it('writes amounts with the currency’s digits', () => {
    expect(decimalAmount(3966, 'EUR')).toBe('39.66');
    expect(decimalAmount(-5, 'EUR')).toBe('-0.05');
    expect(decimalAmount(0, 'EUR')).toBe('0.00');
    expect(decimalAmount(1500, 'JPY')).toBe('1500');
    expect(decimalAmount(-12345, 'KWD')).toBe('-12.345');
  });
});
