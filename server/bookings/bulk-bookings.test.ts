// bookings.setStatusMany: one status for the bookings chosen or for every one the filters match,
// each changed as a single change would be (capacity, messages, one audit row each), with what was
// refused listed with its reason.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookingStatus } from '@db/schema';
import { newId } from '@server/core/ids';
import { insertBookableSlot, insertBookingRow } from '@tests/support/fixtures';
import { createTestEnv, expectFieldErrors, expectStaffOnly, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

async function statuses(ids: string[]): Promise<Record<string, BookingStatus>> {
  const rows = await env.db.selectFrom('bookings').select(['id', 'status']).where('id', 'in', ids).execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
}

async function messagesTo(email: string): Promise<string[]> {
  const rows = await env.db.selectFrom('emailOutbox').select('kind').where('toAddress', '=', email).orderBy('createdAt').execute();
  return rows.map((row) => row.kind);
}

describe('bookings.setStatusMany', () => {
  it('is for signed-in staff only', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 5);
    const booking = await insertBookingRow(env.db, slot, event.id);
    await expectStaffOnly(callers, (caller) => caller.bookings.setStatusMany({ ids: [booking.id], status: 'confirmed' }));
    await expect(callers.user.bookings.setStatusMany({ ids: [booking.id], status: 'confirmed' })).resolves.toMatchObject({ changed: [{ id: booking.id }] });
    await expect(callers.admin.bookings.setStatusMany({ ids: [booking.id], status: 'cancelled' })).resolves.toMatchObject({ changed: [{ id: booking.id }] });
  });

  it('confirms the chosen bookings, refuses the one the slot has no seat for, and tells each participant', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 2);
    const first = await insertBookingRow(env.db, slot, event.id, { name: 'Ama Owusu', email: 'ama@example.com', status: 'pending' });
    const second = await insertBookingRow(env.db, slot, event.id, { name: 'Kofi Boateng', email: 'kofi@example.com', status: 'pending' });
    const third = await insertBookingRow(env.db, slot, event.id, { name: 'Esi Mensah', email: 'esi@example.com', status: 'waitlisted' });
    const done = await insertBookingRow(env.db, slot, event.id, { name: 'Yaw Darko', email: 'yaw@example.com', status: 'cancelled' });
    const missing = newId();

    const result = await callers.user.bookings.setStatusMany({ ids: [first.id, second.id, third.id, missing, first.id], status: 'confirmed' });
    expect(result).toEqual({
      changed: [
        { id: first.id, participantName: 'Ama Owusu' },
        { id: second.id, participantName: 'Kofi Boateng' },
      ],
      unchanged: [],
      refused: [
        { id: missing, participantName: null, reason: 'Booking not found.' },
        { id: third.id, participantName: 'Esi Mensah', reason: 'This time slot is full.' },
      ],
    });
    expect(await statuses([first.id, second.id, third.id, done.id])).toEqual({
      [first.id]: 'confirmed',
      [second.id]: 'confirmed',
      [third.id]: 'waitlisted',
      [done.id]: 'cancelled',
    });
    expect(await messagesTo('ama@example.com')).toEqual(['booking-confirmed']);
    expect(await messagesTo('kofi@example.com')).toEqual(['booking-confirmed']);
    expect(await messagesTo('esi@example.com')).toEqual([]);
    const audit = await env.db.selectFrom('auditLog').select(['entityId', 'action']).where('entity', '=', 'booking').execute();
    expect(audit.map((row) => row.entityId).sort()).toEqual([first.id, second.id].sort());
  });

  it('leaves bookings already in that status alone, and cancelling promotes the waitlist as one cancel would', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 1);
    const holder = await insertBookingRow(env.db, slot, event.id, { name: 'Ama Owusu', status: 'confirmed' });
    const gone = await insertBookingRow(env.db, slot, event.id, { name: 'Kofi Boateng', status: 'cancelled' });
    const waiting = await insertBookingRow(env.db, slot, event.id, { name: 'Esi Mensah', email: 'esi@example.com', status: 'waitlisted' });
    const result = await callers.user.bookings.setStatusMany({ ids: [holder.id, gone.id], status: 'cancelled' });
    expect(result).toEqual({
      changed: [{ id: holder.id, participantName: 'Ama Owusu' }],
      unchanged: [{ id: gone.id, participantName: 'Kofi Boateng' }],
      refused: [],
    });
    expect(await statuses([waiting.id])).toEqual({ [waiting.id]: 'pending' });
    expect(await messagesTo('esi@example.com')).toEqual(['waitlist-promoted']);
  });

  it('changes every booking the filters match, and nothing else', async () => {
    const { event, session, slot } = await insertBookableSlot(env.db, 50);
    const other = await insertBookableSlot(env.db, 50);
    const pending = await Promise.all([0, 1, 2].map(() => insertBookingRow(env.db, slot, event.id, { status: 'pending' })));
    const confirmed = await insertBookingRow(env.db, slot, event.id, { status: 'confirmed' });
    const elsewhere = await insertBookingRow(env.db, other.slot, other.event.id, { status: 'pending' });
    const result = await callers.user.bookings.setStatusMany({ filter: { status: 'pending', sessionId: session.id }, status: 'confirmed' });
    expect(result.changed.map((item) => item.id).sort()).toEqual(pending.map((booking) => booking.id).sort());
    expect(result.refused).toEqual([]);
    expect(await statuses([confirmed.id, elsewhere.id])).toEqual({ [confirmed.id]: 'confirmed', [elsewhere.id]: 'pending' });
  });

  it('refuses a filter matching more than 1,000 bookings, changing nothing', async () => {
    const { event, slot } = await insertBookableSlot(env.db, null);
    const rows = Array.from({ length: 1001 }, (_, index) => ({
      id: newId(),
      timeSlotId: slot.id,
      sessionId: slot.sessionId,
      eventId: event.id,
      participantName: `Participant ${index}`,
      participantEmail: `p${index}@example.com`,
      participantPhone: null,
      status: 'pending' as const,
    }));
    await env.db.insertInto('bookings').values(rows).execute();
    await expectFieldErrors(callers.user.bookings.setStatusMany({ filter: { eventId: event.id }, status: 'confirmed' }), {
      filter: '1,001 bookings match these filters; one change may touch at most 1,000. Narrow the filters first.',
    });
    const confirmed = await env.db.selectFrom('bookings').select('id').where('status', '=', 'confirmed').execute();
    expect(confirmed).toEqual([]);
  });

  it('answers bad input with field messages and changes nothing', async () => {
    const { event, slot } = await insertBookableSlot(env.db, 5);
    const booking = await insertBookingRow(env.db, slot, event.id, { status: 'pending' });
    const call = (input: unknown) => callers.user.bookings.setStatusMany(input as never);
    await expectFieldErrors(call({ status: 'confirmed' }), { ids: 'Choose the bookings, or a filter they match.' });
    await expectFieldErrors(call({ ids: [booking.id], filter: {}, status: 'confirmed' }), { ids: 'Choose the bookings, or a filter they match.' });
    await expectFieldErrors(call({ ids: [], status: 'confirmed' }), { ids: 'Choose at least one booking.' });
    await expectFieldErrors(call({ ids: Array.from({ length: 101 }, () => booking.id), status: 'confirmed' }), { ids: 'Choose at most 100 bookings at a time.' });
    await expectFieldErrors(call({ ids: [booking.id], status: 'archived' }), { status: 'Status is required' });
    await expectFieldErrors(call({ filter: { from: '2030-02-30' }, status: 'confirmed' }), { 'filter.from': 'Please enter a date as YYYY-MM-DD' });
    expect(await statuses([booking.id])).toEqual({ [booking.id]: 'pending' });
  });
});
