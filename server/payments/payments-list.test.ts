// payments.list: the paid bookings on the Payments screen. Each status filter ('overdue' measured
// against the clock), the invoice-date range, the search (name, e-mail, company, a reference typed
// with spaces and in lower case, an invoice number), pages, the role matrix and bad input. The
// bookings are made through the public form at set times (a fake clock), so their invoices carry
// real numbers and dates.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPaymentReference } from '@server/payments/payments.schemas';
import { BILLING_SETTINGS, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createTestEnv, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-01T10:00:00.000Z') });
  env = await createTestEnv();
  callers = await roleCallers(env);
  await callers.admin.settings.updateBilling(BILLING_SETTINGS);
});
afterEach(async () => {
  vi.useRealTimers();
  await env.close();
});

interface Seeded {
  ada: string;
  bea: string;
  cem: string;
  dan: string;
  eve: string;
}

/**
 * Five paid bookings of a €33.33 + 19% seat, one day apart or more, and a free one:
 * Ada (10 March, unpaid, due 17 March), Bea (12 March, paid 13 March), Dan (12 March, paid, then
 * refund due), Eve (14 March, refunded), Cem (20 March, unpaid, due 27 March).
 */
async function seed(): Promise<Seeded> {
  const event = await insertEventRow(env.db, { title: 'Market Entry' });
  const session = await insertSessionRow(env.db, event.id);
  await env.db.updateTable('eventSessions').set({ title: 'Germany Workshop', priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
  const slot = await insertSlotRow(env.db, session.id, 90 * 24);
  const freeSession = await insertSessionRow(env.db, event.id);
  const freeSlot = await insertSlotRow(env.db, freeSession.id, 90 * 24);
  const book = async (at: string, name: string, email: string, company: string) => {
    vi.setSystemTime(new Date(at));
    const billing = { billingCompany: company, billingAddress: 'Hafenstraße 1\n20457 Hamburg', billingCountry: 'DE', billingVatNumber: null };
    return (await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: name, participantEmail: email, participantPhone: null, answers: {}, ...billing })).id;
  };
  const ada = await book('2031-03-10T09:00:00.000Z', 'Ada Lindqvist', 'ada@nordlicht.example', 'Nordlicht GmbH');
  const bea = await book('2031-03-12T09:00:00.000Z', 'Bea Sørensen', 'bea@fjord.example', 'Fjord Trading AS');
  const dan = await book('2031-03-12T11:00:00.000Z', 'Dan Okafor', 'dan@lagos.example', 'Lagos Imports Ltd');
  vi.setSystemTime(new Date('2031-03-13T15:00:00.000Z'));
  await callers.user.payments.markPaid({ bookingId: bea, amountMinor: 3966, paidOn: '2031-03-13' });
  await callers.user.payments.markPaid({ bookingId: dan, amountMinor: 3966, paidOn: '2031-03-13' });
  const eve = await book('2031-03-14T09:00:00.000Z', 'Eve Martin', 'eve@lyon.example', 'Martin & Fils SARL');
  await callers.user.payments.markPaid({ bookingId: eve, amountMinor: 3966, paidOn: '2031-03-14' });
  // Refunds are their own feature: here only the statuses they leave.
  await env.db.updateTable('bookings').set({ paymentStatus: 'refund-due' }).where('id', '=', dan).execute();
  await env.db.updateTable('bookings').set({ paymentStatus: 'refunded' }).where('id', '=', eve).execute();
  const cem = await book('2031-03-20T09:00:00.000Z', 'Cem Yılmaz', 'cem@bosporus.example', 'Bosporus Danışmanlık');
  vi.setSystemTime(new Date('2031-03-20T10:00:00.000Z'));
  await callers.anonymous.bookings.create({ timeSlotId: freeSlot.id, participantName: 'Fay Free', participantEmail: 'fay@example.com', participantPhone: null, answers: {} });
  return { ada, bea, cem, dan, eve };
}

async function ids(input: Parameters<RoleCallers['user']['payments']['list']>[0]): Promise<string[]> {
  return (await callers.user.payments.list(input)).items.map((item) => item.bookingId);
}

async function referenceOf(bookingId: string): Promise<string> {
  const row = await env.db.selectFrom('bookings').select('paymentReference').where('id', '=', bookingId).executeTakeFirstOrThrow();
  if (row.paymentReference === null) throw new Error('the paid booking has no reference');
  return row.paymentReference;
}

