// The manage page of a booking awaiting payment says what to pay, by when, with which reference
// and to which account (the same facts as its e-mail and invoice); a free or a paid booking shows
// no payment block, and a firm without a bank account in Settings > Billing shows no account.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashManageToken } from '@server/email/manage-token';
import { formatPaymentReference } from '@server/payments/payments.schemas';
import { BILLING_SETTINGS, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createTestEnv, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

const TOKEN = 'a-manage-token-of-forty-three-characters-xx';
const BILLING = { billingCompany: 'Nordlicht GmbH', billingAddress: 'Hafenstraße 1\n20457 Hamburg', billingCountry: 'DE', billingVatNumber: null };

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

/** Books one seat of a session priced `priceMinor` (plus 19% tax when priced) and gives it `token`. */
async function bookSeat(priceMinor: number | null, token = TOKEN) {
  const event = await insertEventRow(env.db);
  const session = await insertSessionRow(env.db, event.id, { maxParticipants: 10 });
  if (priceMinor !== null) {
    await env.db.updateTable('eventSessions').set({ priceAmountMinor: priceMinor, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
  }
  const slot = await insertSlotRow(env.db, session.id, 30 * 24);
  const visitor = { timeSlotId: slot.id, participantName: 'Ada Buyer', participantEmail: 'ada@example.com', participantPhone: null, answers: {} };
  const booking = await callers.anonymous.bookings.create(priceMinor === null ? visitor : { ...visitor, ...BILLING });
  await env.db.updateTable('bookings').set({ manageTokenHash: hashManageToken(token) }).where('id', '=', booking.id).execute();
  return env.db.selectFrom('bookings').selectAll().where('id', '=', booking.id).executeTakeFirstOrThrow();
}

describe('the manage page of a booking awaiting payment', () => {
  it('gives the amount, the reference grouped by four, the deadline and the firm account', async () => {
    await callers.admin.settings.updateBilling(BILLING_SETTINGS);
    const booking = await bookSeat(3333);
    const managed = await callers.anonymous.bookings.manage({ token: TOKEN });
    expect(managed.status).toBe('awaiting-payment');
    expect(managed.payment).toEqual({
      amountMinor: 3966,
      currency: 'EUR',
      reference: formatPaymentReference(booking.paymentReference ?? ''),
      dueAt: booking.paymentDueAt,
      bankAccount: { holder: 'Northwind Expansion GmbH', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
    });
    expect(managed.payment?.reference).toMatch(/^RF\d{2}( [0-9A-Z]{1,4})+$/);
  });

  it('shows no account while Settings > Billing has none', async () => {
    await bookSeat(3333);
    const managed = await callers.anonymous.bookings.manage({ token: TOKEN });
    expect(managed.payment).toMatchObject({ amountMinor: 3966, bankAccount: null });
  });

  it('shows nothing to pay once staff confirmed it, nor for a free session', async () => {
    const paid = await bookSeat(3333);
    await env.db.updateTable('bookings').set({ status: 'confirmed', paymentStatus: 'paid' }).where('id', '=', paid.id).execute();
    expect(await callers.anonymous.bookings.manage({ token: TOKEN })).toMatchObject({ status: 'confirmed', payment: null });

    const free = await bookSeat(null, `${TOKEN}-free`);
    expect(free.paymentStatus).toBeNull();
    expect(await callers.anonymous.bookings.manage({ token: `${TOKEN}-free` })).toMatchObject({ status: 'pending', payment: null });
  });
});
