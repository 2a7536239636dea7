// Payment references: what a bank transfer for a booking must carry, as an ISO 11649 creditor
// reference ('RF' + two check digits + the reference itself), which European banks' forms accept
// and check. The reference is numeric (9 digits): ISO 7064 mod 97-10 over digits catches every
// single wrong digit and every swap of two neighbours, and a letter typed anywhere but in 'RF'
// breaks the shape, so a typo never reads as another booking's reference. Pure.
import { randomInt } from 'node:crypto';
import { normalisePaymentReference } from './payments.schemas';

const BODY_DIGITS = 9;
const SHAPE = /^RF(\d{2})(\d{1,21})$/;

/** Letters as ISO 7064 reads them (A = 10 ... Z = 35), digits as they are. */
function asDigits(text: string): string {
  return [...text].map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55))).join('');
}

/** The remainder mod 97 of a long decimal string, a few digits at a time (no bigints needed). */
function mod97(digits: string): number {
  let remainder = 0;
  for (let start = 0; start < digits.length; start += 7) remainder = Number(`${remainder}${digits.slice(start, start + 7)}`) % 97;
  return remainder;
}

/** The creditor reference of `body` (digits): 'RF' + its check digits + body. */
export function creditorReference(body: string): string {
  const check = 98 - mod97(asDigits(`${body}RF00`));
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** A new reference: 9 random digits with their check digits ('RF71 2345 6789 0' once grouped). */
export function newPaymentReference(): string {
  const body = Array.from({ length: BODY_DIGITS }, () => String(randomInt(10))).join('');
  return creditorReference(body);
}

/** Whether `typed` is a well-formed creditor reference whose check digits agree. */
export function isValidPaymentReference(typed: string): boolean {
  const reference = normalisePaymentReference(typed);
  const match = SHAPE.exec(reference);
  if (match === null) return false;
  return mod97(asDigits(`${reference.slice(4)}${reference.slice(0, 4)}`)) === 1;
}