describe('payments.list', () => {
  it('lists the paid bookings only, newest first, with their invoice, amounts, reference and payment', async () => {
    const seeded = await seed();
    const list = await callers.user.payments.list({});
    expect(list.total).toBe(5);
    expect(list.items.map((item) => item.bookingId)).toEqual([seeded.cem, seeded.eve, seeded.dan, seeded.bea, seeded.ada]);
    const bea = list.items.find((item) => item.bookingId === seeded.bea);
    expect(bea).toEqual({
      bookingId: seeded.bea,
      participantName: 'Bea Sørensen',
      participantEmail: 'bea@fjord.example',
      billingCompany: 'Fjord Trading AS',
      eventTitle: 'Market Entry',
      sessionTitle: 'Germany Workshop',
      slotStartTime: expect.any(String),
      invoiceNumber: 'INV-2031-00002',
      invoiceDate: '2031-03-12',
      creditNoteNumber: null,
      netMinor: 3333,
      taxMinor: 633,
      grossMinor: 3966,
      currency: 'EUR',
      reference: await referenceOf(seeded.bea),
      dueAt: expect.any(String),
      paidOn: '2031-03-13',
      status: 'paid',
    });
    expect(list.items.map((item) => [item.invoiceNumber, item.status])).toEqual([
      ['INV-2031-00005', 'awaiting'],
      ['INV-2031-00004', 'refunded'],
      ['INV-2031-00003', 'refund-due'],
      ['INV-2031-00002', 'paid'],
      // The seed ends on 20 March: Ada's deadline, 17 March, has passed.
      ['INV-2031-00001', 'overdue'],
    ]);
  });

  it('filters by status, "overdue" being awaiting payment past its deadline by the clock', async () => {
    const seeded = await seed();
    // 16 March: Ada's deadline (17 March) is still ahead.
    vi.setSystemTime(new Date('2031-03-16T10:00:00.000Z'));
    expect(await ids({ status: 'awaiting' })).toEqual([seeded.cem, seeded.ada]);
    expect(await ids({ status: 'overdue' })).toEqual([]);
    // 21 March: Ada's has passed (the scheduler has not cancelled her yet); Cem's has not.
    vi.setSystemTime(new Date('2031-03-21T10:00:00.000Z'));
    expect(await ids({ status: 'awaiting' })).toEqual([seeded.cem]);
    expect(await ids({ status: 'overdue' })).toEqual([seeded.ada]);
    expect((await callers.user.payments.list({})).items.find((item) => item.bookingId === seeded.ada)?.status).toBe('overdue');
    expect(await ids({ status: 'paid' })).toEqual([seeded.bea]);
    expect(await ids({ status: 'refund-due' })).toEqual([seeded.dan]);
    expect(await ids({ status: 'refunded' })).toEqual([seeded.eve]);
    expect(await ids({ status: 'all' })).toHaveLength(5);
  });

  it('shows a cancelled unpaid booking as such and leaves it out of "awaiting" and "overdue"', async () => {
    const seeded = await seed();
    await callers.user.bookings.setStatus({ id: seeded.ada, status: 'cancelled' });
    vi.setSystemTime(new Date('2031-03-21T10:00:00.000Z'));
    expect(await ids({ status: 'overdue' })).toEqual([]);
    expect(await ids({ status: 'awaiting' })).toEqual([seeded.cem]);
    expect((await callers.user.payments.list({})).items.find((item) => item.bookingId === seeded.ada)?.status).toBe('cancelled');
  });

  it('filters by the invoice date, both days included', async () => {
    const seeded = await seed();
    expect(await ids({ from: '2031-03-12', to: '2031-03-12' })).toEqual([seeded.dan, seeded.bea]);
    expect(await ids({ from: '2031-03-13' })).toEqual([seeded.cem, seeded.eve]);
    expect(await ids({ to: '2031-03-11' })).toEqual([seeded.ada]);
    expect(await ids({ from: '2031-03-12', to: '2031-03-14', status: 'paid' })).toEqual([seeded.bea]);
    expect(await ids({ from: '2031-04-01' })).toEqual([]);
  });

  it('searches names, e-mails, companies, references typed with spaces and invoice numbers', async () => {
    const seeded = await seed();
    expect(await ids({ search: 'lindqvist' })).toEqual([seeded.ada]);
    expect(await ids({ search: 'BEA@FJORD' })).toEqual([seeded.bea]);
    expect(await ids({ search: 'nordlicht gmbh' })).toEqual([seeded.ada]);
    expect(await ids({ search: 'Danışmanlık' })).toEqual([seeded.cem]);
    const typed = formatPaymentReference(await referenceOf(seeded.eve)).toLowerCase();
    expect(typed).toContain(' ');
    expect(await ids({ search: typed })).toEqual([seeded.eve]);
    expect(await ids({ search: 'INV-2031-00003' })).toEqual([seeded.dan]);
    expect(await ids({ search: 'inv-2031-00003' })).toEqual([seeded.dan]);
    // The free booking is never a payment, whatever matches it.
    expect(await ids({ search: 'Fay Free' })).toEqual([]);
    expect(await ids({ search: 'nobody at all' })).toEqual([]);
    expect(await ids({ search: 'example', status: 'paid' })).toEqual([seeded.bea]);
  });

  it('pages on the server with the total', async () => {
    const seeded = await seed();
    const second = await callers.user.payments.list({ page: 2, pageSize: 2 });
    expect(second.total).toBe(5);
    expect(second.items.map((item) => item.bookingId)).toEqual([seeded.dan, seeded.bea]);
    const last = await callers.user.payments.list({ page: 3, pageSize: 2 });
    expect(last.items.map((item) => item.bookingId)).toEqual([seeded.ada]);
    expect((await callers.user.payments.list({ page: 4, pageSize: 2 })).items).toEqual([]);
  });

  it('is for signed-in staff: anonymous is refused, a user and an admin see the same list', async () => {
    await seed();
    await expectTRPCError(callers.anonymous.payments.list({}), 'UNAUTHORIZED');
    const asUser = await callers.user.payments.list({});
    expect(asUser.total).toBe(5);
    expect(await callers.admin.payments.list({})).toEqual(asUser);
  });

  it('refuses bad input with field messages', async () => {
    await expectFieldErrors(callers.user.payments.list({ status: 'late' as 'paid' }), { status: 'Choose a payment status from the list' });
    await expectFieldErrors(callers.user.payments.list({ from: '2031-02-30' }), { from: 'Please enter a date as YYYY-MM-DD' });
    await expectFieldErrors(callers.user.payments.list({ from: '2031-03-12', to: '2031-03-11' }), { to: 'The end date must be on or after the start date' });
    await expectFieldErrors(callers.user.payments.list({ pageSize: 101 }), {});
  });
});
