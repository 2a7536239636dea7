// Where a person's data lives: every kind of record that holds an e-mail address, each with how to
// find it and how to erase it. PERSON_SOURCES is the one list (server/privacy/person.service.ts
// finds, exports and erases through it): a new kind is one entry.
//
// An address is matched whole (address-mentions.ts): looking up anna@acme.co finds nothing of
// anna@acme.com. The person's own records (bookings, consultations, contact messages, delegates)
// are read first (findPersonRecords); the messages about a booking and the audit rows about any of
// those records are found through them, so a notice or an audit row that names the person without
// their address ("Paula Private, confirmed") is theirs too.
import { invoicePdfPath } from '@server/invoices/invoices.schemas';
import type { ExpressionBuilder } from 'kysely';
import { likeIgnoringCase } from '@db/dialect';
import type { DB } from '@db/database';
import { isPostgres } from '@db/postgres';
import type { AuditLogRow, Database } from '@db/schema';
import { likePattern } from '@db/text-search';
import { mentionsAddress, replaceAddress } from './address-mentions';
import type { FormerPerson } from './retention.repository';

/** What erased personal text becomes: counts and statistics keep the rows. */
export const ERASED = '[erased]';

/** The person's own records, by kind, as they were before the erasure: ids, names and phones. */
export interface PersonRecords {
  email: string;
  bookings: FormerPerson[];
  consultations: FormerPerson[];
  contacts: FormerPerson[];
  delegates: FormerPerson[];
}

/** The audit log's entity of each kind of the person's records. */
const AUDIT_ENTITIES = { bookings: 'booking', consultations: 'consultation', contacts: 'contact', delegates: 'delegate' } as const;

export async function findPersonRecords(db: DB, email: string): Promise<PersonRecords> {
  const [bookings, consultations, contacts, delegates] = await Promise.all([
    db.selectFrom('bookings').select(['id', 'participantName as name', 'participantEmail as email', 'participantPhone as phone']).where('participantEmail', '=', email).execute(),
    db.selectFrom('consultations').select(['id', 'visitorName as name', 'visitorEmail as email', 'visitorPhone as phone']).where('visitorEmail', '=', email).execute(),
    db.selectFrom('contactForms').select(['id', 'name', 'email']).where('email', '=', email).execute(),
    db.selectFrom('delegates').select(['id', 'name', 'email', 'phone']).where((eb) => eb(eb.fn('lower', ['email']), '=', email)).execute(),
  ]);
  return { email, bookings, consultations, contacts: contacts.map((contact) => ({ ...contact, phone: null })), delegates };
}

/** Webhook deliveries about the person's bookings, consultations and contact messages. */
function webhookDeliveriesOf(db: DB, person: PersonRecords) {
  const subjects = [
    ...idsOf(person.bookings).map((id) => `booking:${id}`),
    ...idsOf(person.consultations).map((id) => `consultation:${id}`),
    ...idsOf(person.contacts).map((id) => `contact:${id}`),
  ];
  if (subjects.length === 0) return Promise.resolve([]);
  return db.selectFrom('webhookDeliveries').select(['id', 'eventType', 'status', 'createdAt']).where('subject', 'in', subjects).execute();
}

interface PersonSource {
  /** The key of this kind of record in the export. */
  kind: string;
  find(db: DB, person: PersonRecords): Promise<unknown[]>;
  /** Anonymises or deletes the records; answers how many. */
  erase(db: DB, person: PersonRecords): Promise<number>;
}

const idsOf = (records: readonly FormerPerson[]) => records.map((record) => record.id);

/** A stored JSON column as its value (the export is JSON), or its text if it does not parse. */
function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Messages to the person, about their bookings, or whose text holds their address (staff notices). */
async function outboxMessagesOf(db: DB, person: PersonRecords) {
  const { email } = person;
  const bookingIds = idsOf(person.bookings);
  const rows = await db
    .selectFrom('emailOutbox')
    .select(['id', 'kind', 'toAddress', 'subject', 'textBody', 'htmlBody', 'bookingId', 'status', 'createdAt', 'sentAt'])
    .where((eb: ExpressionBuilder<Database, 'emailOutbox'>) =>
      eb.or([
        eb('toAddress', '=', email),
        ...(bookingIds.length === 0 ? [] : [eb('bookingId', 'in', bookingIds)]),
        likeIgnoringCase(db, 'textBody', likePattern(email)),
        likeIgnoringCase(db, 'htmlBody', likePattern(email)),
      ]),
    )
    .execute();
  return rows.filter(
    (row) =>
      row.toAddress.toLowerCase() === email ||
      (row.bookingId !== null && bookingIds.includes(row.bookingId)) ||
      mentionsAddress(row.textBody, email) ||
      mentionsAddress(row.htmlBody, email),
  );
}

