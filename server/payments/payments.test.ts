// Marking a paid booking paid by hand: only its full total on a day not after today; the booking is
// confirmed and paid, the payment row kept, the receipt written to the outbox in the booking's
// language, a payment.received webhook event and an audit row, all in one transaction. The role
// matrix, bad input and every refusal.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_SETTINGS, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createTestEnv, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORK: 'true' } });
  callers = await roleCallers(env);
  await callers.admin.settings.updateBilling(BILLING_SETTINGS);
});
afterEach(() => env.close());

const BILLING = { billingCompany: 'Nordlicht GmbH', billingAddress: 'Hafenstraße 1\n20457 Hamburg', billingCountry: 'DE', billingVatNumber: null };

/** A seat of a session at €33.33 + 19% tax (€39.66), booked from the public form; `seats` 1 to fill it. */
async function awaitingBooking(email = 'ada@example.com', options: { seats?: number; language?: 'en' | 'fr' } = {}) {
  const event = await insertEventRow(env.db);
  const session = await insertSessionRow(env.db, event.id, { maxParticipants: options.seats ?? 20 });
  await env.db.updateTable('eventSessions').set({ priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
  const slot = await insertSlotRow(env.db, session.id, 30 * 24);
  const { id } = await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Ada Buyer', participantEmail: email, participantPhone: null, answers: {}, ...BILLING });
  if (options.language !== undefined) await env.db.updateTable('bookings').set({ language: options.language }).where('id', '=', id).execute();
  return { id, slotId: slot.id };
}

async function booking(id: string) {
  return env.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function mails(to: string) {
  return env.db.selectFrom('emailOutbox').select(['kind', 'subject', 'textBody']).where('toAddress', '=', to).orderBy('createdAt').orderBy('id').execute();
}

const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('payments.markPaid', () => {
  it('records the full total: the booking is confirmed and paid, a receipt, a webhook event and an audit row', async () => {
    const endpoint = await callers.admin.webhooks.create({ url: 'http://127.0.0.1:9/hooks', events: ['payment.received', 'booking.status_changed'] });
    const { id } = await awaitingBooking();
    const paid = await callers.user.payments.markPaid({ bookingId: id, amountMinor: 3966, paidOn: YESTERDAY });
    expect(paid).toMatchObject({ bookingId: id, amountMinor: 3966, currency: 'EUR', paidOn: YESTERDAY, method: 'bank_transfer', source: 'manual', recordedBy: callers.userAccount.user.name });

    expect(await booking(id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await callers.user.payments.forBooking({ bookingId: id })).toEqual([paid]);

    const sent = await mails('ada@example.com');
    expect(sent.map((mail) => mail.kind)).toEqual(['booking-received', 'payment-receipt']);
    const receipt = sent[1];
    expect(receipt?.subject).toBe('Our Firm: payment received for Fixture Session');
    expect(receipt?.textBody).toContain('Thank you: we received your payment of €39.66 on');
    expect(receipt?.textBody).toContain('Your booking with Our Firm is confirmed.');
    expect(receipt?.textBody).toContain('Amount received: €39.66');

    const deliveries = await env.db.selectFrom('webhookDeliveries').select(['eventType', 'payload']).where('endpointId', '=', endpoint.endpoint.id).orderBy('createdAt').orderBy('id').execute();
    expect(deliveries.map((delivery) => delivery.eventType).sort()).toEqual(['booking.status_changed', 'payment.received']);
    const received = deliveries.find((delivery) => delivery.eventType === 'payment.received');
    expect(JSON.parse(received?.payload ?? '{}').data).toEqual({
      id: paid.id,
      bookingId: id,
      amountMinor: 3966,
      currency: 'EUR',
      paidOn: YESTERDAY,
      method: 'bank_transfer',
      source: 'manual',
      paymentReference: (await booking(id)).paymentReference,
    });

    const audit = await env.db.selectFrom('auditLog').select(['action', 'entity', 'entityId', 'summary', 'actorName']).where('entity', '=', 'booking').execute();
    expect(audit).toEqual([
      { action: 'status', entity: 'booking', entityId: id, summary: `payment: awaiting → paid (€39.66 received on ${YESTERDAY}, by hand); status: pending → confirmed`, actorName: callers.userAccount.user.name },
    ]);
  });

  it('writes the receipt in the booking’s language', async () => {
    const { id } = await awaitingBooking('marie@example.com', { language: 'fr' });
    await callers.admin.payments.markPaid({ bookingId: id, amountMinor: 3966, paidOn: YESTERDAY });
    const receipt = (await mails('marie@example.com')).at(-1);
    expect(receipt?.kind).toBe('payment-receipt');
    expect(receipt?.subject).toBe('Our Firm : paiement reçu pour Fixture Session');
    expect(receipt?.textBody).toContain('Merci : nous avons reçu votre paiement de 39,66');
  });

  it('is for signed-in staff only', async () => {
    const { id } = await awaitingBooking();
    await expectTRPCError(callers.anonymous.payments.markPaid({ bookingId: id, amountMinor: 3966, paidOn: YESTERDAY }), 'UNAUTHORIZED');
    await expectTRPCError(callers.anonymous.payments.forBooking({ bookingId: id }), 'UNAUTHORIZED');
    expect((await booking(id)).paymentStatus).toBe('awaiting');
    await expect(callers.admin.payments.forBooking({ bookingId: id })).resolves.toEqual([]);
    await expect(callers.admin.payments.markPaid({ bookingId: id, amountMinor: 3966, paidOn: YESTERDAY })).resolves.toMatchObject({ recordedBy: callers.adminAccount.user.name });
  });

  it('refuses a partial or different amount on its field and records nothing', async () => {
    const { id } = await awaitingBooking();
    await expectFieldErrors(callers.user.payments.markPaid({ bookingId: id, amountMinor: 2000, paidOn: YESTERDAY }), {
      amountMinor: "The amount must be the booking's total, €39.66. A partial or different amount is not recorded: settle the difference with the payer first.",
    });
    expect(await booking(id)).toMatchObject({ status: 'pending', paymentStatus: 'awaiting' });
    expect(await callers.user.payments.forBooking({ bookingId: id })).toEqual([]);
    expect((await mails('ada@example.com')).map((mail) => mail.kind)).toEqual(['booking-received']);
  });

  it('refuses bad input with field messages', async () => {
    const { id } = await awaitingBooking();
    await expectFieldErrors(callers.user.payments.markPaid({ bookingId: id, amountMinor: 0, paidOn: '2026-02-30' }), {
      amountMinor: 'Enter the amount received, more than zero',
      paidOn: 'Enter the day the money arrived as YYYY-MM-DD',
    });
    await expectFieldErrors(callers.user.payments.markPaid({ bookingId: id, amountMinor: 39.66, paidOn: 'yesterday' }), {
      amountMinor: 'Enter the amount received, more than zero',
      paidOn: 'Enter the day the money arrived as YYYY-MM-DD',
    });
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const refused = await expectTRPCError(callers.user.payments.markPaid({ bookingId: id, amountMinor: 3966, paidOn: tomorrow }), 'BAD_REQUEST');
    expect(refused.message).toBe('The payment was not recorded: check the fields marked.');
    expect((await booking(id)).paymentStatus).toBe('awaiting');
  });

  it('refuses a booking already paid, a free or waitlisted one, and an unknown one', async () => {
    const { id } = await awaitingBooking();
    await callers.user.payments.markPaid({ bookingId: id, amountMinor: 3966, paidOn: YESTERDAY });
    await expectTRPCError(callers.user.payments.markPaid({ bookingId: id, amountMinor: 3966, paidOn: YESTERDAY }), 'CONFLICT', 'This booking is already paid.');
    expect(await callers.user.payments.forBooking({ bookingId: id })).toHaveLength(1);

    const full = await awaitingBooking('first@example.com', { seats: 1 });
    const waitlisted = await callers.anonymous.bookings.create({ timeSlotId: full.slotId, participantName: 'Late', participantEmail: 'late@example.com', participantPhone: null, answers: {}, ...BILLING });
    expect(waitlisted.status).toBe('waitlisted');
    await expectTRPCError(
      callers.user.payments.markPaid({ bookingId: waitlisted.id, amountMinor: 3966, paidOn: YESTERDAY }),
      'PRECONDITION_FAILED',
      'Only a booking that holds its seat and awaits payment can be marked paid.',
    );
    await env.db.updateTable('bookings').set({ paymentStatus: null }).where('id', '=', full.id).execute();
    await expectTRPCError(callers.user.payments.markPaid({ bookingId: full.id, amountMinor: 3966, paidOn: YESTERDAY }), 'PRECONDITION_FAILED');
    await expectTRPCError(callers.user.payments.markPaid({ bookingId: 'no-such-booking', amountMinor: 3966, paidOn: YESTERDAY }), 'NOT_FOUND', 'Booking not found.');
  });

  it('pays a booking staff had already confirmed without changing its status again', async () => {
    const { id } = await awaitingBooking();
    await callers.user.bookings.setStatus({ id, status: 'confirmed' });
    await callers.user.payments.markPaid({ bookingId: id, amountMinor: 3966, paidOn: YESTERDAY });
    expect(await booking(id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect((await mails('ada@example.com')).map((mail) => mail.kind)).toEqual(['booking-received', 'booking-confirmed', 'payment-receipt']);
  });
});
