// The Payments screen's rows: the paid bookings (payment_status not null) with their session, event,
// invoice, credit note and latest payment. Every filter reads an index (migration
// 2026-11-29_120_payments_list): every status bookings_paid_created_idx, one status
// bookings_payment_list_idx, the invoice dates invoices_issue_date_idx, the search the
// full-text indexes of names and companies and the unique reference and invoice number. The page's
// ids are read first, then only those rows are joined (one query, no query per row).
import type { Expression, SqlBool } from 'kysely';
import type { DB } from '@db/database';
import { BILLING_TEXT, BOOKINGS_TEXT, findIndexedText } from '@db/text-search';
import type { BookingRow } from '@db/schema';
import type { Page } from '@server/shared/common.schemas';
import type { PaymentListFilter, PaymentListItem } from './payments-list.schemas';
import type { PaymentRowStatus } from './payment-list-statuses.schemas';
import { normalisePaymentReference } from './payments.schemas';

export interface PaymentListQuery extends PaymentListFilter {
  page: number;
  pageSize: number;
  /** Now (ISO): the deadline 'overdue' is measured against. */
  now: string;
}

/** An invoice or credit note of the accountant's export, with its booking's state (null once the booking is deleted). */
export interface PaymentDocument {
  id: string;
  kind: 'invoice' | 'credit-note';
  number: string;
  issueDate: string;
  dueDate: string | null;
  paymentReference: string | null;
  currency: string;
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
  /** The buyer as printed (JSON, the invoice's own copy). */
  buyer: string;
  booking: Pick<BookingRow, 'status' | 'paymentStatus' | 'paymentDueAt'> | null;
  /** The day the booking's latest payment (money in) arrived. */
  paidOn: string | null;
}

/** Bookings that hold a seat: the only ones whose awaited money is owed. */
const HOLDING_SEAT = ['pending', 'confirmed'] as const;

/** The status a row shows, from its booking's state and the time now. */
export function paymentRowStatus(booking: Pick<BookingRow, 'status' | 'paymentStatus' | 'paymentDueAt'>, now: string): PaymentRowStatus {
  if (booking.paymentStatus !== 'awaiting') return booking.paymentStatus ?? 'awaiting';
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.status === 'waitlisted') return 'waitlisted';
  return booking.paymentDueAt !== null && booking.paymentDueAt <= now ? 'overdue' : 'awaiting';
}

/** The filtered paid bookings, before their order and page. */
async function filteredPaidBookings(db: DB, query: PaymentListQuery) {
  let filtered = db.selectFrom('bookings');
  switch (query.status) {
    case 'all':
      filtered = filtered.where('bookings.paymentStatus', 'is not', null);
      break;
    case 'awaiting':
      filtered = filtered
        .where('bookings.paymentStatus', '=', 'awaiting')
        .where('bookings.status', 'in', HOLDING_SEAT)
        .where((eb) => eb.or([eb('bookings.paymentDueAt', 'is', null), eb('bookings.paymentDueAt', '>', query.now)]));
      break;
    case 'overdue':
      filtered = filtered.where('bookings.paymentStatus', '=', 'awaiting').where('bookings.status', 'in', HOLDING_SEAT).where('bookings.paymentDueAt', '<=', query.now);
      break;
    default:
      filtered = filtered.where('bookings.paymentStatus', '=', query.status);
  }
  if (query.from !== undefined || query.to !== undefined) {
    let invoiced = db.selectFrom('invoices').select('invoices.bookingId').where('invoices.kind', '=', 'invoice');
    if (query.from !== undefined) invoiced = invoiced.where('invoices.issueDate', '>=', query.from);
    if (query.to !== undefined) invoiced = invoiced.where('invoices.issueDate', '<=', query.to);
    filtered = filtered.where('bookings.id', 'in', invoiced);
  }
  if (query.search !== undefined) {
    const search = query.search;
    const people = await findIndexedText(db, BOOKINGS_TEXT, search);
    const companies = await findIndexedText(db, BILLING_TEXT, search);
    // A reference or an invoice number as typed or read aloud: 'rf18 5390 0754 7034', 'inv-2026-00042'.
    const compact = normalisePaymentReference(search);
    filtered = filtered.where((eb) => {
      const sources: Expression<SqlBool>[] = [
        eb('bookings.paymentReference', '=', compact),
        eb('bookings.id', 'in', db.selectFrom('invoices').select('invoices.bookingId').where('invoices.number', 'in', [search, compact])),
      ];
      if (!people.none) sources.push(people.where);
      if (!companies.none) sources.push(companies.where);
      return eb.or(sources);
    });
  }
  return filtered;
}