/** The texts besides the address that stand for the person in an audit row about one of their records. */
function personalTexts(record: FormerPerson): string[] {
  return [record.name, ...(record.phone === null ? [] : [record.phone])].filter((text) => text.length >= 3 && text !== ERASED);
}

/** Audit rows the person acted in, that hold their address, or that are about one of their records (with that record's texts). */
async function auditRowsOf(db: DB, person: PersonRecords): Promise<{ row: AuditLogRow; texts: string[] }[]> {
  const { email } = person;
  const byRecord = new Map<string, FormerPerson>();
  for (const [kind, entity] of Object.entries(AUDIT_ENTITIES) as [keyof typeof AUDIT_ENTITIES, string][]) {
    for (const record of person[kind]) byRecord.set(`${entity} ${record.id}`, record);
  }
  const rows = await db
    .selectFrom('auditLog')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('actorEmail', '=', email),
        likeIgnoringCase(db, 'summary', likePattern(email)),
        ...(Object.entries(AUDIT_ENTITIES) as [keyof typeof AUDIT_ENTITIES, string][])
          .filter(([kind]) => person[kind].length > 0)
          .map(([kind, entity]) => eb.and([eb('entity', '=', entity), eb('entityId', 'in', idsOf(person[kind]))])),
      ]),
    )
    .execute();
  return rows.flatMap((row) => {
    const record = row.entityId === null ? undefined : byRecord.get(`${row.entity} ${row.entityId}`);
    const mine = row.actorEmail?.toLowerCase() === email || mentionsAddress(row.summary, email) || record !== undefined;
    return mine ? [{ row, texts: record === undefined ? [] : personalTexts(record) }] : [];
  });
}

