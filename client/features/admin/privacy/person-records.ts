// How the Privacy screen names and describes the kinds of record "Find a person" answers with
// (the kinds of server/privacy/person-records.repository.ts): a heading, singular and plural words for
// counts, and one line per record.
import type { DateFormatter } from '@server/shared/format-date';

interface KindWords {
  title: string;
  one: string;
  many: string;
}

const KINDS: Record<string, KindWords> = {
  bookings: { title: 'Bookings', one: 'booking', many: 'bookings' },
  bookingAnswers: { title: 'Booking answers', one: 'booking answer', many: 'booking answers' },
  invoices: { title: 'Invoices and credit notes (kept)', one: 'invoice or credit note', many: 'invoices and credit notes' },
  consultations: { title: 'Consultations', one: 'consultation', many: 'consultations' },
  contactMessages: { title: 'Contact messages', one: 'contact message', many: 'contact messages' },
  outboxMessages: { title: 'Outbox messages', one: 'outbox message', many: 'outbox messages' },
  webhookDeliveries: { title: 'Webhook deliveries', one: 'webhook delivery', many: 'webhook deliveries' },
  auditMentions: { title: 'Audit mentions', one: 'audit mention', many: 'audit mentions' },
  signInCounters: { title: 'Sign-in counters', one: 'sign-in counter', many: 'sign-in counters' },
};

function wordsOf(kind: string): KindWords {
  return KINDS[kind] ?? { title: kind, one: kind, many: kind };
}

export function kindTitle(kind: string): string {
  return wordsOf(kind).title;
}

/** "1 booking", "3 outbox messages". */
export function countOf(kind: string, count: number): string {
  const words = wordsOf(kind);
  return `${count} ${count === 1 ? words.one : words.many}`;
}

/** "1 booking, 2 contact messages and 1 audit mention"; kinds with none are left out. */
export function countsText(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => countOf(kind, count));
  if (parts.length === 0) return 'no records';
  return parts.length === 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

function field(record: unknown, name: string): string {
  if (typeof record !== 'object' || record === null) return '';
  const value = (record as Record<string, unknown>)[name];
  return value === null || value === undefined ? '' : String(value);
}

/** One line that tells a record apart, in the site's time zone. */
export function describeRecord(kind: string, record: unknown, timeZone: string, dates: DateFormatter): string {
  const when = (name: string) => {
    const iso = field(record, name);
    return iso === '' ? '' : dates.dateTime(iso, timeZone);
  };
  switch (kind) {
    case 'bookings':
      return `${field(record, 'participantName')}, ${field(record, 'status')}, booked ${when('createdAt')}`;
    case 'bookingAnswers':
      return `${field(record, 'label')}: ${field(record, 'value')}`;
    case 'invoices':
      return `${field(record, 'kind') === 'credit-note' ? 'Credit note' : 'Invoice'} ${field(record, 'number')}, ${field(record, 'issueDate')}`;
    case 'consultations':
      return `${field(record, 'visitorName')}, ${field(record, 'status')}, ${when('startsAt')}`;
    case 'contactMessages':
      return `${field(record, 'name')}, ${field(record, 'status')}, sent ${when('createdAt')}`;
    case 'outboxMessages':
      return `${field(record, 'subject')} (${field(record, 'status')})`;
    case 'webhookDeliveries':
      return `${field(record, 'eventType')} (${field(record, 'status')}), ${when('createdAt')}`;
    case 'auditMentions':
      return `${when('createdAt')}: ${field(record, 'summary')}`;
    default:
      return field(record, 'key') || JSON.stringify(record);
  }
}
