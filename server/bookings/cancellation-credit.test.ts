// Every cancellation of an invoiced booking issues exactly one credit note referring to its invoice,
// in the cancellation's transaction, whichever path cancels it: staff (one booking or several), the
// visitor's manage link, the unpaid deadline. A paid booking then owes its money back ('refund-due');
// an unpaid one just has its invoice cancelled; a free booking gets nothing. Racing cancellations
// issue one credit note between them (on PostgreSQL, across two instances too), and the credit notes
// are numbered without gaps. The cancellation e-mail carries the credit note's PDF.
// @module-tag postgres
import { PDFParse } from 'pdf-parse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashManageToken } from '@server/email/manage-token';
import { invoicePdfById } from '@server/invoices/invoices.service';
import { startScheduler } from '@server/scheduler/scheduler';
import { BILLING_SETTINGS, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { callerFor, createTestEnv, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { onPostgres, secondInstance } from '@tests/support/postgres-env';

const BILLING = { billingCompany: 'Nordlicht GmbH', billingAddress: 'Hafenstraße 1\n20457 Hamburg', billingCountry: 'DE', billingVatNumber: null };
const DAY = 86_400_000;

let env: TestEnv;
let callers: RoleCallers;
let closeSecond: (() => Promise<void>) | undefined;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  await callers.admin.settings.updateBilling(BILLING_SETTINGS);
});
afterEach(async () => {
  await closeSecond?.();
  closeSecond = undefined;
  await env.close();
});

