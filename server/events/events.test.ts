// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  eventInput,
  expectAdminOnly,
  expectFieldErrors,
  expectStaffOnly,
  expectTRPCError,
  roleCallers,
  type RoleCallers,
  type TestEnv,
  createTestEnv,
} from '@tests/support/helpers';
import { futureYear, isoDay } from '@tests/dates';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

describe('events router: role matrix', () => {
  it('lets anyone read active events', async () => {
    await expect(callers.anonymous.events.list()).resolves.toBeInstanceOf(Array);
    await expect(callers.user.events.list()).resolves.toBeInstanceOf(Array);
  });

  it('lets staff list for the back office and refuses anonymous callers', async () => {
    await expectStaffOnly(callers, (c) => c.events.adminList({}));
    await expect(callers.user.events.adminList({})).resolves.toMatchObject({ total: expect.any(Number) });
  });

  it('keeps writes for admins', async () => {
    const event = await callers.admin.events.create(eventInput());
    await expectAdminOnly(callers, (c) => c.events.create(eventInput()));
    await expectAdminOnly(callers, (c) => c.events.update({ id: event.id, ...eventInput() }));
    await expectAdminOnly(callers, (c) => c.events.setActive({ id: event.id, isActive: false }));
    await expectAdminOnly(callers, (c) => c.events.reorder({ id: event.id, direction: 'up' }));
    await expectAdminOnly(callers, (c) => c.events.delete({ id: event.id }));
    await callers.admin.events.delete({ id: event.id });
  });
});

describe('events: validation', () => {
  it('requires a title and an image, with their field messages', async () => {
    await expectFieldErrors(callers.admin.events.create(eventInput({ title: '   ', imageUrl: '' })), {
      title: 'Title is required',
      imageUrl: 'Image is required',
    });
  });

  it('checks the registration link and the display order', async () => {
    await expectFieldErrors(
      callers.admin.events.create(eventInput({ registrationLink: 'not a url', displayOrder: 0 })),
      { registrationLink: 'Registration link must be a valid URL', displayOrder: 'Display order must be at least 1' },
    );
    await expectFieldErrors(callers.admin.events.create(eventInput({ displayOrder: 1.5 })), {
      displayOrder: 'Display order must be a whole number',
    });
  });

  it('changes nothing on bad input', async () => {
    const before = await callers.admin.events.adminList({});
    await expectTRPCError(callers.admin.events.create(eventInput({ title: '' })), 'BAD_REQUEST');
    expect((await callers.admin.events.adminList({})).total).toBe(before.total);
  });

  it('answers NOT_FOUND for a missing event', async () => {
    await expectTRPCError(callers.admin.events.update({ id: 'missing', ...eventInput() }), 'NOT_FOUND', 'Event not found.');
    await expectTRPCError(callers.admin.events.delete({ id: 'missing' }), 'NOT_FOUND');
    await expectTRPCError(callers.anonymous.events.byId({ id: 'missing' }), 'NOT_FOUND');
  });
});

