// Vouchers: admins manage them (audited); the public form checks a code and the booking uses it in
// its transaction, its charge and invoice showing the discount; a 100% voucher makes a free,
// confirmed booking without an invoice. Role matrix and bad input for every procedure.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_SETTINGS, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createTestEnv, expectAdminOnly, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { invoiceAmounts } from '@server/invoices/invoice-totals';
import { discountedBreakdown } from './vouchers.schemas';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(async () => {
  await env.close();
});

/** A session at €100.00 a seat plus 19% tax, with one slot in 30 days. */
async function paidSlot(priceMinor = 10_000) {
  const event = await insertEventRow(env.db);
  const session = await insertSessionRow(env.db, event.id, { maxParticipants: 20 });
  await env.db.updateTable('eventSessions').set({ priceAmountMinor: priceMinor, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
  const slot = await insertSlotRow(env.db, session.id, 30 * 24);
  return { event, session, slot };
}

const BILLING = { billingCompany: 'Nordlicht GmbH', billingAddress: 'Hafenstraße 1\n20457 Hamburg', billingCountry: 'DE' };

function visitor(email: string) {
  return { participantName: 'Ada Buyer', participantEmail: email, participantPhone: null, answers: {}, ...BILLING };
}

const TEN_PERCENT = { code: 'Spring10', kind: 'percent' as const, percent: 10 };

function isoDayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('managing vouchers', () => {
  it('is for admins only, every procedure', async () => {
    const made = await callers.admin.vouchers.create(TEN_PERCENT);
    await expectAdminOnly(callers, (c) => c.vouchers.list({}));
    await expectAdminOnly(callers, (c) => c.vouchers.create({ ...TEN_PERCENT, code: 'OTHER1' }));
    await expectAdminOnly(callers, (c) => c.vouchers.update({ id: made.id, ...TEN_PERCENT, percent: 20 }));
    await expectAdminOnly(callers, (c) => c.vouchers.delete({ id: made.id }));
    // Nothing changed by the refused calls.
    expect((await callers.admin.vouchers.list({})).items.map((v) => [v.code, v.percent])).toEqual([['Spring10', 10]]);
  });

  it('creates, lists, updates and deletes, each audited', async () => {
    const { event } = await paidSlot();
    const made = await callers.admin.vouchers.create({ code: 'PARTNER', kind: 'amount', amountMinor: 2500, maxUses: 3, validFrom: '2026-01-01', validUntil: '2099-12-31', appliesTo: 'events', eventIds: [event.id] });
    expect(made).toMatchObject({ code: 'PARTNER', kind: 'amount', percent: null, amountMinor: 2500, currency: 'EUR', maxUses: 3, usedCount: 0, appliesTo: 'events', eventIds: [event.id] });
    const changed = await callers.admin.vouchers.update({ id: made.id, code: 'Partner-2', kind: 'percent', percent: 12.5, appliesTo: 'all' });
    expect(changed).toMatchObject({ code: 'Partner-2', kind: 'percent', percent: 12.5, amountMinor: null, currency: null, maxUses: null, validFrom: null, eventIds: [] });
    expect((await callers.admin.vouchers.list({})).total).toBe(1);
    await callers.admin.vouchers.delete({ id: made.id });
    expect((await callers.admin.vouchers.list({})).items).toEqual([]);
    const audit = await env.db.selectFrom('auditLog').select(['action', 'summary']).where('entity', '=', 'voucher').orderBy('createdAt').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'create', summary: 'PARTNER: €25.00 off, 3 uses' },
      { action: 'update', summary: 'Partner-2: 12.5% off, unlimited uses' },
      { action: 'delete', summary: 'Partner-2' },
    ]);
  });

  it('refuses bad input with field messages', async () => {
    await expectFieldErrors(callers.admin.vouchers.create({ code: 'a!', kind: 'percent', percent: 0 }), {
      code: 'Use 3 to 32 letters, digits, - or _',
      percent: 'Enter a percentage between 0.01 and 100',
    });
    await expectFieldErrors(callers.admin.vouchers.create({ code: 'FIXED', kind: 'amount' }), { amountMinor: 'Enter an amount above zero' });
    await expectFieldErrors(callers.admin.vouchers.create({ ...TEN_PERCENT, percent: 101, maxUses: 0 }), {
      percent: 'Enter a percentage between 0.01 and 100',
      maxUses: 'Enter a whole number of uses, at least 1',
    });
    await expectFieldErrors(callers.admin.vouchers.create({ ...TEN_PERCENT, validFrom: '2026-02-30' }), { validFrom: 'Please enter a date as YYYY-MM-DD' });
    await expectFieldErrors(callers.admin.vouchers.create({ ...TEN_PERCENT, validFrom: '2026-05-02', validUntil: '2026-05-01' }), {
      validUntil: 'The last day must be on or after the first day',
    });
    await expectFieldErrors(callers.admin.vouchers.create({ ...TEN_PERCENT, appliesTo: 'events', eventIds: [] }), { eventIds: 'Choose at least one event for this voucher' });
    await expectFieldErrors(callers.admin.vouchers.create({ ...TEN_PERCENT, appliesTo: 'events', eventIds: ['no-such-event'] }), {
      eventIds: 'One of the chosen events no longer exists',
    });
    await callers.admin.vouchers.create(TEN_PERCENT);
    // Unique regardless of case.
    const taken = await expectTRPCError(callers.admin.vouchers.create({ ...TEN_PERCENT, code: 'SPRING10' }), 'CONFLICT');
    expect(taken.message).toBe('Another voucher already has this code');
    await expectTRPCError(callers.admin.vouchers.delete({ id: 'missing' }), 'NOT_FOUND', 'Voucher not found.');
    expect((await callers.admin.vouchers.list({})).total).toBe(1);
  });
});

