// The Billing tab (admins): the firm's details every invoice prints, its bank account and the
// prefixes of invoice and credit note numbers. Shared with the browser, which shows the same field
// messages before saving. The IBAN is checked as ISO 13616 says (country, length per country, the
// mod-97 check digits) with ibantools; the BIC for its shape only.
import { z } from 'zod';
import { electronicFormatIBAN, getCountrySpecifications, isValidBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { isOneLine, LIMITS, ONE_LINE_MESSAGE, tooLong } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';

export const DEFAULT_INVOICE_PREFIX = 'INV';
export const DEFAULT_CREDIT_NOTE_PREFIX = 'CN';
export const MAX_ADDRESS_LINES = 3;

const COUNTRY_MESSAGE = keyed('api.billing.country', 'Please choose a country');
const IBAN_COUNTRY = keyed('api.billing.ibanCountry', 'An IBAN starts with a country code and two check digits, such as DE89…');
const IBAN_LENGTH = keyed('api.billing.ibanLength', 'This IBAN has the wrong length for its country');
const IBAN_CHECKSUM = keyed('api.billing.ibanChecksum', 'This IBAN is not valid: its check digits do not match (a typo?)');
const BIC_MESSAGE = keyed('api.billing.bic', 'A BIC has 8 or 11 letters and digits, such as DEUTDEFF');
const VAT_MESSAGE = keyed('api.billing.vatNumber', 'A VAT number starts with a country code, such as DE123456789');
const PREFIX_MESSAGE = keyed('api.billing.prefix', 'Use 1 to 10 capital letters or digits, such as INV');
const PREFIXES_DIFFER = keyed('api.billing.prefixesDiffer', 'Credit notes need a prefix of their own');
const ADDRESS_LINES_MESSAGE = keyed('api.billing.addressLines', 'At most 3 address lines');

/** Every ISO 3166 country code ibantools knows (it lists countries without IBANs too). */
export const COUNTRY_CODES: readonly string[] = Object.keys(getCountrySpecifications()).sort();

export function isCountryCode(value: string): boolean {
  return COUNTRY_CODES.includes(value);
}

/** An IBAN as typed ('de89 3704 0044 …') in its electronic form ('DE8937040044…'). */
export function compactIban(value: string): string {
  return electronicFormatIBAN(value) ?? '';
}

/** What is wrong with an IBAN, or null when it is valid. */
function ibanProblem(compact: string) {
  const result = validateIBAN(compact, { allowQRIBAN: true });
  if (result.valid) return null;
  const errors = result.errorCodes;
  if (errors.includes(ValidationErrorsIBAN.NoIBANCountry) || errors.includes(ValidationErrorsIBAN.ChecksumNotNumber)) return IBAN_COUNTRY;
  if (errors.includes(ValidationErrorsIBAN.WrongBBANLength)) return IBAN_LENGTH;
  return IBAN_CHECKSUM;
}

const VAT_SHAPE = /^[A-Z]{2}[0-9A-Z+*.]{2,13}$/;

/** A VAT number without spaces, dots or dashes, in capitals: 'de 123.456.789' -> 'DE123456789'. */
export function compactVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

export function isVatNumberShape(value: string): boolean {
  return VAT_SHAPE.test(value);
}

function line(max: number) {
  return z.string({ error: tooLong(max) }).trim().max(max, tooLong(max)).refine(isOneLine, ONE_LINE_MESSAGE);
}

const prefix = (fallback: string) =>
  z
    .string({ error: PREFIX_MESSAGE })
    .trim()
    .toUpperCase()
    .transform((value) => (value === '' ? fallback : value))
    .refine((value) => /^[A-Z0-9]{1,10}$/.test(value), PREFIX_MESSAGE);

/** The Billing tab as stored and as a save sends it; empty optional fields are ''. */
export const billingSettingsInput = z
  .object({
    /** The firm's legal name; '' prints the site's name. */
    legalName: line(LIMITS.name),
    addressLines: z.array(line(LIMITS.name), { error: ADDRESS_LINES_MESSAGE }).max(MAX_ADDRESS_LINES, ADDRESS_LINES_MESSAGE)
      .transform((lines) => lines.filter((value) => value !== '')),
    postcode: line(20),
    city: line(LIMITS.name),
    /** ISO 3166 alpha-2 ('DE'); '' while no address is set. */
    country: z
      .string({ error: COUNTRY_MESSAGE })
      .trim()
      .toUpperCase()
      .refine((value) => value === '' || isCountryCode(value), COUNTRY_MESSAGE),
    vatNumber: z
      .string({ error: VAT_MESSAGE })
      .transform(compactVatNumber)
      .refine((value) => value === '' || isVatNumberShape(value), VAT_MESSAGE),
    accountHolder: line(LIMITS.name),
    iban: z
      .string({ error: IBAN_CHECKSUM })
      .max(64, IBAN_LENGTH)
      .transform(compactIban)
      .superRefine((value, ctx) => {
        if (value === '') return;
        const problem = ibanProblem(value);
        if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      }),
    bic: z
      .string({ error: BIC_MESSAGE })
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .refine((value) => value === '' || isValidBIC(value), BIC_MESSAGE),
    invoicePrefix: prefix(DEFAULT_INVOICE_PREFIX),
    creditNotePrefix: prefix(DEFAULT_CREDIT_NOTE_PREFIX),
    /** Printed under the totals ('Payable within 14 days without deduction.'). */
    paymentTerms: z.string({ error: tooLong(LIMITS.shortText) }).trim().max(LIMITS.shortText, tooLong(LIMITS.shortText)),
  })
  .superRefine((value, ctx) => {
    // Both kinds share the number's shape: one prefix would give two documents the same number.
    if (value.invoicePrefix === value.creditNotePrefix) ctx.addIssue({ code: 'custom', path: ['creditNotePrefix'], message: PREFIXES_DIFFER });
  });
export type BillingSettingsInput = z.input<typeof billingSettingsInput>;
export type BillingSettings = z.output<typeof billingSettingsInput>;

export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  legalName: '',
  addressLines: [],
  postcode: '',
  city: '',
  country: '',
  vatNumber: '',
  accountHolder: '',
  iban: '',
  bic: '',
  invoicePrefix: DEFAULT_INVOICE_PREFIX,
  creditNotePrefix: DEFAULT_CREDIT_NOTE_PREFIX,
  paymentTerms: '',
};

/** An IBAN in groups of four, as printed and shown: 'DE89 3704 0044 0532 0130 00'. */
export function groupedIban(compact: string): string {
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The account a bank transfer goes to, as e-mails and the manage page show it; null until an IBAN is entered. */
export interface BankAccount {
  holder: string;
  iban: string;
  bic: string;
}

export function bankAccountOf(billing: BillingSettings, siteName: string): BankAccount | null {
  return billing.iban === '' ? null : { holder: billing.accountHolder || billing.legalName || siteName, iban: groupedIban(billing.iban), bic: billing.bic };
}
