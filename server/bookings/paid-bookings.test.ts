// Booking a paid seat: the public form of a priced session asks for billing details, freezes what
// it charged (one rounding, the invoice's), gives the booking a payment reference and holds the
// seat until a deadline (N days, never after the start). The scheduler reminds two days before and
// cancels at the deadline through the cancellation, the seat going to the waitlist, once however
// many schedulers run; on PostgreSQL, once across two instances.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScheduler } from '@server/scheduler/scheduler';
import { isValidPaymentReference } from '@server/payments/payment-reference';
import { BILLING_SETTINGS, insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createTestEnv, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { onPostgres, secondInstance } from '@tests/support/postgres-env';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let env: TestEnv;
let callers: RoleCallers;
let closeSecond: (() => Promise<void>) | undefined;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(async () => {
  vi.useRealTimers();
  await closeSecond?.();
  closeSecond = undefined;
  await env.close();
});

/** A session of `seats` at €33.33 a seat plus 19% tax, with one slot starting in `startsInHours`. */
async function paidSlot(seats = 20, startsInHours = 30 * 24) {
  const event = await insertEventRow(env.db);
  const session = await insertSessionRow(env.db, event.id, { maxParticipants: seats });
  await env.db.updateTable('eventSessions').set({ priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
  const slot = await insertSlotRow(env.db, session.id, startsInHours);
  return { event, session, slot };
}

const BILLING = { billingCompany: 'Nordlicht GmbH', billingAddress: 'Hafenstraße 1\n20457 Hamburg', billingCountry: 'de', billingVatNumber: 'de 123 456 789' };

function visitor(email: string) {
  return { participantName: 'Ada Buyer', participantEmail: email, participantPhone: null, answers: {} };
}

async function row(id: string) {
  return env.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function mails(to: string) {
  return env.db.selectFrom('emailOutbox').select(['kind', 'subject', 'textBody']).where('toAddress', '=', to).orderBy('createdAt').orderBy('id').execute();
}

describe('booking a paid seat', () => {
  it('awaits payment, with the charge frozen, the billing details, a reference and a deadline 7 days on', async () => {
    const { slot } = await paidSlot();
    await callers.admin.settings.updateBilling(BILLING_SETTINGS);
    const before = Date.now();
    // Anyone books (the public form): anonymous, staff and admins alike.
    for (const [caller, email] of [[callers.anonymous, 'a@example.com'], [callers.user, 'u@example.com'], [callers.admin, 'ad@example.com']] as const) {
      await expect(caller.bookings.create({ timeSlotId: slot.id, ...visitor(email), ...BILLING })).resolves.toMatchObject({ status: 'pending' });
    }
    const booking = await env.db.selectFrom('bookings').selectAll().where('participantEmail', '=', 'a@example.com').executeTakeFirstOrThrow();
    expect(booking).toMatchObject({
      status: 'pending',
      paymentStatus: 'awaiting',
      paymentMethod: 'bank_transfer',
      // €33.33 + 19% = €33.33 + €6.33 (6.3327 rounded once) = €39.66.
      chargeNetMinor: 3333,
      chargeTaxMinor: 633,
      chargeGrossMinor: 3966,
      chargeCurrency: 'EUR',
      chargeTaxRateBasisPoints: 1900,
      billingCompany: 'Nordlicht GmbH',
      billingAddress: 'Hafenstraße 1\n20457 Hamburg',
      billingCountry: 'DE',
      billingVatNumber: 'DE123456789',
    });
    expect(isValidPaymentReference(booking.paymentReference ?? '')).toBe(true);
    const due = Date.parse(booking.paymentDueAt ?? '');
    expect(due).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(due).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    const references = await env.db.selectFrom('bookings').select('paymentReference').execute();
    expect(new Set(references.map((entry) => entry.paymentReference)).size).toBe(3);

    const [mail] = await mails('a@example.com');
    expect(mail?.kind).toBe('booking-received');
    expect(mail?.subject).toBe('Our Firm: your seat for Fixture Session is held until payment');
    const reference = (booking.paymentReference ?? '').replace(/(.{4})(?=.)/g, '$1 ');
    expect(mail?.textBody).toContain(`quoting the payment reference ${reference}, so that your payment is matched to this booking. The account to pay into is below.`);
    // The account to pay into, from Settings > Billing (the IBAN in groups of four).
    expect(mail?.textBody).toContain('Pay by: ');
    expect(mail?.textBody).toContain('Account holder: Northwind Expansion GmbH\nIBAN: DE89 3704 0044 0532 0130 00\nBIC: COBADEFFXXX\n');
    expect(mail?.textBody).toContain('€39.66 (€33.33 + €6.33 tax at 19%)');
    // Its invoice: numbered in the year's sequence, the charge as frozen, the buyer's billing details.
    const invoices = await callers.user.invoices.forBooking({ bookingId: booking.id });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ kind: 'invoice', netMinor: 3333, taxMinor: 633, grossMinor: 3966, currency: 'EUR' });
    expect(invoices[0]?.number).toMatch(/^INV-\d{4}-0000[1-3]$/);
    expect(mail?.textBody).toContain('Please pay €39.66 by bank transfer by ');
  });

  it('lists and counts it as Awaiting payment, apart from pending bookings', async () => {
    const { slot, event } = await paidSlot();
    const paid = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('a@example.com'), ...BILLING });
    const free = await insertBookingRow(env.db, slot, event.id, { status: 'pending' });
    const awaiting = await callers.user.bookings.list({ status: 'awaiting-payment' });
    expect(awaiting.items.map((item) => item.id)).toEqual([paid.id]);
    expect((await callers.user.bookings.list({ status: 'pending' })).items.map((item) => item.id)).toEqual([free.id]);
    expect(await callers.user.bookings.stats()).toMatchObject({ total: 2, pending: 1, 'awaiting-payment': 1 });
  });

  it('never sets the deadline after the session starts', async () => {
    const { slot } = await paidSlot(20, 48);
    const { id } = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('soon@example.com'), ...BILLING });
    expect((await row(id)).paymentDueAt).toBe(slot.startTime);
  });

  it('takes its deadline from the setting, which only admins change', async () => {
    await expectTRPCError(callers.anonymous.settings.updateSystem({ siteName: 'X', timezone: 'UTC', maintenanceMode: false, allowRegistrations: true, maxFileSize: 10, paymentDeadlineDays: 3 }), 'UNAUTHORIZED');
    await expectTRPCError(callers.user.settings.updateSystem({ siteName: 'X', timezone: 'UTC', maintenanceMode: false, allowRegistrations: true, maxFileSize: 10, paymentDeadlineDays: 3 }), 'FORBIDDEN');
    const { system } = await callers.admin.settings.get();
    expect(system.paymentDeadlineDays).toBe(7);
    await expectFieldErrors(callers.admin.settings.updateSystem({ ...system, paymentDeadlineDays: 0 }), { paymentDeadlineDays: 'Payment deadline must be between 1 and 60 days' });
    await callers.admin.settings.updateSystem({ ...system, paymentDeadlineDays: 3 });
    const { slot } = await paidSlot();
    const before = Date.now();
    const { id } = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('three@example.com'), ...BILLING });
    const due = Date.parse((await row(id)).paymentDueAt ?? '');
    expect(due).toBeGreaterThanOrEqual(before + 3 * DAY);
    expect(due).toBeLessThanOrEqual(Date.now() + 3 * DAY);
  });

  it('refuses missing billing details and a VAT number of the wrong shape, naming each field', async () => {
    const { slot } = await paidSlot();
    await expectFieldErrors(callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('a@example.com') }), {
      billingCompany: 'Company is required',
      billingAddress: 'Billing address is required',
      billingCountry: 'Please choose the billing country',
    });
    await expectFieldErrors(callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('a@example.com'), ...BILLING, billingCountry: 'XX' }), {
      billingCountry: 'Please choose the billing country',
    });
    await expectFieldErrors(callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('a@example.com'), ...BILLING, billingVatNumber: 'DE12345' }), {
      billingVatNumber: 'A VAT number from this country looks like DE123456789',
    });
    await expectFieldErrors(callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('a@example.com'), ...BILLING, billingCountry: 'NL', billingVatNumber: 'NL123456789' }), {
      billingVatNumber: 'A VAT number from this country looks like NL123456789B01',
    });
    expect(await env.db.selectFrom('bookings').select('id').execute()).toEqual([]);
  });

  it('keeps a free session exactly as it was: no billing asked, nothing to pay', async () => {
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id);
    const slot = await insertSlotRow(env.db, session.id);
    const { id } = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('free@example.com') });
    expect(await row(id)).toMatchObject({ status: 'pending', paymentStatus: null, paymentReference: null, paymentDueAt: null, chargeGrossMinor: null, billingCompany: null });
    expect((await mails('free@example.com')).map((mail) => mail.subject)).toEqual(['Our Firm: booking received for Fixture Session']);
  });
});

