// The invoice of a paid booking goes with its confirmation e-mail as a PDF, sent through a real SMTP
// server on loopback: the message carries application/pdf named after the invoice's number, and
// the PDF's text (read back with pdf-parse) shows that number and the total. The outbox keeps the
// invoice's id only; the sender renders the (never changing) invoice when it sends. The e-mail's
// text still says how to pay.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { BILLING_SETTINGS, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createTestEnv, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { deliverDue, startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';

let env: TestEnv;
let callers: RoleCallers;
let smtp: TestSmtpServer;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  smtp = await startSmtpServer();
  await useSmtpServer(env.db, smtp);
});
afterEach(async () => {
  await smtp.close();
  await env.close();
});

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('the invoice attached to a paid booking e-mail', () => {
  it('is a PDF named INV-....pdf showing the number and total; the body keeps the bank details', async () => {
    const event = await insertEventRow(env.db, { title: 'Market Entry Workshop' });
    const session = await insertSessionRow(env.db, event.id, { maxParticipants: 10 });
    await env.db.updateTable('eventSessions').set({ priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
    const slot = await insertSlotRow(env.db, session.id, 30 * 24);
    await callers.admin.settings.updateBilling(BILLING_SETTINGS);
    await callers.anonymous.bookings.create({
      timeSlotId: slot.id,
      participantName: 'Ada Buyer',
      participantEmail: 'ada@example.com',
      participantPhone: null,
      answers: {},
      billingCompany: 'Nordlicht GmbH',
      billingAddress: 'Hafenstraße 1',
      billingCountry: 'DE',
    });
    const invoice = await env.db.selectFrom('invoices').select(['id', 'number']).executeTakeFirstOrThrow();
    const queued = await env.db.selectFrom('emailOutbox').select(['invoiceId']).where('toAddress', '=', 'ada@example.com').executeTakeFirstOrThrow();
    expect(queued.invoiceId).toBe(invoice.id);

    const mails = await deliverDue(env.deps, smtp);
    const mail = mails.find((sent) => sent.headers.to?.includes('ada@example.com'));
    expect(mail).toBeDefined();
    const pdfPart = mail?.leaves.find((leaf) => (leaf.headers['content-type'] ?? '').startsWith('application/pdf'));
    expect(pdfPart?.headers['content-type']).toContain(`name=${invoice.number}.pdf`);
    expect(pdfPart?.headers['content-disposition']).toContain(`filename=${invoice.number}.pdf`);
    const pdf = pdfPart?.bytes ?? Buffer.alloc(0);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await textOf(pdf);
    expect(text).toContain(invoice.number);
    expect(text).toContain('€39.66');
    // The bank details stay in the message itself.
    expect(mail?.text).toContain(BILLING_SETTINGS.iban.slice(0, 4));
  });
});