describe('events: rules', () => {
  it('stores every field, trims text and turns blanks into null', async () => {
    const event = await callers.admin.events.create(
      eventInput({ title: '  Trade Mission  ', videoUrl: '', benefits: ['  One ', '', 'Two'], registrationLink: 'https://example.com/r' }),
    );
    expect(event).toMatchObject({
      title: 'Trade Mission',
      videoUrl: null,
      benefits: ['One', 'Two'],
      registrationLink: 'https://example.com/r',
      isActive: true,
      displayOrder: 1,
    });
    // Read back, it has the days it runs too: none without a slot.
    expect(await callers.anonymous.events.byId({ id: event.id })).toEqual({ ...event, schedule: null });
    await callers.admin.events.delete({ id: event.id });
  });

  it('lists active events by display order then creation time, and hides inactive ones from visitors', async () => {
    const third = await callers.admin.events.create(eventInput({ title: 'C', displayOrder: 3 }));
    const firstOld = await callers.admin.events.create(eventInput({ title: 'A1', displayOrder: 1 }));
    const firstNew = await callers.admin.events.create(eventInput({ title: 'A2', displayOrder: 1 }));
    const hidden = await callers.admin.events.create(eventInput({ title: 'Hidden', displayOrder: 2, isActive: false }));

    const listed = await callers.anonymous.events.list();
    expect(listed.map((e) => e.title)).toEqual(['A1', 'A2', 'C']);
    await expectTRPCError(callers.anonymous.events.byId({ id: hidden.id }), 'NOT_FOUND');
    await expect(callers.user.events.byId({ id: hidden.id })).resolves.toMatchObject({ title: 'Hidden' });

    const inactive = await callers.user.events.adminList({ status: 'inactive' });
    expect(inactive.items.map((e) => e.title)).toEqual(['Hidden']);

    for (const event of [third, firstOld, firstNew, hidden]) await callers.admin.events.delete({ id: event.id });
  });

  it('persists the status toggle', async () => {
    const event = await callers.admin.events.create(eventInput());
    await callers.admin.events.setActive({ id: event.id, isActive: false });
    expect((await callers.user.events.byId({ id: event.id })).isActive).toBe(false);
    await callers.admin.events.setActive({ id: event.id, isActive: true });
    expect((await callers.user.events.byId({ id: event.id })).isActive).toBe(true);
    await callers.admin.events.delete({ id: event.id });
  });

  it('reorders even when events share a display order', async () => {
    const a = await callers.admin.events.create(eventInput({ title: 'A' }));
    const b = await callers.admin.events.create(eventInput({ title: 'B' }));
    const c = await callers.admin.events.create(eventInput({ title: 'C' }));
    await callers.admin.events.reorder({ id: c.id, direction: 'up' });
    let titles = (await callers.user.events.adminList({})).items.map((e) => e.title);
    expect(titles).toEqual(['A', 'C', 'B']);
    await callers.admin.events.reorder({ id: a.id, direction: 'down' });
    titles = (await callers.user.events.adminList({})).items.map((e) => e.title);
    expect(titles).toEqual(['C', 'A', 'B']);
    const orders = (await callers.user.events.adminList({})).items.map((e) => e.displayOrder);
    expect(orders).toEqual([1, 2, 3]);
    await callers.admin.events.reorder({ id: c.id, direction: 'up' }); // already first: no change
    expect((await callers.user.events.adminList({})).items.map((e) => e.title)).toEqual(['C', 'A', 'B']);
    for (const event of [a, b, c]) await callers.admin.events.delete({ id: event.id });
  });

  it('searches, filters and paginates on the server', async () => {
    const created = [];
    for (let i = 1; i <= 25; i += 1) {
      created.push(await callers.admin.events.create(eventInput({ title: `Forum ${String(i).padStart(2, '0')}`, displayOrder: i })));
    }
    const page2 = await callers.user.events.adminList({ search: 'forum', page: 2, pageSize: 10 });
    expect(page2.total).toBe(25);
    expect(page2.items.map((e) => e.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Forum ${String(i + 11).padStart(2, '0')}`));
    expect((await callers.user.events.adminList({ search: '100%' })).total).toBe(0);
    for (const event of created) await callers.admin.events.delete({ id: event.id });
  });

  it('deletes an event with all its sessions, slots and bookings', async () => {
    const event = await callers.admin.events.create(eventInput());
    await env.db
      .insertInto('eventSessions')
      .values({ id: 's1', eventId: event.id, title: 'S', description: null, location: null, facilitator: null, maxParticipants: 5 })
      .execute();
    await env.db.insertInto('timeSlots').values({ id: 't1', sessionId: 's1', startTime: `${isoDay(futureYear(), 1, 1)}T10:00:00.000Z`, endTime: `${isoDay(futureYear(), 1, 1)}T11:00:00.000Z` }).execute();
    await env.db
      .insertInto('bookings')
      .values({ id: 'b1', timeSlotId: 't1', eventId: event.id, sessionId: 's1', participantName: 'P', participantEmail: 'p@example.com', participantPhone: null })
      .execute();
    await callers.admin.events.delete({ id: event.id });
    for (const table of ['eventSessions', 'timeSlots', 'bookings'] as const) {
      const row = await env.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBe(0);
    }
  });
});

describe('events: the image focal point', () => {
  it('stores the point, and a new event without one has none (the centre)', async () => {
    const plain = await callers.admin.events.create(eventInput());
    expect(plain).toMatchObject({ imageFocusX: null, imageFocusY: null });
    const focused = await callers.admin.events.create(eventInput({ imageFocusX: 20, imageFocusY: 85 }));
    expect(focused).toMatchObject({ imageFocusX: 20, imageFocusY: 85 });
    // What the public pages read.
    expect(await callers.anonymous.events.byId({ id: focused.id })).toMatchObject({ imageFocusX: 20, imageFocusY: 85 });
    expect((await callers.anonymous.events.list()).find((event) => event.id === focused.id)).toMatchObject({ imageFocusX: 20, imageFocusY: 85 });
    expect((await callers.anonymous.events.page({ id: focused.id })).event).toMatchObject({ imageFocusX: 20, imageFocusY: 85 });
  });

  it('keeps the stored point when an update leaves it out, and clears it when both are null', async () => {
    const event = await callers.admin.events.create(eventInput({ imageFocusX: 10, imageFocusY: 0 }));
    const renamed = await callers.admin.events.update({ id: event.id, ...eventInput({ title: 'Renamed' }) });
    expect(renamed).toMatchObject({ title: 'Renamed', imageFocusX: 10, imageFocusY: 0 });
    const moved = await callers.admin.events.update({ id: event.id, ...eventInput({ imageFocusX: 100, imageFocusY: 55 }) });
    expect(moved).toMatchObject({ imageFocusX: 100, imageFocusY: 55 });
    const centred = await callers.admin.events.update({ id: event.id, ...eventInput({ imageFocusX: null, imageFocusY: null }) });
    expect(centred).toMatchObject({ imageFocusX: null, imageFocusY: null });
    expect(await callers.user.events.byId({ id: event.id })).toMatchObject({ imageFocusX: null, imageFocusY: null });
  });

  it('audits a moved point', async () => {
    const event = await callers.admin.events.create(eventInput({ imageFocusX: 30, imageFocusY: 50 }));
    await callers.admin.events.update({ id: event.id, ...eventInput({ imageFocusX: 30, imageFocusY: 70 }) });
    await callers.admin.events.update({ id: event.id, ...eventInput({ imageFocusX: null, imageFocusY: null }) });
    const rows = await env.db
      .selectFrom('auditLog')
      .select('summary')
      .where('entityId', '=', event.id)
      .where('action', '=', 'update')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.summary).sort()).toEqual(['image focus x, image focus y', 'image focus y']);
  });

  it('refuses a point out of range, not whole or half given, with field messages, and changes nothing', async () => {
    const event = await callers.admin.events.create(eventInput({ imageFocusX: 40, imageFocusY: 60 }));
    const range = 'Focus must be a whole number from 0 to 100';
    await expectFieldErrors(callers.admin.events.create(eventInput({ imageFocusX: -1, imageFocusY: 101 })), { imageFocusX: range, imageFocusY: range });
    await expectFieldErrors(callers.admin.events.create(eventInput({ imageFocusX: 12.5, imageFocusY: '50' })), { imageFocusX: range, imageFocusY: range });
    const both = 'Give both focus values or neither';
    await expectFieldErrors(callers.admin.events.create(eventInput({ imageFocusX: 30 })), { imageFocusY: both });
    await expectFieldErrors(callers.admin.events.update({ id: event.id, ...eventInput({ imageFocusY: 30 }) }), { imageFocusX: both });
    await expectFieldErrors(callers.admin.events.update({ id: event.id, ...eventInput({ imageFocusX: 30, imageFocusY: null }) }), { imageFocusY: both });
    await expectFieldErrors(callers.admin.events.update({ id: event.id, ...eventInput({ title: 'Changed', imageFocusX: 101, imageFocusY: 5 }) }), { imageFocusX: range });
    expect(await callers.user.events.byId({ id: event.id })).toMatchObject({ title: 'Market Entry Summit', imageFocusX: 40, imageFocusY: 60 });
    expect((await callers.user.events.adminList({})).total).toBe(1);
  });

  it('keeps a point out of range out of the table itself (the column check)', async () => {
    const event = await callers.admin.events.create(eventInput());
    await expect(env.db.updateTable('events').set({ imageFocusX: 101, imageFocusY: 50 }).where('id', '=', event.id).execute()).rejects.toThrow(/check/i);
  });
});
