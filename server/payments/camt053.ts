// CAMT.053 (ISO 20022 BankToCustomerStatement), the XML statement European banks export: one or
// more statements (Stmt), each with its account and entries (Ntry). An entry is booked money: its
// amount and currency (Amt, Ccy), credit or debit (CdtDbtInd), the booking date (BookgDt) and the
// bank's own reference (AcctSvcrRef, else NtryRef), which with the account is the entry's identity.
// A batch entry carries several transactions (TxDtls), each with its own amount: each is a line.
// The remittance text (RmtInf: Ustrd, and Strd's creditor reference CdtrRefInf/Ref) is where the
// payer's payment reference is. Any version (camt.053.001.02 to .13) reads alike: namespaces are
// dropped. Pure.
import { XMLParser } from 'fast-xml-parser';
import { currencyDigits, isCurrencyCode } from '@server/shared/money';
import { contentKeys, parseAmountMinor, parseStatementDate, type StatementLine, UnreadableStatement } from './statement-lines';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Amounts, dates and references stay text: '39.50' must not become 39.5, nor '0012' 12.
  parseTagValue: false,
  parseAttributeValue: false,
  // Entities of a DTD are never expanded (no billion laughs from an uploaded file).
  processEntities: false,
  isArray: (name) => ['Stmt', 'Ntry', 'TxDtls', 'Ustrd', 'Strd', 'NtryDtls'].includes(name),
});

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (!isNode(current)) return undefined;
    current = current[name];
  }
  return current;
}

function children(node: unknown, name: string): unknown[] {
  const value = child(node, name);
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** The text of an element, whether it has attributes or not. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim();
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'].trim();
  return null;
}

/** Every piece of text a transaction's payer may have put the reference in. */
function remittanceText(details: unknown): string[] {
  const rmtInf = child(details, 'RmtInf');
  const pieces = children(rmtInf, 'Ustrd').map(text);
  for (const structured of children(rmtInf, 'Strd')) {
    pieces.push(text(child(structured, 'CdtrRefInf', 'Ref')), text(child(structured, 'AddtlRmtInf')));
  }
  pieces.push(text(child(details, 'Refs', 'EndToEndId')));
  return pieces.filter((piece): piece is string => piece !== null && piece !== '' && piece !== 'NOTPROVIDED');
}

function amountOf(node: unknown): { amountMinor: number | null; currency: string | null } {
  const amount = child(node, 'Amt');
  const currency = isNode(amount) && typeof amount['@Ccy'] === 'string' && isCurrencyCode(amount['@Ccy']) ? amount['@Ccy'] : null;
  const value = text(amount);
  return { amountMinor: value === null ? null : parseAmountMinor(value, currency === null ? 2 : currencyDigits(currency)), currency };
}

/** Reads a CAMT.053 file; throws UnreadableStatement when it is not well-formed XML or not a statement. */
export function readCamt053(xml: string): StatementLine[] {
  let document: unknown;
  try {
    document = parser.parse(xml, true);
  } catch (error) {
    throw new UnreadableStatement(`The XML file could not be read: ${error instanceof Error ? error.message : 'it is not well-formed'}.`);
  }
  const statements = children(child(document, 'Document', 'BkToCstmrStmt'), 'Stmt');
  if (child(document, 'Document', 'BkToCstmrStmt') === undefined) {
    throw new UnreadableStatement('This XML file is not a CAMT.053 bank statement (no BkToCstmrStmt).');
  }
  const keyOfContent = contentKeys();
  const lines: StatementLine[] = [];
  for (const statement of statements) {
    const account = text(child(statement, 'Acct', 'Id', 'IBAN')) ?? text(child(statement, 'Acct', 'Id', 'Othr', 'Id')) ?? '';
    for (const entry of children(statement, 'Ntry')) {
      const credit = text(child(entry, 'CdtDbtInd')) !== 'DBIT';
      const bookedOn = parseStatementDate(text(child(entry, 'BookgDt', 'Dt')) ?? text(child(entry, 'BookgDt', 'DtTm')) ?? text(child(entry, 'ValDt', 'Dt')) ?? '');
      const bankReference = text(child(entry, 'AcctSvcrRef')) ?? text(child(entry, 'NtryRef'));
      const transactions = children(entry, 'NtryDtls').flatMap((details) => children(details, 'TxDtls'));
      const entryAmount = amountOf(entry);
      // A batch: each transaction with its own amount is a transfer of its own.
      const parts = transactions.length > 1 && transactions.every((tx) => amountOf(tx).amountMinor !== null) ? transactions : [null];
      parts.forEach((tx, index) => {
        const { amountMinor, currency } = tx === null ? entryAmount : amountOf(tx);
        const pieces = tx === null ? transactions.flatMap(remittanceText) : remittanceText(tx);
        pieces.push(...(tx === null && transactions.length === 0 ? [text(child(entry, 'AddtlNtryInf')) ?? ''] : []));
        const lineText = pieces.filter((piece) => piece !== '').join(' ');
        const signed = amountMinor === null ? null : credit ? amountMinor : -amountMinor;
        const key =
          bankReference !== null && bankReference !== '' && bankReference !== 'NOTPROVIDED'
            ? `camt:${account}:${bankReference}${parts.length > 1 ? `#${index + 1}` : ''}`
            : keyOfContent([account, bookedOn, signed, currency, lineText]);
        lines.push({ position: lines.length + 1, key, bookedOn, amountMinor: signed, currency: currency ?? entryAmount.currency, text: lineText });
      });
    }
  }
  return lines;
}
