// Where a person's data lives: every kind of record that holds an e-mail address, each with how to
// find it and how to erase it. PERSON_SOURCES is the one list (server/privacy/person.service.ts
// finds, exports and erases through it): a new kind (consultations, say) is one entry.
import type { ExpressionBuilder } from 'kysely';
import { likeIgnoringCase } from '@db/dialect';
import type { DB } from '@db/database';
import { isPostgres } from '@db/postgres';
import type { Database } from '@db/schema';

/** What erased personal text becomes: counts and statistics keep the rows. */
export const ERASED = '[erased]';

interface PersonSource {
  /** The key of this kind of record in the export. */
  kind: string;
  find(db: DB, email: string): Promise<unknown[]>;
  /** Anonymises or deletes the records; answers how many. */
  erase(db: DB, email: string): Promise<number>;
}

function like(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** An outbox message to `email`, or one whose text names it (an admin's new-booking notice). */
function outboxMentions(db: DB, email: string) {
  return (eb: ExpressionBuilder<Database, 'emailOutbox'>) =>
    eb.or([eb('toAddress', '=', email), likeIgnoringCase(db, 'textBody', like(email)), likeIgnoringCase(db, 'htmlBody', like(email))]);
}

export const PERSON_SOURCES: readonly PersonSource[] = [
  {
    kind: 'bookings',
    find: (db, email) => db.selectFrom('bookings').selectAll().where('participantEmail', '=', email).execute(),
    async erase(db, email) {
      const ids = (await db.selectFrom('bookings').select('id').where('participantEmail', '=', email).execute()).map((row) => row.id);
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
      return ids.length;
    },
  },
  {
    kind: 'bookingAnswers',
    find: (db, email) =>
      db
        .selectFrom('bookingAnswers')
        .innerJoin('bookings', 'bookings.id', 'bookingAnswers.bookingId')
        .select(['bookingAnswers.bookingId', 'bookingAnswers.label', 'bookingAnswers.value'])
        .where('bookings.participantEmail', '=', email)
        .execute(),
    // Erased with their bookings, above.
    erase: () => Promise.resolve(0),
  },
  {
    kind: 'consultations',
    find: (db, email) => db.selectFrom('consultations').selectAll().where('visitorEmail', '=', email).execute(),
    async erase(db, email) {
      const ids = (await db.selectFrom('consultations').select('id').where('visitorEmail', '=', email).execute()).map((row) => row.id);
      for (const id of ids) {
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
      return ids.length;
    },
  },
  {
    kind: 'contactMessages',
    find: (db, email) => db.selectFrom('contactForms').selectAll().where('email', '=', email).execute(),
    async erase(db, email) {
      const result = await db
        .updateTable('contactForms')
        .set({ name: ERASED, email: ERASED, company: null, message: ERASED, notes: null, updatedAt: new Date().toISOString() })
        .where('email', '=', email)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  },
  {
    kind: 'outboxMessages',
    find: (db, email) =>
      db.selectFrom('emailOutbox').select(['id', 'kind', 'toAddress', 'subject', 'textBody', 'status', 'createdAt', 'sentAt']).where(outboxMentions(db, email)).execute(),
    // Messages to the person and the staff notices about them, queued and sent alike: their bodies
    // are the person's data. Attempts go with them.
    async erase(db, email) {
      const ids = (await db.selectFrom('emailOutbox').select('id').where(outboxMentions(db, email)).execute()).map((row) => row.id);
      if (ids.length === 0) return 0;
      await db.deleteFrom('emailAttempts').where('outboxId', 'in', ids).execute();
      const result = await db.deleteFrom('emailOutbox').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  },
  {
    kind: 'auditMentions',
    find: (db, email) =>
      db
        .selectFrom('auditLog')
        .selectAll()
        .where((eb) => eb.or([eb('actorEmail', '=', email), likeIgnoringCase(db, 'summary', like(email))]))
        .execute(),
    async erase(db, email) {
      const rows = await db
        .selectFrom('auditLog')
        .select(['id', 'summary', 'actorEmail'])
        .where((eb) => eb.or([eb('actorEmail', '=', email), likeIgnoringCase(db, 'summary', like(email))]))
        .execute();
      for (const row of rows) {
        await db
          .updateTable('auditLog')
          .set({ summary: row.summary.split(email).join(ERASED), actorEmail: row.actorEmail === email ? ERASED : row.actorEmail })
          .where('id', '=', row.id)
          .execute();
      }
      return rows.length;
    },
  },
  {
    kind: 'signInCounters',
    // rate-limiter-flexible's PostgreSQL table keys counters by address; SQLite keeps them in memory.
    find: (db, email) => (isPostgres(db) ? db.selectFrom('rateLimits').selectAll().where('key', 'like', like(email)).execute() : Promise.resolve([])),
    async erase(db, email) {
      if (!isPostgres(db)) return 0;
      const result = await db.deleteFrom('rateLimits').where('key', 'like', like(email)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  },
];
