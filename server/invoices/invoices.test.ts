// Invoices and credit notes: numbered per kind and year without gaps (a rolled-back issue gives its
// number back, a new year starts at 00001 at the firm's time zone), totals computed once with the
// booking form's rounding, a copy of the issuer's details that later settings do not change, never
// updated nor deleted (the database refuses it), one credit note per invoice that negates it; the
// back office's read with its role matrix; the PDF route's access matrix.
// @module-tag postgres
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createTestEnv, expectStaffOnly, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { bookingWithToken, paidSeatsInvoice } from '@tests/support/invoices';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { issueCreditNote, issueInvoice } from './invoices.service';

describe('invoices', () => {
  let env: TestEnv;
  let callers: RoleCallers;

  beforeEach(async () => {
    env = await createTestEnv();
    callers = await roleCallers(env);
  });

  afterEach(async () => {
    await env.close();
  });

  const issue = (bookingId: string, overrides: Parameters<typeof paidSeatsInvoice>[1] = {}) =>
    env.db.transaction().execute((trx) => issueInvoice(trx, paidSeatsInvoice(bookingId, overrides)));

  it('numbers invoices per year with the prefix and stores the totals as the booking form rounds them', async () => {
    const { bookingId } = await bookingWithToken(env.db);
    const first = await issue(bookingId);
    const second = await issue(bookingId, { lines: [{ description: 'Seat', quantity: 3, unitGrossMinor: 11_900, taxRatePercent: 19 }] });
    expect([first.number, second.number]).toEqual(['INV-2031-00001', 'INV-2031-00002']);
    const rows = await env.db.selectFrom('invoices').select(['number', 'netMinor', 'taxMinor', 'grossMinor', 'amountsIncludeTax', 'taxBreakdown']).orderBy('sequence').execute();
    expect(rows).toEqual([
      // 3 x 100.00 net: 300.00 + 19% = 57.00 tax, 357.00.
      { number: 'INV-2031-00001', netMinor: 30_000, taxMinor: 5_700, grossMinor: 35_700, amountsIncludeTax: 0, taxBreakdown: '[{"ratePercent":19,"netMinor":30000,"taxMinor":5700,"grossMinor":35700}]' },
      // 3 x 119.00 including tax: 357.00, of which 57.00 tax.
      { number: 'INV-2031-00002', netMinor: 30_000, taxMinor: 5_700, grossMinor: 35_700, amountsIncludeTax: 1, taxBreakdown: '[{"ratePercent":19,"netMinor":30000,"taxMinor":5700,"grossMinor":35700}]' },
    ]);
    const lines = await env.db.selectFrom('invoiceLines').select(['position', 'quantity', 'unitPriceMinor', 'taxRateBasisPoints', 'amountMinor']).where('invoiceId', '=', first.id).execute();
    expect(lines).toEqual([{ position: 1, quantity: 3, unitPriceMinor: 10_000, taxRateBasisPoints: 1900, amountMinor: 30_000 }]);
  });

  it('rounds the tax once per rate: 3 seats at 33.33 with 19% tax', async () => {
    const { bookingId } = await bookingWithToken(env.db);
    await issue(bookingId, { lines: [{ description: 'Seat', quantity: 3, unitNetMinor: 3_333, taxRatePercent: 19 }] });
    // 99.99 * 19% = 18.9981, rounded once to 19.00.
    expect(await env.db.selectFrom('invoices').select(['netMinor', 'taxMinor', 'grossMinor']).executeTakeFirst()).toEqual({ netMinor: 9_999, taxMinor: 1_900, grossMinor: 11_899 });
  });

  it('takes the prefix and the issuer from the billing settings at issue, and keeps that copy', async () => {
    await callers.admin.settings.updateBilling({ ...emptyBilling(), legalName: 'Northwind GmbH', invoicePrefix: 'RE', creditNotePrefix: 'GS' });
    const { bookingId } = await bookingWithToken(env.db);
    const invoice = await issue(bookingId);
    await callers.admin.settings.updateBilling({ ...emptyBilling(), legalName: 'Renamed AG' });
    const credit = await env.db.transaction().execute((trx) => issueCreditNote(trx, { invoiceId: invoice.id, issuedAt: '2031-03-12T08:00:00.000Z', reason: 'Cancelled' }));
    expect([invoice.number, credit.number]).toEqual(['RE-2031-00001', 'CN-2031-00001']);
    const issuers = await env.db.selectFrom('invoices').select(['number', 'issuer']).orderBy('issuedAt').execute();
    expect(issuers.map((row) => [row.number, (JSON.parse(row.issuer) as { legalName: string }).legalName])).toEqual([
      ['RE-2031-00001', 'Northwind GmbH'],
      ['CN-2031-00001', 'Renamed AG'],
    ]);
  });

  it('prints the site name when no legal name is set', async () => {
    const { bookingId } = await bookingWithToken(env.db);
    await issue(bookingId);
    const row = await env.db.selectFrom('invoices').select('issuer').executeTakeFirstOrThrow();
    expect((JSON.parse(row.issuer) as { legalName: string }).legalName).toBe('Our Firm');
  });

  it('gives a rolled-back number back: the next invoice takes it', async () => {
    const { bookingId } = await bookingWithToken(env.db);
    await issue(bookingId);
    await expect(
      env.db.transaction().execute(async (trx) => {
        await issueInvoice(trx, paidSeatsInvoice(bookingId));
        throw new Error('the booking failed after its invoice');
      }),
    ).rejects.toThrow('the booking failed after its invoice');
    const next = await issue(bookingId);
    expect(next.number).toBe('INV-2031-00002');
    expect(await env.db.selectFrom('invoices').select('number').orderBy('sequence').execute()).toEqual([{ number: 'INV-2031-00001' }, { number: 'INV-2031-00002' }]);
  });

  it("starts each year at 00001, the year being the firm's", async () => {
    await callers.admin.settings.updateSystem({ siteName: 'Our Firm', timezone: 'Europe/Berlin', maintenanceMode: false, allowRegistrations: true, maxFileSize: 10 });
    const { bookingId } = await bookingWithToken(env.db);
    const late = await issue(bookingId, { issuedAt: '2031-12-31T22:30:00.000Z' });
    const earlier = await issue(bookingId, { issuedAt: '2031-12-31T22:00:00.000Z' });
    const inUtc2031 = await issue(bookingId, { issuedAt: '2031-12-31T22:59:00.000Z' });
    // 22:30 UTC on 31 December is 23:30 in Berlin: still 2031. 23:00 UTC is 2032 there.
    const nextYear = await issue(bookingId, { issuedAt: '2031-12-31T23:00:00.000Z' });
    expect([late.number, earlier.number, inUtc2031.number, nextYear.number]).toEqual(['INV-2031-00001', 'INV-2031-00002', 'INV-2031-00003', 'INV-2032-00001']);
    expect(await env.db.selectFrom('invoices').select('issueDate').where('number', '=', 'INV-2032-00001').executeTakeFirst()).toEqual({ issueDate: '2032-01-01' });
  });

  it('never changes an issued invoice: the database refuses updates and deletes', async () => {
    const { bookingId } = await bookingWithToken(env.db);
    const invoice = await issue(bookingId);
    const refused = 'An issued invoice never changes: issue a credit note instead.';
    await expect(env.db.updateTable('invoices').set({ grossMinor: 1 }).where('id', '=', invoice.id).execute()).rejects.toThrow(refused);
    await expect(env.db.deleteFrom('invoices').where('id', '=', invoice.id).execute()).rejects.toThrow(refused);
    await expect(env.db.updateTable('invoiceLines').set({ amountMinor: 1 }).where('invoiceId', '=', invoice.id).execute()).rejects.toThrow(refused);
    await expect(env.db.deleteFrom('invoiceLines').where('invoiceId', '=', invoice.id).execute()).rejects.toThrow(refused);
    // Deleting its booking leaves the invoice.
    await env.db.deleteFrom('bookings').where('id', '=', bookingId).execute();
    expect(await env.db.selectFrom('invoices').select(['number', 'grossMinor']).execute()).toEqual([{ number: 'INV-2031-00001', grossMinor: 35_700 }]);
  });

  it("keeps the invoice whole when its person is erased: it is an accounting record", async () => {
    const { bookingId } = await bookingWithToken(env.db);
    await env.db.updateTable('bookings').set({ participantEmail: 'ingrid@fjord.example' }).where('id', '=', bookingId).execute();
    await issue(bookingId);
    await callers.admin.privacy.erasePerson({ email: 'ingrid@fjord.example' });
    expect(await env.db.selectFrom('bookings').select('participantEmail').where('id', '=', bookingId).executeTakeFirst()).not.toEqual({ participantEmail: 'ingrid@fjord.example' });
    const row = await env.db.selectFrom('invoices').select(['number', 'buyer', 'grossMinor']).executeTakeFirstOrThrow();
    expect([row.number, row.grossMinor, (JSON.parse(row.buyer) as { email: string; name: string }).email]).toEqual(['INV-2031-00001', 35_700, 'ingrid@fjord.example']);
  });

  it('credits an invoice once, negating every amount and naming the invoice', async () => {
    const { bookingId } = await bookingWithToken(env.db);
    const invoice = await issue(bookingId);
    const credit = await env.db.transaction().execute((trx) => issueCreditNote(trx, { invoiceId: invoice.id, issuedAt: '2031-03-11T08:00:00.000Z', reason: 'Cancelled by the participant' }));
    expect(credit).toEqual({ id: credit.id, number: 'CN-2031-00001', grossMinor: -35_700 });
    const row = await env.db.selectFrom('invoices').select(['kind', 'creditedInvoiceNumber', 'netMinor', 'taxMinor', 'reason', 'bookingId', 'dueDate']).where('id', '=', credit.id).executeTakeFirst();
    expect(row).toEqual({ kind: 'credit-note', creditedInvoiceNumber: 'INV-2031-00001', netMinor: -30_000, taxMinor: -5_700, reason: 'Cancelled by the participant', bookingId, dueDate: null });
    const lines = await env.db.selectFrom('invoiceLines').select(['quantity', 'unitPriceMinor', 'amountMinor']).where('invoiceId', '=', credit.id).execute();
    expect(lines).toEqual([{ quantity: 3, unitPriceMinor: -10_000, amountMinor: -30_000 }]);
    await expect(env.db.transaction().execute((trx) => issueCreditNote(trx, { invoiceId: invoice.id, issuedAt: '2031-03-11T09:00:00.000Z', reason: 'again' }))).rejects.toThrow(
      'This invoice already has a credit note.',
    );
    await expect(env.db.transaction().execute((trx) => issueCreditNote(trx, { invoiceId: credit.id, issuedAt: '2031-03-11T09:00:00.000Z', reason: 'again' }))).rejects.toThrow(
      'A credit note cannot be credited.',
    );
    // The refused attempts took no number: the next credit note is 00002.
    const other = await issue(bookingId);
    const next = await env.db.transaction().execute((trx) => issueCreditNote(trx, { invoiceId: other.id, issuedAt: '2031-03-11T10:00:00.000Z', reason: '' }));
    expect(next.number).toBe('CN-2031-00002');
  });

  it("lists a booking's invoices and credit notes for staff only", async () => {
    const { bookingId } = await bookingWithToken(env.db);
    const other = await bookingWithToken(env.db);
    const invoice = await issue(bookingId);
    await issue(other.bookingId);
    await env.db.transaction().execute((trx) => issueCreditNote(trx, { invoiceId: invoice.id, issuedAt: '2031-03-11T08:00:00.000Z', reason: 'Cancelled' }));
    await expectStaffOnly(callers, (c) => c.invoices.forBooking({ bookingId }));
    for (const caller of [callers.user, callers.admin]) {
      const listed = await caller.invoices.forBooking({ bookingId });
      expect(listed.map(({ kind, number, grossMinor, creditedInvoiceNumber, pdfPath, dueDate }) => ({ kind, number, grossMinor, creditedInvoiceNumber, pdfPath, dueDate }))).toEqual([
        { kind: 'invoice', number: 'INV-2031-00001', grossMinor: 35_700, creditedInvoiceNumber: null, pdfPath: '/api/invoices/INV-2031-00001.pdf', dueDate: '2031-03-24' },
        { kind: 'credit-note', number: 'CN-2031-00001', grossMinor: -35_700, creditedInvoiceNumber: 'INV-2031-00001', pdfPath: '/api/invoices/CN-2031-00001.pdf', dueDate: null },
      ]);
    }
    await expectTRPCError(callers.user.invoices.forBooking({ bookingId: '' }), 'BAD_REQUEST');
  });

  it("lists a visitor's own documents through their manage link, with links that carry the token", async () => {
    const own = await bookingWithToken(env.db);
    const stranger = await bookingWithToken(env.db);
    await issue(own.bookingId);
    await issue(stranger.bookingId);
    expect(await callers.anonymous.invoices.forManageLink({ token: own.token })).toEqual([
      { kind: 'invoice', number: 'INV-2031-00001', issueDate: '2031-03-10', currency: 'EUR', grossMinor: 35_700, pdfPath: `/api/invoices/INV-2031-00001.pdf?manage=${own.token}` },
    ]);
    expect(await callers.anonymous.invoices.forManageLink({ token: 'not-a-token' })).toEqual([]);
    await expectTRPCError(callers.anonymous.invoices.forManageLink({ token: '' }), 'BAD_REQUEST');
  });

  describe('GET /api/invoices/<number>.pdf', () => {
    let app: FastifyInstance;

    beforeEach(async () => {
      app = await buildTestApp(env);
    });

    afterEach(async () => {
      await app.close();
    });

    const get = (url: string, sessionToken?: string) =>
      app.inject({ method: 'GET', url, ...(sessionToken === undefined ? {} : { cookies: { [SESSION_COOKIE]: sessionToken } }) });

    it('gives staff any document and a visitor only their own booking’s, through its manage token', async () => {
      const own = await bookingWithToken(env.db);
      const stranger = await bookingWithToken(env.db);
      const invoice = await issue(own.bookingId);
      await env.db.transaction().execute((trx) => issueCreditNote(trx, { invoiceId: invoice.id, issuedAt: '2031-03-11T08:00:00.000Z', reason: 'Cancelled' }));
      await issue(stranger.bookingId);
      for (const path of ['/api/invoices/INV-2031-00001.pdf', '/api/invoices/CN-2031-00001.pdf']) {
        const anonymous = await get(path);
        expect([anonymous.statusCode, anonymous.json()]).toEqual([404, { error: { message: 'Not found.' } }]);
        expect((await get(`${path}?manage=${stranger.token}`)).statusCode).toBe(404);
        expect((await get(`${path}?manage=not-a-token`)).statusCode).toBe(404);
        const visitor = await get(`${path}?manage=${own.token}`);
        expect([visitor.statusCode, visitor.headers['content-type'], visitor.headers['cache-control']]).toEqual([200, 'application/pdf', 'no-store']);
        expect(visitor.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        for (const account of [callers.userAccount, callers.adminAccount]) {
          const staff = await get(path, account.token);
          expect([staff.statusCode, staff.headers['content-type']]).toEqual([200, 'application/pdf']);
        }
      }
      // The stranger's own invoice opens with the stranger's token, not with the other's.
      expect((await get(`/api/invoices/INV-2031-00002.pdf?manage=${stranger.token}`)).statusCode).toBe(200);
      expect((await get(`/api/invoices/INV-2031-00002.pdf?manage=${own.token}`)).statusCode).toBe(404);
      // A number that does not exist answers as a refused one does, even to staff.
      const missing = await get('/api/invoices/INV-2031-00099.pdf', callers.adminAccount.token);
      expect([missing.statusCode, missing.json()]).toEqual([404, { error: { message: 'Not found.' } }]);
      expect((await get('/api/invoices/INV-2031-00001', callers.adminAccount.token)).statusCode).toBe(404);
    });
  });
});

function emptyBilling() {
  return {
    legalName: '',
    addressLines: [],
    postcode: '',
    city: '',
    country: '',
    vatNumber: '',
    accountHolder: '',
    iban: '',
    bic: '',
    invoicePrefix: '',
    creditNotePrefix: '',
    paymentTerms: '',
  };
}
