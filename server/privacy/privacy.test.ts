// "Find a person": every record of an address found (the export), then erased in one audited
// action, after which no text column of any table holds the address (SQLite and PostgreSQL alike)
// and the statistics are what they were.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPostgres } from '@db/postgres';
import { newId } from '@server/core/ids';
import { ERASED, PERSON_SOURCES } from './person-records.repository';
import { insertBookableSlot } from '@tests/support/fixtures';
import { columnsHolding as columnsHoldingIn } from '@tests/support/personal-data';
import { createTestEnv, expectAdminOnly, expectFieldErrors, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

const EMAIL = 'ama.person@example.com';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

function columnsHolding(text: string): Promise<string[]> {
  return columnsHoldingIn(env.db, text);
}

/** A consultation the person booked (written directly: its free-time rules are tested elsewhere). */
async function consultationOf(email: string): Promise<void> {
  const consultant = await env.db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow();
  const typeId = newId();
  await env.db
    .insertInto('consultationTypes')
    .values({ id: typeId, title: 'Discovery call', description: null, durationMinutes: 30, locationKind: 'phone', locationDetail: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeHours: 0, horizonDays: 30, maxPerDay: null, isActive: 1, allowPickConsultant: 0 })
    .execute();
  const start = new Date(Date.now() + 48 * 3_600_000).toISOString();
  const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
  await env.db
    .insertInto('consultations')
    .values({ id: newId(), typeId, consultantId: consultant.id, startsAt: start, endsAt: end, blockedFrom: start, blockedUntil: end, visitorName: 'Ama Person', visitorEmail: email, visitorPhone: '+233 20 000 0000', visitorCompany: 'Person Cocoa Ltd', visitorTimeZone: 'Africa/Accra', message: 'Call me', manageTokenHash: 'a'.repeat(64) })
    .execute();
}

async function personWithRecords() {
  const { slot } = await insertBookableSlot(env.db, 1);
  await callers.admin.registrationQuestions.save({ eventId: slot.sessionId === '' ? '' : (await env.db.selectFrom('eventSessions').select('eventId').where('id', '=', slot.sessionId).executeTakeFirstOrThrow()).eventId, questions: [{ kind: 'short_text', label: 'Company' }] });
  const questions = await env.db.selectFrom('registrationQuestions').select('id').execute();
  const first = await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Ama Person', participantEmail: EMAIL, answers: { [questions[0]?.id ?? '']: 'Person Cocoa Ltd' } });
  await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Someone Else', participantEmail: 'else@example.com' });
  await callers.anonymous.contacts.submit({ name: 'Ama Person', email: EMAIL, company: 'Person Cocoa Ltd', message: 'Please call me.' });
  await env.db.insertInto('auditLog').values({ id: newId(), userId: null, actorName: 'Desk', actorEmail: EMAIL, ip: '127.0.0.1', action: 'update', entity: 'booking', entityId: first.id, summary: `email changed to ${EMAIL}` }).execute();
  if (isPostgres(env.db)) await env.db.insertInto('rateLimits').values({ key: `sign-in:${EMAIL}`, points: 1, expire: null }).execute();
  await consultationOf(EMAIL);
  return { slot, first };
}

describe('privacy: find a person', () => {
  it('keeps find and erase for admins', async () => {
    await expectAdminOnly(callers, (c) => c.privacy.findPerson({ email: EMAIL }));
    await expectAdminOnly(callers, (c) => c.privacy.erasePerson({ email: EMAIL }));
    await expectFieldErrors(callers.admin.privacy.findPerson({ email: 'not an address' }), { email: 'Please enter a valid email address' });
  });

  it('exports every record of the address, by kind', async () => {
    const { first } = await personWithRecords();
    const exported = await callers.admin.privacy.findPerson({ email: EMAIL.toUpperCase() });
    expect(Object.keys(exported.records)).toEqual(PERSON_SOURCES.map((source) => source.kind));
    const counts = Object.fromEntries(Object.entries(exported.records).map(([kind, list]) => [kind, list.length]));
    expect(counts).toEqual({
      bookings: 1,
      bookingAnswers: 1,
      invoices: 0,
      consultations: 1,
      contactMessages: 1,
      delegates: 0,
      outboxMessages: expect.any(Number),
      webhookDeliveries: 0,
      auditMentions: 1,
      signInCounters: isPostgres(env.db) ? 1 : 0,
    });
    expect(counts.outboxMessages).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(exported)).toContain(first.id);
    expect(JSON.stringify(exported)).toContain('Person Cocoa Ltd');
  });

  it('erases every record in one audited action: no text column holds the address, statistics unchanged', async () => {
    await personWithRecords();
    expect((await columnsHolding(EMAIL)).length).toBeGreaterThan(0);
    const statsBefore = await callers.admin.bookings.stats();
    const contactsBefore = await env.db.selectFrom('contactForms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

    const counts = await callers.admin.privacy.erasePerson({ email: EMAIL });
    expect(counts).toMatchObject({ bookings: 1, consultations: 1, contactMessages: 1, auditMentions: 1 });

    expect(await columnsHolding(EMAIL)).toEqual([]);
    expect(await columnsHolding('Person Cocoa')).toEqual([]);
    expect(await callers.admin.bookings.stats()).toEqual(statsBefore);
    expect(await env.db.selectFrom('contactForms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(contactsBefore);
    // The booking keeps its row for the counts, but nothing that leads back to the person or lets
    // anyone act as them: no manage link, no check-in code.
    expect(await env.db.selectFrom('bookings').select(['manageTokenHash', 'checkInCode']).where('participantName', '=', ERASED).execute()).toEqual([
      { manageTokenHash: null, checkInCode: null },
    ]);
    const audit = await env.db.selectFrom('auditLog').select(['action', 'entity', 'summary']).where('entity', '=', 'person').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.summary).toMatch(/^erased a person's records: bookings 1, bookingAnswers 0, invoices 0, consultations 1, contactMessages 1, delegates 0, outboxMessages \d+, webhookDeliveries 0, auditMentions 1, signInCounters [01]$/);
    expect((await callers.admin.privacy.findPerson({ email: EMAIL })).records.bookings).toEqual([]);
  });
});
