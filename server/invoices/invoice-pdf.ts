// An issued invoice or credit note as a PDF (pdfkit), drawn from its stored copy only: the issuer's
// details as they were at issue, the buyer's, the lines and the totals computed when it was issued,
// in the booking's language. The same stored document always draws the same page.
//
// Font: pdfkit's built-in Helvetica, so nothing is bundled or fetched. It writes the Windows-1252
// set (every Western European letter, €, typographic quotes); a character outside it (ł, ő, Cyrillic)
// is printed as its base letter when it has one (ő -> o) or as '?', never as a wrong glyph.
import fs from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { dateFormatter } from '@server/shared/format-date';
import { i18nOf, translatorOf } from '@server/shared/i18n/catalogs';
import { DEFAULT_LANGUAGE, isLanguage, type Language, localeOf } from '@server/shared/i18n/languages';
import type { MessageKey } from '@server/shared/i18n/catalogs';
import { formatMoney } from '@server/shared/money';
import { groupedIban } from './billing-settings.schemas';
import type { Buyer, Issuer } from './invoices.schemas';
import type { TaxPerRate } from './invoice-totals';

export interface PrintedLine {
  description: string;
  quantity: number;
  unitPriceMinor: number;
  taxRatePercent: number;
  amountMinor: number;
}

/** Everything a document prints, as stored when it was issued. */
export interface PrintedInvoice {
  kind: 'invoice' | 'credit-note';
  number: string;
  issueDate: string;
  dueDate: string | null;
  paymentReference: string | null;
  creditedInvoiceNumber: string | null;
  reason: string | null;
  currency: string;
  amountsIncludeTax: boolean;
  lines: PrintedLine[];
  taxes: TaxPerRate[];
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
  buyer: Buyer;
  issuer: Issuer;
  language: string;
}

// Windows-1252's characters above ASCII beyond Latin-1 (Helvetica's encoding in pdfkit).
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function printable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char) || char === '\n';
}

/** Text Helvetica can write: thin spaces as spaces, other characters as their base letter or '?'. */
export function pdfText(text: string): string {
  return [...text.replace(/[\u202f\u2009\u2007]/g, ' ')]
    .map((char) => {
      if (printable(char)) return char;
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return base !== char && [...base].every(printable) ? base : '?';
    })
    .join('');
}

