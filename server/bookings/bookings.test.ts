// @module-tag postgres
import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookingStatus } from '@db/schema';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import type { CreateBookingInput } from './bookings.schemas';
import { isDuplicateLiveBooking } from './bookings.service';
import { ConflictError } from '@server/core/errors';
import { insertBookableSlot, insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
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

/** What a free booking says of payment: nothing charged, nothing to pay. */
const FREE_BOOKING_PAYMENT = {
  paymentStatus: null,
  paymentMethod: null,
  paymentReference: null,
  paymentDueAt: null,
  chargeNetMinor: null,
  chargeTaxMinor: null,
  chargeGrossMinor: null,
  chargeCurrency: null,
  chargeTaxRateBasisPoints: null,
  billingCompany: null,
  billingAddress: null,
  billingCountry: null,
  billingVatNumber: null,
  voucherId: null,
  voucherCode: null,
  chargeDiscountMinor: null,
};

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

let emailCounter = 0;
function participant(overrides: Partial<CreateBookingInput> = {}) {
  emailCounter += 1;
  return {
    participantName: 'Ama Mensah',
    participantEmail: `ama${emailCounter}@example.com`,
    participantPhone: '+233 20 000 0000',
    ...overrides,
  };
}

async function statusOf(id: string): Promise<BookingStatus | undefined> {
  const row = await env.db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

async function countBookings(): Promise<number> {
  const row = await env.db.selectFrom('bookings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function expectDuplicateConflict(promise: Promise<unknown>): Promise<void> {
  const error = await expectTRPCError(promise, 'CONFLICT', 'You already have a booking for this time slot.');
  expect(error.cause).toBeInstanceOf(ConflictError);
  expect((error.cause as ConflictError).fieldErrors).toEqual({
    participantEmail: ['You already have a booking for this time slot.'],
  });
}

describe('bookings router: role matrix', () => {
  it('lets anyone book, signed in or not', async () => {
    const { slot } = await insertBookableSlot(env.db, null);
    for (const caller of [callers.anonymous, callers.user, callers.admin]) {
      await expect(caller.bookings.create({ timeSlotId: slot.id, ...participant() })).resolves.toMatchObject({ status: 'pending' });
    }
  });

  it('keeps reads and staff writes for signed-in staff', async () => {
    const { slot } = await insertBookableSlot(env.db, null);
    const booking = await callers.admin.bookings.adminCreate({ timeSlotId: slot.id, status: 'pending', ...participant() });
    const staffInput = { timeSlotId: slot.id, status: 'confirmed' as const, ...participant() };

    await expectStaffOnly(callers, (c) => c.bookings.list({}));
    await expectStaffOnly(callers, (c) => c.bookings.stats());
    await expectStaffOnly(callers, (c) => c.bookings.adminCreate(staffInput));
    await expectStaffOnly(callers, (c) => c.bookings.update({ id: booking.id, ...staffInput }));
    await expectStaffOnly(callers, (c) => c.bookings.setStatus({ id: booking.id, status: 'confirmed' }));
    // The refused calls changed nothing: still the one pending booking, under its first name.
    expect(await countBookings()).toBe(1);
    expect(await env.db.selectFrom('bookings').select(['status', 'participantName']).executeTakeFirstOrThrow()).toEqual({
      status: 'pending',
      participantName: 'Ama Mensah',
    });

    // What each allowed caller sees: the user first (one pending booking), then the admin after the
    // user's create (confirmed) and status change of the first booking (waitlisted).
    const seen = [
      { total: 1, pending: 1, 'awaiting-payment': 0, confirmed: 0, waitlisted: 0, cancelled: 0 },
      { total: 2, pending: 0, 'awaiting-payment': 0, confirmed: 1, waitlisted: 1, cancelled: 0 },
    ];
    for (const [index, caller] of [callers.user, callers.admin].entries()) {
      await expect(caller.bookings.list({})).resolves.toMatchObject({ total: seen[index]?.total });
      await expect(caller.bookings.stats()).resolves.toEqual(seen[index]);
      await expect(caller.bookings.adminCreate({ ...staffInput, ...participant() })).resolves.toMatchObject({ status: 'confirmed' });
      await expect(caller.bookings.update({ id: booking.id, ...staffInput, participantName: 'Edited' })).resolves.toMatchObject({
        participantName: 'Edited',
      });
      await expect(caller.bookings.setStatus({ id: booking.id, status: 'waitlisted' })).resolves.toMatchObject({ status: 'waitlisted' });
    }
  });

  it('keeps deletion for admins', async () => {
    const { slot } = await insertBookableSlot(env.db, null);
    const booking = await callers.user.bookings.adminCreate({ timeSlotId: slot.id, status: 'pending', ...participant() });
    await expectAdminOnly(callers, (c) => c.bookings.delete({ id: booking.id }));
    expect(await statusOf(booking.id)).toBe('pending');
    await expect(callers.admin.bookings.delete({ id: booking.id })).resolves.toEqual({ id: booking.id });
    expect(await statusOf(booking.id)).toBeUndefined();
  });
});

describe('bookings: validation', () => {
  it('answers the booking form with its field messages', async () => {
    await expectFieldErrors(
      callers.anonymous.bookings.create({ timeSlotId: ' ', participantName: '  ', participantEmail: '' }),
      {
        timeSlotId: 'Time slot is required',
        participantName: 'Participant name is required',
        participantEmail: 'Email is required',
      },
    );
    await expectFieldErrors(callers.anonymous.bookings.create({ timeSlotId: 'x', ...participant({ participantEmail: 'not-an-email' }) }), {
      participantEmail: 'Please enter a valid email address',
    });
  });

  it('requires a status in the staff modal', async () => {
    const { slot } = await insertBookableSlot(env.db);
    const missingStatus = { timeSlotId: slot.id, ...participant() } as unknown as Parameters<typeof callers.user.bookings.adminCreate>[0];
    await expectFieldErrors(callers.user.bookings.adminCreate(missingStatus), { status: 'Status is required' });
    const wrongStatus = { timeSlotId: slot.id, status: 'done', ...participant() } as unknown as Parameters<
      typeof callers.user.bookings.adminCreate
    >[0];
    await expectFieldErrors(callers.user.bookings.adminCreate(wrongStatus), { status: 'Status is required' });
    await expectFieldErrors(callers.user.bookings.setStatus({ id: 'x', status: 'done' as BookingStatus }), { status: 'Status is required' });
  });

  it('changes nothing on bad input', async () => {
    const { slot } = await insertBookableSlot(env.db);
    const booking = await callers.user.bookings.adminCreate({ timeSlotId: slot.id, status: 'pending', ...participant() });
    const before = await countBookings();
    await expectTRPCError(callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant({ participantName: '' }) }), 'BAD_REQUEST');
    await expectTRPCError(callers.user.bookings.adminCreate({ timeSlotId: '', status: 'pending', ...participant() }), 'BAD_REQUEST');
    await expectTRPCError(
      callers.user.bookings.update({ id: booking.id, timeSlotId: slot.id, status: 'pending', ...participant({ participantEmail: 'bad' }) }),
      'BAD_REQUEST',
    );
    expect(await countBookings()).toBe(before);
    const stored = await env.db.selectFrom('bookings').selectAll().where('id', '=', booking.id).executeTakeFirstOrThrow();
    expect(stored.participantEmail).toBe(booking.participantEmail);
    expect(stored.updatedAt).toBe(booking.updatedAt);
  });

  it('answers NOT_FOUND for missing bookings and slots', async () => {
    const { slot } = await insertBookableSlot(env.db);
    const input = { timeSlotId: slot.id, status: 'pending' as const, ...participant() };
    await expectTRPCError(callers.user.bookings.update({ id: 'missing', ...input }), 'NOT_FOUND', 'Booking not found.');
    await expectTRPCError(callers.user.bookings.setStatus({ id: 'missing', status: 'cancelled' }), 'NOT_FOUND', 'Booking not found.');
    await expectTRPCError(callers.admin.bookings.delete({ id: 'missing' }), 'NOT_FOUND', 'Booking not found.');
    await expectTRPCError(callers.user.bookings.adminCreate({ ...input, timeSlotId: 'missing' }), 'NOT_FOUND', 'Time slot not found.');
    const booking = await callers.user.bookings.adminCreate(input);
    await expectTRPCError(
      callers.user.bookings.update({ id: booking.id, ...input, timeSlotId: 'missing' }),
      'NOT_FOUND',
      'Time slot not found.',
    );
    await expectTRPCError(
      callers.anonymous.bookings.create({ timeSlotId: 'missing', ...participant() }),
      'NOT_FOUND',
      'This time slot is no longer available.',
    );
  });
});

describe('bookings.create: the public booking rules', () => {
  it('derives event and session from the slot, whatever else the client sends', async () => {
    const { event, session, slot } = await insertBookableSlot(env.db);
    const other = await insertBookableSlot(env.db);
    const sneaky = { timeSlotId: slot.id, ...participant(), eventId: other.event.id, sessionId: other.session.id, status: 'confirmed' };
    const result = await callers.anonymous.bookings.create(sneaky);
    expect(Object.keys(result).sort()).toEqual(['id', 'status']);
    expect(result.status).toBe('pending');
    const stored = await env.db.selectFrom('bookings').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ timeSlotId: slot.id, eventId: event.id, sessionId: session.id, status: 'pending' });
  });

  it('stores the participant trimmed, the e-mail lower-cased and a blank phone as null', async () => {
    const { slot } = await insertBookableSlot(env.db);
    const { id } = await callers.anonymous.bookings.create({
      timeSlotId: slot.id,
      participantName: '  Kofi Boateng ',
      participantEmail: ' Kofi@Example.COM ',
      participantPhone: '   ',
    });
    const stored = await env.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ participantName: 'Kofi Boateng', participantEmail: 'kofi@example.com', participantPhone: null });
  });

  it('books pending up to capacity, then waitlists', async () => {
    const { slot } = await insertBookableSlot(env.db, 2);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant() })).status);
    expect(statuses).toEqual(['pending', 'pending', 'waitlisted', 'waitlisted']);
  });

  it('counts confirmed bookings as seats and ignores cancelled and waitlisted ones', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 2);
    await insertBookingRow(env.db, slot, event.id, { status: 'confirmed' });
    await insertBookingRow(env.db, slot, event.id, { status: 'cancelled' });
    await insertBookingRow(env.db, slot, event.id, { status: 'waitlisted' });
    expect((await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant() })).status).toBe('pending');
    expect((await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant() })).status).toBe('waitlisted');
  });

  it('never waitlists when the session has no limit', async () => {
    const { slot } = await insertBookableSlot(env.db, null);
    const statuses = new Set<string>();
    for (let i = 0; i < 25; i += 1) statuses.add((await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant() })).status);
    expect([...statuses]).toEqual(['pending']);
  });

  it('refuses past slots and slots of inactive sessions or events, storing nothing', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    const past = await insertSlotRow(env.db, session.id, -1);
    const inactiveSession = await insertSessionRow(env.db, event.id, { isActive: false });
    const inactiveSessionSlot = await insertSlotRow(env.db, inactiveSession.id);
    const inactiveEvent = await insertEventRow(env.db, { isActive: false });
    const inactiveEventSession = await insertSessionRow(env.db, inactiveEvent.id);
    const inactiveEventSlot = await insertSlotRow(env.db, inactiveEventSession.id);
    const before = await countBookings();
    for (const slot of [past, inactiveSessionSlot, inactiveEventSlot]) {
      await expectTRPCError(
        callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant() }),
        'NOT_FOUND',
        'This time slot is no longer available.',
      );
    }
    expect(await countBookings()).toBe(before);
  });

  it('holds one live booking per e-mail and slot, case-insensitively, until it is cancelled', async () => {
    const { slot } = await insertBookableSlot(env.db, 1);
    const other = await insertBookableSlot(env.db, 1);
    const first = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant({ participantEmail: 'Efua@Example.com' }) });
    // A second try is answered as a booking would be, and stores nothing (see "a duplicate" below).
    const second = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant({ participantEmail: 'efua@example.COM' }) });
    expect(second.id).not.toBe(first.id);
    expect(await env.db.selectFrom('bookings').select('id').where('timeSlotId', '=', slot.id).execute()).toEqual([{ id: first.id }]);
    // Staff are told plainly.
    await expectDuplicateConflict(
      callers.user.bookings.adminCreate({ timeSlotId: slot.id, status: 'pending', ...participant({ participantEmail: 'efua@example.com' }) }),
    );
    // Another slot is fine, and so is a waitlisted booking elsewhere.
    await expect(
      callers.anonymous.bookings.create({ timeSlotId: other.slot.id, ...participant({ participantEmail: 'efua@example.com' }) }),
    ).resolves.toMatchObject({ status: 'pending' });

    await callers.user.bookings.setStatus({ id: first.id, status: 'cancelled' });
    const again = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant({ participantEmail: 'efua@example.com' }) });
    expect(again.status).toBe('pending');
    const rows = await env.db.selectFrom('bookings').select('status').where('timeSlotId', '=', slot.id).orderBy('createdAt').orderBy('id').execute();
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'pending']);
  });

  it('treats a waitlisted booking as live for the e-mail rule', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 1);
    await insertBookingRow(env.db, slot, event.id, { email: 'kwame@example.com', status: 'waitlisted' });
    await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant({ participantEmail: 'kwame@example.com' }) });
    expect(await env.db.selectFrom('bookings').select('status').where('timeSlotId', '=', slot.id).execute()).toEqual([{ status: 'waitlisted' }]);
  });

  it('answers a duplicate exactly like a new booking, and tells the holder by e-mail, once an hour', async () => {
    const { slot } = await insertBookableSlot(env.db, 2);
    const held = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant({ participantEmail: 'ama@example.com', participantName: 'Ama Mensah' }) });
    // What a stranger sees for a held address and for a free one is the same: pending, a new id.
    const duplicate = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant({ participantEmail: 'ama@example.com' }) });
    expect(Object.keys(duplicate).sort()).toEqual(['id', 'status']);
    expect(duplicate.status).toBe('pending');
    expect(duplicate.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(duplicate.id > held.id).toBe(true); // as new as a booking made now
    expect(await countBookings()).toBe(1);
    // Full slot: the answer a newcomer would get, waitlisted.
    await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant() });
    expect((await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant({ participantEmail: 'ama@example.com' }) })).status).toBe(
      'waitlisted',
    );

    const notices = await env.db.selectFrom('emailOutbox').selectAll().where('kind', '=', 'booking-already-held').execute();
    expect(notices).toHaveLength(1); // twice this hour, told once
    expect(notices[0]).toMatchObject({ toAddress: 'ama@example.com', bookingId: held.id });
    expect(notices[0]?.subject).toMatch(/: you already hold a booking for /);
    expect(notices[0]?.textBody).toContain('You already hold a booking for it (pending confirmation), so nothing has changed.');
    expect(notices[0]?.textBody).not.toContain('/booking/manage/');
    // No admin notice, no second received message.
    expect(await env.db.selectFrom('emailOutbox').select('kind').where('toAddress', '=', 'ama@example.com').orderBy('kind').execute()).toEqual([
      { kind: 'booking-already-held' },
      { kind: 'booking-received' },
    ]);
  });

  it('recognises the database unique index as the same conflict', async () => {
    const { event, slot } = await insertBookableSlot(env.db);
    await insertBookingRow(env.db, slot, event.id, { email: 'twice@example.com' });
    let caught: unknown;
    try {
      await insertBookingRow(env.db, slot, event.id, { email: 'twice@example.com' });
    } catch (error) {
      caught = error;
    }
    expect(isDuplicateLiveBooking(caught)).toBe(true);
    expect(isDuplicateLiveBooking(new Error('UNIQUE constraint failed: bookings.participant_email'))).toBe(false);
    expect(isDuplicateLiveBooking(new TRPCError({ code: 'CONFLICT' }))).toBe(false);
  });
});

