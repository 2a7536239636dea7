// Retention: the records whose time is past the retention periods (Privacy screen), anonymised or
// deleted in place. Bookings and consultations keep their rows, status, slot and counts (statistics
// stay true) with the personal fields replaced; contact messages go. The messages about them and
// the audit log's mentions of them are cleaned with them. Called in one transaction by
// server/privacy/retention.service.ts.
import { sql } from 'kysely';
import type { DB } from '@db/database';
import { likeIgnoringCase } from '@db/dialect';
import { likePattern } from '@db/text-search';
import { mentionsAddress, replaceAddress } from './address-mentions';

/** What anonymised personal text becomes. */
export const ANONYMISED = '[anonymised]';

/** IN lists are cut to this size: SQLite binds at most 32,766 parameters a statement. */
const CHUNK = 500;

/** Addresses looked for in message and audit texts at a time: one scan of the table for each group. */
const TEXT_CHUNK = 50;

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += size) out.push(list.slice(start, start + size));
  return out;
}

/** Who an anonymised record was: the texts to look for elsewhere (audit summaries, messages). */
export interface FormerPerson {
  id: string;
  name: string;
  email: string;
  phone: string | null;
}

/** Bookings whose slot ended before `cutoff`, not anonymised yet (through time_slots_start_idx: a slot starts before it ends). */
export async function listBookingsToAnonymise(db: DB, cutoff: string): Promise<FormerPerson[]> {
  return db
    .selectFrom('bookings')
    .innerJoin('timeSlots', 'timeSlots.id', 'bookings.timeSlotId')
    .select(['bookings.id as id', 'bookings.participantName as name', 'bookings.participantEmail as email', 'bookings.participantPhone as phone'])
    .where('timeSlots.startTime', '<', cutoff)
    .where('timeSlots.endTime', '<', cutoff)
    .where('bookings.participantName', '<>', ANONYMISED)
    .execute();
}

export async function anonymiseBookings(db: DB, ids: readonly string[], nowIso: string): Promise<void> {
  for (const part of chunks(ids)) {
    await db.updateTable('bookingAnswers').set({ value: ANONYMISED }).where('bookingId', 'in', part).execute();
    // Each row its own marker address: "one live booking per address and slot" stays true.
    await db
      .updateTable('bookings')
      .set((eb) => ({
        participantName: ANONYMISED,
        participantEmail: sql<string>`${'anonymised-'} || ${eb.ref('id')} || ${'@invalid'}`,
        participantPhone: null,
        manageTokenHash: null,
        checkInCode: null,
        offerExpiresAt: null,
        updatedAt: nowIso,
      }))
      .where('id', 'in', part)
      .execute();
    // A paid booking's billing address goes too; its invoices keep their own copy (legal retention).
    await db.updateTable('bookings').set({ billingCompany: ANONYMISED, billingAddress: ANONYMISED, billingVatNumber: null }).where('id', 'in', part).where('billingAddress', 'is not', null).execute();
  }
}

/** Consultations that ended before `cutoff`, not anonymised yet (through consultations_starts_idx). */
export async function listConsultationsToAnonymise(db: DB, cutoff: string): Promise<FormerPerson[]> {
  return db
    .selectFrom('consultations')
    .select(['id', 'visitorName as name', 'visitorEmail as email', 'visitorPhone as phone'])
    .where('startsAt', '<', cutoff)
    .where('endsAt', '<', cutoff)
    .where('visitorName', '<>', ANONYMISED)
    .execute();
}

export async function anonymiseConsultations(db: DB, ids: readonly string[], nowIso: string): Promise<void> {
  for (const part of chunks(ids)) {
    await db
      .updateTable('consultations')
      .set((eb) => ({
        visitorName: ANONYMISED,
        visitorEmail: sql<string>`${'anonymised-'} || ${eb.ref('id')} || ${'@invalid'}`,
        visitorPhone: null,
        visitorCompany: null,
        message: null,
        // Unique and required: the manage link stops working.
        manageTokenHash: sql<string>`${'anonymised-'} || ${eb.ref('id')}`,
        updatedAt: nowIso,
      }))
      .where('id', 'in', part)
      .execute();
  }
}

/** Contact messages last changed before `cutoff` (through contact_forms_updated_idx). */
export async function listContactsToDelete(db: DB, cutoff: string): Promise<FormerPerson[]> {
  return db.selectFrom('contactForms').select(['id', 'name', 'email']).select(sql<string | null>`null`.as('phone')).where('updatedAt', '<', cutoff).execute();
}