export async function listPaidBookings(db: DB, query: PaymentListQuery): Promise<Page<PaymentListItem>> {
  const filtered = await filteredPaidBookings(db, query);
  const pageIds = filtered
    .select('bookings.id')
    .orderBy('bookings.createdAt', 'desc')
    .orderBy('bookings.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('bookings')
      .where('bookings.id', 'in', pageIds)
      .innerJoin('timeSlots', 'timeSlots.id', 'bookings.timeSlotId')
      .innerJoin('eventSessions', 'eventSessions.id', 'bookings.sessionId')
      .innerJoin('events', 'events.id', 'bookings.eventId')
      .leftJoin('invoices as invoice', (join) => join.onRef('invoice.bookingId', '=', 'bookings.id').on('invoice.kind', '=', 'invoice'))
      .leftJoin('invoices as creditNote', (join) => join.onRef('creditNote.creditedInvoiceId', '=', 'invoice.id'))
      .select((eb) => [
        'bookings.id',
        'bookings.status',
        'bookings.paymentStatus',
        'bookings.paymentDueAt',
        'bookings.paymentReference',
        'bookings.participantName',
        'bookings.participantEmail',
        'bookings.billingCompany',
        'bookings.chargeNetMinor',
        'bookings.chargeTaxMinor',
        'bookings.chargeGrossMinor',
        'bookings.chargeCurrency',
        'events.title as eventTitle',
        'eventSessions.title as sessionTitle',
        'timeSlots.startTime as slotStartTime',
        'invoice.number as invoiceNumber',
        'invoice.issueDate as invoiceDate',
        'creditNote.number as creditNoteNumber',
        // The latest payment's day, through payments_booking_idx (booking_id, created_at); money in
        // only (a refund sent back is recorded as a payment of a negative amount).
        eb
          .selectFrom('payments')
          .select('payments.paidOn')
          .whereRef('payments.bookingId', '=', 'bookings.id')
          .where('payments.amountMinor', '>', 0)
          .orderBy('payments.createdAt', 'desc')
          .limit(1)
          .as('paidOn'),
      ])
      .orderBy('bookings.createdAt', 'desc')
      .orderBy('bookings.id', 'desc')
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map((row) => ({
    bookingId: row.id,
    participantName: row.participantName,
    participantEmail: row.participantEmail,
    billingCompany: row.billingCompany,
    eventTitle: row.eventTitle,
    sessionTitle: row.sessionTitle,
    slotStartTime: row.slotStartTime,
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    creditNoteNumber: row.creditNoteNumber,
    netMinor: row.chargeNetMinor ?? 0,
    taxMinor: row.chargeTaxMinor ?? 0,
    grossMinor: row.chargeGrossMinor ?? 0,
    currency: row.chargeCurrency ?? '',
    reference: row.paymentReference,
    dueAt: row.paymentDueAt,
    paidOn: row.paidOn,
    status: paymentRowStatus(row, query.now),
  }));
  return { items, total: Number(count.total) };
}

/**
 * The invoices and credit notes of the accountant's export, in the order they were issued: each
 * document whose own date is in from/to (a credit note in March for a February invoice is March's),
 * of the bookings the status and search match. With neither, every document, those of deleted
 * bookings too (an invoice outlives its booking).
 */
export async function listPaymentDocuments(db: DB, query: PaymentListQuery): Promise<PaymentDocument[]> {
  let documents = db
    .selectFrom('invoices')
    .leftJoin('bookings', 'bookings.id', 'invoices.bookingId')
    .where('invoices.kind', 'in', ['invoice', 'credit-note']);
  if (query.from !== undefined) documents = documents.where('invoices.issueDate', '>=', query.from);
  if (query.to !== undefined) documents = documents.where('invoices.issueDate', '<=', query.to);
  if (query.status !== 'all' || query.search !== undefined) {
    const bookings = await filteredPaidBookings(db, { ...query, from: undefined, to: undefined });
    documents = documents.where('invoices.bookingId', 'in', bookings.select('bookings.id'));
  }
  const rows = await documents
    .select((eb) => [
      'invoices.id',
      'invoices.kind',
      'invoices.number',
      'invoices.issueDate',
      'invoices.dueDate',
      'invoices.paymentReference',
      'invoices.currency',
      'invoices.netMinor',
      'invoices.taxMinor',
      'invoices.grossMinor',
      'invoices.buyer',
      'bookings.status',
      'bookings.paymentStatus',
      'bookings.paymentDueAt',
      eb
        .selectFrom('payments')
        .select('payments.paidOn')
        .whereRef('payments.bookingId', '=', 'invoices.bookingId')
        .where('payments.amountMinor', '>', 0)
        .orderBy('payments.createdAt', 'desc')
        .limit(1)
        .as('paidOn'),
    ])
    .orderBy('invoices.issueDate')
    .orderBy('invoices.issuedAt')
    .orderBy('invoices.kind', 'desc')
    .orderBy('invoices.sequence')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return rows.map(({ status, paymentStatus, paymentDueAt, ...row }) => ({
    ...row,
    booking: status === null ? null : { status, paymentStatus, paymentDueAt },
  }));
}
