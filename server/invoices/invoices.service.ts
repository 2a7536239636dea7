// Invoices and credit notes. The booking flow issues them inside its own transaction:
// `issueInvoice` when a paid booking is made, `issueCreditNote` when one is cancelled after issue.
// Each takes the next number of its kind and year from a counter row in that same transaction (no
// gaps, no duplicates, a rollback gives the number back), and stores its own copy of everything it
// prints: the issuer's billing settings and the buyer's details at that moment, the lines, and the
// totals computed once. Nothing ever updates or deletes an issued document (the database refuses it
// too); a correction is a credit note, which negates its invoice and refers to its number.
import { ConflictError, NotFoundError, PreconditionError } from '@server/core/errors';
import { newId } from '@server/core/ids';
import type { AppDeps } from '@server/core/deps';
import type { ServiceContext } from '@server/core/service-context';
import { readStoredValue } from '@server/core/stored-json';
import type { DB } from '@db/database';
import type { InvoiceKind } from '@db/schema';
import { hashManageToken } from '@server/email/manage-token';
import { getSystemAndIdentity } from '@server/settings/settings.repository';
import { DEFAULT_LANGUAGE, isLanguage } from '@server/shared/i18n/languages';
import { basisPointsToPercent, percentToBasisPoints } from '@server/shared/money';
import { utcToZonedParts } from '@server/shared/time';
import { readBillingSettings } from './billing-settings.repository';
import { invoiceAmounts, type TaxPerRate } from './invoice-totals';
import { type PrintedInvoice, renderInvoicePdf } from './invoice-pdf';
import {
  type Buyer,
  buyerSchema,
  type InvoiceSummary,
  type ManagedInvoice,
  invoicePdfPath,
  type IssueCreditNoteInput,
  issueCreditNoteInput,
  type IssueInvoiceInput,
  issueInvoiceInput,
  type Issuer,
  issuerSchema,
  taxBreakdownSchema,
} from './invoices.schemas';
import {
  findBookingIdByManageTokenHash,
  findCreditNoteOf,
  findInvoiceById,
  findInvoiceByNumber,
  insertInvoice,
  type InvoiceRow,
  listInvoiceLines,
  listInvoicesOfBooking,
  takeNextSequence,
} from './invoices.repository';

export interface IssuedDocument {
  id: string;
  number: string;
  grossMinor: number;
}

