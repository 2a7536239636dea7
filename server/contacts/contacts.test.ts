// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactStatus } from '@db/schema';
import { newId } from '@server/core/ids';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import type { CreateContactInput } from './contacts.schemas';
import {
  callerFor,
  createTestEnv,
  expectAdminOnly,
  expectFieldErrors,
  expectStaffOnly,
  expectTRPCError,
  roleCallers,
  type RoleCallers,
  type TestEnv,
} from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

function message(overrides: Record<string, string> = {}) {
  return {
    name: 'Akosua Darko',
    email: 'akosua@example.com',
    company: 'Darko Trading',
    message: 'We would like to enter the UK market.',
    ...overrides,
  };
}

function staffContact(overrides: Partial<CreateContactInput> = {}) {
  return { ...message(), status: 'in-progress' as const, notes: 'Called back on Monday.', ...overrides };
}

async function countContacts(db = env.db): Promise<number> {
  const row = await db.selectFrom('contactForms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function insertContactRow(
  db: TestEnv['db'],
  overrides: { name?: string; email?: string; company?: string | null; status?: ContactStatus; createdAt?: string } = {},
) {
  return db
    .insertInto('contactForms')
    .values({
      id: newId(),
      name: overrides.name ?? 'Fixture Contact',
      email: overrides.email ?? 'fixture@example.com',
      company: overrides.company === undefined ? null : overrides.company,
      message: 'Hello',
      status: overrides.status ?? 'new',
      notes: null,
      ...(overrides.createdAt === undefined ? {} : { createdAt: overrides.createdAt }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

describe('contacts router: role matrix', () => {
  it('lets anyone send a message', async () => {
    for (const caller of [callers.anonymous, callers.user, callers.admin]) {
      await expect(caller.contacts.submit(message())).resolves.toEqual({ id: expect.any(String) });
    }
  });

  it('keeps reads and edits for signed-in staff', async () => {
    const contact = await callers.user.contacts.create(staffContact());
    await expectStaffOnly(callers, (c) => c.contacts.list({}));
    await expectStaffOnly(callers, (c) => c.contacts.stats());
    await expectStaffOnly(callers, (c) => c.contacts.recent());
    await expectStaffOnly(callers, (c) => c.contacts.create(staffContact()));
    await expectStaffOnly(callers, (c) => c.contacts.update({ id: contact.id, ...staffContact() }));
    await expectStaffOnly(callers, (c) => c.contacts.setStatus({ id: contact.id, status: 'closed' }));
    for (const caller of [callers.user, callers.admin]) {
      await expect(caller.contacts.list({})).resolves.toMatchObject({ total: expect.any(Number) });
      await expect(caller.contacts.stats()).resolves.toMatchObject({ total: expect.any(Number) });
      await expect(caller.contacts.recent()).resolves.toBeInstanceOf(Array);
      await expect(caller.contacts.create(staffContact())).resolves.toMatchObject({ status: 'in-progress' });
      await expect(caller.contacts.update({ id: contact.id, ...staffContact({ name: 'Edited' }) })).resolves.toMatchObject({ name: 'Edited' });
      await expect(caller.contacts.setStatus({ id: contact.id, status: 'closed' })).resolves.toMatchObject({ status: 'closed' });
    }
  });

  it('keeps deletion for admins', async () => {
    const contact = await callers.user.contacts.create(staffContact());
    await expectAdminOnly(callers, (c) => c.contacts.delete({ id: contact.id }));
    const kept = await env.db.selectFrom('contactForms').select('id').where('id', '=', contact.id).executeTakeFirst();
    expect(kept).toEqual({ id: contact.id });
    await expect(callers.admin.contacts.delete({ id: contact.id })).resolves.toEqual({ id: contact.id });
    const gone = await env.db.selectFrom('contactForms').select('id').where('id', '=', contact.id).executeTakeFirst();
    expect(gone).toBeUndefined();
  });
});

describe('contacts: validation', () => {
  it('answers the public form with its field messages', async () => {
    await expectFieldErrors(callers.anonymous.contacts.submit({ name: ' ', email: '', message: '  ' }), {
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
    await expectFieldErrors(callers.anonymous.contacts.submit(message({ email: 'akosua@' })), {
      email: 'Please enter a valid email address',
    });
  });

  it('answers the staff modal with its field messages', async () => {
    await expectFieldErrors(callers.user.contacts.create({ name: '', email: 'x', message: '' }), {
      name: 'Name is required',
      email: 'Please enter a valid email address',
      message: 'Message is required',
    });
    const badStatus = staffContact({ status: 'resolved' as ContactStatus });
    await expectFieldErrors(callers.user.contacts.create(badStatus), { status: 'Status is required' });
    await expectFieldErrors(callers.user.contacts.setStatus({ id: 'x', status: 'resolved' as ContactStatus }), {
      status: 'Status is required',
    });
  });

  it('changes nothing on bad input', async () => {
    const contact = await callers.user.contacts.create(staffContact());
    const before = await countContacts();
    await expectTRPCError(callers.anonymous.contacts.submit(message({ message: '' })), 'BAD_REQUEST');
    await expectTRPCError(callers.user.contacts.create(staffContact({ email: 'nope' })), 'BAD_REQUEST');
    await expectTRPCError(callers.user.contacts.update({ id: contact.id, ...staffContact({ name: '' }) }), 'BAD_REQUEST');
    expect(await countContacts()).toBe(before);
    const stored = await env.db.selectFrom('contactForms').selectAll().where('id', '=', contact.id).executeTakeFirstOrThrow();
    expect(stored.name).toBe(contact.name);
    expect(stored.updatedAt).toBe(contact.updatedAt);
  });

  it('answers NOT_FOUND for a missing contact', async () => {
    await expectTRPCError(callers.user.contacts.update({ id: 'missing', ...staffContact() }), 'NOT_FOUND', 'Contact not found.');
    await expectTRPCError(callers.user.contacts.setStatus({ id: 'missing', status: 'closed' }), 'NOT_FOUND', 'Contact not found.');
    await expectTRPCError(callers.admin.contacts.delete({ id: 'missing' }), 'NOT_FOUND', 'Contact not found.');
  });
});

describe('contacts: rules', () => {
  it('stores a public message as new, trimmed, with an empty company as null and no notes', async () => {
    const { id } = await callers.anonymous.contacts.submit({
      name: '  Kojo Asante ',
      email: ' Kojo@Example.COM',
      company: '   ',
      message: '  Please call me.  ',
    });
    const stored = await env.db.selectFrom('contactForms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: 'Kojo Asante',
      email: 'kojo@example.com',
      company: null,
      message: 'Please call me.',
      status: 'new',
      notes: null,
    });
  });

  it('creates with status new by default and keeps internal notes', async () => {
    const created = await callers.user.contacts.create({ ...message(), notes: '  VIP  ' });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Akosua Darko',
      email: 'akosua@example.com',
      company: 'Darko Trading',
      message: 'We would like to enter the UK market.',
      status: 'new',
      notes: 'VIP',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('updates every field and the status, setting updated_at', async () => {
    const longAgo = '2000-01-01T00:00:00.000Z';
    const created = await insertContactRow(env.db, { createdAt: longAgo });
    await env.db.updateTable('contactForms').set({ updatedAt: longAgo }).where('id', '=', created.id).execute();

    const updated = await callers.user.contacts.update({
      id: created.id,
      name: 'New Name',
      email: 'new@example.com',
      company: '',
      message: 'Changed',
      status: 'completed',
      notes: 'Done',
    });
    expect(updated).toMatchObject({ id: created.id, name: 'New Name', email: 'new@example.com', company: null, message: 'Changed', status: 'completed', notes: 'Done' });
    expect(updated.createdAt).toBe(longAgo);
    expect(updated.updatedAt > longAgo).toBe(true);

    await env.db.updateTable('contactForms').set({ updatedAt: longAgo }).where('id', '=', created.id).execute();
    const closed = await callers.user.contacts.setStatus({ id: created.id, status: 'closed' });
    expect(closed).toMatchObject({ status: 'closed', name: 'New Name', notes: 'Done' });
    expect(closed.updatedAt > longAgo).toBe(true);
  });
});

describe('contacts: lists, stats and recent submissions', () => {
  let listEnv: TestEnv;
  let staff: RoleCallers;

  beforeEach(async () => {
    listEnv = await createTestEnv();
    staff = await roleCallers(listEnv);
    const rows: { name: string; email: string; company: string | null; status: ContactStatus }[] = [
      { name: 'Ama', email: 'ama@one.example', company: 'Gold Coast Imports', status: 'new' },
      { name: 'Kwesi', email: 'kwesi@two.example', company: null, status: 'new' },
      { name: 'Esi', email: 'esi@three.example', company: 'Cocoa Exports', status: 'in-progress' },
      { name: 'Yaw', email: 'yaw@four.example', company: 'Gold Fields', status: 'completed' },
      { name: 'Adjoa', email: 'adjoa@five.example', company: null, status: 'closed' },
      { name: 'Kofi', email: 'kofi@six.example', company: 'Shea Ltd', status: 'closed' },
      { name: 'Afia', email: 'afia@seven.example', company: null, status: 'new' },
    ];
    for (const [index, row] of rows.entries()) {
      await insertContactRow(listEnv.db, { ...row, createdAt: `2026-02-0${index + 1}T09:00:00.000Z` });
    }
  });
  afterEach(() => listEnv.close());

  it('lists newest first and paginates on the server', async () => {
    const all = await staff.user.contacts.list({});
    expect(all.total).toBe(7);
    expect(all.items.map((c) => c.name)).toEqual(['Afia', 'Kofi', 'Adjoa', 'Yaw', 'Esi', 'Kwesi', 'Ama']);
    const page2 = await staff.user.contacts.list({ page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 7 });
    expect(page2.items.map((c) => c.name)).toEqual(['Yaw', 'Esi', 'Kwesi']);
  });

  it('searches name, e-mail and company, and filters by status', async () => {
    expect((await staff.user.contacts.list({ search: 'gold' })).items.map((c) => c.name)).toEqual(['Yaw', 'Ama']);
    expect((await staff.user.contacts.list({ search: 'THREE.example' })).items.map((c) => c.name)).toEqual(['Esi']);
    expect((await staff.user.contacts.list({ search: 'kwesi' })).items.map((c) => c.name)).toEqual(['Kwesi']);
    expect((await staff.user.contacts.list({ status: 'closed' })).items.map((c) => c.name)).toEqual(['Kofi', 'Adjoa']);
    expect((await staff.user.contacts.list({ status: 'in-progress' })).items.map((c) => c.name)).toEqual(['Esi']);
    expect((await staff.user.contacts.list({ search: 'gold', status: 'new' })).items.map((c) => c.name)).toEqual(['Ama']);
    expect((await staff.user.contacts.list({ search: '%' })).total).toBe(0);
  });

  it('counts by status', async () => {
    expect(await staff.user.contacts.stats()).toEqual({ total: 7, new: 3, inProgress: 1, completed: 1, closed: 2 });
  });

  it('returns the latest 5 submissions', async () => {
    const recent = await staff.user.contacts.recent();
    expect(recent.map((c) => c.name)).toEqual(['Afia', 'Kofi', 'Adjoa', 'Yaw', 'Esi']);
    expect(recent[0]).toEqual({ id: expect.any(String), name: 'Afia', email: 'afia@seven.example', createdAt: '2026-02-07T09:00:00.000Z' });
  });
});

describe('public contact gate: maintenance, registrations, rate limit', () => {
  it('refuses messages in Maintenance Mode while staff procedures keep working', async () => {
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, maintenanceMode: true });
    try {
      const before = await countContacts();
      await expectTRPCError(
        callers.anonymous.contacts.submit(message()),
        'SERVICE_UNAVAILABLE',
        'The site is under maintenance. Please try again later.',
      );
      expect(await countContacts()).toBe(before);
      const created = await callers.user.contacts.create(staffContact());
      await expect(callers.user.contacts.setStatus({ id: created.id, status: 'closed' })).resolves.toMatchObject({ status: 'closed' });
      expect(await countContacts()).toBe(before + 1);
    } finally {
      await saveSystemSettings(env.db, DEFAULT_SYSTEM_SETTINGS);
    }
  });

  it('still accepts messages when Allow Registrations is off', async () => {
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, allowRegistrations: false });
    try {
      await expect(callers.anonymous.contacts.submit(message())).resolves.toEqual({ id: expect.any(String) });
    } finally {
      await saveSystemSettings(env.db, DEFAULT_SYSTEM_SETTINGS);
    }
  });

  it('limits messages per client address', async () => {
    const limited = await createTestEnv({ limits: { publicFormsPerWindow: 3 } });
    try {
      const visitor = callerFor(limited.deps, null, { ip: '198.51.100.4' });
      for (let i = 0; i < 3; i += 1) await visitor.contacts.submit(message());
      await expectTRPCError(visitor.contacts.submit(message()), 'TOO_MANY_REQUESTS', 'Too many requests. Please try again in 10 minutes.');
      const neighbour = callerFor(limited.deps, null, { ip: '198.51.100.5' });
      await expect(neighbour.contacts.submit(message())).resolves.toEqual({ id: expect.any(String) });
      expect(await countContacts(limited.db)).toBe(4);
    } finally {
      await limited.close();
    }
  });
});