describe('the payment deadline, by the scheduler', () => {
  /** A one-seat paid slot: a paid booking holding the seat and a paid one on the waitlist. */
  async function fullPaidSlot() {
    const { slot } = await paidSlot(1);
    const holder = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('holder@example.com'), ...BILLING });
    const next = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...visitor('next@example.com'), ...BILLING });
    expect(next.status).toBe('waitlisted');
    expect((await row(next.id)).paymentDueAt).toBeNull();
    // The seat holder owes the money and has its invoice; the waitlisted booking owes nothing yet.
    expect((await callers.user.invoices.forBooking({ bookingId: holder.id })).map((invoice) => invoice.kind)).toEqual(['invoice']);
    expect(await callers.user.invoices.forBooking({ bookingId: next.id })).toEqual([]);
    return { slot, holder, next, dueAt: Date.parse((await row(holder.id)).paymentDueAt ?? '') };
  }

  it('reminds two days before, once', async () => {
    const { holder, dueAt } = await fullPaidSlot();
    let clock = new Date(dueAt - 2 * DAY - HOUR);
    const scheduler = startScheduler(env.deps, { intervalMs: null, now: () => clock, onError: () => undefined });
    try {
      expect((await scheduler.runOnce()).paymentReminders).toBe(0);
      clock = new Date(dueAt - 2 * DAY + HOUR);
      expect((await scheduler.runOnce()).paymentReminders).toBe(1);
      expect((await scheduler.runOnce()).paymentReminders).toBe(0);
      const reminder = (await mails('holder@example.com')).filter((mail) => mail.kind === 'payment-reminder');
      expect(reminder).toHaveLength(1);
      expect(reminder[0]?.textBody).toContain('We have not received the payment for your booking of Fixture Session yet.');
      expect(await row(holder.id)).toMatchObject({ status: 'pending', paymentStatus: 'awaiting' });
    } finally {
      await scheduler.stop();
    }
  });

  it('cancels an unpaid booking at its deadline once with two schedulers, and the waitlist takes the seat', async () => {
    const { holder, next, dueAt } = await fullPaidSlot();
    let clock = new Date(dueAt - 60_000);
    const schedulers = [0, 1].map(() => startScheduler(env.deps, { intervalMs: null, now: () => clock, onError: () => undefined }));
    try {
      expect((await Promise.all(schedulers.map((scheduler) => scheduler.runOnce()))).map((run) => run.expiredUnpaid)).toEqual([0, 0]);
      clock = new Date(dueAt + 1);
      // The services' own "now" (the promoted booking's deadline) agrees with the scheduler's clock.
      vi.useFakeTimers({ toFake: ['Date'], now: clock });
      const runs = await Promise.all(schedulers.map((scheduler) => scheduler.runOnce()));
      expect(runs.map((run) => run.expiredUnpaid).sort()).toEqual([0, 1]);
      expect((await row(holder.id)).status).toBe('cancelled');
      // The next in line gets the seat and, being paid, its own deadline from now.
      const promoted = await row(next.id);
      expect(promoted).toMatchObject({ status: 'pending', paymentStatus: 'awaiting' });
      expect(promoted.paymentDueAt).toBe(new Date(dueAt + 1 + 7 * DAY).toISOString());
      // Its invoice is issued as its payment clock starts, due the day its deadline falls on (UTC site).
      const [invoice] = await callers.user.invoices.forBooking({ bookingId: next.id });
      expect(invoice).toMatchObject({ kind: 'invoice', grossMinor: 3966, dueDate: new Date(dueAt + 1 + 7 * DAY).toISOString().slice(0, 10) });
      const holderMails = await mails('holder@example.com');
      // A minute before the deadline was within the reminder's two days.
      expect(holderMails.map((mail) => mail.kind)).toEqual(['booking-received', 'payment-reminder', 'payment-expired']);
      expect(holderMails[2]?.subject).toBe('Our Firm: your booking for Fixture Session is cancelled (not paid)');
      expect((await mails('next@example.com')).map((mail) => mail.kind)).toEqual(['booking-received', 'waitlist-promoted']);
      expect((await mails('next@example.com'))[1]?.subject).toBe('Our Firm: your seat for Fixture Session is held until payment');
      const audit = await env.db.selectFrom('auditLog').select(['summary', 'actorName']).where('entityId', '=', holder.id).execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.actorName).toBe('scheduler');
      expect(audit[0]?.summary).toContain(`waitlisted booking ${next.id} promoted`);
      expect((await Promise.all(schedulers.map((scheduler) => scheduler.runOnce()))).map((run) => run.expiredUnpaid)).toEqual([0, 0]);
    } finally {
      await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    }
  });

  it('leaves a booking staff confirmed (paid by other means) alone', async () => {
    const { holder, dueAt } = await fullPaidSlot();
    await callers.admin.bookings.setStatus({ id: holder.id, status: 'confirmed' });
    const scheduler = startScheduler(env.deps, { intervalMs: null, now: () => new Date(dueAt + DAY), onError: () => undefined });
    try {
      expect((await scheduler.runOnce()).expiredUnpaid).toBe(0);
      expect((await row(holder.id)).status).toBe('confirmed');
    } finally {
      await scheduler.stop();
    }
  });

  it.runIf(onPostgres())('expires each booking once across two instances on PostgreSQL', async () => {
    const { holder, next, dueAt } = await fullPaidSlot();
    const second = secondInstance(env);
    closeSecond = () => second.close();
    const clock = new Date(dueAt + 1);
    vi.useFakeTimers({ toFake: ['Date'], now: clock });
    const schedulers = [env.deps, second.deps].map((deps) => startScheduler(deps, { intervalMs: null, now: () => clock, onError: () => undefined }));
    try {
      const runs = await Promise.all(schedulers.map((scheduler) => scheduler.runOnce()));
      expect(runs.map((run) => run.expiredUnpaid).sort()).toEqual([0, 1]);
      expect((await row(holder.id)).status).toBe('cancelled');
      expect((await row(next.id)).status).toBe('pending');
      expect((await mails('holder@example.com')).map((mail) => mail.kind)).toEqual(['booking-received', 'payment-expired']);
      expect((await mails('next@example.com')).map((mail) => mail.kind)).toEqual(['booking-received', 'waitlist-promoted']);
    } finally {
      await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    }
  });
});
