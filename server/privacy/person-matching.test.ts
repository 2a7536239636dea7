// The privacy tools match an address whole (issue 34, finding 3): looking up or erasing
// anna@acme.co finds nothing of anna@acme.com (her booking, its staff notice with her phone, her
// contact message and its notice, an audit row, a sign-in counter on PostgreSQL) and leaves her
// unsent notices in the outbox. SQLite and PostgreSQL alike.
// @module-tag postgres
import { afterEach, beforeEach, expect, it } from 'vitest';
import { isPostgres } from '@db/postgres';
import { newId } from '@server/core/ids';
import { PERSON_SOURCES } from './person-records.repository';
import { insertBookableSlot } from '@tests/support/fixtures';
import { createAccount, createTestEnv, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  const desk = await createAccount(env.db, 'admin', { email: 'desk@example.com' });
  await env.db.updateTable('users').set({ notifyEmail: 1, notifyNewBookings: 1, notifyNewContacts: 1 }).where('id', '=', desk.user.id).execute();
});
afterEach(() => env.close());

const ANNA = 'anna@acme.com';
const PHONE = '+233 20 555 0142';

async function annasRecords(): Promise<void> {
  const { slot } = await insertBookableSlot(env.db, 10);
  await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Anna Acme', participantEmail: ANNA, participantPhone: PHONE });
  await callers.anonymous.contacts.submit({ name: 'Anna Acme', email: ANNA, company: 'Acme', message: 'Call me about Lagos.' });
  await env.db.insertInto('auditLog').values({ id: newId(), userId: null, actorName: null, actorEmail: ANNA, ip: '203.0.113.9', action: 'sign-in-failed', entity: 'account', entityId: null, summary: `failed sign-in as ${ANNA}` }).execute();
  if (isPostgres(env.db)) await env.db.insertInto('rateLimits').values({ key: `credentials-account:${ANNA}`, points: 1, expire: null }).execute();
}

async function annasMessages() {
  return env.db.selectFrom('emailOutbox').select(['id', 'toAddress', 'textBody']).orderBy('id').execute();
}

it('finds nothing of anna@acme.com when asked for anna@acme.co, or for joanna@acme.com', async () => {
  await annasRecords();
  const notices = (await annasMessages()).filter((message) => message.toAddress === 'desk@example.com');
  expect(notices).toHaveLength(2);
  expect(notices.every((notice) => notice.textBody.includes(ANNA))).toBe(true);
  expect(notices.some((notice) => notice.textBody.includes(PHONE))).toBe(true);

  for (const email of ['anna@acme.co', 'joanna@acme.com', 'nna@acme.com']) {
    const { records } = await callers.admin.privacy.findPerson({ email });
    expect(records, email).toEqual(Object.fromEntries(PERSON_SOURCES.map((source) => [source.kind, []])));
  }
  // Asked for her own address, everything of hers is there.
  const hers = await callers.admin.privacy.findPerson({ email: ANNA });
  expect(hers.records.bookings).toHaveLength(1);
  expect(hers.records.contactMessages).toHaveLength(1);
  expect(hers.records.outboxMessages?.length).toBeGreaterThanOrEqual(4);
  expect(hers.records.auditMentions).toHaveLength(1);
  expect(hers.records.signInCounters).toHaveLength(isPostgres(env.db) ? 1 : 0);
});

it('erases nothing of anna@acme.com when erasing anna@acme.co: her unsent notices stay as they were', async () => {
  await annasRecords();
  const messagesBefore = await annasMessages();
  const auditBefore = await env.db.selectFrom('auditLog').select(['id', 'summary', 'actorEmail']).where('actorEmail', '=', ANNA).execute();

  const counts = await callers.admin.privacy.erasePerson({ email: 'anna@acme.co' });
  expect(counts).toEqual(Object.fromEntries(PERSON_SOURCES.map((source) => [source.kind, 0])));

  expect(await annasMessages()).toEqual(messagesBefore);
  expect(await env.db.selectFrom('auditLog').select(['id', 'summary', 'actorEmail']).where('actorEmail', '=', ANNA).execute()).toEqual(auditBefore);
  expect((await callers.admin.privacy.findPerson({ email: ANNA })).records.bookings).toHaveLength(1);
  if (isPostgres(env.db)) expect(await env.db.selectFrom('rateLimits').select('key').where('key', 'like', '%anna%').execute()).toEqual([{ key: `credentials-account:${ANNA}` }]);
});

it('replaces only the whole address in a text that holds both', async () => {
  await env.db
    .insertInto('auditLog')
    .values({ id: newId(), userId: null, actorName: 'Desk', actorEmail: 'desk@example.com', ip: '127.0.0.1', action: 'update', entity: 'user', entityId: null, summary: 'email changed from anna@acme.co to anna@acme.com' })
    .execute();
  expect((await callers.admin.privacy.erasePerson({ email: 'anna@acme.co' })).auditMentions).toBe(1);
  expect(await env.db.selectFrom('auditLog').select('summary').where('entity', '=', 'user').execute()).toEqual([{ summary: 'email changed from [erased] to anna@acme.com' }]);
});
