// The PDF read back with a text extractor (pdf-parse): an invoice shows the firm, the buyer, its
// line, the totals as stored (3 seats at 100.00 with 19% tax: 300.00 + 57.00 = 357.00), the payment
// reference, the due date and the bank details; a credit note says so and names its invoice; a
// French booking's invoice is in French. Characters Helvetica cannot write become their base letter.
import { PDFParse } from 'pdf-parse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEnv, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { bookingWithToken, paidSeatsInvoice } from '@tests/support/invoices';
import { pdfText } from './invoice-pdf';
import { invoicePdfById, issueCreditNote, issueInvoice } from './invoices.service';

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('invoice PDF', () => {
  let env: TestEnv;
  let callers: RoleCallers;

  beforeEach(async () => {
    env = await createTestEnv();
    callers = await roleCallers(env);
    await callers.admin.settings.updateBilling({
      legalName: 'Northwind Expansion GmbH',
      addressLines: ['Friedrichstraße 12'],
      postcode: '10117',
      city: 'Berlin',
      country: 'DE',
      vatNumber: 'DE123456789',
      accountHolder: 'Northwind Expansion GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      invoicePrefix: 'INV',
      creditNotePrefix: 'CN',
      paymentTerms: 'Payable within 14 days without deduction.',
    });
  });

  afterEach(async () => {
    await env.close();
  });

  const pdfOf = async (id: string) => textOf((await invoicePdfById({ db: env.db, uploadsDir: env.deps.uploadsDir }, { id })).pdf);

  it('shows the firm, the buyer, the lines, the totals, the reference and the due date', async () => {
    const { bookingId } = await bookingWithToken(env.db);
    const invoice = await env.db.transaction().execute((trx) => issueInvoice(trx, paidSeatsInvoice(bookingId)));
    const lines = (await pdfOf(invoice.id)).split('\n').map((line) => line.trim());
    for (const expected of [
      'Northwind Expansion GmbH',
      'Friedrichstraße 12',
      '10117 Berlin',
      'Germany',
      'VAT number: DE123456789',
      'Invoice',
      'Number: INV-2031-00001',
      'Date of issue: March 10, 2031',
      'Due date: March 24, 2031',
      'Payment reference: RF18 5390 0754 7034',
      'Fjord Trading AS',
      'Ingrid Berg',
      'Karl Johans gate 22',
      '0159 Oslo',
      'Norway',
      'VAT number: NO123456789MVA',
      'Market-entry workshop: Germany (seat) 3 €100.00 19% €300.00',
      'Total net €300.00',
      'Tax 19% on €300.00 €57.00',
      'Total €357.00',
      'Please pay €357.00 by March 24, 2031 by bank transfer, quoting the reference RF18 5390 0754 7034.',
      'Payable within 14 days without deduction.',
      'Account holder: Northwind Expansion GmbH',
      'IBAN: DE89 3704 0044 0532 0130 00',
      'BIC: COBADEFFXXX',
    ]) {
      expect(lines, expected).toContain(expected);
    }
  });

  it('says "Credit note" and the invoice it cancels, with negated amounts', async () => {
    const { bookingId } = await bookingWithToken(env.db);
    const invoice = await env.db.transaction().execute((trx) => issueInvoice(trx, paidSeatsInvoice(bookingId)));
    const credit = await env.db.transaction().execute((trx) => issueCreditNote(trx, { invoiceId: invoice.id, issuedAt: '2031-03-12T08:00:00.000Z', reason: 'Cancelled by the participant' }));
    const lines = (await pdfOf(credit.id)).split('\n').map((line) => line.trim());
    for (const expected of [
      'Credit note',
      'Number: CN-2031-00001',
      'Refers to invoice INV-2031-00001',
      'Reason: Cancelled by the participant',
      'Total -€357.00',
      'This credit note cancels invoice INV-2031-00001.',
    ]) {
      expect(lines, expected).toContain(expected);
    }
    expect(lines.some((line) => line.startsWith('Please pay'))).toBe(false);
  });

  it("prints in the booking's language", async () => {
    const { bookingId } = await bookingWithToken(env.db);
    const invoice = await env.db.transaction().execute((trx) => issueInvoice(trx, paidSeatsInvoice(bookingId, { language: 'fr' })));
    const lines = (await pdfOf(invoice.id)).split('\n').map((line) => line.trim());
    for (const expected of ['Facture', 'Numéro: INV-2031-00001', "Date d'échéance: 24 mars 2031", 'Total TTC 357,00 €', 'TVA 19 % sur 300,00 € 57,00 €', 'Allemagne']) {
      expect(lines, expected).toContain(expected);
    }
  });

  it('writes characters outside Helvetica as their base letter', () => {
    expect(pdfText('Łukasz Wójcik, Dvořák, Ödön, 1\u202f190,00\u00a0€, Иван')).toBe('?ukasz Wójcik, Dvorák, Ödön, 1 190,00\u00a0€, ????');
  });
});