export async function deleteContacts(db: DB, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids)) await db.deleteFrom('contactForms').where('id', 'in', part).execute();
}

/** Every message about these bookings (sent or waiting: their bodies hold the person's data), with its attempts. */
export async function deleteMessagesOfBookings(db: DB, bookingIds: readonly string[]): Promise<number> {
  let deleted = 0;
  for (const part of chunks(bookingIds)) {
    const ids = (await db.selectFrom('emailOutbox').select('id').where('bookingId', 'in', part).execute()).map((row) => row.id);
    deleted += await deleteMessages(db, ids);
  }
  return deleted;
}

async function deleteMessages(db: DB, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await db.deleteFrom('emailAttempts').where('outboxId', 'in', ids).execute();
  const result = await db.deleteFrom('emailOutbox').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Messages written before `cutoff` that are not tied to a booking (consultation and contact
 * messages, staff notices) and are addressed to or mention one of `emails` (as a whole address:
 * address-mentions.ts): deleted.
 */
export async function deleteMessagesMentioning(db: DB, emails: readonly string[], cutoff: string): Promise<number> {
  let deleted = 0;
  for (const part of chunks(emails, TEXT_CHUNK)) {
    const candidates = await db
      .selectFrom('emailOutbox')
      .select(['id', 'toAddress', 'textBody', 'htmlBody'])
      .where('createdAt', '<', cutoff)
      .where('bookingId', 'is', null)
      .where((eb) =>
        eb.or([
          eb('toAddress', 'in', part),
          ...part.flatMap((email) => [
            likeIgnoringCase(db, 'textBody', likePattern(email)),
            likeIgnoringCase(db, 'htmlBody', likePattern(email)),
          ]),
        ]),
      )
      .execute();
    const rows = candidates.filter(
      (row) => part.includes(row.toAddress.toLowerCase()) || part.some((email) => mentionsAddress(row.textBody, email) || mentionsAddress(row.htmlBody, email)),
    );
    deleted += await deleteMessages(
      db,
      rows.map((row) => row.id),
    );
  }
  return deleted;
}

/**
 * The audit log keeps what was done, not to whom: in rows about these records, and in rows written
 * before `cutoff` that mention one of their addresses, names, addresses and phones become the marker.
 */
export async function scrubAuditMentions(db: DB, entity: 'booking' | 'consultation' | 'contact', people: readonly FormerPerson[], cutoff: string): Promise<void> {
  const byId = new Map(people.map((person) => [person.id, person]));
  const texts = (person: FormerPerson) => [person.name, ...(person.phone === null ? [] : [person.phone])].filter((text) => text.length >= 3);
  for (const part of chunks(people.map((person) => person.id))) {
    const rows = await db.selectFrom('auditLog').select(['id', 'entityId', 'summary']).where('entity', '=', entity).where('entityId', 'in', part).execute();
    for (const row of rows) {
      const person = row.entityId === null ? undefined : byId.get(row.entityId);
      if (person === undefined) continue;
      await replaceInSummary(db, row.id, replaceAddress(row.summary, person.email, ANONYMISED), row.summary, texts(person));
    }
  }
  const emails = [...new Set(people.map((person) => person.email))];
  for (const part of chunks(emails, TEXT_CHUNK)) {
    const rows = await db
      .selectFrom('auditLog')
      .select(['id', 'summary', 'actorEmail'])
      .where('createdAt', '<', cutoff)
      .where((eb) => eb.or(part.map((email) => likeIgnoringCase(db, 'summary', likePattern(email)))))
      .execute();
    for (const row of rows) {
      const scrubbed = part.reduce((text, email) => replaceAddress(text, email, ANONYMISED), row.summary);
      if (scrubbed !== row.summary) await db.updateTable('auditLog').set({ summary: scrubbed }).where('id', '=', row.id).execute();
    }
  }
}

/** Writes `summary` with each of `texts` replaced, when that changes the row's `original` summary. */
async function replaceInSummary(db: DB, id: string, summary: string, original: string, texts: readonly string[]): Promise<void> {
  const scrubbed = texts.reduce((text, personal) => text.split(personal).join(ANONYMISED), summary);
  if (scrubbed !== original) await db.updateTable('auditLog').set({ summary: scrubbed }).where('id', '=', id).execute();
}
