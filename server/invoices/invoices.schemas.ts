// Invoices and credit notes: the back office's read of a booking's documents, the download
// address, and the stored copies of the buyer's and the issuer's details. Zod only: the client
// imports this file too.
import { z } from 'zod';
import { idInput } from '@server/shared/common.schemas';
import type { InvoiceKind } from '@db/schema';
import { LANGUAGE_CODES, type Language } from '@server/shared/i18n/languages';
import { isCurrencyCode } from '@server/shared/money';

export const invoicesForBookingInput = z.object({ bookingId: idInput });

/** Where a document is downloaded; a visitor adds their manage link's token (`?manage=<token>`). */
export const INVOICE_PDF_PATH = '/api/invoices/';
export const MANAGE_TOKEN_PARAMETER = 'manage';

/** The staff download address; with `manageToken`, the one a visitor's manage page links to. */
export function invoicePdfPath(number: string, manageToken?: string): string {
  const path = `${INVOICE_PDF_PATH}${encodeURIComponent(number)}.pdf`;
  return manageToken === undefined ? path : `${path}?${MANAGE_TOKEN_PARAMETER}=${encodeURIComponent(manageToken)}`;
}

/** The buyer's billing details as the invoice prints them. */
export const buyerSchema = z.object({
  company: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  addressLines: z.array(z.string()),
  postcode: z.string(),
  city: z.string(),
  /** ISO 3166 alpha-2. */
  country: z.string(),
  vatNumber: z.string().nullable(),
});
export type Buyer = z.output<typeof buyerSchema>;

/** The issuer's billing settings at issue, and the logo the site had then. */
export const issuerSchema = z.object({
  legalName: z.string(),
  addressLines: z.array(z.string()),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  vatNumber: z.string(),
  accountHolder: z.string(),
  iban: z.string(),
  bic: z.string(),
  paymentTerms: z.string(),
  /** '/uploads/<name>.png' or null. */
  logoUrl: z.string().nullable(),
});
export type Issuer = z.output<typeof issuerSchema>;

export const taxBreakdownSchema = z.array(
  z.object({ ratePercent: z.number(), netMinor: z.number().int(), taxMinor: z.number().int(), grossMinor: z.number().int() }),
);

/** One document as a visitor's manage page lists it: the download link carries their token. */
export interface ManagedInvoice {
  kind: InvoiceKind;
  number: string;
  issueDate: string;
  currency: string;
  grossMinor: number;
  pdfPath: string;
}

/** One document as the back office lists it. */
export interface InvoiceSummary {
  id: string;
  kind: InvoiceKind;
  number: string;
  issuedAt: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
  /** A credit note: the invoice number it cancels. */
  creditedInvoiceNumber: string | null;
  /** The staff download address. */
  pdfPath: string;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One line as the booking flow gives it: a net unit price, or one including tax (exactly one of the
 * two; all lines of an invoice alike). A discount (a voucher) is a line with a negative unit price.
 * A programming error, not a visitor's: no message of its own.
 */
const invoiceLineInput = z
  .object({
    description: z.string().trim().min(1).max(500),
    quantity: z.number().int().min(1),
    taxRatePercent: z.number().min(0).max(100),
    unitNetMinor: z.number().int().optional(),
    unitGrossMinor: z.number().int().optional(),
  })
  .refine((line) => (line.unitNetMinor === undefined) !== (line.unitGrossMinor === undefined));

/** What issueInvoice takes from the booking flow (a service call, not an API input). */
export const issueInvoiceInput = z
  .object({
    bookingId: z.string().min(1),
    /** UTC ISO time of issue; its year, at the firm's time zone, is the number's year. */
    issuedAt: z.string().regex(ISO_TIME),
    buyer: buyerSchema.extend({ vatNumber: z.string().nullish().transform((value) => value ?? null) }),
    lines: z.array(invoiceLineInput).min(1),
    currency: z.string().refine(isCurrencyCode),
    paymentReference: z.string().min(1),
    /** YYYY-MM-DD. */
    dueDate: z.string().regex(DAY),
    /** The booking's language: the one the invoice is printed in. */
    language: z.enum(LANGUAGE_CODES as [Language, ...Language[]]).default('en'),
  })
  .refine((input) => input.lines.every((line) => line.unitGrossMinor !== undefined) || input.lines.every((line) => line.unitNetMinor !== undefined));
export type IssueInvoiceInput = z.input<typeof issueInvoiceInput>;

export const issueCreditNoteInput = z.object({
  invoiceId: z.string().min(1),
  issuedAt: z.string().regex(ISO_TIME),
  reason: z.string().trim().max(500),
});
export type IssueCreditNoteInput = z.input<typeof issueCreditNoteInput>;
