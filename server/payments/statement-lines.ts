// A bank statement read into lines, whatever its format (camt053.ts, statement-csv.ts): each
// incoming transfer with the day the bank booked it, its amount in minor units and the text its
// payer wrote, and an identity that stays the same when the same statement is uploaded again.
import { createHash } from 'node:crypto';

export interface StatementLine {
  /** 1-based position in the file (an entry of a CAMT statement, a row of a CSV after its header). */
  position: number;
  /** 'camt:<account>:<bank reference>', or 'line:<hash of date, amount, text and occurrence>'. */
  key: string;
  /** YYYY-MM-DD, or null when the line's date could not be read. */
  bookedOn: string | null;
  /** Positive: money in. Null when the amount could not be read. */
  amountMinor: number | null;
  /** ISO 4217 when the statement says it. */
  currency: string | null;
  /** The remittance text and references, where the payment reference is looked for. */
  text: string;
}

export interface ReadStatement {
  format: 'camt053' | 'csv';
  lines: StatementLine[];
}

/** A file that is not a statement this site reads: answered 400 with `message`. */
export class UnreadableStatement extends Error {}

/**
 * Keys for lines without a bank reference: the same date, amount and text twice in one file are two
 * transfers (two colleagues paying the same booking's amount), told apart by their occurrence.
 */
export function contentKeys(): (parts: (string | number | null)[]) => string {
  const seen = new Map<string, number>();
  return (parts) => {
    const content = JSON.stringify(parts);
    const occurrence = (seen.get(content) ?? 0) + 1;
    seen.set(content, occurrence);
    return `line:${createHash('sha256').update(`${content}#${occurrence}`).digest('hex')}`;
  };
}

/**
 * An amount as banks write it, into minor units of a currency with `digits` decimals: '1.234,56',
 * '1,234.56', '39,66', '39.66', '-12.00', '+5', '1 234,56'. The last '.' or ',' followed by 1 to
 * `digits` digits is the decimal mark; other marks group thousands. Null when it is not an amount.
 */
export function parseAmountMinor(text: string, digits = 2): number | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  const match = /^([+-]?)(\d[\d.,]*)$/.exec(compact);
  if (match === null) return null;
  const [, sign, body = ''] = match;
  const decimal = new RegExp(`^(.*)[.,](\\d{1,${Math.max(digits, 1)}})$`).exec(body);
  const whole = (decimal === null ? body : (decimal[1] ?? '')).replace(/[.,]/g, '');
  const fraction = decimal === null ? '' : (decimal[2] ?? '');
  if (!/^\d+$/.test(whole)) return null;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' ? -minor : minor;
}

/** A day as statements write it: YYYY-MM-DD (or an ISO date-time), DD.MM.YYYY, DD/MM/YYYY, YYYYMMDD. Null otherwise. */
export function parseStatementDate(text: string): string | null {
  const value = text.trim();
  let parts: [string, string, string] | null = null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(value);
  const european = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (iso !== null) parts = [iso[1] ?? '', iso[2] ?? '', iso[3] ?? ''];
  else if (european !== null) parts = [european[3] ?? '', (european[2] ?? '').padStart(2, '0'), (european[1] ?? '').padStart(2, '0')];
  else if (compact !== null) parts = [compact[1] ?? '', compact[2] ?? '', compact[3] ?? ''];
  if (parts === null) return null;
  const day = parts.join('-');
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day ? day : null;
}
