// dashboard.revenue: the money received this week (Monday to Sunday) and this month in the site's
// time zone and currency, with payments outside the week, outside the month and in another currency
// left out; hidden on a site that takes no payments; the role matrix.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newId } from '@server/core/ids';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { BILLING_SETTINGS, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createTestEnv, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { periodsOf } from './revenue.service';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(async () => {
  vi.useRealTimers();
  await env.close();
});

async function payment(paidOn: string, amountMinor: number, currency = 'EUR') {
  await env.db.insertInto('payments').values({ id: newId(), bookingId: newId(), amountMinor, currency, paidOn, method: 'bank_transfer', source: 'manual', statementLineKey: null, recordedBy: 'Staff' }).execute();
}

describe('dashboard.revenue', () => {
  it('sums the payments of this week and this month in the site’s zone and currency', async () => {
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'Pacific/Auckland', currency: 'EUR' });
    // Wednesday 19 March 2031 at 23:30 UTC is already Thursday 20 March in Auckland (UTC+13).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-19T23:30:00.000Z') });
    await payment('2031-03-17', 3966); // Monday of the week
    await payment('2031-03-20', 11_900); // today
    await payment('2031-03-23', 100); // Sunday of the week, booked ahead by the bank
    await payment('2031-03-16', 50_000); // the Sunday before: this month, not this week
    await payment('2031-02-28', 70_000); // last month
    await payment('2031-04-01', 80_000); // next month
    await payment('2031-03-18', 9_999, 'USD'); // another currency
    expect(await callers.user.dashboard.revenue()).toEqual({
      shown: true,
      currency: 'EUR',
      week: { from: '2031-03-17', to: '2031-03-23', amountMinor: 3966 + 11_900 + 100 },
      month: { from: '2031-03-01', to: '2031-03-31', amountMinor: 3966 + 11_900 + 100 + 50_000 },
    });
  });

  it('is hidden on a site with no priced session and no payment, and shown once a session has a price', async () => {
    const empty = await callers.user.dashboard.revenue();
    expect(empty.shown).toBe(false);
    expect(empty.week.amountMinor).toBe(0);
    expect(empty.month.amountMinor).toBe(0);
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    await env.db.updateTable('eventSessions').set({ priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
    expect((await callers.user.dashboard.revenue()).shown).toBe(true);
  });

  it('is for signed-in staff', async () => {
    await expectTRPCError(callers.anonymous.dashboard.revenue(), 'UNAUTHORIZED');
    await expect(callers.admin.dashboard.revenue()).resolves.toMatchObject({ shown: false, currency: 'EUR' });
  });

  it('takes weeks from Monday to Sunday and months to their last day', () => {
    expect(periodsOf('2031-03-17')).toEqual({ week: { from: '2031-03-17', to: '2031-03-23' }, month: { from: '2031-03-01', to: '2031-03-31' } });
    expect(periodsOf('2031-03-23')).toEqual({ week: { from: '2031-03-17', to: '2031-03-23' }, month: { from: '2031-03-01', to: '2031-03-31' } });
    // A week across a month's (and a year's) end; February of a leap year.
    expect(periodsOf('2031-01-01').week).toEqual({ from: '2030-12-30', to: '2031-01-05' });
    expect(periodsOf('2032-02-10').month).toEqual({ from: '2032-02-01', to: '2032-02-29' });
  });
});

describe('dashboard.revenue with refunds', () => {
  beforeEach(async () => {
    await callers.admin.settings.updateBilling(BILLING_SETTINGS);
  });

  it('a refund marked comes off the revenue, and the list keeps the day the money arrived', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    await env.db.updateTable('eventSessions').set({ priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
    const slot = await insertSlotRow(env.db, session.id, 30 * 24);
    const billing = { billingCompany: 'Nordlicht GmbH', billingAddress: 'Hafenstraße 1', billingCountry: 'DE', billingVatNumber: null };
    const today = new Date().toISOString().slice(0, 10);
    const ids: string[] = [];
    for (const email of ['a@example.com', 'b@example.com']) {
      const { id } = await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Buyer', participantEmail: email, participantPhone: null, answers: {}, ...billing });
      await callers.user.payments.markPaid({ bookingId: id, amountMinor: 3966, paidOn: today });
      ids.push(id);
    }
    expect((await callers.user.dashboard.revenue()).week.amountMinor).toBe(7932);
    const refunded = ids[0] ?? '';
    await callers.user.payments.refund({ bookingId: refunded });
    expect((await callers.user.payments.list({ status: 'refund-due' })).items.map((item) => [item.bookingId, item.creditNoteNumber !== null])).toEqual([[refunded, true]]);
    await callers.user.payments.markRefunded({ bookingId: refunded, refundedOn: today });
    const revenue = await callers.user.dashboard.revenue();
    expect(revenue.week.amountMinor).toBe(3966);
    expect(revenue.month.amountMinor).toBe(3966);
    const row = (await callers.user.payments.list({ status: 'refunded' })).items[0];
    expect(row).toMatchObject({ bookingId: refunded, status: 'refunded', paidOn: today });
  });
});
