// Retention, once a day from the scheduler (server/scheduler/scheduler.ts) by its clock: with
// "anonymise bookings after N months" set, bookings whose slot ended and consultations that ended
// more than N months ago lose their personal fields (counts and statistics keep their rows); with
// "delete contact messages after N months" set, messages last changed more than N months ago go.
// The messages about them and the audit log's mentions go with them. One transaction, claimed once
// a day through notification_claims, so two instances never do it (or audit it) twice; an
// anonymised row is never counted again.
import { checkpointWal, type DB } from '@db/database';
import type { ServiceDeps } from '@server/core/deps';
import { claimOnce } from '@server/scheduler/claims.repository';
import { getPrivacySettings } from './privacy-settings.repository';
import {
  anonymiseBookings,
  anonymiseConsultations,
  deleteContacts,
  deleteMessagesMentioning,
  deleteMessagesOfBookings,
  type FormerPerson,
  listBookingsToAnonymise,
  listConsultationsToAnonymise,
  listContactsToDelete,
  scrubAuditMentions,
} from './retention.repository';
import { type AuditActor, recordAudit } from '@server/audit/audit.service';

export interface RetentionResult {
  anonymisedBookings: number;
  anonymisedConsultations: number;
  deletedContacts: number;
}

const NOTHING: RetentionResult = { anonymisedBookings: 0, anonymisedConsultations: 0, deletedContacts: 0 };

/** The audit log's actor for work nobody clicked. */
const RETENTION_ACTOR: AuditActor = { userId: null, name: 'Retention (scheduled)', email: null, ip: 'scheduler' };

/** `now` minus whole calendar months, in UTC. */
function monthsBefore(now: Date, months: number): string {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff.toISOString();
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Runs the retention of `now`'s day (UTC) if no run (here or on another instance) claimed it yet. */
export async function applyPersonalDataRetention(deps: Pick<ServiceDeps, 'db'>, now: Date): Promise<RetentionResult> {
  const { bookingRetentionMonths, contactRetentionMonths } = await getPrivacySettings(deps.db);
  if (bookingRetentionMonths === null && contactRetentionMonths === null) return NOTHING;
  const nowIso = now.toISOString();
  const done = await deps.db.transaction().execute(async (trx) => {
    // Inside the transaction: a second instance waits for this one's claim, then finds it.
    if (!(await claimOnce(trx, `privacy-retention:${nowIso.slice(0, 10)}`, nowIso))) return NOTHING;
    const result = { ...NOTHING };
    const parts: string[] = [];
    if (bookingRetentionMonths !== null) {
      const cutoff = monthsBefore(now, bookingRetentionMonths);
      const bookings = await listBookingsToAnonymise(trx, cutoff);
      const ids = bookings.map((booking) => booking.id);
      await anonymiseBookings(trx, ids, nowIso);
      await deleteMessagesOfBookings(trx, ids);
      await scrubMentions(trx, 'booking', bookings, cutoff);
      const consultations = await listConsultationsToAnonymise(trx, cutoff);
      await anonymiseConsultations(
        trx,
        consultations.map((consultation) => consultation.id),
        nowIso,
      );
      await scrubMentions(trx, 'consultation', consultations, cutoff);
      result.anonymisedBookings = bookings.length;
      result.anonymisedConsultations = consultations.length;
      if (bookings.length + consultations.length > 0) {
        parts.push(
          `anonymised ${plural(bookings.length, 'booking', 'bookings')} and ${plural(consultations.length, 'consultation', 'consultations')} older than ${plural(bookingRetentionMonths, 'month', 'months')}`,
        );
      }
    }
    if (contactRetentionMonths !== null) {
      const cutoff = monthsBefore(now, contactRetentionMonths);
      const contacts = await listContactsToDelete(trx, cutoff);
      await deleteContacts(
        trx,
        contacts.map((contact) => contact.id),
      );
      await scrubMentions(trx, 'contact', contacts, cutoff);
      result.deletedContacts = contacts.length;
      if (contacts.length > 0) parts.push(`deleted ${plural(contacts.length, 'contact message', 'contact messages')} older than ${plural(contactRetentionMonths, 'month', 'months')}`);
    }
    // One row a run, counts only: nobody's data in it.
    if (parts.length > 0) await recordAudit(trx, RETENTION_ACTOR, { action: 'delete', entity: 'person', entityId: null, summary: `retention: ${parts.join('; ')}` });
    return result;
  });
  // As after an erasure (person.service.ts): the log's copies of the pages as they were go too.
  if (done.anonymisedBookings + done.anonymisedConsultations + done.deletedContacts > 0) checkpointWal(deps.db);
  return done;
}

async function scrubMentions(trx: DB, entity: 'booking' | 'consultation' | 'contact', people: FormerPerson[], cutoff: string): Promise<void> {
  if (people.length === 0) return;
  await deleteMessagesMentioning(trx, [...new Set(people.map((person) => person.email))], cutoff);
  await scrubAuditMentions(trx, entity, people, cutoff);
}
