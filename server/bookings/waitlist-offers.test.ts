// Waitlist offers: a session that offers freed seats for some hours e-mails the first waitlisted a
// link to take or decline the seat; the offer holds the seat; taking confirms (race-safe over real
// HTTP), declining or letting it run out cancels and offers the seat on; the scheduler expires
// offers by its injected clock, once however many schedulers run.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookingStatus } from '@db/schema';
import { hashManageToken, newManageToken } from '@server/email/manage-token';
import { startScheduler } from '@server/scheduler/scheduler';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { buildTestApp, createTestEnv, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, SAME_ORIGIN, type TestEnv } from '@tests/support/helpers';

const HOUR = 3_600_000;
/** What the API says when an offer cannot be taken or declined. */
const OFFER_MESSAGES = {
  none: 'This booking has no seat on offer: the offer was already answered, or none was made.',
  expired: 'This offer has expired: the seat has passed to the next person on the waitlist, and this booking is cancelled.',
  seatTaken: 'Sorry, the seat has just been taken by someone else. You stay on the waitlist and will be e-mailed if another seat frees up.',
};

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

/** A slot of one seat in a session offering freed seats for 2 hours, with one confirmed and two waitlisted. */
async function fullSlotWithWaitlist(offerHours: number | null = 2) {
  const event = await insertEventRow(env.db);
  const session = await insertSessionRow(env.db, event.id, { maxParticipants: 1 });
  await env.db.updateTable('eventSessions').set({ offerHours }).where('id', '=', session.id).execute();
  const slot = await insertSlotRow(env.db, session.id, 72);
  const seated = await insertBookingRow(env.db, slot, event.id, { email: 'seated@example.com', status: 'confirmed', createdAt: '2026-01-01T00:00:00.000Z' });
  const first = await insertBookingRow(env.db, slot, event.id, { email: 'first@example.com', status: 'waitlisted', createdAt: '2026-01-02T00:00:00.000Z' });
  const second = await insertBookingRow(env.db, slot, event.id, { email: 'second@example.com', status: 'waitlisted', createdAt: '2026-01-03T00:00:00.000Z' });
  return { event, session, slot, seated, first, second };
}

