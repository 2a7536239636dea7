// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import {
  createTestEnv,
  expectAdminOnly,
  expectFieldErrors,
  expectStaffOnly,
  expectTRPCError,
  roleCallers,
  type RoleCallers,
  type TestEnv,
} from '@tests/support/helpers';
import { newId } from '@server/core/ids';
import { refuseInserts } from '@tests/support/dialect';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

const HOUR = 3_600_000;
/** A whole-second instant `hours` from now, as the API stores it (UTC ISO with milliseconds). */
function inHours(hours: number): string {
  return new Date(Math.floor(Date.now() / 1000) * 1000 + hours * HOUR).toISOString();
}

function sessionInput(eventId: string, overrides: Record<string, unknown> = {}) {
  return {
    eventId,
    title: 'Market Entry Workshop',
    description: 'Half a day on entering West African markets.',
    location: 'Room A',
    facilitator: 'Ama Mensah',
    maxParticipants: 10,
    isActive: true,
    timeSlots: [{ startTime: inHours(24), endTime: inHours(26) }],
    delegates: [{ name: 'Kofi Boateng', email: 'kofi@example.com', organization: 'Ghana Trade', position: 'Director' }],
    ...overrides,
  };
}

async function countRows(table: 'eventSessions' | 'timeSlots' | 'delegates' | 'bookings'): Promise<number> {
  const row = await env.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function rowsOfSession(sessionId: string) {
  const count = async (table: 'timeSlots' | 'delegates' | 'bookings') => {
    const row = await env.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sessionId', '=', sessionId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return { timeSlots: await count('timeSlots'), delegates: await count('delegates'), bookings: await count('bookings') };
}

describe('sessions router: role matrix', () => {
  it('lets anyone list the active sessions of an event', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    for (const caller of [callers.anonymous, callers.user, callers.admin]) {
      expect((await caller.sessions.listByEvent({ eventId: event.id })).map((s) => s.id)).toEqual([session.id]);
    }
  });

  it('keeps list, stats and get for signed-in staff', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    await expectStaffOnly(callers, (c) => c.sessions.list({}));
    await expectStaffOnly(callers, (c) => c.sessions.stats());
    await expectStaffOnly(callers, (c) => c.sessions.get({ id: session.id }));
    for (const caller of [callers.user, callers.admin]) {
      await expect(caller.sessions.list({ eventId: event.id })).resolves.toMatchObject({ total: 1 });
      await expect(caller.sessions.stats()).resolves.toMatchObject({ total: expect.any(Number) });
      await expect(caller.sessions.get({ id: session.id })).resolves.toMatchObject({ id: session.id });
    }
  });

  it('keeps writes for admins, and a refused write changes nothing', async () => {
    const event = await insertEventRow(env.db);
    const before = await countRows('eventSessions');
    await expectAdminOnly(callers, (c) => c.sessions.create(sessionInput(event.id)));
    expect(await countRows('eventSessions')).toBe(before);

    const created = await callers.admin.sessions.create(sessionInput(event.id));
    await expectAdminOnly(callers, (c) => c.sessions.update({ id: created.id, ...sessionInput(event.id, { title: 'X' }) }));
    await expectAdminOnly(callers, (c) => c.sessions.toggleActive({ id: created.id }));
    await expectAdminOnly(callers, (c) => c.sessions.delete({ id: created.id }));
    const unchanged = await callers.admin.sessions.get({ id: created.id });
    expect(unchanged.title).toBe('Market Entry Workshop');
    expect(unchanged.isActive).toBe(true);

    await expect(callers.admin.sessions.update({ id: created.id, ...sessionInput(event.id, { title: 'Y' }) })).resolves.toMatchObject({ title: 'Y' });
    await expect(callers.admin.sessions.toggleActive({ id: created.id })).resolves.toMatchObject({ isActive: false });
    await expect(callers.admin.sessions.delete({ id: created.id })).resolves.toEqual({ id: created.id });
  });
});