describe('a voucher on the booking form', () => {
  it('takes 10% off the seat: charge, discount and the invoice discount line', async () => {
    const { slot } = await paidSlot();
    await callers.admin.settings.updateBilling(BILLING_SETTINGS);
    await callers.admin.vouchers.create(TEN_PERCENT);
    // The form's check, for anyone, uses nothing; the code is case-insensitive.
    expect(await callers.anonymous.vouchers.check({ timeSlotId: slot.id, code: ' spring10 ' })).toEqual({ code: 'Spring10', discount: { kind: 'percent', percent: 10 } });
    const { id } = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('a@example.com'), voucherCode: 'spring10' });
    const booking = await env.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // €100.00 - €10.00 = €90.00 net, 19% tax €17.10, €107.10.
    expect(booking).toMatchObject({ status: 'pending', paymentStatus: 'awaiting', voucherCode: 'Spring10', chargeDiscountMinor: 1000, chargeNetMinor: 9000, chargeTaxMinor: 1710, chargeGrossMinor: 10710 });
    const invoice = await env.db.selectFrom('invoices').select(['id', 'netMinor', 'taxMinor', 'grossMinor']).where('bookingId', '=', id).executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ netMinor: 9000, taxMinor: 1710, grossMinor: 10710 });
    const lines = await env.db.selectFrom('invoiceLines').select(['description', 'quantity', 'unitPriceMinor', 'amountMinor']).where('invoiceId', '=', invoice.id).orderBy('position').execute();
    expect(lines.slice(1)).toEqual([{ description: 'Voucher Spring10', quantity: 1, unitPriceMinor: -1000, amountMinor: -1000 }]);
    expect(lines[0]).toMatchObject({ unitPriceMinor: 10_000, amountMinor: 10_000 });
    const voucher = (await callers.admin.vouchers.list({})).items[0];
    expect(voucher?.usedCount).toBe(1);
    // Used: kept, not deleted.
    await expectTRPCError(callers.admin.vouchers.delete({ id: voucher?.id ?? '' }), 'CONFLICT', 'This voucher has been used, so it is kept: set its last day to end it.');
    await expectFieldErrors(callers.admin.vouchers.update({ id: voucher?.id ?? '', ...TEN_PERCENT, maxUses: 0 }), { maxUses: 'Enter a whole number of uses, at least 1' });
  });

  it('a 100% voucher makes a free booking: confirmed, no invoice, no payment reference', async () => {
    const { slot } = await paidSlot();
    await callers.admin.vouchers.create({ code: 'GUEST', kind: 'percent', percent: 100 });
    const { id, status } = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('guest@example.com'), voucherCode: 'GUEST' });
    expect(status).toBe('confirmed');
    const booking = await env.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: null, paymentReference: null, paymentDueAt: null, voucherCode: 'GUEST', chargeDiscountMinor: 10_000 });
    expect(await env.db.selectFrom('invoices').select('id').where('bookingId', '=', id).execute()).toEqual([]);
    const mail = await env.db.selectFrom('emailOutbox').select('kind').where('toAddress', '=', 'guest@example.com').execute();
    expect(mail.map((m) => m.kind)).toEqual(['booking-confirmed']);
  });

  it('says why a code is refused: unknown, not yet valid, expired, used up, other event, free session', async () => {
    const { slot } = await paidSlot();
    const other = await insertEventRow(env.db);
    await callers.admin.vouchers.create({ code: 'LATER', kind: 'percent', percent: 5, validFrom: isoDayFromNow(3) });
    await callers.admin.vouchers.create({ code: 'OVER', kind: 'percent', percent: 5, validUntil: isoDayFromNow(-3) });
    await callers.admin.vouchers.create({ code: 'ONCE', kind: 'percent', percent: 5, maxUses: 1 });
    await callers.admin.vouchers.create({ code: 'ELSEWHERE', kind: 'percent', percent: 5, appliesTo: 'events', eventIds: [other.id] });
    await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('first@example.com'), voucherCode: 'ONCE' });
    const cases = [
      ['NOPE', 'This voucher code is not known'],
      ['LATER', 'This voucher is not valid yet'],
      ['OVER', 'This voucher has expired'],
      ['ONCE', 'This voucher has been used up'],
      ['ELSEWHERE', 'This voucher is not valid for this event'],
    ] as const;
    for (const [code, message] of cases) {
      await expectFieldErrors(callers.anonymous.vouchers.check({ timeSlotId: slot.id, code }), { voucherCode: message });
      await expectFieldErrors(callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor(`${code}@example.com`), voucherCode: code }), { voucherCode: message });
    }
    // A free session has nothing to discount.
    const freeEvent = await insertEventRow(env.db);
    const freeSlot = await insertSlotRow(env.db, (await insertSessionRow(env.db, freeEvent.id)).id, 48);
    await callers.admin.vouchers.create({ code: 'ANY', kind: 'percent', percent: 5 });
    await expectFieldErrors(callers.anonymous.vouchers.check({ timeSlotId: freeSlot.id, code: 'ANY' }), { voucherCode: 'This voucher is not valid for this event' });
    await expectFieldErrors(callers.anonymous.vouchers.check({ timeSlotId: slot.id, code: '' }), { code: 'Code is required' });
    // Refused bookings stored nothing and used nothing.
    expect(await env.db.selectFrom('bookings').select('participantEmail').execute()).toEqual([{ participantEmail: 'first@example.com' }]);
    expect((await env.db.selectFrom('vouchers').select(['code', 'usedCount']).orderBy('code').execute()).map((v) => `${v.code}:${v.usedCount}`)).toEqual([
      'ANY:0',
      'ELSEWHERE:0',
      'LATER:0',
      'ONCE:1',
      'OVER:0',
    ]);
  });

  it('a cancelled booking does not give its use back (as pretix)', async () => {
    const { slot } = await paidSlot();
    await callers.admin.vouchers.create({ code: 'ONCE', kind: 'percent', percent: 5, maxUses: 1 });
    const { id } = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('first@example.com'), voucherCode: 'ONCE' });
    await callers.admin.bookings.setStatus({ id, status: 'cancelled' });
    await expectFieldErrors(callers.anonymous.vouchers.check({ timeSlotId: slot.id, code: 'ONCE' }), { voucherCode: 'This voucher has been used up' });
  });
});

