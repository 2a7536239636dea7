// Retention by the scheduler's clock: with the periods set, bookings and consultations past them are
// anonymised and contact messages deleted, after which no text column of any table holds the
// person's address, name or phone (SQLite and PostgreSQL alike), the statistics are what they were,
// one audit row counts the rows, and a second run (here or on another instance) does nothing.
// Off by default: nothing changes. Also the privacy settings' procedures: roles and bad input.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@server/core/ids';
import { ANONYMISED } from './retention.repository';
import { DEFAULT_PRIVACY_TEXT } from './privacy-settings.repository';
import { startScheduler } from '@server/scheduler/scheduler';
import { insertBookableSlot, insertSlotRow } from '@tests/support/fixtures';
import { createTestEnv, expectAdminOnly, expectFieldErrors, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { columnsHolding } from '@tests/support/personal-data';

const EMAIL = 'ama.retained@example.com';
const NAME = 'Ama Retained';
const PHONE = '+233 20 555 0199';
const DAY = 24 * 3_600_000;

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

/** One scheduler run at `at` (a fresh scheduler, as after a restart). */
async function runSchedulerAt(at: number) {
  const scheduler = startScheduler(env.deps, { intervalMs: null, now: () => new Date(at) });
  try {
    return await scheduler.runOnce();
  } finally {
    await scheduler.stop();
  }
}

/** The person's records: a public booking with an answer, a staff booking, a consultation, a contact message, an audit mention. */
async function personWithRecords() {
  const { event, slot } = await insertBookableSlot(env.db, 5);
  await callers.admin.registrationQuestions.save({ eventId: event.id, questions: [{ kind: 'short_text', label: 'Company' }] });
  const question = await env.db.selectFrom('registrationQuestions').select('id').executeTakeFirstOrThrow();
  const booked = await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: NAME, participantEmail: EMAIL, participantPhone: PHONE, answers: { [question.id]: 'Retained Cocoa Ltd' } });
  const second = await insertSlotRow(env.db, slot.sessionId, 30);
  await callers.admin.bookings.adminCreate({ timeSlotId: second.id, participantName: NAME, participantEmail: EMAIL, participantPhone: PHONE, status: 'confirmed' });
  await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Kept Later', participantEmail: 'kept@example.com' });
  await callers.anonymous.contacts.submit({ name: NAME, email: EMAIL, company: 'Retained Cocoa Ltd', message: `Call me on ${PHONE}` });
  await env.db.insertInto('auditLog').values({ id: newId(), userId: null, actorName: 'Desk', actorEmail: null, ip: '127.0.0.1', action: 'update', entity: 'booking', entityId: booked.id, summary: `email changed to ${EMAIL}` }).execute();
  const consultant = await env.db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow();
  const typeId = newId();
  await env.db
    .insertInto('consultationTypes')
    .values({ id: typeId, title: 'Discovery call', description: null, durationMinutes: 30, locationKind: 'phone', locationDetail: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minNoticeHours: 0, horizonDays: 30, maxPerDay: null, isActive: 1, allowPickConsultant: 0 })
    .execute();
  const start = new Date(Date.now() + 2 * DAY).toISOString();
  const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
  await env.db
    .insertInto('consultations')
    .values({ id: newId(), typeId, consultantId: consultant.id, startsAt: start, endsAt: end, blockedFrom: start, blockedUntil: end, visitorName: NAME, visitorEmail: EMAIL, visitorPhone: PHONE, visitorCompany: 'Retained Cocoa Ltd', visitorTimeZone: 'Africa/Accra', message: 'Call me', manageTokenHash: 'b'.repeat(64) })
    .execute();
  return { event, slot };
}

async function personalDataLeft(): Promise<string[]> {
  return [...(await columnsHolding(env.db, EMAIL)), ...(await columnsHolding(env.db, NAME)), ...(await columnsHolding(env.db, PHONE)), ...(await columnsHolding(env.db, 'Retained Cocoa'))];
}

async function setRetention(bookingRetentionMonths: number | null, contactRetentionMonths: number | null) {
  await callers.admin.privacy.updateSettings({ policyEn: DEFAULT_PRIVACY_TEXT, policyFr: null, bookingRetentionMonths, contactRetentionMonths });
}

