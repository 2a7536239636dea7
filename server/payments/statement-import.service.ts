// Bank statement import: a CAMT.053 or CSV statement uploaded by staff pays every awaiting booking
// one of its lines settles, exactly as marking it paid by hand would (recordPayment), and answers the
// lines a person must look at with the reason. A line settles a booking when its text carries the
// booking's payment reference (anywhere, spaces and case ignored, its check digits valid) and its
// amount is the booking's total. Each line is its own transaction, and a line that paid a booking
// keeps its identity on the payment (unique): the same statement uploaded twice, or by two people at
// once, pays nothing twice.
import { replaySafe } from '@db/group-commit';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { ConflictError } from '@server/core/errors';
import type { ServiceContext } from '@server/core/service-context';
import { findBookingForUpdate } from '@server/bookings/bookings.repository';
import { inBookingTransaction, type BookingTransaction } from '@server/bookings/bookings.service';
import { formatMoney } from '@server/shared/money';
import { readCamt053 } from './camt053';
import { isValidPaymentReference } from './payment-reference';
import type { StatementImportResult, UnmatchedReason } from './payments.schemas';
import { findBookingIdByReference, hasStatementLine } from './payments.repository';
import { paymentRefusal, recordPayment } from './payments.service';
import { readStatementCsv } from './statement-csv';
import type { ReadStatement, StatementLine } from './statement-lines';

export { UnreadableStatement } from './statement-lines';

/** Our references are 'RF' + 2 check digits + 9 digits; a shorter run is a reference with a digit lost. */
const REFERENCE_LENGTH = 13;
const CANDIDATE = /RF\d{2}\d{5,19}/g;

/** The references a payer's text holds: well-formed ones (check digits valid) and ones that look like a typo. */
export function referencesIn(text: string): { valid: string[]; invalid: string[] } {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const [match] of compact.matchAll(CANDIDATE)) {
    // Digits right after the reference (an invoice number typed next to it) are not part of it.
    const reference = match.slice(0, REFERENCE_LENGTH);
    (match.length >= REFERENCE_LENGTH && isValidPaymentReference(reference) ? valid : invalid).push(reference);
  }
  return { valid, invalid };
}

/** A statement in either format: XML is read as CAMT.053, anything else as CSV. */
export function readStatement(content: string): ReadStatement {
  const xml = content.replace(/^\uFEFF/, '').trimStart().startsWith('<');
  return xml ? { format: 'camt053', lines: readCamt053(content) } : { format: 'csv', lines: readStatementCsv(content) };
}

type LineOutcome = { kind: 'paid'; bookingId: string } | { kind: 'already-imported' } | { kind: 'unmatched'; reason: UnmatchedReason; bookingId: string | null };

/** A racing upload recorded the same line first: the unique identity refused ours. */
function isDuplicateLine(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  if (error.code === '23505') return 'constraint' in error && error.constraint === 'payments_statement_line_idx';
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('payments.statement_line_key');
}

async function settleLine(deps: Pick<ServiceContext, 'db' | 'config' | 'user' | 'ip'>, line: StatementLine, reference: string, bookedOn: string, amountMinor: number): Promise<LineOutcome> {
  const actor = actorOf(deps);
  const body = replaySafe(async (trx: BookingTransaction): Promise<LineOutcome> => {
    const bookingId = await findBookingIdByReference(trx, reference);
    if (bookingId === undefined) return { kind: 'unmatched', reason: 'unknown-reference', bookingId: null };
    const booking = await findBookingForUpdate(trx, bookingId);
    // Read once the booking is locked: an upload of the same statement racing this one has then
    // committed its payment for this line (PostgreSQL), and this line is a repeat, not a refusal.
    if (await hasStatementLine(trx, line.key)) return { kind: 'already-imported' };
    const currencyDiffers = line.currency !== null && booking?.chargeCurrency !== line.currency;
    const refusal = currencyDiffers ? 'amount-mismatch' : paymentRefusal(booking, amountMinor);
    if (refusal !== null || booking === undefined) return { kind: 'unmatched', reason: refusal === 'not-found' || refusal === null ? 'unknown-reference' : refusal, bookingId };
    const payment = await recordPayment(trx, deps.config.publicOrigin, booking, { amountMinor, paidOn: bookedOn, source: 'statement', statementLineKey: line.key, recordedBy: actor.name });
    const confirmed = booking.status === 'confirmed' ? '' : '; status: pending → confirmed';
    const amount = formatMoney(payment.amountMinor, payment.currency, 'en');
    await recordAudit(trx, actor, { action: 'status', entity: 'booking', entityId: booking.id, summary: `payment: awaiting → paid (${amount} received on ${bookedOn}, bank statement)${confirmed}` });
    return { kind: 'paid', bookingId: booking.id };
  });
  try {
    return await inBookingTransaction(deps.db, body);
  } catch (error) {
    if (isDuplicateLine(error)) return { kind: 'already-imported' };
    // Paid by another line or by hand between our read and our write.
    if (error instanceof ConflictError) return { kind: 'unmatched', reason: 'already-paid', bookingId: null };
    throw error;
  }
}

/** What one line comes to: outgoing money is skipped, the rest settled or left for a person. */
async function importLine(deps: Pick<ServiceContext, 'db' | 'config' | 'user' | 'ip'>, line: StatementLine): Promise<LineOutcome | 'outgoing'> {
  if (line.amountMinor !== null && line.amountMinor <= 0) return 'outgoing';
  const { valid, invalid } = referencesIn(line.text);
  if (line.amountMinor === null || line.bookedOn === null) return { kind: 'unmatched', reason: 'unreadable', bookingId: null };
  if (valid.length === 0) return { kind: 'unmatched', reason: invalid.length > 0 ? 'invalid-reference' : 'no-reference', bookingId: null };
  // Several references: the first one that is a booking's.
  let outcome: LineOutcome = { kind: 'unmatched', reason: 'unknown-reference', bookingId: null };
  for (const reference of valid) {
    outcome = await settleLine(deps, line, reference, line.bookedOn, line.amountMinor);
    if (outcome.kind !== 'unmatched' || outcome.reason !== 'unknown-reference') return outcome;
  }
  return outcome;
}

/** Reads `content` (throws UnreadableStatement when it is neither format) and settles its lines in order. */
export async function importStatement(deps: Pick<ServiceContext, 'db' | 'config' | 'publicReads' | 'user' | 'ip'>, { content }: { content: string }): Promise<StatementImportResult> {
  const statement = readStatement(content);
  const result: StatementImportResult = { format: statement.format, lines: statement.lines.length, paid: [], alreadyImported: 0, outgoing: 0, unmatched: [] };
  for (const line of statement.lines) {
    const outcome = await importLine(deps, line);
    if (outcome === 'outgoing') {
      result.outgoing += 1;
      continue;
    }
    if (outcome.kind === 'already-imported') {
      result.alreadyImported += 1;
      continue;
    }
    const { valid, invalid } = referencesIn(line.text);
    const shown = {
      position: line.position,
      bookedOn: line.bookedOn,
      amountMinor: line.amountMinor,
      currency: line.currency,
      reference: valid[0] ?? invalid[0] ?? null,
      text: line.text.slice(0, 280),
    };
    if (outcome.kind === 'paid') result.paid.push({ ...shown, bookingId: outcome.bookingId });
    else result.unmatched.push({ ...shown, bookingId: outcome.bookingId, reason: outcome.reason });
  }
  if (result.paid.length > 0) deps.publicReads.invalidate(['slots'], { pages: 'revalidate' });
  return result;
}