describe('public booking gate: maintenance, registrations, rate limit', () => {
  it('refuses bookings in Maintenance Mode while staff procedures keep working', async () => {
    const { slot } = await insertBookableSlot(env.db);
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, maintenanceMode: true });
    try {
      const before = await countBookings();
      await expectTRPCError(
        callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant() }),
        'SERVICE_UNAVAILABLE',
        'The site is under maintenance. Please try again later.',
      );
      await expectTRPCError(
        callers.admin.bookings.create({ timeSlotId: slot.id, ...participant() }),
        'SERVICE_UNAVAILABLE',
        'The site is under maintenance. Please try again later.',
      );
      expect(await countBookings()).toBe(before);
      const staffBooking = await callers.user.bookings.adminCreate({ timeSlotId: slot.id, status: 'pending', ...participant() });
      await expect(callers.user.bookings.setStatus({ id: staffBooking.id, status: 'confirmed' })).resolves.toMatchObject({
        status: 'confirmed',
      });
      await expect(callers.user.bookings.list({ timeSlotId: slot.id })).resolves.toMatchObject({ total: 1 });
    } finally {
      await saveSystemSettings(env.db, DEFAULT_SYSTEM_SETTINGS);
    }
    await expect(callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant() })).resolves.toMatchObject({ status: 'pending' });
  });

  it('refuses bookings when Allow Registrations is off', async () => {
    const { slot } = await insertBookableSlot(env.db);
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, allowRegistrations: false });
    try {
      await expectTRPCError(
        callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant() }),
        'PRECONDITION_FAILED',
        'Bookings are currently closed.',
      );
      await expect(callers.user.bookings.adminCreate({ timeSlotId: slot.id, status: 'pending', ...participant() })).resolves.toMatchObject({
        status: 'pending',
      });
    } finally {
      await saveSystemSettings(env.db, DEFAULT_SYSTEM_SETTINGS);
    }
  });

  it('limits bookings per client address', async () => {
    const limited = await createTestEnv({ limits: { publicFormsPerWindow: 3 } });
    try {
      const { slot } = await insertBookableSlot(limited.db, null);
      const visitor = callerFor(limited.deps, null, { ip: '203.0.113.7' });
      for (let i = 0; i < 3; i += 1) await visitor.bookings.create({ timeSlotId: slot.id, ...participant() });
      await expectTRPCError(
        visitor.bookings.create({ timeSlotId: slot.id, ...participant() }),
        'TOO_MANY_REQUESTS',
        'Too many requests. Please try again in 10 minutes.',
      );
      const neighbour = callerFor(limited.deps, null, { ip: '203.0.113.8' });
      await expect(neighbour.bookings.create({ timeSlotId: slot.id, ...participant() })).resolves.toMatchObject({ status: 'pending' });
      const row = await limited.db.selectFrom('bookings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(4);
    } finally {
      await limited.close();
    }
  });
});