function retentionAuditRows() {
  return env.db.selectFrom('auditLog').select(['actorName', 'action', 'entity', 'summary']).where('summary', 'like', 'retention:%').execute();
}

describe('privacy: retention', () => {
  it('is off by default: the scheduler changes nothing, however old the records', async () => {
    await personWithRecords();
    expect(await callers.anonymous.privacy.page()).toMatchObject({ bookingRetentionMonths: null, contactRetentionMonths: null, policyEn: DEFAULT_PRIVACY_TEXT, policyFr: null });
    const before = await personalDataLeft();
    const result = await runSchedulerAt(Date.now() + 10 * 365 * DAY);
    expect(result.retention).toEqual({ anonymisedBookings: 0, anonymisedConsultations: 0, deletedContacts: 0 });
    expect(await personalDataLeft()).toEqual(before);
    expect(await retentionAuditRows()).toEqual([]);
  });

  it('anonymises and deletes by the clock: no personal data left in any table, statistics unchanged, audited once', async () => {
    await personWithRecords();
    await setRetention(6, 12);
    expect((await columnsHolding(env.db, EMAIL)).length).toBeGreaterThan(0);
    const bookingStats = await callers.admin.bookings.stats();
    const countsBySlot = () =>
      env.db.selectFrom('bookings').select(['timeSlotId', 'status', 'attendance']).select((eb) => eb.fn.countAll<number>().as('n')).groupBy(['timeSlotId', 'status', 'attendance']).orderBy('timeSlotId').orderBy('status').execute();
    const bySlotBefore = await countsBySlot();

    // Five months on: the slots are less than six months past, the message less than twelve months old.
    const early = await runSchedulerAt(Date.now() + 150 * DAY);
    expect(early.retention).toEqual({ anonymisedBookings: 0, anonymisedConsultations: 0, deletedContacts: 0 });
    expect((await columnsHolding(env.db, EMAIL)).length).toBeGreaterThan(0);

    // Thirteen months on: everything is past its period.
    const at = Date.now() + 13 * 31 * DAY;
    const result = await runSchedulerAt(at);
    expect(result.retention).toEqual({ anonymisedBookings: 3, anonymisedConsultations: 1, deletedContacts: 1 });
    expect(await personalDataLeft()).toEqual([]);
    expect(await columnsHolding(env.db, 'kept@example.com')).toEqual([]);

    expect(await callers.admin.bookings.stats()).toEqual(bookingStats);
    expect(await countsBySlot()).toEqual(bySlotBefore);
    const anonymised = await env.db.selectFrom('bookings').select(['participantName', 'participantPhone', 'manageTokenHash', 'checkInCode', 'status']).execute();
    expect(anonymised.every((row) => row.participantName === ANONYMISED && row.participantPhone === null && row.manageTokenHash === null && row.checkInCode === null)).toBe(true);
    expect((await env.db.selectFrom('bookingAnswers').select('value').execute()).map((row) => row.value)).toEqual([ANONYMISED]);
    expect(await env.db.selectFrom('contactForms').selectAll().execute()).toEqual([]);
    expect(await env.db.selectFrom('emailOutbox').select('id').where('bookingId', 'is not', null).execute()).toEqual([]);

    expect(await retentionAuditRows()).toEqual([
      {
        actorName: 'Retention (scheduled)',
        action: 'delete',
        entity: 'person',
        summary: 'retention: anonymised 3 bookings and 1 consultation older than 6 months; deleted 1 contact message older than 12 months',
      },
    ]);

    // The same day again, and the next day: nothing more, no second audit row.
    const again = await runSchedulerAt(at + 60_000);
    expect(again.retention).toEqual({ anonymisedBookings: 0, anonymisedConsultations: 0, deletedContacts: 0 });
    const nextDay = await runSchedulerAt(at + DAY);
    expect(nextDay.retention).toEqual({ anonymisedBookings: 0, anonymisedConsultations: 0, deletedContacts: 0 });
    expect(await retentionAuditRows()).toHaveLength(1);
  });

  it('two instances running the same day anonymise and audit once', async () => {
    await personWithRecords();
    await setRetention(1, null);
    const at = Date.now() + 3 * 31 * DAY;
    const [first, second] = await Promise.all([runSchedulerAt(at), runSchedulerAt(at)]);
    expect(first.retention.anonymisedBookings + second.retention.anonymisedBookings).toBe(3);
    expect(await retentionAuditRows()).toHaveLength(1);
    // Contact messages are kept when their period is off.
    expect(await env.db.selectFrom('contactForms').select('email').execute()).toEqual([{ email: EMAIL }]);
  });

  it('keeps records whose period has not passed', async () => {
    const { slot } = await personWithRecords();
    const later = await insertSlotRow(env.db, slot.sessionId, 24 * 400);
    await callers.anonymous.bookings.create({ timeSlotId: later.id, participantName: 'Future Guest', participantEmail: 'future@example.com' });
    await setRetention(1, 1);
    const result = await runSchedulerAt(Date.now() + 2 * 31 * DAY);
    expect(result.retention).toEqual({ anonymisedBookings: 3, anonymisedConsultations: 1, deletedContacts: 1 });
    expect((await columnsHolding(env.db, 'future@example.com')).length).toBeGreaterThan(0);
  });
});

