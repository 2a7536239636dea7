// A bank statement as CSV, as online banking exports it: a header row, then one row per booking.
// The columns are found by their header, in English, German or French and whatever their case
// ('Date', 'Buchungstag', 'Amount', 'Betrag', 'Montant', 'Reference', 'Verwendungszweck',
// 'Libellé'...); the separator is a comma, a semicolon or a tab; amounts take a decimal comma or
// point; days are YYYY-MM-DD, DD.MM.YYYY or DD/MM/YYYY (European order). A row's identity is a hash of
// its date, amount and text (CSV exports carry no bank reference). Pure.
import { parse } from 'csv-parse/sync';
import { currencyDigits, isCurrencyCode } from '@server/shared/money';
import { contentKeys, parseAmountMinor, parseStatementDate, type StatementLine, UnreadableStatement } from './statement-lines';

/** Header names each column is known by, compared lower-cased without accents, spaces or punctuation. */
const COLUMNS = {
  date: ['date', 'bookingdate', 'bookeddate', 'transactiondate', 'valuedate', 'buchungstag', 'buchungsdatum', 'datum', 'valuta', 'dateoperation', 'datedoperation', 'datevaleur'],
  amount: ['amount', 'credit', 'betrag', 'umsatz', 'montant', 'amountreceived', 'betrageur', 'montanteur', 'amounteur'],
  reference: ['reference', 'paymentreference', 'remittance', 'remittanceinformation', 'description', 'purpose', 'details', 'memo', 'text', 'verwendungszweck', 'buchungstext', 'referenz', 'libelle', 'communication', 'motif'],
  currency: ['currency', 'ccy', 'wahrung', 'wahrungscode', 'devise', 'monnaie'],
} as const;

type Column = keyof typeof COLUMNS;

function headerName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Where each known column is; every header matching `reference` is read (banks split the purpose over several). */
function locateColumns(header: string[]): { date: number; amount: number; reference: number[]; currency: number | null } | null {
  const names = header.map(headerName);
  const first = (column: Column) => names.findIndex((name) => (COLUMNS[column] as readonly string[]).includes(name));
  const date = first('date');
  const amount = first('amount');
  const reference = names.flatMap((name, index) => ((COLUMNS.reference as readonly string[]).includes(name) ? [index] : []));
  if (date < 0 || amount < 0 || reference.length === 0) return null;
  const currency = first('currency');
  return { date, amount, reference, currency: currency < 0 ? null : currency };
}

/**
 * The separator, from the header row: the one it has most of. (Not all three at once: in a file
 * separated by semicolons a decimal comma is part of the amount.)
 */
function separatorOf(content: string): string {
  const headerLine = content.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', ',', '\t'].map((separator) => ({ separator, count: headerLine.split(separator).length }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0]?.separator ?? ',';
}

export function readStatementCsv(content: string): StatementLine[] {
  let rows: string[][];
  try {
    rows = parse(content, { delimiter: separatorOf(content), bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new UnreadableStatement(`The CSV file could not be read: ${error instanceof Error ? error.message : 'its quoting is broken'}.`);
  }
  const [header, ...body] = rows;
  const columns = header === undefined ? null : locateColumns(header);
  if (header === undefined || columns === null) {
    throw new UnreadableStatement('The CSV file needs a header row with a date, an amount and a reference column (for example "Date;Amount;Reference").');
  }
  const keyOf = contentKeys();
  return body.map((row, index) => {
    const currencyText = columns.currency === null ? '' : (row[columns.currency] ?? '').toUpperCase();
    const currency = isCurrencyCode(currencyText) ? currencyText : null;
    const bookedOn = parseStatementDate(row[columns.date] ?? '');
    const amountMinor = parseAmountMinor(row[columns.amount] ?? '', currency === null ? 2 : currencyDigits(currency));
    const text = columns.reference.map((column) => row[column] ?? '').filter((piece) => piece !== '').join(' ');
    return { position: index + 1, key: keyOf([bookedOn, amountMinor, currency, text, row.join('\u0000')]), bookedOn, amountMinor, currency, text };
  });
}