describe('staff bookings', () => {
  it('creates on past and inactive slots, deriving event and session, with the given status and date', async () => {
    const event = await insertEventRow(env.db, { isActive: false });
    const session = await insertSessionRow(env.db, event.id, { isActive: false });
    const past = await insertSlotRow(env.db, session.id, -48);
    const booking = await callers.user.bookings.adminCreate({
      timeSlotId: past.id,
      status: 'confirmed',
      bookingDate: '2026-03-01T10:00:00+01:00',
      ...participant({ participantName: 'Yaw', participantEmail: 'Yaw@Example.com', participantPhone: '' }),
    });
    expect(booking).toEqual({
      ...FREE_BOOKING_PAYMENT,
      partner: null,
      id: expect.any(String),
      timeSlotId: past.id,
      eventId: event.id,
      sessionId: session.id,
      bookingDate: '2026-03-01T09:00:00.000Z',
      participantName: 'Yaw',
      participantEmail: 'yaw@example.com',
      participantPhone: null,
      status: 'confirmed',
      offerExpiresAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('refuses a seat on a full slot but allows waitlisted and cancelled bookings there', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 1);
    await insertBookingRow(env.db, slot, event.id, { status: 'pending' });
    for (const status of ['pending', 'confirmed'] as const) {
      await expectTRPCError(callers.user.bookings.adminCreate({ timeSlotId: slot.id, status, ...participant() }), 'CONFLICT', 'This time slot is full.');
    }
    for (const status of ['waitlisted', 'cancelled'] as const) {
      await expect(callers.user.bookings.adminCreate({ timeSlotId: slot.id, status, ...participant() })).resolves.toMatchObject({ status });
    }
  });

  it('applies the e-mail rule to staff writes, excluding the booking itself', async () => {
    const { slot } = await insertBookableSlot(env.db, null);
    const first = await callers.user.bookings.adminCreate({ timeSlotId: slot.id, status: 'pending', ...participant({ participantEmail: 'abena@example.com' }) });
    await expectDuplicateConflict(
      callers.user.bookings.adminCreate({ timeSlotId: slot.id, status: 'waitlisted', ...participant({ participantEmail: 'ABENA@example.com' }) }),
    );
    // Updating the booking itself with its own e-mail is not a duplicate.
    await expect(
      callers.user.bookings.update({ id: first.id, timeSlotId: slot.id, status: 'confirmed', ...participant({ participantEmail: 'abena@example.com' }) }),
    ).resolves.toMatchObject({ status: 'confirmed' });
    // A cancelled copy is allowed, but it cannot come back while the first is live.
    const copy = await callers.user.bookings.adminCreate({ timeSlotId: slot.id, status: 'cancelled', ...participant({ participantEmail: 'abena@example.com' }) });
    await expectDuplicateConflict(callers.user.bookings.setStatus({ id: copy.id, status: 'pending' }));
    expect(await statusOf(copy.id)).toBe('cancelled');
  });

  it('re-checks capacity when a booking moves into a seat, excluding itself', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 1);
    const holder = await insertBookingRow(env.db, slot, event.id, { status: 'pending' });
    const waiting = await insertBookingRow(env.db, slot, event.id, { status: 'waitlisted' });
    const cancelled = await insertBookingRow(env.db, slot, event.id, { status: 'cancelled' });
    await expectTRPCError(callers.user.bookings.setStatus({ id: waiting.id, status: 'confirmed' }), 'CONFLICT', 'This time slot is full.');
    await expectTRPCError(callers.user.bookings.setStatus({ id: cancelled.id, status: 'pending' }), 'CONFLICT', 'This time slot is full.');
    expect(await statusOf(waiting.id)).toBe('waitlisted');
    expect(await statusOf(cancelled.id)).toBe('cancelled');
    // The holder keeps its own seat: confirming it on a full slot is not a new seat.
    await expect(callers.user.bookings.setStatus({ id: holder.id, status: 'confirmed' })).resolves.toMatchObject({ status: 'confirmed' });
    await expect(callers.user.bookings.setStatus({ id: holder.id, status: 'pending' })).resolves.toMatchObject({ status: 'pending' });
  });

  it('lets a seat holder be confirmed or edited even on an over-full slot', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 1);
    // Over capacity, as after a staff member lowered the session's limit.
    const first = await insertBookingRow(env.db, slot, event.id, { status: 'pending' });
    await insertBookingRow(env.db, slot, event.id, { status: 'pending' });
    await expect(callers.user.bookings.setStatus({ id: first.id, status: 'confirmed' })).resolves.toMatchObject({ status: 'confirmed' });
    await expect(
      callers.user.bookings.update({
        id: first.id,
        timeSlotId: slot.id,
        status: 'confirmed',
        participantName: 'Renamed',
        participantEmail: first.participantEmail,
      }),
    ).resolves.toMatchObject({ participantName: 'Renamed', status: 'confirmed' });
  });

  it('moves a booking to another slot: event and session re-derived, capacity checked there', async () => {
    const from = await insertBookableSlot(env.db, 5);
    const to = await insertBookableSlot(env.db, 1);
    const full = await insertBookableSlot(env.db, 1);
    await insertBookingRow(env.db, full.slot, full.event.id, { status: 'confirmed' });
    const booking = await callers.user.bookings.adminCreate({ timeSlotId: from.slot.id, status: 'pending', ...participant() });
    const fields = {
      participantName: booking.participantName,
      participantEmail: booking.participantEmail,
      participantPhone: booking.participantPhone,
    };

    await expectTRPCError(
      callers.user.bookings.update({ id: booking.id, timeSlotId: full.slot.id, status: 'pending', ...fields }),
      'CONFLICT',
      'This time slot is full.',
    );
    const moved = await callers.user.bookings.update({ id: booking.id, timeSlotId: to.slot.id, status: 'pending', ...fields });
    expect(moved).toMatchObject({ timeSlotId: to.slot.id, eventId: to.event.id, sessionId: to.session.id, bookingDate: booking.bookingDate });
    expect(moved.updatedAt >= booking.updatedAt).toBe(true);
    // Moving onto a full slot as waitlisted is allowed.
    await expect(
      callers.user.bookings.update({ id: booking.id, timeSlotId: full.slot.id, status: 'waitlisted', ...fields }),
    ).resolves.toMatchObject({ timeSlotId: full.slot.id, eventId: full.event.id, status: 'waitlisted' });
  });
});