/** Deletes messages with their attempts; answers how many. */
async function deleteMessages(db: DB, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await db.deleteFrom('emailAttempts').where('outboxId', 'in', ids).execute();
  const result = await db.deleteFrom('emailOutbox').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * rate-limiter-flexible's PostgreSQL table keys counters `<limit>:<account>` or
 * `<limit>:<account>|<network>`; SQLite keeps them in memory. Matched whole, as addresses are.
 */
function counterKeysOf(email: string) {
  const escapedEmail = email.replace(/[\\%_]/g, (character) => `\\${character}`);
  return (eb: ExpressionBuilder<Database, 'rateLimits'>) => eb.or([eb('key', 'like', `%:${escapedEmail}`), eb('key', 'like', `%:${escapedEmail}|%`)]);
}

export const PERSON_SOURCES: readonly PersonSource[] = [
  {
    kind: 'bookings',
    find: (db, { bookings }) => (bookings.length === 0 ? Promise.resolve([]) : db.selectFrom('bookings').selectAll().where('id', 'in', idsOf(bookings)).execute()),
    async erase(db, { bookings }) {
      const ids = idsOf(bookings);
      if (ids.length === 0) return 0;
      await db.updateTable('bookingAnswers').set({ value: ERASED }).where('bookingId', 'in', ids).execute();
      for (const id of ids) {
        // Each its own marker address: one live booking per address and slot stays true.
        await db
          .updateTable('bookings')
          .set({ participantName: ERASED, participantEmail: `erased-${id}@invalid`, participantPhone: null, manageTokenHash: null, checkInCode: null, updatedAt: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
      }
      // A paid booking's billing address goes too. Its invoices and credit notes are kept as issued
      // (with the buyer's details printed on them): the law requires a firm to keep them for years.
      await db.updateTable('bookings').set({ billingCompany: ERASED, billingAddress: ERASED, billingVatNumber: null }).where('id', 'in', ids).where('billingAddress', 'is not', null).execute();
      return ids.length;
    },
  },
  {
    kind: 'bookingAnswers',
    find: (db, { bookings }) =>
      bookings.length === 0
        ? Promise.resolve([])
        : db.selectFrom('bookingAnswers').select(['bookingId', 'label', 'value']).where('bookingId', 'in', idsOf(bookings)).execute(),
    // Erased with their bookings, above.
    erase: () => Promise.resolve(0),
  },
  {
    // The invoices and credit notes of the person's bookings, as issued: each document's data
    // (numbers, dates, the buyer and issuer printed, lines and totals in minor units), enough to
    // print it again, and the path staff download its PDF from. Never erased: a firm must keep its
    // invoices for years (the law's retention outweighs erasure), so the erasure counts 0 here.
    kind: 'invoices',
    async find(db, { bookings }) {
      if (bookings.length === 0) return [];
      const documents = await db.selectFrom('invoices').selectAll().where('bookingId', 'in', idsOf(bookings)).orderBy('issuedAt').orderBy('kind').orderBy('sequence').execute();
      if (documents.length === 0) return [];
      const lines = await db
        .selectFrom('invoiceLines')
        .select(['invoiceId', 'position', 'description', 'quantity', 'unitPriceMinor', 'taxRateBasisPoints', 'amountMinor'])
        .where('invoiceId', 'in', documents.map((document) => document.id))
        .orderBy('invoiceId')
        .orderBy('position')
        .execute();
      return documents.map(({ createdAt: _created, buyer, issuer, taxBreakdown, amountsIncludeTax, ...document }) => ({
        ...document,
        amountsIncludeTax: amountsIncludeTax === 1,
        buyer: parsedOrText(buyer),
        issuer: parsedOrText(issuer),
        taxBreakdown: parsedOrText(taxBreakdown),
        lines: lines.filter((line) => line.invoiceId === document.id).map(({ invoiceId: _id, ...line }) => line),
        pdfPath: invoicePdfPath(document.number),
      }));
    },
    erase: () => Promise.resolve(0),
  },
  {
    kind: 'consultations',
    find: (db, { consultations }) =>
      consultations.length === 0 ? Promise.resolve([]) : db.selectFrom('consultations').selectAll().where('id', 'in', idsOf(consultations)).execute(),
    async erase(db, { consultations }) {
      for (const id of idsOf(consultations)) {
        // The times stay (the consultant's calendar and the statistics); the manage link stops working.
        await db
          .updateTable('consultations')
          .set({
            visitorName: ERASED,
            visitorEmail: `erased-${id}@invalid`,
            visitorPhone: null,
            visitorCompany: null,
            message: null,
            manageTokenHash: `erased-${id}`,
            updatedAt: new Date().toISOString(),
          })
          .where('id', '=', id)
          .execute();
      }
      return consultations.length;
    },
  },
  {
    kind: 'contactMessages',
    find: (db, { contacts }) => (contacts.length === 0 ? Promise.resolve([]) : db.selectFrom('contactForms').selectAll().where('id', 'in', idsOf(contacts)).execute()),
    async erase(db, { contacts }) {
      if (contacts.length === 0) return 0;
      const result = await db
        .updateTable('contactForms')
        .set({ name: ERASED, email: ERASED, company: null, message: ERASED, notes: null, updatedAt: new Date().toISOString() })
        .where('id', 'in', idsOf(contacts))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  },
  {
    // A speaker or host shown beside a session: their row is all about them, so it goes.
    kind: 'delegates',
    find: (db, { delegates }) => (delegates.length === 0 ? Promise.resolve([]) : db.selectFrom('delegates').selectAll().where('id', 'in', idsOf(delegates)).execute()),
    async erase(db, { delegates }) {
      if (delegates.length === 0) return 0;
      const result = await db.deleteFrom('delegates').where('id', 'in', idsOf(delegates)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  },
  {
    kind: 'outboxMessages',
    find: async (db, person) =>
      (await outboxMessagesOf(db, person)).map(({ id, kind, toAddress, subject, textBody, status, createdAt, sentAt }) => ({ id, kind, toAddress, subject, textBody, status, createdAt, sentAt })),
    // Messages to the person and the staff notices about them, queued and sent alike: their bodies
    // are the person's data. Attempts go with them.
    erase: async (db, person) => deleteMessages(db, (await outboxMessagesOf(db, person)).map((row) => row.id)),
  },
  {
    kind: 'webhookDeliveries',
    find: async (db, person) =>
      (await webhookDeliveriesOf(db, person)).map(({ id, eventType, status, createdAt }) => ({ id, eventType, status, createdAt })),
    // Events about the person's bookings, consultations and messages, sent or waiting: their bodies
    // carry the person's details, so they go (a waiting one is never sent).
    async erase(db, person) {
      const ids = (await webhookDeliveriesOf(db, person)).map((row) => row.id);
      if (ids.length === 0) return 0;
      const result = await db.deleteFrom('webhookDeliveries').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  },
  {
    kind: 'auditMentions',
    find: async (db, person) => (await auditRowsOf(db, person)).map(({ row }) => row),
    // The log keeps what was done, not to whom: the address, and in rows about the person's
    // records their name and phone, become the marker.
    async erase(db, person) {
      const rows = await auditRowsOf(db, person);
      for (const { row, texts } of rows) {
        const summary = texts.reduce((text, personal) => text.split(personal).join(ERASED), replaceAddress(row.summary, person.email, ERASED));
        const actorEmail = row.actorEmail?.toLowerCase() === person.email ? ERASED : row.actorEmail;
        await db.updateTable('auditLog').set({ summary, actorEmail }).where('id', '=', row.id).execute();
      }
      return rows.length;
    },
  },
  {
    kind: 'signInCounters',
    find: (db, { email }) => (isPostgres(db) ? db.selectFrom('rateLimits').selectAll().where(counterKeysOf(email)).execute() : Promise.resolve([])),
    async erase(db, { email }) {
      if (!isPostgres(db)) return 0;
      const result = await db.deleteFrom('rateLimits').where(counterKeysOf(email)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  },
];