describe('money with a voucher', () => {
  it('a 15% voucher on 3 seats at €33.33 plus 19% rounds as the invoice shows', () => {
    // 3 x €33.33 = €99.99; 15% of it is €15.00 (14.9985 rounded once); €84.99 net, €16.15 tax.
    const charge = discountedBreakdown({ amountMinor: 3333, taxRatePercent: 19 }, 3, false, { kind: 'percent', percent: 15 });
    expect(charge).toEqual({ lineMinor: 9999, discountMinor: 1500, netMinor: 8499, taxMinor: 1615, grossMinor: 10_114 });
    const invoice = invoiceAmounts(
      [
        { quantity: 3, unitPriceMinor: 3333, taxRatePercent: 19 },
        { quantity: 1, unitPriceMinor: -charge.discountMinor, taxRatePercent: 19 },
      ],
      false,
    );
    expect({ netMinor: invoice.netMinor, taxMinor: invoice.taxMinor, grossMinor: invoice.grossMinor }).toEqual({ netMinor: 8499, taxMinor: 1615, grossMinor: 10_114 });
    // Prices entered including tax: the discount comes off the gross.
    const gross = discountedBreakdown({ amountMinor: 3333, taxRatePercent: 19 }, 3, true, { kind: 'percent', percent: 15 });
    const grossInvoice = invoiceAmounts([{ quantity: 3, unitPriceMinor: 3333, taxRatePercent: 19 }, { quantity: 1, unitPriceMinor: -1500, taxRatePercent: 19 }], true);
    expect(gross).toMatchObject({ grossMinor: 8499, netMinor: grossInvoice.netMinor, taxMinor: grossInvoice.taxMinor });
    // An amount larger than the line leaves nothing to pay, never less.
    expect(discountedBreakdown({ amountMinor: 3333, taxRatePercent: 19 }, 1, false, { kind: 'amount', amountMinor: 5000 })).toMatchObject({ discountMinor: 3333, grossMinor: 0 });
  });
});
