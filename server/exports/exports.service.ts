// The CSV exports of the staff lists (bookings, contacts, consultations), with the same filters as
// their list procedures. Rows are read page by page through the lists' own reads and streamed, so a
// 100,000-row export never sits in memory at once; who took which, and with which filter, is in the
// audit log before a byte leaves.
import type { z } from 'zod';
import type { ServiceContext } from '@server/core/service-context';
import { InvalidInputError } from '@server/core/errors';
import { messageOfText } from '@server/shared/i18n/schema-messages';
import type { BookingListItem } from '@server/bookings/bookings.repository';
import { listBookingAnswers, listQuestionsOfEvents } from '@server/registration-questions/registration-questions.repository';
import { type ContactDto, listContacts } from '@server/contacts/contacts.repository';
import { BOOKING_STATUS_LABELS, bookingExportInput, bookingViewStatus } from '@server/bookings/bookings.schemas';
import type { Page } from '@server/shared/common.schemas';
import { CONTACT_STATUS_LABELS, contactListInput } from '@server/contacts/contacts.schemas';
import { listStaffBookings } from '@server/bookings/booking-list.service';
import type { AuditEntity } from '@server/audit/audit.schemas';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { type ConsultationListItem, listConsultations } from '@server/consultations/consultations.repository';
import { consultationListInput } from '@server/consultations/consultations.schemas';

/** Rows fetched per query: big enough to keep the query count low, small enough to stream. */
export const EXPORT_PAGE_SIZE = 500;

export type ExportKind = 'bookings' | 'contacts' | 'consultations';

/** A staff member's export: signed in, any role (like the list procedures the exports mirror). */
export type ExportContext = ServiceContext & { user: NonNullable<ServiceContext['user']> };

// ---- CSV (RFC 4180) ----

/** Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;

/**
 * One field: a leading apostrophe defuses a formula; then fields with a comma, quote or line
 * break are quoted, with their quotes doubled.
 */
