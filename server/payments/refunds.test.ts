// Refunds: `refund` cancels a paid booking through the cancellation (credit note, 'refund-due', the
// participant e-mailed with the credit note, the seat freed) and `markRefunded` records the money
// sent back as a negative payment, the booking 'refunded', a payment.refunded webhook event. Both
// audited; the role matrix, bad input and every refusal.
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
const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const CN1 = `CN-${new Date().getFullYear()}-00001`;

/** A seat at €33.33 + 19% tax (€39.66) booked from the public form, paid unless `paid` is false. */
async function bookingOf(email = 'ada@example.com', paid = true) {
  const event = await insertEventRow(env.db);
  const session = await insertSessionRow(env.db, event.id, { maxParticipants: 20 });
  await env.db.updateTable('eventSessions').set({ priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
  const slot = await insertSlotRow(env.db, session.id, 30 * 24);
  const { id } = await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Ada Buyer', participantEmail: email, participantPhone: null, answers: {}, ...BILLING });
  if (paid) await callers.user.payments.markPaid({ bookingId: id, amountMinor: 3966, paidOn: YESTERDAY });
  return id;
}

async function row(id: string) {
  return env.db.selectFrom('bookings').select(['status', 'paymentStatus']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function auditOf(id: string) {
  return (await env.db.selectFrom('auditLog').select('summary').where('entityId', '=', id).orderBy('id').execute()).map((entry) => entry.summary);
}

describe('payments.refund', () => {
  it('cancels a paid booking: its credit note, refund due, the participant told with the credit note attached, audited', async () => {
    const id = await bookingOf();
    expect(await callers.user.payments.refund({ bookingId: id })).toEqual({ bookingId: id, creditNoteNumber: CN1 });
    expect(await row(id)).toEqual({ status: 'cancelled', paymentStatus: 'refund-due' });
    const documents = await callers.user.invoices.forBooking({ bookingId: id });
    expect(documents.map((document) => [document.kind, document.grossMinor, document.creditedInvoiceNumber])).toEqual([
      ['invoice', 3966, null],
      ['credit-note', -3966, documents[0]?.number],
    ]);
    const mail = await env.db.selectFrom('emailOutbox').select(['kind', 'invoiceId']).where('bookingId', '=', id).where('kind', '=', 'booking-cancelled').executeTakeFirstOrThrow();
    expect(mail.invoiceId).toBe(documents[1]?.id);
    expect((await auditOf(id)).at(-1)).toBe(`refund: status confirmed → cancelled; payment: paid → refund-due; credit note ${CN1}`);
  });

  it('is for staff: anonymous UNAUTHORIZED, a user and an admin may', async () => {
    const first = await bookingOf('a@example.com');
    const second = await bookingOf('b@example.com');
    await expectTRPCError(callers.anonymous.payments.refund({ bookingId: first }), 'UNAUTHORIZED');
    await expectTRPCError(callers.anonymous.payments.markRefunded({ bookingId: first, refundedOn: YESTERDAY }), 'UNAUTHORIZED');
    expect(await row(first)).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
    await expect(callers.user.payments.refund({ bookingId: first })).resolves.toMatchObject({ bookingId: first });
    await expect(callers.admin.payments.refund({ bookingId: second })).resolves.toMatchObject({ bookingId: second });
    await expect(callers.user.payments.markRefunded({ bookingId: first, refundedOn: YESTERDAY })).resolves.toMatchObject({ amountMinor: -3966 });
    await expect(callers.admin.payments.markRefunded({ bookingId: second, refundedOn: YESTERDAY })).resolves.toMatchObject({ amountMinor: -3966 });
  });

  it('refuses a booking not paid, one already refunded and an unknown one', async () => {
    const unpaid = await bookingOf('u@example.com', false);
    const refused = await expectTRPCError(callers.user.payments.refund({ bookingId: unpaid }), 'PRECONDITION_FAILED');
    expect(refused.message).toBe('Only a paid booking can be refunded. To drop an unpaid booking, cancel it: its invoice is credited.');
    expect(await row(unpaid)).toEqual({ status: 'pending', paymentStatus: 'awaiting' });
    const paid = await bookingOf();
    await callers.user.payments.refund({ bookingId: paid });
    const again = await expectTRPCError(callers.user.payments.refund({ bookingId: paid }), 'CONFLICT');
    expect(again.message).toBe("This booking's refund is already under way or done.");
    expect(await env.db.selectFrom('invoices').select('id').where('kind', '=', 'credit-note').execute()).toHaveLength(1);
    const missing = await expectTRPCError(callers.user.payments.refund({ bookingId: 'no-such-booking' }), 'NOT_FOUND');
    expect(missing.message).toBe('Booking not found.');
  });

  it('refuses bad input with field messages', async () => {
    await expectFieldErrors(callers.user.payments.refund({ bookingId: '' }), { bookingId: 'Id is required' });
    await expectFieldErrors(callers.user.payments.markRefunded({ bookingId: ' ', refundedOn: '' }), { bookingId: 'Id is required', refundedOn: 'Enter the day the money went back as YYYY-MM-DD' });
  });

  it('two staff refunding at once: one credit note, one refund', async () => {
    const id = await bookingOf();
    const outcomes = await Promise.allSettled([callers.user.payments.refund({ bookingId: id }), callers.admin.payments.refund({ bookingId: id })]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await env.db.selectFrom('invoices').select('number').where('kind', '=', 'credit-note').execute()).toEqual([{ number: CN1 }]);
  });
});

describe('payments.markRefunded', () => {
  it('records the negative payment: refunded, a payment.refunded webhook event, audited', async () => {
    const endpoint = await callers.admin.webhooks.create({ url: 'http://127.0.0.1:9/hooks', events: ['payment.refunded'] });
    const id = await bookingOf();
    await callers.user.payments.refund({ bookingId: id });
    const refund = await callers.user.payments.markRefunded({ bookingId: id, refundedOn: YESTERDAY });
    expect(refund).toMatchObject({ bookingId: id, amountMinor: -3966, currency: 'EUR', paidOn: YESTERDAY, method: 'bank_transfer', source: 'manual', recordedBy: callers.userAccount.user.name });
    expect(await row(id)).toEqual({ status: 'cancelled', paymentStatus: 'refunded' });
    expect((await callers.user.payments.forBooking({ bookingId: id })).map((payment) => payment.amountMinor)).toEqual([3966, -3966]);
    const deliveries = await env.db.selectFrom('webhookDeliveries').select(['eventType', 'payload']).where('endpointId', '=', endpoint.endpoint.id).execute();
    expect(deliveries.map((delivery) => delivery.eventType)).toEqual(['payment.refunded']);
    const { paymentReference } = await env.db.selectFrom('bookings').select('paymentReference').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(deliveries[0]?.payload ?? '{}').data).toEqual({ id: refund.id, bookingId: id, amountMinor: -3966, currency: 'EUR', refundedOn: YESTERDAY, method: 'bank_transfer', paymentReference });
    expect((await auditOf(id)).at(-1)).toBe(`payment: refund-due → refunded (€39.66 sent back on ${YESTERDAY})`);
  });

  it('only from refund due: CONFLICT for a paid, an awaiting or an already refunded booking', async () => {
    const paid = await bookingOf('p@example.com');
    const conflict = await expectTRPCError(callers.user.payments.markRefunded({ bookingId: paid, refundedOn: YESTERDAY }), 'CONFLICT');
    expect(conflict.message).toBe('Only a booking whose refund is due can be marked refunded.');
    const unpaid = await bookingOf('u@example.com', false);
    await expectTRPCError(callers.user.payments.markRefunded({ bookingId: unpaid, refundedOn: YESTERDAY }), 'CONFLICT');
    await callers.user.payments.refund({ bookingId: paid });
    await callers.user.payments.markRefunded({ bookingId: paid, refundedOn: YESTERDAY });
    const twice = await expectTRPCError(callers.user.payments.markRefunded({ bookingId: paid, refundedOn: YESTERDAY }), 'CONFLICT');
    expect(twice.message).toBe("This booking's refund is already under way or done.");
    expect((await callers.user.payments.forBooking({ bookingId: paid })).map((payment) => payment.amountMinor)).toEqual([3966, -3966]);
  });

  it('refuses a bad or future day on its field', async () => {
    const id = await bookingOf();
    await callers.user.payments.refund({ bookingId: id });
    await expectFieldErrors(callers.user.payments.markRefunded({ bookingId: id, refundedOn: '2026-02-30' }), { refundedOn: 'Enter the day the money went back as YYYY-MM-DD' });
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const refused = await expectTRPCError(callers.user.payments.markRefunded({ bookingId: id, refundedOn: tomorrow }), 'BAD_REQUEST');
    expect(refused.message).toBe('The refund was not recorded: check the fields marked.');
    expect((await row(id)).paymentStatus).toBe('refund-due');
  });

  it('a paid booking cancelled by staff is marked refunded the same way', async () => {
    const id = await bookingOf();
    await callers.user.bookings.setStatus({ id, status: 'cancelled' });
    await callers.user.payments.markRefunded({ bookingId: id, refundedOn: YESTERDAY });
    expect(await row(id)).toEqual({ status: 'cancelled', paymentStatus: 'refunded' });
  });
});