describe('sessions: the wizard validation messages', () => {
  let eventId: string;
  beforeEach(async () => {
    eventId = (await insertEventRow(env.db)).id;
  });

  it('requires the event and the title (step 1)', async () => {
    await expectFieldErrors(callers.admin.sessions.create(sessionInput('', { title: '   ' })), {
      eventId: 'Event is required',
      title: 'Title is required',
    });
    const { eventId: _omitted, ...withoutEvent } = sessionInput(eventId);
    await expectFieldErrors(callers.admin.sessions.create(withoutEvent as ReturnType<typeof sessionInput>), {
      eventId: 'Event is required',
    });
  });

  it('checks the new delegate (step 2)', async () => {
    await expectFieldErrors(
      callers.admin.sessions.create(
        sessionInput(eventId, {
          delegates: [
            { name: ' ', email: '' },
            { name: 'Efua', email: 'not-an-email' },
          ],
        }),
      ),
      {
        'delegates.0.name': 'Name is required',
        'delegates.0.email': 'Email is required',
        'delegates.1.email': 'Please enter a valid email address',
      },
    );
  });

  it('requires at least one valid time slot (step 3)', async () => {
    await expectFieldErrors(callers.admin.sessions.create(sessionInput(eventId, { timeSlots: [] })), {
      timeSlots: 'At least one time slot is required',
    });
    await expectFieldErrors(
      callers.admin.sessions.create(sessionInput(eventId, { timeSlots: [{ startTime: '', endTime: '' }] })),
      { 'timeSlots.0.startTime': 'Start time is required', 'timeSlots.0.endTime': 'End time is required' },
    );
    await expectFieldErrors(
      callers.admin.sessions.create(sessionInput(eventId, { timeSlots: [{ startTime: inHours(26), endTime: inHours(24) }] })),
      { 'timeSlots.0.endTime': 'End time must be after start time' },
    );
    await expectFieldErrors(
      callers.admin.sessions.update({ id: 'any', ...sessionInput(eventId, { timeSlots: [] }) }),
      { timeSlots: 'At least one time slot is required' },
    );
  });

  it('requires at least one participant when a capacity is set', async () => {
    await expectFieldErrors(callers.admin.sessions.create(sessionInput(eventId, { maxParticipants: 0 })), {
      maxParticipants: 'Max participants must be at least 1',
    });
  });

  it('changes nothing on bad input', async () => {
    const before = { sessions: await countRows('eventSessions'), slots: await countRows('timeSlots'), delegates: await countRows('delegates') };
    await expectTRPCError(
      callers.admin.sessions.create(sessionInput(eventId, { delegates: [{ name: 'Ok', email: 'bad' }] })),
      'BAD_REQUEST',
    );
    expect({ sessions: await countRows('eventSessions'), slots: await countRows('timeSlots'), delegates: await countRows('delegates') }).toEqual(before);
  });
});