export function csvField(value: string | null | undefined): string {
  let text = value ?? '';
  // A plain negative amount ('-39.66', a credit note) stays a number for the spreadsheet.
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(fields: readonly (string | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** Stored times are UTC ISO already; normalising guards against any other stored form. */
function utc(iso: string | null): string {
  if (iso === null) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time).toISOString();
}

// ---- what each export writes ----

/** What an export writes: its filter, header, rows read a page at a time, and how each is written. */
export interface ExportSpec<TFilter, TItem extends { id: string }> {
  name: string;
  /** The kind of record in the audit log. */
  entity: AuditEntity;
  filter: z.ZodType<TFilter>;
  header: readonly string[];
  list: (deps: ServiceContext, filter: TFilter, page: number) => Promise<Page<TItem>>;
  row: (item: TItem) => readonly (string | null)[];
  /** Columns that depend on the data (one per registration question), after the fixed ones. */
  extraColumns?: (deps: ServiceContext, filter: TFilter) => Promise<ExtraColumns<TItem>>;
}

interface ExtraColumns<TItem> {
  header: readonly string[];
  /** Reads what a page of rows needs at once (no query per row) and answers each row's cells. */
  valuesOf: (items: readonly TItem[]) => Promise<(item: TItem) => readonly (string | null)[]>;
}

/**
 * One column per registration question of the events exported (the filter's event, else every
 * event with questions), headed by the question, or by the event and the question when there are
 * several events. A changed question keeps its column; answers to a deleted one are left out here
 * (the booking's detail still shows them, as they were asked).
 */
async function answerColumns(deps: ServiceContext, filter: { eventId?: string | undefined }): Promise<ExtraColumns<BookingListItem>> {
  const questions = await listQuestionsOfEvents(deps.db, filter.eventId === undefined ? undefined : [filter.eventId]);
  const severalEvents = new Set(questions.map((question) => question.eventId)).size > 1;
  return {
    header: questions.map((question) => (severalEvents ? `${question.eventTitle}: ${question.label}` : question.label)),
    valuesOf: async (items) => {
      if (questions.length === 0) return () => [];
      const answers = await listBookingAnswers(deps.db, items.map((item) => item.id));
      return (item) => {
        const given = answers.get(item.id) ?? [];
        return questions.map((question) => given.find((answer) => answer.questionId === question.id)?.value ?? '');
      };
    },
  };
}

// The list inputs without paging: the export always reads everything the filter matches.
const bookingExportFilter = bookingExportInput;
const contactExportFilter = contactListInput.omit({ page: true, pageSize: true });

const bookingsExport: ExportSpec<z.output<typeof bookingExportFilter>, BookingListItem> = {
  name: 'bookings',
  entity: 'booking',
  filter: bookingExportFilter,
  header: [
    'Booking ID',
    'Status',
    'Participant Name',
    'Participant Email',
    'Participant Phone',
    'Event ID',
    'Event',
    'Session ID',
    'Session',
    'Time Slot ID',
    'Slot Start (UTC)',
    'Slot End (UTC)',
    'Booking Date (UTC)',
    'Created At (UTC)',
    // A waitlisted booking offered a freed seat until then (empty: none).
    'Offered Until (UTC)',
    'Attendance',
    // The partner site whose booking widget it was made in (empty: made on this site).
    'Partner',
  ],
  list: (deps, filter, page) => listStaffBookings(deps, { ...filter, page, pageSize: EXPORT_PAGE_SIZE }),
  extraColumns: answerColumns,
  row: (booking) => [
    booking.id,
    BOOKING_STATUS_LABELS[bookingViewStatus(booking)],
    booking.participantName,
    booking.participantEmail,
    booking.participantPhone,
    booking.eventId,
    booking.eventTitle,
    booking.sessionId,
    booking.sessionTitle,
    booking.timeSlotId,
    utc(booking.slotStartTime),
    utc(booking.slotEndTime),
    utc(booking.bookingDate),
    utc(booking.createdAt),
    booking.status === 'waitlisted' ? utc(booking.offerExpiresAt) : '',
    booking.attendance === 'attended' ? 'Attended' : booking.attendance === 'no-show' ? 'No-show' : '',
    booking.partner ?? '',
  ],
};

const contactsExport: ExportSpec<z.output<typeof contactExportFilter>, ContactDto> = {
  name: 'contacts',
  entity: 'contact',
  filter: contactExportFilter,
  header: ['Contact ID', 'Name', 'Email', 'Company', 'Message', 'Status', 'Notes', 'Created At (UTC)', 'Updated At (UTC)'],
  list: (deps, filter, page) => listContacts(deps.db, { ...filter, page, pageSize: EXPORT_PAGE_SIZE }),
  row: (contact) => [
    contact.id,
    contact.name,
    contact.email,
    contact.company,
    contact.message,
    CONTACT_STATUS_LABELS[contact.status],
    contact.notes,
    utc(contact.createdAt),
    utc(contact.updatedAt),
  ],
};

// Consultations: the list's filters; without a consultant, everyone's (the screen always sends one).
const consultationExportFilter = consultationListInput.omit({ page: true, pageSize: true });

const consultationsExport: ExportSpec<z.output<typeof consultationExportFilter>, ConsultationListItem> = {
  name: 'consultations',
  entity: 'consultation',
  filter: consultationExportFilter,
  header: ['Consultation ID', 'Status', 'Type', 'Consultant', 'Start (UTC)', 'End (UTC)', 'Visitor Name', 'Visitor Email', 'Visitor Phone', 'Company', 'Message', 'Created At (UTC)', 'Partner'],
  list: (deps, filter, page) =>
    listConsultations(
      deps.db,
      { ...filter, consultantId: filter.consultantId === 'all' ? undefined : filter.consultantId, now: new Date().toISOString() },
      { limit: EXPORT_PAGE_SIZE, offset: (page - 1) * EXPORT_PAGE_SIZE },
    ),
  row: (item) => [
    item.id,
    item.status === 'booked' ? 'Booked' : 'Cancelled',
    item.typeTitle,
    item.consultantName,
    utc(item.startsAt),
    utc(item.endsAt),
    item.visitorName,
    item.visitorEmail,
    item.visitorPhone,
    item.visitorCompany,
    item.message,
    utc(item.createdAt),
    // The partner site whose booking widget it was booked in (empty: booked on this site).
    item.partner,
  ],
};

/**
 * The CSV text, one chunk a page. Paging is by offset, so a row added while the export runs can
 * push an already written row onto the next page: ids already written are skipped.
 */
async function* csvLines<TFilter, TItem extends { id: string }>(
  deps: ServiceContext,
  spec: ExportSpec<TFilter, TItem>,
  filter: TFilter,
): AsyncGenerator<string> {
  // A byte-order mark, so that spreadsheet programs read the file as UTF-8 (names with accents).
  const extra = spec.extraColumns === undefined ? undefined : await spec.extraColumns(deps, filter);
  yield `\uFEFF${csvRow([...spec.header, ...(extra?.header ?? [])])}`;
  const written = new Set<string>();
  for (let page = 1; ; page += 1) {
    const { items } = await spec.list(deps, filter, page);
    const extraCells = extra === undefined ? () => [] : await extra.valuesOf(items);
    let chunk = '';
    for (const item of items) {
      if (written.has(item.id)) continue;
      written.add(item.id);
      chunk += csvRow([...spec.row(item), ...extraCells(item)]);
    }
    if (chunk !== '') yield chunk;
    if (items.length < EXPORT_PAGE_SIZE) return;
  }
}

/** The filter an export was made with, for its audit row: ' (status=confirmed, from=2026-12-01)', or '' for everything. */
function describeFilter(filter: unknown): string {
  const parts = Object.entries(filter as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null && value !== '' && value !== 'all')
    // Rows chosen one by one are counted, not listed: the ids say nothing to a reader of the log.
    .map(([key, value]) => (Array.isArray(value) ? `${key}=${value.length} chosen` : `${key}=${String(value)}`));
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

/**
 * Starts an export: the filter checked (a bad one is refused with its message, and nothing is
 * recorded), the audit row written, then the file's text as it is read.
 */
export function openCsvExport(ctx: ExportContext, input: { kind: ExportKind; query: unknown }): Promise<OpenedExport> {
  switch (input.kind) {
    case 'bookings':
      return openExport(ctx, bookingsExport, input.query);
    case 'contacts':
      return openExport(ctx, contactsExport, input.query);
    case 'consultations':
      return openExport(ctx, consultationsExport, input.query);
  }
}

interface OpenedExport {
  name: string;
  lines: AsyncGenerator<string>;
}

/** Starts the export `spec` describes (the three lists' above, or another domain's: the payments'). */
export async function openExport<TFilter, TItem extends { id: string }>(ctx: ExportContext, spec: ExportSpec<TFilter, TItem>, query: unknown): Promise<OpenedExport> {
  const filter = spec.filter.safeParse(query);
  if (!filter.success) {
    // The filter's own message when its schema says one (a reversed date range), else a plain refusal.
    const first = filter.error.issues[0];
    throw new InvalidInputError((first === undefined ? null : messageOfText(first.message)) ?? 'api.exports.badFilter');
  }
  await recordAudit(ctx.db, actorOf(ctx), {
    action: 'export',
    entity: spec.entity,
    entityId: null,
    summary: `CSV export of ${spec.name}${describeFilter(filter.data)}`,
  });
  return { name: spec.name, lines: csvLines(ctx, spec, filter.data) };
}