async function booking(id: string): Promise<{ status: BookingStatus; offerExpiresAt: string | null }> {
  return env.db.selectFrom('bookings').select(['status', 'offerExpiresAt']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function mails(to: string) {
  return env.db.selectFrom('emailOutbox').select(['kind', 'subject', 'textBody']).where('toAddress', '=', to).orderBy('createdAt').orderBy('id').execute();
}

/** The manage token of the newest message to `to` carrying one. */
async function tokenMailedTo(to: string): Promise<string> {
  const withLink = (await mails(to)).filter((mail) => /\/booking\/manage\/([A-Za-z0-9_-]+)/.test(mail.textBody));
  const token = /\/booking\/manage\/([A-Za-z0-9_-]+)/.exec(withLink.at(-1)?.textBody ?? '')?.[1];
  if (token === undefined) throw new Error(`No manage link was mailed to ${to}`);
  return token;
}

describe('waitlist offers', () => {
  it('promotes at once by default, as before', async () => {
    const { seated, first } = await fullSlotWithWaitlist(null);
    await callers.admin.bookings.setStatus({ id: seated.id, status: 'cancelled' });
    expect(await booking(first.id)).toEqual({ status: 'pending', offerExpiresAt: null });
    expect((await mails('first@example.com')).map((mail) => mail.kind)).toEqual(['waitlist-promoted']);
  });

  it('offers a freed seat for the session\'s hours, holds it, and confirms the one who takes it', async () => {
    const { slot, seated, first, second } = await fullSlotWithWaitlist();
    const before = Date.now();
    await callers.admin.bookings.setStatus({ id: seated.id, status: 'cancelled' });
    const offered = await booking(first.id);
    expect(offered.status).toBe('waitlisted');
    const deadline = Date.parse(offered.offerExpiresAt ?? '');
    expect(deadline).toBeGreaterThanOrEqual(before + 2 * HOUR);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 2 * HOUR);
    expect(await booking(second.id)).toEqual({ status: 'waitlisted', offerExpiresAt: null });

    const [offerMail] = await mails('first@example.com');
    expect(offerMail?.kind).toBe('waitlist-offer');
    expect(offerMail?.textBody).toContain('If you decline, or do not take the seat by then, your booking is cancelled and the seat is offered to the next person on the waitlist.');

    // The offer holds the seat: a newcomer is waitlisted, and the manage page shows the deadline.
    const newcomer = await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Late Comer', participantEmail: 'late@example.com' });
    expect(newcomer.status).toBe('waitlisted');
    const token = await tokenMailedTo('first@example.com');
    expect((await callers.anonymous.bookings.manage({ token })).offerExpiresAt).toBe(offered.offerExpiresAt);

    await expect(callers.anonymous.bookings.takeOffer({ token })).resolves.toEqual({ id: first.id, status: 'confirmed' });
    expect(await booking(first.id)).toEqual({ status: 'confirmed', offerExpiresAt: null });
    expect((await mails('first@example.com')).map((mail) => mail.kind)).toEqual(['waitlist-offer', 'booking-confirmed']);
    // The confirmation carries a new link (the offer's no longer works); using it to take again explains there is nothing on offer.
    await expectTRPCError(callers.anonymous.bookings.takeOffer({ token }), 'NOT_FOUND', 'This booking link is not valid.');
    const newest = await tokenMailedTo('first@example.com');
    await expectTRPCError(callers.anonymous.bookings.takeOffer({ token: newest }), 'PRECONDITION_FAILED', OFFER_MESSAGES.none);
  });

  it('passes the seat on at once when declined, and the decliner\'s booking is cancelled', async () => {
    const { seated, first, second } = await fullSlotWithWaitlist();
    await callers.admin.bookings.setStatus({ id: seated.id, status: 'cancelled' });
    const token = await tokenMailedTo('first@example.com');
    await expect(callers.user.bookings.declineOffer({ token })).resolves.toMatchObject({ id: first.id, status: 'cancelled', offerExpiresAt: null });
    expect((await booking(first.id)).status).toBe('cancelled');
    expect((await booking(second.id)).offerExpiresAt).not.toBeNull();
    expect((await mails('first@example.com')).map((mail) => mail.kind)).toEqual(['waitlist-offer', 'booking-cancelled']);
    expect((await mails('second@example.com')).map((mail) => mail.kind)).toEqual(['waitlist-offer']);
    await expectTRPCError(callers.anonymous.bookings.takeOffer({ token }), 'PRECONDITION_FAILED', OFFER_MESSAGES.expired);
  });

  it('expires an unanswered offer by the scheduler\'s clock exactly once, with two schedulers', async () => {
    const { seated, first, second } = await fullSlotWithWaitlist();
    await callers.admin.bookings.setStatus({ id: seated.id, status: 'cancelled' });
    const deadline = Date.parse((await booking(first.id)).offerExpiresAt ?? '');
    let clock = new Date(deadline - 60_000);
    const schedulers = [0, 1].map(() => startScheduler(env.deps, { intervalMs: null, now: () => clock, onError: () => undefined }));
    try {
      expect((await Promise.all(schedulers.map((scheduler) => scheduler.runOnce()))).map((run) => run.expiredOffers)).toEqual([0, 0]);
      expect((await booking(first.id)).status).toBe('waitlisted');

      clock = new Date(deadline + 1);
      const token = await tokenMailedTo('first@example.com');
      const runs = await Promise.all(schedulers.map((scheduler) => scheduler.runOnce()));
      expect(runs.map((run) => run.expiredOffers).sort()).toEqual([0, 1]);
      expect((await booking(first.id)).status).toBe('cancelled');
      const next = await booking(second.id);
      expect(next.status).toBe('waitlisted');
      // The next offer runs from the scheduler's clock.
      expect(Date.parse(next.offerExpiresAt ?? '')).toBe(deadline + 1 + 2 * HOUR);
      expect((await mails('first@example.com')).map((mail) => mail.kind)).toEqual(['waitlist-offer', 'booking-cancelled']);
      expect((await mails('second@example.com')).map((mail) => mail.kind)).toEqual(['waitlist-offer']);
      expect((await Promise.all(schedulers.map((scheduler) => scheduler.runOnce()))).map((run) => run.expiredOffers)).toEqual([0, 0]);
      // The link used after its deadline explains it.
      await expectTRPCError(callers.anonymous.bookings.takeOffer({ token }), 'PRECONDITION_FAILED', OFFER_MESSAGES.expired);
    } finally {
      await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    }
  });

  it('refuses a link used after its deadline even before the scheduler comes by', async () => {
    const { seated, first } = await fullSlotWithWaitlist();
    await callers.admin.bookings.setStatus({ id: seated.id, status: 'cancelled' });
    await env.db.updateTable('bookings').set({ offerExpiresAt: new Date(Date.now() - 1000).toISOString() }).where('id', '=', first.id).execute();
    const token = await tokenMailedTo('first@example.com');
    await expectTRPCError(callers.anonymous.bookings.takeOffer({ token }), 'PRECONDITION_FAILED', OFFER_MESSAGES.expired);
    await expectTRPCError(callers.anonymous.bookings.declineOffer({ token }), 'PRECONDITION_FAILED', OFFER_MESSAGES.expired);
    expect((await booking(first.id)).status).toBe('waitlisted');
  });

  it('answers an unknown link as not found for anyone, signed in or not', async () => {
    for (const caller of [callers.anonymous, callers.user, callers.admin]) {
      await expectTRPCError(caller.bookings.takeOffer({ token: 'no-such-token' }), 'NOT_FOUND', 'This booking link is not valid.');
      await expectTRPCError(caller.bookings.declineOffer({ token: 'no-such-token' }), 'NOT_FOUND', 'This booking link is not valid.');
    }
    await expectFieldErrors(callers.anonymous.bookings.takeOffer({ token: '' }), { token: 'This booking link is not valid.' });
  });

  it('refuses offer hours outside 1 to 168 with a field message', async () => {
    const event = await insertEventRow(env.db);
    const base = { eventId: event.id, title: 'Speed meetings', maxParticipants: 5, isActive: true, timeSlots: [{ startTime: new Date(Date.now() + 24 * HOUR).toISOString(), endTime: new Date(Date.now() + 25 * HOUR).toISOString() }] };
    await expectFieldErrors(callers.admin.sessions.create({ ...base, offerHours: 0 }), { offerHours: 'Offer hours must be at least 1' });
    await expectFieldErrors(callers.admin.sessions.create({ ...base, offerHours: 169 }), { offerHours: 'Offer hours must be at most 168 (a week)' });
    const created = await callers.admin.sessions.create({ ...base, offerHours: 24 });
    expect(created.offerHours).toBe(24);
  });
});

describe('two offers, one seat, taken at the same time over HTTP', () => {
  let app: FastifyInstance;
  let origin: string;

  beforeEach(async () => {
    app = await buildTestApp(env);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('The test server has no TCP address');
    origin = `http://127.0.0.1:${address.port}`;
  });
  afterEach(() => app.close());

  it('confirms exactly one; the other is told and stays waitlisted', async () => {
    const { first, second, seated } = await fullSlotWithWaitlist();
    await env.db.deleteFrom('bookings').where('id', '=', seated.id).execute();
    const expiresAt = new Date(Date.now() + HOUR).toISOString();
    const tokens = [newManageToken(), newManageToken()];
    for (const [index, id] of [first.id, second.id].entries()) {
      await env.db.updateTable('bookings').set({ offerExpiresAt: expiresAt, manageTokenHash: hashManageToken(tokens[index]?.token ?? '') }).where('id', '=', id).execute();
    }
    const responses = await Promise.all(
      tokens.map(({ token }) =>
        fetch(`${origin}/api/trpc/bookings.takeOffer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
          body: JSON.stringify({ token }),
        }),
      ),
    );
    const bodies = await Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as { error?: { message?: string } } })));
    expect(bodies.map((answer) => answer.status).sort()).toEqual([200, 412]);
    expect(bodies.find((answer) => answer.status === 412)?.body.error?.message).toBe(OFFER_MESSAGES.seatTaken);
    const statuses = [await booking(first.id), await booking(second.id)];
    expect(statuses.map((row) => row.status).sort()).toEqual(['confirmed', 'waitlisted']);
    expect(statuses.map((row) => row.offerExpiresAt)).toEqual([null, null]);
  });
});