describe('sessions.create', () => {
  it('stores the session, its slots and its delegates, each slot and delegate carrying session_id', async () => {
    const event = await insertEventRow(env.db, { title: 'Trade Mission 2031' });
    const first = { startTime: inHours(48), endTime: inHours(50) };
    const second = { startTime: inHours(24), endTime: inHours(26) };
    const created = await callers.admin.sessions.create(
      sessionInput(event.id, {
        title: '  Matchmaking  ',
        location: '',
        timeSlots: [first, second],
        delegates: [
          { name: 'Kofi Boateng', email: 'KOFI@Example.com', organization: 'Ghana Trade', position: 'Director' },
          { name: 'Efua Owusu', email: 'efua@example.com', phone: '', bio: 'Exporter' },
        ],
      }),
    );
    expect(created).toMatchObject({
      eventId: event.id,
      eventTitle: 'Trade Mission 2031',
      title: 'Matchmaking',
      location: null,
      facilitator: 'Ama Mensah',
      maxParticipants: 10,
      isActive: true,
    });
    // Slots come back in start order with their seats.
    expect(created.timeSlots.map(({ id: _id, ...slot }) => slot)).toEqual([
      { sessionId: created.id, ...second, capacity: 10, booked: 0, seatsLeft: 10, isFull: false },
      { sessionId: created.id, ...first, capacity: 10, booked: 0, seatsLeft: 10, isFull: false },
    ]);
    expect(created.delegates.map((d) => [d.name, d.email, d.sessionId, d.phone, d.bio])).toEqual([
      ['Kofi Boateng', 'kofi@example.com', created.id, null, null],
      ['Efua Owusu', 'efua@example.com', created.id, null, 'Exporter'],
    ]);

    const slotRows = await env.db.selectFrom('timeSlots').select(['sessionId', 'startTime']).where('sessionId', '=', created.id).orderBy('startTime').execute();
    expect(slotRows).toEqual([
      { sessionId: created.id, startTime: second.startTime },
      { sessionId: created.id, startTime: first.startTime },
    ]);
    const delegateRows = await env.db.selectFrom('delegates').select(['sessionId', 'name']).where('sessionId', '=', created.id).orderBy('createdAt').orderBy('id').execute();
    expect(delegateRows).toEqual([
      { sessionId: created.id, name: 'Kofi Boateng' },
      { sessionId: created.id, name: 'Efua Owusu' },
    ]);
    expect(await callers.user.sessions.get({ id: created.id })).toEqual(created);
  });

  it('takes no delegates and an unlimited capacity', async () => {
    const event = await insertEventRow(env.db);
    const created = await callers.admin.sessions.create(sessionInput(event.id, { delegates: undefined, maxParticipants: null }));
    expect(created.delegates).toEqual([]);
    expect(created.maxParticipants).toBeNull();
    expect(created.timeSlots[0]).toMatchObject({ capacity: null, booked: 0, seatsLeft: null, isFull: false });
  });

  it('refuses a missing event and stores nothing', async () => {
    const before = { sessions: await countRows('eventSessions'), slots: await countRows('timeSlots') };
    await expectTRPCError(callers.admin.sessions.create(sessionInput('no-such-event')), 'NOT_FOUND', 'Event not found.');
    expect({ sessions: await countRows('eventSessions'), slots: await countRows('timeSlots') }).toEqual(before);
  });

  it('is all or nothing: a failing delegate insert leaves no session and no time slots', async () => {
    const event = await insertEventRow(env.db);
    const before = { sessions: await countRows('eventSessions'), slots: await countRows('timeSlots'), delegates: await countRows('delegates') };
    const restoreInserts = await refuseInserts(env.db, 'delegates', 'delegate insert failed');
    try {
      await expectTRPCError(
        callers.admin.sessions.create(sessionInput(event.id, { title: 'Doomed Session' })),
        'INTERNAL_SERVER_ERROR',
      );
    } finally {
      await restoreInserts();
    }
    expect({ sessions: await countRows('eventSessions'), slots: await countRows('timeSlots'), delegates: await countRows('delegates') }).toEqual(before);
    const leftover = await env.db.selectFrom('eventSessions').select('id').where('title', '=', 'Doomed Session').execute();
    expect(leftover).toEqual([]);
    // The same input goes through once the failure is gone: the rollback left nothing in the way.
    await expect(callers.admin.sessions.create(sessionInput(event.id, { title: 'Doomed Session' }))).resolves.toMatchObject({
      title: 'Doomed Session',
    });
  });

  it('is all or nothing: a failing time slot insert leaves no session', async () => {
    const event = await insertEventRow(env.db);
    const before = await countRows('eventSessions');
    const restoreInserts = await refuseInserts(env.db, 'time_slots', 'slot insert failed');
    try {
      await expectTRPCError(callers.admin.sessions.create(sessionInput(event.id)), 'INTERNAL_SERVER_ERROR');
    } finally {
      await restoreInserts();
    }
    expect(await countRows('eventSessions')).toBe(before);
  });
});