describe('waitlist promotion', () => {
  async function fullSlotWithQueue() {
    const { event, slot } = await insertBookableSlot(env.db, 1);
    const holder = await insertBookingRow(env.db, slot, event.id, { status: 'confirmed' });
    // The second row is inserted later (larger id) but created earlier: created_at decides the queue.
    const second = await insertBookingRow(env.db, slot, event.id, { status: 'waitlisted', createdAt: '2026-01-02T00:00:00.000Z' });
    const first = await insertBookingRow(env.db, slot, event.id, { status: 'waitlisted', createdAt: '2026-01-01T00:00:00.000Z' });
    return { event, slot, holder, first, second };
  }

  it('promotes the oldest waitlisted booking when a seat holder is cancelled', async () => {
    const { holder, first, second } = await fullSlotWithQueue();
    const cancelled = await callers.user.bookings.setStatus({ id: holder.id, status: 'cancelled' });
    expect(cancelled.status).toBe('cancelled');
    expect(await statusOf(first.id)).toBe('pending');
    expect(await statusOf(second.id)).toBe('waitlisted');
  });

  it('breaks created_at ties by id, which follows creation order', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 1);
    const holder = await insertBookingRow(env.db, slot, event.id, { status: 'pending' });
    const sameTime = '2026-01-01T00:00:00.000Z';
    const earlier = await insertBookingRow(env.db, slot, event.id, { status: 'waitlisted', createdAt: sameTime });
    const later = await insertBookingRow(env.db, slot, event.id, { status: 'waitlisted', createdAt: sameTime });
    await callers.admin.bookings.delete({ id: holder.id });
    expect(await statusOf(earlier.id)).toBe('pending');
    expect(await statusOf(later.id)).toBe('waitlisted');
  });

  it('promotes when a seat holder is deleted', async () => {
    const { holder, first, second } = await fullSlotWithQueue();
    await callers.admin.bookings.delete({ id: holder.id });
    expect(await statusOf(first.id)).toBe('pending');
    expect(await statusOf(second.id)).toBe('waitlisted');
  });

  it('promotes when a seat holder moves to another slot', async () => {
    const { holder, first, second } = await fullSlotWithQueue();
    const elsewhere = await insertBookableSlot(env.db, 5);
    await callers.user.bookings.update({
      id: holder.id,
      timeSlotId: elsewhere.slot.id,
      status: 'confirmed',
      participantName: holder.participantName,
      participantEmail: holder.participantEmail,
    });
    expect(await statusOf(holder.id)).toBe('confirmed');
    expect(await statusOf(first.id)).toBe('pending');
    expect(await statusOf(second.id)).toBe('waitlisted');
  });

  it('promotes another booking, not the same one, when a seat holder is put on the waitlist', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 1);
    const holder = await insertBookingRow(env.db, slot, event.id, { status: 'pending', createdAt: '2025-12-01T00:00:00.000Z' });
    const waiting = await insertBookingRow(env.db, slot, event.id, { status: 'waitlisted' });
    await callers.user.bookings.setStatus({ id: holder.id, status: 'waitlisted' });
    expect(await statusOf(holder.id)).toBe('waitlisted');
    expect(await statusOf(waiting.id)).toBe('pending');
  });

  it('does not promote when the slot is still full', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 1);
    // Over capacity, as after a staff member lowered the session's limit.
    const a = await insertBookingRow(env.db, slot, event.id, { status: 'confirmed' });
    await insertBookingRow(env.db, slot, event.id, { status: 'pending' });
    const waiting = await insertBookingRow(env.db, slot, event.id, { status: 'waitlisted' });
    await callers.user.bookings.setStatus({ id: a.id, status: 'cancelled' });
    expect(await statusOf(waiting.id)).toBe('waitlisted');
  });

  it('does not promote when the booking leaving held no seat, or kept it', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 2);
    const holder = await insertBookingRow(env.db, slot, event.id, { status: 'pending' });
    const leaving = await insertBookingRow(env.db, slot, event.id, { status: 'waitlisted' });
    const waiting = await insertBookingRow(env.db, slot, event.id, { status: 'waitlisted' });
    await callers.user.bookings.setStatus({ id: leaving.id, status: 'cancelled' });
    await callers.user.bookings.setStatus({ id: holder.id, status: 'confirmed' });
    expect(await statusOf(waiting.id)).toBe('waitlisted');
  });
});