const PAGE = { width: 595.28, margin: 50 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = 760;

async function logoImage(uploadsDir: string, logoUrl: string | null): Promise<Buffer | null> {
  if (logoUrl === null) return null;
  try {
    // The stored name is 32 hex digits and an extension (LOGO_PATH): no way out of the folder.
    const file = path.join(uploadsDir, path.basename(logoUrl));
    // pdfkit draws PNG and JPEG; a WebP logo is turned into PNG, at most 300 px high.
    return await sharp(await fs.readFile(file)).resize({ height: 300, withoutEnlargement: true }).png().toBuffer();
  } catch {
    // A logo deleted since: the invoice prints without it rather than failing.
    return null;
  }
}

export async function renderInvoicePdf(invoice: PrintedInvoice, uploadsDir: string): Promise<Buffer> {
  const language: Language = isLanguage(invoice.language) ? invoice.language : DEFAULT_LANGUAGE;
  const locale = localeOf(language);
  const i18n = i18nOf(language);
  const say = (key: MessageKey, values?: Record<string, string>) => pdfText(i18n._(key, values));
  const money = (minor: number) => pdfText(formatMoney(minor, invoice.currency, locale));
  // An invoice's dates are calendar days (YYYY-MM-DD): written as the site writes them, no zone involved.
  const dates = dateFormatter({ locale, t: translatorOf(language) });
  const date = (day: string) => pdfText(dates.calendarDate(day));
  const rate = (percent: number) => pdfText(new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100));
  const countries = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const country = (code: string) => (code === '' ? '' : pdfText(countries.of(code) ?? code));
  const title = say(invoice.kind === 'invoice' ? 'invoice.pdf.invoice' : 'invoice.pdf.creditNote');

  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: `${title} ${invoice.number}`, Author: pdfText(invoice.issuer.legalName) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const { issuer, buyer } = invoice;
  // The firm: logo at the left, its details at the right.
  const logo = await logoImage(uploadsDir, issuer.logoUrl);
  if (logo !== null) doc.image(logo, PAGE.margin, PAGE.margin, { fit: [160, 60] });
  const issuerLines = [
    ...issuer.addressLines,
    `${issuer.postcode} ${issuer.city}`.trim(),
    country(issuer.country),
    issuer.vatNumber === '' ? '' : say('invoice.pdf.vatNumber', { vatNumber: issuer.vatNumber }),
  ].filter((line) => line !== '');
  doc.font('Helvetica-Bold').fontSize(11).text(pdfText(issuer.legalName), PAGE.margin + 250, PAGE.margin, { width: CONTENT_WIDTH - 250, align: 'right' });
  doc.font('Helvetica').fontSize(9).text(issuerLines.map(pdfText).join('\n'), { width: CONTENT_WIDTH - 250, align: 'right' });

  // Title and the document's facts.
  doc.font('Helvetica-Bold').fontSize(20).text(title, PAGE.margin, 150);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const facts: string[] = [`${say('invoice.pdf.number')}: ${pdfText(invoice.number)}`, `${say('invoice.pdf.issueDate')}: ${date(invoice.issueDate)}`];
  if (invoice.dueDate !== null) facts.push(`${say('invoice.pdf.dueDate')}: ${date(invoice.dueDate)}`);
  if (invoice.paymentReference !== null) facts.push(`${say('invoice.pdf.paymentReference')}: ${pdfText(invoice.paymentReference)}`);
  if (invoice.creditedInvoiceNumber !== null) facts.push(say('invoice.pdf.refersTo', { number: invoice.creditedInvoiceNumber }));
  if (invoice.reason !== null && invoice.reason !== '') facts.push(say('invoice.pdf.reason', { reason: invoice.reason }));
  const factsTop = doc.y;
  doc.text(facts.join('\n'), PAGE.margin, factsTop, { width: 240 });
  const factsBottom = doc.y;

  // The buyer, beside the facts.
  const buyerLines = [
    buyer.company ?? '',
    buyer.name,
    ...buyer.addressLines,
    `${buyer.postcode} ${buyer.city}`.trim(),
    country(buyer.country),
    buyer.vatNumber === null || buyer.vatNumber === '' ? '' : say('invoice.pdf.vatNumber', { vatNumber: buyer.vatNumber }),
    buyer.email,
  ].filter((line) => line !== '');
  doc.font('Helvetica-Bold').text(say('invoice.pdf.billTo'), PAGE.margin + 280, factsTop, { width: CONTENT_WIDTH - 280 });
  doc.font('Helvetica').text(buyerLines.map(pdfText).join('\n'), { width: CONTENT_WIDTH - 280 });
  doc.y = Math.max(doc.y, factsBottom) + 25;

  drawLines(doc, invoice, { say, money, rate });
  drawTotals(doc, invoice, { say, money, rate });

  // How to pay, the terms and the bank account.
  doc.x = PAGE.margin;
  doc.moveDown(1.5).font('Helvetica').fontSize(10);
  if (invoice.kind === 'invoice' && invoice.dueDate !== null && invoice.paymentReference !== null) {
    doc.text(say('invoice.pdf.payBy', { amount: money(invoice.grossMinor), date: date(invoice.dueDate), reference: invoice.paymentReference }), { width: CONTENT_WIDTH });
  }
  if (invoice.creditedInvoiceNumber !== null) doc.text(say('invoice.pdf.credited', { number: invoice.creditedInvoiceNumber }), { width: CONTENT_WIDTH });
  if (issuer.paymentTerms !== '') doc.moveDown(0.5).text(pdfText(issuer.paymentTerms), { width: CONTENT_WIDTH });
  if (issuer.iban !== '') {
    const bank = [
      issuer.accountHolder === '' ? '' : say('invoice.pdf.accountHolder', { name: issuer.accountHolder }),
      say('invoice.pdf.iban', { iban: groupedIban(issuer.iban) }),
      issuer.bic === '' ? '' : say('invoice.pdf.bic', { bic: issuer.bic }),
    ].filter((line) => line !== '');
    if (doc.y > BOTTOM - 60) doc.addPage();
    doc.moveDown(1).font('Helvetica-Bold').text(say('invoice.pdf.bankDetails'), { width: CONTENT_WIDTH });
    doc.font('Helvetica').text(bank.join('\n'), { width: CONTENT_WIDTH });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

interface Words {
  say: (key: MessageKey, values?: Record<string, string>) => string;
  money: (minor: number) => string;
  rate: (percent: number) => string;
}

// Columns of the lines' table: description, quantity, unit price, tax rate, amount.
const COLUMNS = [
  { x: PAGE.margin, width: 215, align: 'left' },
  { x: PAGE.margin + 220, width: 35, align: 'right' },
  { x: PAGE.margin + 260, width: 90, align: 'right' },
  { x: PAGE.margin + 355, width: 50, align: 'right' },
  { x: PAGE.margin + 410, width: CONTENT_WIDTH - 410, align: 'right' },
] as const;

function drawRow(doc: PDFKit.PDFDocument, cells: readonly string[], bold: boolean): void {
  const top = doc.y;
  let bottom = top;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  cells.forEach((cell, index) => {
    const column = COLUMNS[index];
    if (column === undefined) return;
    doc.text(cell, column.x, top, { width: column.width, align: column.align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + 4;
}

function rule(doc: PDFKit.PDFDocument): void {
  doc.moveTo(PAGE.margin, doc.y).lineTo(PAGE.width - PAGE.margin, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.y += 4;
}

function drawLines(doc: PDFKit.PDFDocument, invoice: PrintedInvoice, { say, money, rate }: Words): void {
  const header = [
    say('invoice.pdf.description'),
    say('invoice.pdf.quantity'),
    say(invoice.amountsIncludeTax ? 'invoice.pdf.unitPriceGross' : 'invoice.pdf.unitPriceNet'),
    say('invoice.pdf.taxRate'),
    say(invoice.amountsIncludeTax ? 'invoice.pdf.amountGross' : 'invoice.pdf.amountNet'),
  ];
  drawRow(doc, header, true);
  rule(doc);
  for (const line of invoice.lines) {
    if (doc.y > BOTTOM) {
      doc.addPage();
      drawRow(doc, header, true);
      rule(doc);
    }
    drawRow(doc, [pdfText(line.description), String(line.quantity), money(line.unitPriceMinor), rate(line.taxRatePercent), money(line.amountMinor)], false);
  }
  rule(doc);
}

function drawTotals(doc: PDFKit.PDFDocument, invoice: PrintedInvoice, { say, money, rate }: Words): void {
  if (doc.y > BOTTOM - 80) doc.addPage();
  const row = (label: string, amount: string, bold = false) => {
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10);
    doc.text(label, PAGE.margin + 200, top, { width: 205, align: 'right' });
    doc.text(amount, PAGE.margin + 410, top, { width: CONTENT_WIDTH - 410, align: 'right' });
    doc.y = Math.max(doc.y, top) + 3;
  };
  row(say('invoice.pdf.totalNet'), money(invoice.netMinor));
  for (const tax of invoice.taxes) row(say('invoice.pdf.taxAt', { rate: rate(tax.ratePercent), base: money(tax.netMinor) }), money(tax.taxMinor));
  row(say('invoice.pdf.total'), money(invoice.grossMinor), true);
}