describe('sessions.update', () => {
  async function createWithThreeSlots() {
    const event = await insertEventRow(env.db);
    const slots = [
      { startTime: inHours(24), endTime: inHours(25) },
      { startTime: inHours(48), endTime: inHours(49) },
      { startTime: inHours(72), endTime: inHours(73) },
    ];
    const created = await callers.admin.sessions.create(
      sessionInput(event.id, {
        timeSlots: slots,
        delegates: [
          { name: 'Delegate One', email: 'one@example.com' },
          { name: 'Delegate Two', email: 'two@example.com' },
        ],
      }),
    );
    const [a, b, c] = created.timeSlots;
    const [d1, d2] = created.delegates;
    if (a === undefined || b === undefined || c === undefined || d1 === undefined || d2 === undefined) {
      throw new Error('fixture session is incomplete');
    }
    return { event, created, a, b, c, d1, d2 };
  }

  it('reconciles slots and delegates: keeps and updates listed ids, creates new items, deletes the rest', async () => {
    const { event, created, a, b, c, d1, d2 } = await createWithThreeSlots();
    const moved = { startTime: inHours(96), endTime: inHours(98) };
    const added = { startTime: inHours(30), endTime: inHours(31) };
    const updated = await callers.admin.sessions.update({
      id: created.id,
      ...sessionInput(event.id, {
        title: 'Renamed Workshop',
        maxParticipants: null,
        timeSlots: [{ id: a.id, ...moved }, added],
        delegates: [{ id: d1.id, name: 'Delegate One Renamed', email: 'one@example.com' }, { name: 'Delegate Three', email: 'three@example.com' }],
      }),
    });
    expect(updated).toMatchObject({ id: created.id, title: 'Renamed Workshop', maxParticipants: null });
    expect(updated.timeSlots.map((s) => [s.startTime, s.endTime])).toEqual([
      [added.startTime, added.endTime],
      [moved.startTime, moved.endTime],
    ]);
    expect(updated.timeSlots[1]?.id).toBe(a.id);
    expect(updated.delegates.map((d) => d.name)).toEqual(['Delegate One Renamed', 'Delegate Three']);
    expect(updated.delegates[0]?.id).toBe(d1.id);

    const slotIds = (await env.db.selectFrom('timeSlots').select('id').where('id', 'in', [b.id, c.id]).execute()).map((r) => r.id);
    expect(slotIds).toEqual([]);
    expect(await env.db.selectFrom('delegates').select('id').where('id', '=', d2.id).execute()).toEqual([]);
    expect(await rowsOfSession(created.id)).toEqual({ timeSlots: 2, delegates: 2, bookings: 0 });
    expect(await callers.user.sessions.get({ id: created.id })).toEqual(updated);
  });

  it('leaves slots and delegates alone when the lists are not given', async () => {
    const { event, created } = await createWithThreeSlots();
    const { timeSlots: _slots, delegates: _delegates, ...fields } = sessionInput(event.id, { title: 'Only Fields' });
    const updated = await callers.admin.sessions.update({ id: created.id, ...fields });
    expect(updated.title).toBe('Only Fields');
    expect(updated.timeSlots).toEqual(created.timeSlots);
    expect(updated.delegates).toEqual(created.delegates);
  });

  it('removes slots with live bookings together with those bookings (the participants are told); other slots keep theirs', async () => {
    const { event, created, a, b, c } = await createWithThreeSlots();
    await insertBookingRow(env.db, a, event.id, { status: 'confirmed' });
    await insertBookingRow(env.db, b, event.id, { status: 'pending' });
    await insertBookingRow(env.db, c, event.id, { status: 'waitlisted' });
    const kept = await callers.admin.sessions.update({
      id: created.id,
      ...sessionInput(event.id, { timeSlots: [{ id: a.id, startTime: a.startTime, endTime: a.endTime }] }),
    });
    expect(kept.timeSlots.map((s) => s.id)).toEqual([a.id]);
    expect(await env.db.selectFrom('bookings').select(['timeSlotId', 'status']).where('sessionId', '=', created.id).execute()).toEqual([
      { timeSlotId: a.id, status: 'confirmed' },
    ]);
  });

  it('answers NOT_FOUND for slots and delegates of another session, and changes nothing', async () => {
    const first = await createWithThreeSlots();
    const other = await createWithThreeSlots();
    await expectTRPCError(
      callers.admin.sessions.update({
        id: first.created.id,
        ...sessionInput(first.event.id, {
          title: 'Nope',
          timeSlots: [{ id: other.a.id, startTime: inHours(24), endTime: inHours(25) }],
        }),
      }),
      'NOT_FOUND',
      'Time slot not found.',
    );
    await expectTRPCError(
      callers.admin.sessions.update({
        id: first.created.id,
        ...sessionInput(first.event.id, {
          title: 'Nope',
          timeSlots: [{ id: first.a.id, startTime: first.a.startTime, endTime: first.a.endTime }],
          delegates: [{ id: other.d1.id, name: 'Stolen', email: 'stolen@example.com' }],
        }),
      }),
      'NOT_FOUND',
      'Delegate not found.',
    );
    expect(await callers.user.sessions.get({ id: first.created.id })).toEqual(first.created);
    expect(await callers.user.sessions.get({ id: other.created.id })).toEqual(other.created);
  });

  it('answers NOT_FOUND for a missing session or event', async () => {
    const { event, created } = await createWithThreeSlots();
    await expectTRPCError(
      callers.admin.sessions.update({ id: 'no-such-session', ...sessionInput(event.id) }),
      'NOT_FOUND',
      'Session not found.',
    );
    await expectTRPCError(
      callers.admin.sessions.update({ id: created.id, ...sessionInput('no-such-event') }),
      'NOT_FOUND',
      'Event not found.',
    );
    expect((await callers.user.sessions.get({ id: created.id })).eventId).toBe(event.id);
  });

  it('moves a session to another existing event, taking its bookings along', async () => {
    const { event, created, a } = await createWithThreeSlots();
    await insertBookingRow(env.db, a, event.id);
    const target = await insertEventRow(env.db, { title: 'Second Event' });
    const { timeSlots: _slots, delegates: _delegates, ...fields } = sessionInput(target.id);
    const moved = await callers.admin.sessions.update({ id: created.id, ...fields });
    expect(moved).toMatchObject({ eventId: target.id, eventTitle: 'Second Event' });
    const bookings = await env.db.selectFrom('bookings').select('eventId').where('sessionId', '=', created.id).execute();
    expect(bookings).toEqual([{ eventId: target.id }]);
  });
});