describe('bookings.list and bookings.stats', () => {
  let listEnv: TestEnv;
  let staff: RoleCallers;

  beforeEach(async () => {
    listEnv = await createTestEnv();
    staff = await roleCallers(listEnv);
  });
  afterEach(() => listEnv.close());

  it('lists newest first with event, session and slot details, searching and filtering on the server', async () => {
    const a = await insertBookableSlot(listEnv.db, 2);
    const b = await insertBookableSlot(listEnv.db, null);
    await listEnv.db.updateTable('events').set({ title: 'Trade Mission' }).where('id', '=', b.event.id).execute();
    const created = [];
    for (let i = 1; i <= 3; i += 1) {
      created.push(await staff.anonymous.bookings.create({ timeSlotId: a.slot.id, ...participant({ participantName: `Alpha ${i}` }) }));
    }
    const bravo = await staff.anonymous.bookings.create({
      timeSlotId: b.slot.id,
      participantName: 'Bravo Owusu',
      participantEmail: 'bravo@firm.example',
      participantPhone: '+44 20 7946 0000',
    });

    const all = await staff.user.bookings.list({});
    expect(all.total).toBe(4);
    expect(all.items.map((item) => item.participantName)).toEqual(['Bravo Owusu', 'Alpha 3', 'Alpha 2', 'Alpha 1']);
    const first = all.items[0];
    expect(first).toEqual({
      ...FREE_BOOKING_PAYMENT,
      partner: null,
      id: bravo.id,
      timeSlotId: b.slot.id,
      eventId: b.event.id,
      sessionId: b.session.id,
      bookingDate: expect.any(String),
      participantName: 'Bravo Owusu',
      participantEmail: 'bravo@firm.example',
      participantPhone: '+44 20 7946 0000',
      status: 'pending',
      offerExpiresAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      attendance: null,
      eventTitle: 'Trade Mission',
      sessionTitle: 'Fixture Session',
      slotStartTime: b.slot.startTime,
      slotEndTime: b.slot.endTime,
    });

    expect((await staff.user.bookings.list({ search: 'FIRM.example' })).items.map((item) => item.id)).toEqual([bravo.id]);
    expect((await staff.user.bookings.list({ search: '7946' })).items.map((item) => item.id)).toEqual([bravo.id]);
    expect((await staff.user.bookings.list({ search: 'alpha' })).total).toBe(3);
    expect((await staff.user.bookings.list({ search: 'nobody' })).total).toBe(0);
    expect((await staff.user.bookings.list({ status: 'waitlisted' })).items.map((item) => item.participantName)).toEqual(['Alpha 3']);
    expect((await staff.user.bookings.list({ eventId: a.event.id })).total).toBe(3);
    expect((await staff.user.bookings.list({ sessionId: b.session.id })).total).toBe(1);
    expect((await staff.user.bookings.list({ timeSlotId: a.slot.id, status: 'pending' })).total).toBe(2);

    const page2 = await staff.user.bookings.list({ page: 2, pageSize: 3 });
    expect(page2.total).toBe(4);
    expect(page2.items.map((item) => item.id)).toEqual([created[0]?.id]);
  });

  it('counts bookings by status', async () => {
    const statsEnv = await createTestEnv();
    try {
      const reader = await roleCallers(statsEnv);
      expect(await reader.user.bookings.stats()).toEqual({ total: 0, pending: 0, 'awaiting-payment': 0, confirmed: 0, waitlisted: 0, cancelled: 0 });
      const { event, slot } = await insertBookableSlot(statsEnv.db, null);
      const statuses: BookingStatus[] = ['pending', 'pending', 'pending', 'confirmed', 'waitlisted', 'cancelled', 'cancelled'];
      for (const status of statuses) await insertBookingRow(statsEnv.db, slot, event.id, { status });
      expect(await reader.user.bookings.stats()).toEqual({ total: 7, pending: 3, 'awaiting-payment': 0, confirmed: 1, waitlisted: 1, cancelled: 2 });
    } finally {
      await statsEnv.close();
    }
  });
});
