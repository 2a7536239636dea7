// What an erasure leaves behind (issue 34, finding 4): the audit log keeps what was done, not to
// whom (names and phones of the person's records go, as retention does), a delegate is a person
// record too, and on SQLite neither the database file, nor its write-ahead log, nor a backup made
// afterwards holds the person's name, answer or message, not even as the search index's trigrams.
// @module-tag postgres
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseFile, sqliteOf } from '@db/database';
import { isPostgres } from '@db/postgres';
import { newId } from '@server/core/ids';
import { writeBackup } from '@server/backups/backups.service';
import { insertBookableSlot } from '@tests/support/fixtures';
import { columnsHolding } from '@tests/support/personal-data';
import { createAccount, createTestEnv, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

const EMAIL = 'paula@private.example';
const NAME = 'Paula Zqxvikova';
const PHONE = '+44 20 7946 0958';
const ANSWER = 'P1234567';
const MESSAGE = 'Expanding into Ghana next spring';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  const desk = await createAccount(env.db, 'admin', { email: 'desk@example.com' });
  await env.db.updateTable('users').set({ notifyEmail: 1, notifyNewBookings: 1, notifyNewContacts: 1 }).where('id', '=', desk.user.id).execute();
});
afterEach(() => env.close());

/** Paula's booking (with an answer), contact message and consultation, each changed by staff (audited), and her delegate entry. */
async function paulasRecords(): Promise<void> {
  const { event, slot } = await insertBookableSlot(env.db, 10);
  await callers.admin.registrationQuestions.save({ eventId: event.id, questions: [{ kind: 'short_text', label: 'Passport number' }] });
  const question = await env.db.selectFrom('registrationQuestions').select('id').executeTakeFirstOrThrow();
  const booking = await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: NAME, participantEmail: EMAIL, participantPhone: PHONE, answers: { [question.id]: ANSWER } });
  await callers.admin.bookings.setStatus({ id: booking.id, status: 'cancelled' });
  await callers.admin.bookings.adminCreate({ timeSlotId: slot.id, status: 'confirmed', participantName: NAME, participantEmail: EMAIL, participantPhone: PHONE });
  await callers.anonymous.contacts.submit({ name: NAME, email: EMAIL, company: 'Zqxvik Trading', message: MESSAGE });
  const contact = await env.db.selectFrom('contactForms').select('id').executeTakeFirstOrThrow();
  await callers.admin.contacts.setStatus({ id: contact.id, status: 'in-progress' });
  const typeId = newId();
  await env.db
    .insertInto('consultationTypes')
    .values({ id: typeId, title: 'Discovery call', description: null, durationMinutes: 30, locationKind: 'phone', locationDetail: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeHours: 0, horizonDays: 30, maxPerDay: null, isActive: 1, allowPickConsultant: 0 })
    .execute();
  const start = new Date(Date.now() + 48 * 3_600_000).toISOString();
  const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
  const consultationId = newId();
  await env.db
    .insertInto('consultations')
    .values({ id: consultationId, typeId, consultantId: callers.adminAccount.user.id, startsAt: start, endsAt: end, blockedFrom: start, blockedUntil: end, visitorName: NAME, visitorEmail: EMAIL, visitorPhone: PHONE, visitorCompany: null, visitorTimeZone: 'UTC', message: MESSAGE, manageTokenHash: 'b'.repeat(64) })
    .execute();
  await callers.admin.consultations.cancel({ id: consultationId });
  await callers.admin.delegates.create({ name: NAME, email: EMAIL, phone: PHONE, organization: 'Zqxvik Trading', position: 'Founder', bio: `${NAME} advises on ${MESSAGE}.`, photoUrl: null });
}

describe('the audit log and delegates', () => {
  it('finds her delegate entry, and after the erasure no row of the log names her', async () => {
    await paulasRecords();
    const found = await callers.admin.privacy.findPerson({ email: EMAIL });
    expect(found.records.delegates).toMatchObject([{ name: NAME, email: EMAIL, phone: PHONE }]);
    expect((await callers.admin.audit.list({ search: 'Zqxvikova' })).items.map((item) => item.summary).sort()).toEqual([NAME, `${NAME}, cancelled`, `${NAME}, confirmed`]);

    const counts = await callers.admin.privacy.erasePerson({ email: EMAIL });
    expect(counts).toMatchObject({ bookings: 2, consultations: 1, contactMessages: 1, delegates: 1 });

    expect((await callers.admin.audit.list({ search: 'Zqxvikova' })).items).toEqual([]);
    for (const text of [NAME, EMAIL, PHONE, ANSWER, MESSAGE, 'Zqxvik']) expect(await columnsHolding(env.db, text), text).toEqual([]);
    expect((await callers.admin.delegates.list({})).items).toEqual([]);
    // What was done stays: the rows about her records, with the marker for her.
    const summaries = (await env.db.selectFrom('auditLog').select('summary').where('entity', 'in', ['booking', 'contact', 'consultation', 'delegate']).execute()).map((row) => row.summary);
    expect(summaries).toEqual(expect.arrayContaining(['[erased], confirmed', '[erased], cancelled', '[erased]']));
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL !== undefined)('the files on disk (SQLite)', () => {
  /** How often each text appears in the raw bytes of `files` (the ones that exist). */
  function occurrences(files: string[], texts: string[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const text of texts) {
      counts[text] = 0;
      for (const file of files.filter((name) => fs.existsSync(name))) {
        const bytes = fs.readFileSync(file);
        for (let at = bytes.indexOf(text); at !== -1; at = bytes.indexOf(text, at + 1)) counts[text] += 1;
      }
    }
    return counts;
  }

  // 'zqx' and 'kov' are trigrams of her name as the search index keeps them (lower case).
  const TRACES = [NAME, EMAIL, PHONE, ANSWER, MESSAGE, 'zqx', 'kov'];
  const none = Object.fromEntries(TRACES.map((text) => [text, 0]));

  it('leaves none of her texts in the database file, its log or a later backup', async () => {
    expect(isPostgres(env.db)).toBe(false);
    await paulasRecords();
    const live = databaseFile(env.dataDir);
    const files = [live, `${live}-wal`];
    expect(occurrences(files, [NAME])[NAME]).toBeGreaterThan(10);

    await callers.admin.privacy.erasePerson({ email: EMAIL });
    expect(occurrences(files, TRACES)).toEqual(none);

    const backup = await writeBackup({ sqlite: sqliteOf(env.db) ?? null, dataDir: env.dataDir });
    expect(occurrences([path.join(backup.folder, 'app.db')], TRACES)).toEqual(none);
  });
});