describe('sessions.get, toggleActive, delete', () => {
  it('returns every slot, past ones included, with seats, and delegates in creation order', async () => {
    const event = await insertEventRow(env.db, { title: 'Get Event' });
    const session = await insertSessionRow(env.db, event.id, { maxParticipants: 2 });
    const future = await insertSlotRow(env.db, session.id, 24);
    const past = await insertSlotRow(env.db, session.id, -48);
    await insertBookingRow(env.db, future, event.id, { status: 'confirmed' });
    await insertBookingRow(env.db, future, event.id, { status: 'waitlisted' });
    await insertBookingRow(env.db, past, event.id, { status: 'pending' });
    await insertBookingRow(env.db, past, event.id, { status: 'confirmed' });
    const detail = await callers.user.sessions.get({ id: session.id });
    expect(detail.eventTitle).toBe('Get Event');
    expect(detail.timeSlots).toEqual([
      { id: past.id, sessionId: session.id, startTime: past.startTime, endTime: past.endTime, capacity: 2, booked: 2, seatsLeft: 0, isFull: true },
      { id: future.id, sessionId: session.id, startTime: future.startTime, endTime: future.endTime, capacity: 2, booked: 1, seatsLeft: 1, isFull: false },
    ]);
    await expectTRPCError(callers.user.sessions.get({ id: 'missing' }), 'NOT_FOUND', 'Session not found.');
  });

  it('flips the stored status each time', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    const off = await callers.admin.sessions.toggleActive({ id: session.id });
    expect(off).toMatchObject({ id: session.id, isActive: false });
    expect((await env.db.selectFrom('eventSessions').select('isActive').where('id', '=', session.id).executeTakeFirstOrThrow()).isActive).toBe(0);
    const on = await callers.admin.sessions.toggleActive({ id: session.id });
    expect(on).toMatchObject({ id: session.id, isActive: true });
    expect((await callers.user.sessions.get({ id: session.id })).isActive).toBe(true);
    await expectTRPCError(callers.admin.sessions.toggleActive({ id: 'missing' }), 'NOT_FOUND', 'Session not found.');
  });

  it('deletes a session with its slots, delegates and bookings', async () => {
    const event = await insertEventRow(env.db);
    const created = await callers.admin.sessions.create(sessionInput(event.id));
    const slot = created.timeSlots[0];
    if (slot === undefined) throw new Error('no slot created');
    await insertBookingRow(env.db, slot, event.id);
    expect(await rowsOfSession(created.id)).toEqual({ timeSlots: 1, delegates: 1, bookings: 1 });
    await expect(callers.admin.sessions.delete({ id: created.id })).resolves.toEqual({ id: created.id });
    expect(await rowsOfSession(created.id)).toEqual({ timeSlots: 0, delegates: 0, bookings: 0 });
    await expectTRPCError(callers.user.sessions.get({ id: created.id }), 'NOT_FOUND', 'Session not found.');
    await expectTRPCError(callers.admin.sessions.delete({ id: created.id }), 'NOT_FOUND', 'Session not found.');
  });
});