/** 'INV-2026-00042': the prefix, the year, the sequence in five digits (more past 99999). */
export function documentNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(5, '0')}`;
}

/** What the firm prints, as its settings say now: the copy a document keeps. */
async function issuerNow(trx: DB): Promise<{ issuer: Issuer; prefixes: { invoice: string; 'credit-note': string }; timezone: string }> {
  const [billing, { system, identity }] = await Promise.all([readBillingSettings(trx), getSystemAndIdentity(trx)]);
  const { invoicePrefix, creditNotePrefix, legalName, ...details } = billing;
  return {
    issuer: { ...details, legalName: legalName === '' ? system.siteName : legalName, logoUrl: identity.logoUrl },
    prefixes: { invoice: invoicePrefix, 'credit-note': creditNotePrefix },
    timezone: system.timezone,
  };
}

/** The next number of `kind`, in the year `issuedAt` falls in at the firm (its time zone). */
async function numberFor(trx: DB, kind: InvoiceKind, prefix: string, issuedAt: string, timezone: string) {
  const issueDate = utcToZonedParts(issuedAt, timezone).date;
  const year = Number(issueDate.slice(0, 4));
  const sequence = await takeNextSequence(trx, kind, year);
  return { issueDate, year, sequence, number: documentNumber(prefix, year, sequence) };
}

/**
 * Issues the invoice of a paid booking inside the caller's transaction `trx`. Unit prices are net
 * (`unitNetMinor`), or including tax (`unitGrossMinor`, when the site's prices include it); the tax
 * is computed per rate as the booking form computes it, so the invoice shows the booking's total.
 */
export async function issueInvoice(trx: DB, input: IssueInvoiceInput): Promise<IssuedDocument> {
  const given = issueInvoiceInput.parse(input);
  const amountsIncludeTax = given.lines.every((line) => line.unitGrossMinor !== undefined);
  const lines = given.lines.map((line) => ({ ...line, unitPriceMinor: line.unitGrossMinor ?? line.unitNetMinor ?? 0 }));
  const amounts = invoiceAmounts(lines, amountsIncludeTax);
  const { issuer, prefixes, timezone } = await issuerNow(trx);
  const numbered = await numberFor(trx, 'invoice', prefixes.invoice, given.issuedAt, timezone);
  const row = await insertInvoice(
    trx,
    {
      id: newId(),
      kind: 'invoice',
      ...numbered,
      bookingId: given.bookingId,
      creditedInvoiceId: null,
      creditedInvoiceNumber: null,
      reason: null,
      issuedAt: given.issuedAt,
      dueDate: given.dueDate,
      paymentReference: given.paymentReference,
      currency: given.currency,
      amountsIncludeTax: amountsIncludeTax ? 1 : 0,
      netMinor: amounts.netMinor,
      taxMinor: amounts.taxMinor,
      grossMinor: amounts.grossMinor,
      taxBreakdown: JSON.stringify(amounts.taxes),
      buyer: JSON.stringify(given.buyer),
      issuer: JSON.stringify(issuer),
      language: given.language,
    },
    lines.map((line, index) => ({
      description: line.description,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      taxRateBasisPoints: percentToBasisPoints(line.taxRatePercent),
      amountMinor: amounts.lineAmounts[index] ?? 0,
    })),
  );
  return { id: row.id, number: row.number, grossMinor: row.grossMinor };
}

/**
 * Issues the credit note that cancels invoice `invoiceId`, inside the caller's transaction: every
 * line and amount of the invoice negated, its own number, the invoice's number printed on it. An
 * invoice is credited once (a unique index holds it under racing cancellations too).
 */
export async function issueCreditNote(trx: DB, input: IssueCreditNoteInput): Promise<IssuedDocument> {
  const given = issueCreditNoteInput.parse(input);
  const invoice = await findInvoiceById(trx, given.invoiceId);
  if (invoice === undefined) throw new NotFoundError('api.invoices.notFound');
  if (invoice.kind !== 'invoice') throw new PreconditionError('api.invoices.notAnInvoice');
  if ((await findCreditNoteOf(trx, invoice.id)) !== undefined) throw new ConflictError('api.invoices.alreadyCredited');
  const { issuer, prefixes, timezone } = await issuerNow(trx);
  const numbered = await numberFor(trx, 'credit-note', prefixes['credit-note'], given.issuedAt, timezone);
  const lines = await listInvoiceLines(trx, invoice.id);
  const taxes = taxesOf(invoice).map((tax) => ({ ratePercent: tax.ratePercent, netMinor: -tax.netMinor, taxMinor: -tax.taxMinor, grossMinor: -tax.grossMinor }));
  const row = await insertInvoice(
    trx,
    {
      id: newId(),
      kind: 'credit-note',
      ...numbered,
      bookingId: invoice.bookingId,
      creditedInvoiceId: invoice.id,
      creditedInvoiceNumber: invoice.number,
      reason: given.reason,
      issuedAt: given.issuedAt,
      dueDate: null,
      paymentReference: invoice.paymentReference,
      currency: invoice.currency,
      amountsIncludeTax: invoice.amountsIncludeTax,
      netMinor: -invoice.netMinor,
      taxMinor: -invoice.taxMinor,
      grossMinor: -invoice.grossMinor,
      taxBreakdown: JSON.stringify(taxes),
      buyer: invoice.buyer,
      issuer: JSON.stringify(issuer),
      language: invoice.language,
    },
    lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPriceMinor: -line.unitPriceMinor,
      taxRateBasisPoints: line.taxRateBasisPoints,
      amountMinor: -line.amountMinor,
    })),
  );
  return { id: row.id, number: row.number, grossMinor: row.grossMinor };
}

function taxesOf(row: InvoiceRow): TaxPerRate[] {
  return readStoredValue(`invoice ${row.number} tax breakdown`, row.taxBreakdown, taxBreakdownSchema, []);
}

function summaryOf(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    currency: row.currency,
    netMinor: row.netMinor,
    taxMinor: row.taxMinor,
    grossMinor: row.grossMinor,
    creditedInvoiceNumber: row.creditedInvoiceNumber,
    pdfPath: invoicePdfPath(row.number),
  };
}

/** The back office's Invoices block of a booking: its invoices and credit notes, with their download links. */
export async function invoicesForBooking({ db }: Pick<ServiceContext, 'db'>, { bookingId }: { bookingId: string }): Promise<InvoiceSummary[]> {
  return (await listInvoicesOfBooking(db, bookingId)).map(summaryOf);
}

/**
 * The documents of the booking whose manage link has `token`, for the visitor's manage page, each
 * with the link that opens it with that token. An unknown token has none (the page itself says the
 * link is not valid).
 */
export async function invoicesForManageLink({ db }: Pick<ServiceContext, 'db'>, { token }: { token: string }): Promise<ManagedInvoice[]> {
  const bookingId = await findBookingIdByManageTokenHash(db, hashManageToken(token));
  if (bookingId === undefined) return [];
  return (await listInvoicesOfBooking(db, bookingId)).map((row) => ({
    kind: row.kind,
    number: row.number,
    issueDate: row.issueDate,
    currency: row.currency,
    grossMinor: row.grossMinor,
    pdfPath: invoicePdfPath(row.number, token),
  }));
}

const EMPTY_BUYER: Buyer = { company: null, name: '', email: '', addressLines: [], postcode: '', city: '', country: '', vatNumber: null };

/** The stored document as the PDF prints it. */
async function printedOf(db: DB, row: InvoiceRow): Promise<PrintedInvoice> {
  const lines = await listInvoiceLines(db, row.id);
  return {
    kind: row.kind,
    number: row.number,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    paymentReference: row.paymentReference,
    creditedInvoiceNumber: row.creditedInvoiceNumber,
    reason: row.reason,
    currency: row.currency,
    amountsIncludeTax: row.amountsIncludeTax === 1,
    lines: lines.map((line) => ({ ...line, taxRatePercent: basisPointsToPercent(line.taxRateBasisPoints) })),
    taxes: taxesOf(row),
    netMinor: row.netMinor,
    taxMinor: row.taxMinor,
    grossMinor: row.grossMinor,
    buyer: readStoredValue(`invoice ${row.number} buyer`, row.buyer, buyerSchema, EMPTY_BUYER),
    issuer: readStoredValue(`invoice ${row.number} issuer`, row.issuer, issuerSchema, { ...EMPTY_BUYER, legalName: '', vatNumber: '', accountHolder: '', iban: '', bic: '', paymentTerms: '', logoUrl: null }),
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
  };
}

/** A document's PDF by its id (for the e-mail that carries it). */
export async function invoicePdfById(ctx: Pick<ServiceContext, 'db'> & Pick<AppDeps, 'uploadsDir'>, { id }: { id: string }): Promise<{ number: string; pdf: Buffer }> {
  const row = await findInvoiceById(ctx.db, id);
  if (row === undefined) throw new NotFoundError('api.invoices.notFound');
  return { number: row.number, pdf: await renderInvoicePdf(await printedOf(ctx.db, row), ctx.uploadsDir) };
}

/**
 * A document's PDF for GET /api/invoices/<number>.pdf: any signed-in staff member gets any; a
 * visitor only with the manage token of the document's own booking. Anything else is null, the
 * same answer as for a number that does not exist, so the route never reveals that one does.
 */
export async function invoicePdfFor(
  ctx: Pick<ServiceContext, 'db' | 'user'> & Pick<AppDeps, 'uploadsDir'>,
  { number, token }: { number: string; token: string | null },
): Promise<{ number: string; kind: InvoiceKind; pdf: Buffer } | null> {
  const row = await findInvoiceByNumber(ctx.db, number);
  if (row === undefined) return null;
  if (ctx.user === null) {
    if (token === null || token === '') return null;
    const bookingId = await findBookingIdByManageTokenHash(ctx.db, hashManageToken(token));
    if (bookingId !== row.bookingId) return null;
  }
  return { number: row.number, kind: row.kind, pdf: await renderInvoicePdf(await printedOf(ctx.db, row), ctx.uploadsDir) };
}