describe('privacy: settings', () => {
  const valid = { policyEn: 'We keep little.', policyFr: 'Nous gardons peu.', bookingRetentionMonths: 24, contactRetentionMonths: 6, analyticsRetentionMonths: 12 };

  it('shows the page to everyone and saves for admins only, audited', async () => {
    for (const caller of [callers.anonymous, callers.user, callers.admin]) expect((await caller.privacy.page()).policyEn).toBe(DEFAULT_PRIVACY_TEXT);
    await expectAdminOnly(callers, (c) => c.privacy.updateSettings(valid));
    expect(await callers.anonymous.privacy.page()).toMatchObject({ policyEn: DEFAULT_PRIVACY_TEXT });
    expect(await callers.admin.privacy.updateSettings(valid)).toEqual(valid);
    expect(await callers.anonymous.privacy.page()).toEqual(valid);
    const audit = await env.db.selectFrom('auditLog').select(['action', 'entity', 'entityId', 'summary']).where('entity', '=', 'settings').execute();
    expect(audit).toEqual([{ action: 'settings', entity: 'settings', entityId: 'privacy', summary: 'privacy: English text, French text, booking retention, contact message retention, visit totals retention' }]);
    await callers.admin.privacy.updateSettings({ ...valid, policyFr: '  ', bookingRetentionMonths: null });
    expect(await callers.anonymous.privacy.page()).toEqual({ ...valid, policyFr: null, bookingRetentionMonths: null });
  });

  it('refuses bad input with field messages', async () => {
    await expectFieldErrors(callers.admin.privacy.updateSettings({ ...valid, policyEn: '  ', bookingRetentionMonths: 0, contactRetentionMonths: 121, analyticsRetentionMonths: 0 }), {
      policyEn: 'The English privacy text is required',
      bookingRetentionMonths: 'Anonymise bookings after must be between 1 and 120 months',
      contactRetentionMonths: 'Delete contact messages after must be between 1 and 120 months',
      analyticsRetentionMonths: 'Keep daily visit totals for must be between 1 and 120 months',
    });
    // Never off: the visit totals always have a period.
    await expectFieldErrors(callers.admin.privacy.updateSettings({ ...valid, analyticsRetentionMonths: null as unknown as number }), {
      analyticsRetentionMonths: 'Keep daily visit totals for must be between 1 and 120 months',
    });
    await expectFieldErrors(callers.admin.privacy.updateSettings({ ...valid, bookingRetentionMonths: 1.5 }), {
      bookingRetentionMonths: 'Anonymise bookings after must be between 1 and 120 months',
    });
    await expectFieldErrors(callers.admin.privacy.updateSettings({ ...valid, policyEn: 'x'.repeat(20_001) }), { policyEn: 'Must be at most 20000 characters' });
  });
});