let addedDelegates = 0;

/** A delegate row with an e-mail address and phone visitors must never see; its id. */
async function addDelegate(
  sessionId: string | null,
  name: string,
  extra: { position?: string; organization?: string; photoUrl?: string } = {},
): Promise<string> {
  const id = newId();
  addedDelegates += 1;
  await env.db
    .insertInto('delegates')
    .values({
      id,
      sessionId,
      name,
      email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`,
      phone: '+233 20 000 0000',
      organization: extra.organization ?? null,
      position: extra.position ?? null,
      bio: 'Private notes',
      photoUrl: extra.photoUrl ?? null,
      // Added one second apart, so the order staff added them in is certain.
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, addedDelegates)).toISOString(),
    })
    .execute();
  return id;
}

describe('sessions.listByEvent', () => {
  it('lists the active sessions of an active event, oldest first', async () => {
    const event = await insertEventRow(env.db);
    const older = await insertSessionRow(env.db, event.id, { title: 'Older' });
    await insertSessionRow(env.db, event.id, { title: 'Hidden', isActive: false });
    const newer = await insertSessionRow(env.db, event.id, { title: 'Newer', maxParticipants: null });
    const listed = await callers.anonymous.sessions.listByEvent({ eventId: event.id });
    expect(listed.map((s) => s.title)).toEqual(['Older', 'Newer']);
    expect(listed[0]).toEqual({
      id: older.id,
      eventId: event.id,
      title: 'Older',
      description: null,
      location: 'Room 1',
      facilitator: null,
      maxParticipants: 20,
      offerHours: null,
      translations: {},
      price: null,
      isActive: true,
      createdAt: older.createdAt,
      updatedAt: older.updatedAt,
      delegates: [],
    });
    expect(listed[1]?.maxParticipants).toBeNull();
    expect(listed[1]?.id).toBe(newer.id);
  });

  it("gives each session its own delegates' name, position, organisation and photo, never their e-mail or phone", async () => {
    const event = await insertEventRow(env.db);
    const first = await insertSessionRow(env.db, event.id, { title: 'First' });
    const second = await insertSessionRow(env.db, event.id, { title: 'Second' });
    const other = await insertSessionRow(env.db, (await insertEventRow(env.db)).id, { title: 'Elsewhere' });
    const ama = await addDelegate(first.id, 'Ama Owusu', { position: 'Trade Attaché', organization: 'GIPC', photoUrl: '/uploads/ama.png' });
    const kofi = await addDelegate(first.id, 'Kofi Mensah');
    await addDelegate(other.id, 'Not Here');
    await addDelegate(null, 'Free Standing');

    const listed = await callers.anonymous.sessions.listByEvent({ eventId: event.id });
    expect(listed.map((session) => [session.title, session.delegates])).toEqual([
      [
        'First',
        [
          { id: ama, sessionId: first.id, name: 'Ama Owusu', position: 'Trade Attaché', organization: 'GIPC', photoUrl: '/uploads/ama.png' },
          { id: kofi, sessionId: first.id, name: 'Kofi Mensah', position: null, organization: null, photoUrl: null },
        ],
      ],
      ['Second', []],
    ]);
    expect(second.title).toBe('Second');
    expect(JSON.stringify(listed)).not.toContain('@example.com');
  });

  it('is empty for an inactive or missing event', async () => {
    const inactive = await insertEventRow(env.db, { isActive: false });
    await insertSessionRow(env.db, inactive.id);
    expect(await callers.anonymous.sessions.listByEvent({ eventId: inactive.id })).toEqual([]);
    expect(await callers.anonymous.sessions.listByEvent({ eventId: 'no-such-event' })).toEqual([]);
  });
});

describe('sessions.list', () => {
  it('searches title, description, location and facilitator, newest first, with the event title', async () => {
    const event = await insertEventRow(env.db, { title: 'Search Event' });
    const base = { eventId: event.id, description: null, location: null, facilitator: null, maxParticipants: 5 };
    const rows = [
      { ...base, id: 's-title', title: 'Zanzibar Briefing' },
      { ...base, id: 's-description', title: 'B', description: 'Trip to zanzibar' },
      { ...base, id: 's-location', title: 'C', location: 'ZANZIBAR hall' },
      { ...base, id: 's-facilitator', title: 'D', facilitator: 'Ama of Zanzibar' },
      { ...base, id: 's-other', title: 'E' },
    ];
    for (const [index, row] of rows.entries()) {
      await env.db.insertInto('eventSessions').values({ ...row, createdAt: `2030-01-0${index + 1}T00:00:00.000Z` }).execute();
    }
    const found = await callers.user.sessions.list({ search: 'zanzibar' });
    expect(found.total).toBe(4);
    expect(found.items.map((s) => s.id)).toEqual(['s-facilitator', 's-location', 's-description', 's-title']);
    expect(found.items[0]?.eventTitle).toBe('Search Event');
    expect((await callers.user.sessions.list({ search: 'zanzibar%' })).total).toBe(0);
    expect((await callers.user.sessions.list({ eventId: event.id, search: '' })).total).toBe(5);
  });

  it('filters by status and event, and paginates on the server', async () => {
    const event = await insertEventRow(env.db);
    for (let i = 1; i <= 25; i += 1) {
      await insertSessionRow(env.db, event.id, { title: `Panel ${String(i).padStart(2, '0')}`, isActive: i % 5 !== 0 });
    }
    const page2 = await callers.user.sessions.list({ eventId: event.id, page: 2, pageSize: 10 });
    expect(page2.total).toBe(25);
    expect(page2.items.map((s) => s.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Panel ${String(15 - i).padStart(2, '0')}`),
    );
    const inactive = await callers.user.sessions.list({ eventId: event.id, status: 'inactive' });
    expect(inactive.items.map((s) => s.title)).toEqual(['Panel 25', 'Panel 20', 'Panel 15', 'Panel 10', 'Panel 05']);
    expect((await callers.user.sessions.list({ eventId: event.id, status: 'active' })).total).toBe(20);
    expect((await callers.user.sessions.list({ eventId: event.id, status: 'active', search: 'panel 1' })).total).toBe(8);
  });
});

describe('sessions.stats', () => {
  it('counts sessions, active ones, total capacity and distinct locations in one answer', async () => {
    const own = await createTestEnv();
    try {
      const admin = (await roleCallers(own)).admin;
      expect(await admin.sessions.stats()).toEqual({ total: 0, active: 0, maxCapacity: 0, locations: 0 });
      const event = await insertEventRow(own.db);
      await insertSessionRow(own.db, event.id, { maxParticipants: 20, location: 'Accra' });
      await insertSessionRow(own.db, event.id, { maxParticipants: 15, location: 'Accra' });
      await insertSessionRow(own.db, event.id, { maxParticipants: null, location: 'Lagos', isActive: false });
      await insertSessionRow(own.db, event.id, { maxParticipants: 5, location: null });
      await insertSessionRow(own.db, event.id, { maxParticipants: null, location: '' });
      expect(await admin.sessions.stats()).toEqual({ total: 5, active: 4, maxCapacity: 40, locations: 2 });
    } finally {
      await own.close();
    }
  });
});