/** A slot of a session at €33.33 a seat plus 19% tax (€39.66), or free when `priceMinor` is null. */
async function slotPriced(priceMinor: number | null, seats = 10) {
  const event = await insertEventRow(env.db);
  const session = await insertSessionRow(env.db, event.id, { maxParticipants: seats });
  if (priceMinor !== null) {
    await env.db.updateTable('eventSessions').set({ priceAmountMinor: priceMinor, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
  }
  return insertSlotRow(env.db, session.id, 30 * 24);
}

/** One booking by the public form, its manage token set to `token`. */
async function book(slotId: string, email: string, paid: boolean, token = `token-of-${email}`) {
  const visitor = { timeSlotId: slotId, participantName: 'Ada Buyer', participantEmail: email, participantPhone: null, answers: {} };
  const booking = await callers.anonymous.bookings.create(paid ? { ...visitor, ...BILLING } : visitor);
  await env.db.updateTable('bookings').set({ manageTokenHash: hashManageToken(token) }).where('id', '=', booking.id).execute();
  return { id: booking.id, token };
}

async function paidBooking(email = 'ada@example.com') {
  return book((await slotPriced(3333)).id, email, true);
}

async function documents(bookingId: string) {
  return env.db
    .selectFrom('invoices')
    .select(['id', 'kind', 'number', 'creditedInvoiceNumber', 'grossMinor', 'reason'])
    .where('bookingId', '=', bookingId)
    .orderBy('kind', 'desc')
    .orderBy('sequence')
    .execute();
}

async function paymentStatus(bookingId: string) {
  return (await env.db.selectFrom('bookings').select(['status', 'paymentStatus']).where('id', '=', bookingId).executeTakeFirstOrThrow());
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
}

/** The booking's one invoice and the one credit note that cancels it. */
function expectCredited(docs: Awaited<ReturnType<typeof documents>>, creditNumber: string) {
  expect(docs.map(({ kind, number, creditedInvoiceNumber, grossMinor, reason }) => ({ kind, number, creditedInvoiceNumber, grossMinor, reason }))).toEqual([
    { kind: 'invoice', number: expect.stringMatching(/^INV-\d{4}-\d{5}$/), creditedInvoiceNumber: null, grossMinor: 3966, reason: null },
    { kind: 'credit-note', number: creditNumber, creditedInvoiceNumber: docs[0]?.number, grossMinor: -3966, reason: 'Booking cancelled' },
  ]);
}

const year = () => new Date().getFullYear();
const cn = (sequence: number) => `CN-${year()}-${String(sequence).padStart(5, '0')}`;

describe('a cancellation credits the invoice', () => {
  it('by staff: an unpaid booking gets its credit note and stays awaiting (nothing to refund)', async () => {
    const booking = await paidBooking();
    await callers.user.bookings.setStatus({ id: booking.id, status: 'cancelled' });
    expectCredited(await documents(booking.id), cn(1));
    expect(await paymentStatus(booking.id)).toEqual({ status: 'cancelled', paymentStatus: 'awaiting' });
  });

  it('by staff: a paid booking gets its credit note and its money is owed back', async () => {
    const booking = await paidBooking();
    await callers.user.payments.markPaid({ bookingId: booking.id, amountMinor: 3966, paidOn: daysAgo(1) });
    await callers.admin.bookings.setStatus({ id: booking.id, status: 'cancelled' });
    expectCredited(await documents(booking.id), cn(1));
    expect(await paymentStatus(booking.id)).toEqual({ status: 'cancelled', paymentStatus: 'refund-due' });
  });

  it('by staff editing the booking (update with status cancelled)', async () => {
    const booking = await paidBooking();
    const current = await env.db.selectFrom('bookings').selectAll().where('id', '=', booking.id).executeTakeFirstOrThrow();
    await callers.user.bookings.update({
      id: booking.id,
      timeSlotId: current.timeSlotId,
      status: 'cancelled',
      bookingDate: current.bookingDate,
      participantName: current.participantName,
      participantEmail: current.participantEmail,
      participantPhone: current.participantPhone,
    });
    expectCredited(await documents(booking.id), cn(1));
  });

  it('by the bulk status change: each booking once, numbered without gaps', async () => {
    const slot = await slotPriced(3333);
    const bookings = await Promise.all(['a', 'b', 'c'].map((name) => book(slot.id, `${name}@example.com`, true)));
    const result = await callers.user.bookings.setStatusMany({ ids: bookings.map((booking) => booking.id), status: 'cancelled' });
    expect(result.changed).toHaveLength(3);
    const credits = await env.db.selectFrom('invoices').select('number').where('kind', '=', 'credit-note').orderBy('sequence').execute();
    expect(credits.map((credit) => credit.number)).toEqual([cn(1), cn(2), cn(3)]);
    for (const booking of bookings) expect((await documents(booking.id)).map((doc) => doc.kind)).toEqual(['invoice', 'credit-note']);
    // Cancelling them again changes nothing and credits nothing.
    await callers.user.bookings.setStatusMany({ ids: bookings.map((booking) => booking.id), status: 'cancelled' });
    expect(await env.db.selectFrom('invoices').select('number').where('kind', '=', 'credit-note').execute()).toHaveLength(3);
  });

  it("by the visitor's manage link, the cancellation e-mail carrying the credit note", async () => {
    const booking = await paidBooking();
    await callers.anonymous.bookings.cancelByToken({ token: booking.token });
    const docs = await documents(booking.id);
    expectCredited(docs, cn(1));
    const mail = await env.db.selectFrom('emailOutbox').select(['kind', 'invoiceId']).where('bookingId', '=', booking.id).where('kind', '=', 'booking-cancelled').executeTakeFirstOrThrow();
    expect(mail.invoiceId).toBe(docs[1]?.id);
    // The manage link lists it, with its download link.
    expect((await callers.anonymous.invoices.forManageLink({ token: booking.token })).map((doc) => [doc.kind, doc.number, doc.grossMinor])).toEqual([
      ['invoice', docs[0]?.number, 3966],
      ['credit-note', cn(1), -3966],
    ]);
  });

  it('by the unpaid deadline (the scheduler), the expiry e-mail carrying the credit note', async () => {
    const booking = await paidBooking();
    const { paymentDueAt } = await env.db.selectFrom('bookings').select('paymentDueAt').where('id', '=', booking.id).executeTakeFirstOrThrow();
    const clock = new Date(Date.parse(paymentDueAt ?? '') + 60_000);
    const scheduler = startScheduler(env.deps, { intervalMs: null, now: () => clock, onError: () => undefined });
    try {
      expect((await scheduler.runOnce()).expiredUnpaid).toBe(1);
    } finally {
      await scheduler.stop();
    }
    const docs = await documents(booking.id);
    expectCredited(docs, cn(1));
    const mail = await env.db.selectFrom('emailOutbox').select(['kind', 'invoiceId']).where('bookingId', '=', booking.id).where('kind', '=', 'payment-expired').executeTakeFirstOrThrow();
    expect(mail.invoiceId).toBe(docs[1]?.id);
  });

  it('a free booking: cancelled with no credit note and no attachment', async () => {
    const booking = await book((await slotPriced(null)).id, 'free@example.com', false);
    await callers.user.bookings.setStatus({ id: booking.id, status: 'cancelled' });
    expect(await documents(booking.id)).toEqual([]);
    const mail = await env.db.selectFrom('emailOutbox').select('invoiceId').where('bookingId', '=', booking.id).where('kind', '=', 'booking-cancelled').executeTakeFirstOrThrow();
    expect(mail.invoiceId).toBeNull();
  });

  it('an unpaid booking cancelled and put back owes afresh: a new invoice and deadline; cancelled again, that invoice is credited', async () => {
    const booking = await paidBooking();
    await callers.user.bookings.setStatus({ id: booking.id, status: 'cancelled' });
    // Its first deadline passed while it was cancelled: putting it back must not inherit it (the
    // scheduler would cancel it again at once).
    const pastDue = new Date(Date.now() - DAY).toISOString();
    await env.db.updateTable('bookings').set({ paymentDueAt: pastDue }).where('id', '=', booking.id).execute();
    await callers.user.bookings.setStatus({ id: booking.id, status: 'pending' });
    const back = await env.db.selectFrom('bookings').select(['status', 'paymentStatus', 'paymentDueAt']).where('id', '=', booking.id).executeTakeFirstOrThrow();
    expect(back.status).toBe('pending');
    expect(back.paymentStatus).toBe('awaiting');
    expect(Date.parse(back.paymentDueAt ?? '')).toBeGreaterThan(Date.now());
    const reinvoiced = await documents(booking.id);
    expect(reinvoiced.map(({ kind, creditedInvoiceNumber }) => ({ kind, creditedInvoiceNumber }))).toEqual([
      { kind: 'invoice', creditedInvoiceNumber: null },
      { kind: 'invoice', creditedInvoiceNumber: null },
      { kind: 'credit-note', creditedInvoiceNumber: reinvoiced[0]?.number },
    ]);
    expect(reinvoiced[1]?.number).not.toBe(reinvoiced[0]?.number);

    await callers.user.bookings.setStatus({ id: booking.id, status: 'cancelled' });
    const docs = await documents(booking.id);
    expect(docs.map(({ kind, creditedInvoiceNumber }) => ({ kind, creditedInvoiceNumber }))).toEqual([
      { kind: 'invoice', creditedInvoiceNumber: null },
      { kind: 'invoice', creditedInvoiceNumber: null },
      { kind: 'credit-note', creditedInvoiceNumber: docs[0]?.number },
      { kind: 'credit-note', creditedInvoiceNumber: docs[1]?.number },
    ]);
  });

  it('an unpaid booking moved back to the waitlist owes nothing while it waits; given a seat again, a new invoice and deadline', async () => {
    const booking = await paidBooking();
    await callers.user.bookings.setStatus({ id: booking.id, status: 'waitlisted' });
    const waiting = await env.db.selectFrom('bookings').select(['status', 'paymentStatus', 'paymentDueAt']).where('id', '=', booking.id).executeTakeFirstOrThrow();
    expect(waiting).toEqual({ status: 'waitlisted', paymentStatus: 'awaiting', paymentDueAt: null });
    const credited = await documents(booking.id);
    expect(credited.map(({ kind, creditedInvoiceNumber, reason }) => ({ kind, creditedInvoiceNumber, reason }))).toEqual([
      { kind: 'invoice', creditedInvoiceNumber: null, reason: null },
      { kind: 'credit-note', creditedInvoiceNumber: credited[0]?.number, reason: 'Seat given back: the booking is on the waitlist' },
    ]);
    // The scheduler's expiry leaves a waitlisted booking alone.
    const scheduler = startScheduler(env.deps, { intervalMs: null, now: () => new Date(Date.now() + 60 * DAY), onError: () => undefined });
    try {
      expect((await scheduler.runOnce()).expiredUnpaid).toBe(0);
    } finally {
      await scheduler.stop();
    }

    await callers.user.bookings.setStatus({ id: booking.id, status: 'pending' });
    const held = await env.db.selectFrom('bookings').select(['status', 'paymentDueAt']).where('id', '=', booking.id).executeTakeFirstOrThrow();
    expect(held.status).toBe('pending');
    expect(Date.parse(held.paymentDueAt ?? '')).toBeGreaterThan(Date.now());
    expect((await documents(booking.id)).map((doc) => doc.kind)).toEqual(['invoice', 'invoice', 'credit-note']);
  });

  it("a booking moved back to the waitlist and promoted by a freed seat owes afresh, by the session's start at the latest", async () => {
    // One seat, the session in two days: the 7-day deadline would fall after it starts.
    const event = await insertEventRow(env.db);
    const session = await insertSessionRow(env.db, event.id, { maxParticipants: 1 });
    await env.db.updateTable('eventSessions').set({ priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
    const slot = await insertSlotRow(env.db, session.id, 48);
    const first = await book(slot.id, 'ada@example.com', true);
    await callers.user.bookings.setStatus({ id: first.id, status: 'waitlisted' });
    const second = await book(slot.id, 'ben@example.com', true);
    expect(await paymentStatus(second.id)).toEqual({ status: 'pending', paymentStatus: 'awaiting' });

    await callers.user.bookings.setStatus({ id: second.id, status: 'cancelled' });
    const promoted = await env.db.selectFrom('bookings').select(['status', 'paymentStatus', 'paymentDueAt']).where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(promoted).toEqual({ status: 'pending', paymentStatus: 'awaiting', paymentDueAt: slot.startTime });
    const docs = await documents(first.id);
    expect(docs.map(({ kind, creditedInvoiceNumber, reason }) => ({ kind, creditedInvoiceNumber, reason }))).toEqual([
      { kind: 'invoice', creditedInvoiceNumber: null, reason: null },
      { kind: 'invoice', creditedInvoiceNumber: null, reason: null },
      { kind: 'credit-note', creditedInvoiceNumber: docs[0]?.number, reason: 'Seat given back: the booking is on the waitlist' },
    ]);
    expect(docs[1]?.number).not.toBe(docs[0]?.number);
  });

  it('a refunded or refund-due booking cannot be put back: CONFLICT in words, nothing changes', async () => {
    const booking = await paidBooking();
    await callers.user.payments.markPaid({ bookingId: booking.id, amountMinor: 3966, paidOn: daysAgo(1) });
    await callers.user.payments.refund({ bookingId: booking.id });
    for (const status of ['pending', 'confirmed', 'waitlisted'] as const) {
      await expect(callers.user.bookings.setStatus({ id: booking.id, status })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: "This booking's payment is owed back or refunded and its invoice is credited: it cannot be set back. Make a new booking instead.",
      });
    }
    expect(await paymentStatus(booking.id)).toEqual({ status: 'cancelled', paymentStatus: 'refund-due' });
    expect((await documents(booking.id)).map((doc) => doc.kind)).toEqual(['invoice', 'credit-note']);
  });

  it('the credit note PDF says so, names the invoice and shows the negative total', async () => {
    const booking = await paidBooking();
    await callers.user.bookings.setStatus({ id: booking.id, status: 'cancelled' });
    const [invoice, credit] = await documents(booking.id);
    const { pdf } = await invoicePdfById({ db: env.db, uploadsDir: env.deps.uploadsDir }, { id: credit?.id ?? '' });
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Credit note');
    expect(text).toContain(cn(1));
    expect(text).toContain(`This credit note cancels invoice ${invoice?.number ?? ''}.`);
    expect(text).toContain('Reason: Booking cancelled');
    expect(text).toContain('-€39.66');
  });
});

describe('racing cancellations', () => {
  it('staff twice and the visitor at once: one credit note', async () => {
    const booking = await paidBooking();
    const outcomes = await Promise.allSettled([
      callers.user.bookings.setStatus({ id: booking.id, status: 'cancelled' }),
      callers.admin.bookings.setStatus({ id: booking.id, status: 'cancelled' }),
      callers.anonymous.bookings.cancelByToken({ token: booking.token }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expectCredited(await documents(booking.id), cn(1));
  });

  it.runIf(onPostgres())('staff on two instances of PostgreSQL, ten bookings each cancelled twice at once: one credit note each, gapless', async () => {
    const second = secondInstance(env);
    closeSecond = () => second.close();
    const slot = await slotPriced(3333, 20);
    const bookings = await Promise.all(Array.from({ length: 10 }, (_, index) => book(slot.id, `p${index}@example.com`, true)));
    const secondCaller = callerFor(second.deps, callers.userAccount);
    const outcomes = await Promise.allSettled(
      bookings.flatMap((booking) => [
        callers.user.bookings.setStatus({ id: booking.id, status: 'cancelled' }),
        secondCaller.bookings.setStatus({ id: booking.id, status: 'cancelled' }),
      ]),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const credits = await env.db.selectFrom('invoices').select(['number', 'bookingId']).where('kind', '=', 'credit-note').orderBy('sequence').execute();
    expect(credits.map((credit) => credit.number)).toEqual(Array.from({ length: 10 }, (_, index) => cn(index + 1)));
    expect(new Set(credits.map((credit) => credit.bookingId)).size).toBe(10);
  });
});
