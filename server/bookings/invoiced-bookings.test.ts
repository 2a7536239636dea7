// An invoiced booking is never deleted: deleting it, its slot, its session or its event is refused
// with CONFLICT and nothing goes (a free booking's are deleted as before); the privacy erasure of its
// participant anonymises the booking, billing address included, and keeps its invoice and credit
// note as issued (legal retention).
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_SETTINGS, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createTestEnv, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

const BILLING = { billingCompany: 'Nordlicht GmbH', billingAddress: 'Hafenstraße 1\n20457 Hamburg', billingCountry: 'DE', billingVatNumber: 'DE123456789' };
const BOOKING_KEPT = "This booking has an invoice, which the firm's accounts must keep: it cannot be deleted. Cancel it instead (its invoice is credited).";
const SCOPE_KEPT = "Bookings here have invoices, which the firm's accounts must keep: this cannot be deleted. Cancel those bookings and deactivate it instead.";

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  await callers.admin.settings.updateBilling(BILLING_SETTINGS);
});
afterEach(() => env.close());

/** A booking of a session priced €33.33 + 19% (invoiced at once), or of a free one. */
async function bookingOf(paid: boolean, email = 'ada@example.com') {
  const event = await insertEventRow(env.db);
  const session = await insertSessionRow(env.db, event.id, { maxParticipants: 10 });
  if (paid) await env.db.updateTable('eventSessions').set({ priceAmountMinor: 3333, priceCurrency: 'EUR', taxRateBasisPoints: 1900 }).where('id', '=', session.id).execute();
  const slot = await insertSlotRow(env.db, session.id, 30 * 24);
  const visitor = { timeSlotId: slot.id, participantName: 'Ada Buyer', participantEmail: email, participantPhone: null, answers: {} };
  const { id } = await callers.anonymous.bookings.create(paid ? { ...visitor, ...BILLING } : visitor);
  return { id, eventId: event.id, sessionId: session.id, slotId: slot.id };
}

async function exists(table: 'bookings' | 'timeSlots' | 'eventSessions' | 'events', id: string) {
  return (await env.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

describe('deleting an invoiced booking', () => {
  it('refuses the booking, even cancelled (its credit note issued), and keeps everything', async () => {
    const booking = await bookingOf(true);
    expect((await expectTRPCError(callers.admin.bookings.delete({ id: booking.id }), 'CONFLICT')).message).toBe(BOOKING_KEPT);
    await callers.admin.bookings.setStatus({ id: booking.id, status: 'cancelled' });
    expect((await expectTRPCError(callers.admin.bookings.delete({ id: booking.id }), 'CONFLICT')).message).toBe(BOOKING_KEPT);
    expect(await exists('bookings', booking.id)).toBe(true);
    expect(await env.db.selectFrom('invoices').select('kind').where('bookingId', '=', booking.id).orderBy('kind', 'desc').execute()).toEqual([{ kind: 'invoice' }, { kind: 'credit-note' }]);
  });

  it('refuses its slot, its session and its event', async () => {
    const booking = await bookingOf(true);
    expect((await expectTRPCError(callers.admin.timeSlots.delete({ id: booking.slotId }), 'CONFLICT')).message).toBe(SCOPE_KEPT);
    expect((await expectTRPCError(callers.admin.sessions.delete({ id: booking.sessionId }), 'CONFLICT')).message).toBe(SCOPE_KEPT);
    expect((await expectTRPCError(callers.admin.events.delete({ id: booking.eventId }), 'CONFLICT')).message).toBe(SCOPE_KEPT);
    expect(await Promise.all([exists('bookings', booking.id), exists('timeSlots', booking.slotId), exists('eventSessions', booking.sessionId), exists('events', booking.eventId)])).toEqual([true, true, true, true]);
    // Nobody was told of a deletion that did not happen.
    expect(await env.db.selectFrom('emailOutbox').select('kind').where('toAddress', '=', 'ada@example.com').execute()).toEqual([{ kind: 'booking-received' }]);
  });

  it('deletes a free booking, and the event of free bookings, as before', async () => {
    const free = await bookingOf(false);
    await callers.admin.bookings.delete({ id: free.id });
    expect(await exists('bookings', free.id)).toBe(false);
    const other = await bookingOf(false, 'bo@example.com');
    await callers.admin.events.delete({ id: other.eventId });
    expect(await exists('events', other.eventId)).toBe(false);
  });
});

describe('erasing the participant of an invoiced booking', () => {
  it('anonymises the booking and its billing address, and keeps the invoice and credit note as issued', async () => {
    const booking = await bookingOf(true);
    await callers.admin.bookings.setStatus({ id: booking.id, status: 'cancelled' });
    const before = await env.db.selectFrom('invoices').selectAll().where('bookingId', '=', booking.id).orderBy('kind', 'desc').execute();
    await callers.admin.privacy.erasePerson({ email: 'ada@example.com' });
    const erased = await env.db.selectFrom('bookings').select(['participantName', 'participantEmail', 'billingCompany', 'billingAddress', 'billingCountry', 'billingVatNumber']).where('id', '=', booking.id).executeTakeFirstOrThrow();
    expect(erased).toEqual({ participantName: '[erased]', participantEmail: `erased-${booking.id}@invalid`, billingCompany: '[erased]', billingAddress: '[erased]', billingCountry: 'DE', billingVatNumber: null });
    expect(await env.db.selectFrom('invoices').selectAll().where('bookingId', '=', booking.id).orderBy('kind', 'desc').execute()).toEqual(before);
  });
});

describe("the privacy export of an invoiced booking's participant", () => {
  it('lists the invoice and credit note with their numbers, dates, amounts, lines, buyer and PDF path', async () => {
    const booking = await bookingOf(true);
    await callers.admin.bookings.setStatus({ id: booking.id, status: 'cancelled' });
    const { records } = await callers.admin.privacy.findPerson({ email: 'ada@example.com' });
    const year = new Date().getFullYear();
    const documents = (records.invoices ?? []) as Record<string, unknown>[];
    expect(documents.map((document) => [document.kind, document.number, document.creditedInvoiceNumber, document.netMinor, document.taxMinor, document.grossMinor, document.pdfPath])).toEqual([
      ['invoice', `INV-${year}-00001`, null, 3333, 633, 3966, `/api/invoices/INV-${year}-00001.pdf`],
      ['credit-note', `CN-${year}-00001`, `INV-${year}-00001`, -3333, -633, -3966, `/api/invoices/CN-${year}-00001.pdf`],
    ]);
    expect(documents[0]).toMatchObject({
      currency: 'EUR',
      issueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      buyer: { company: 'Nordlicht GmbH', name: 'Ada Buyer', email: 'ada@example.com', country: 'DE', vatNumber: 'DE123456789' },
      lines: [{ position: 1, description: 'Fixture Event: Fixture Session', quantity: 1, unitPriceMinor: 3333, taxRateBasisPoints: 1900, amountMinor: 3333 }],
    });
    // Erasure keeps them: the next export of the (now erased) address finds nothing, the rows remain.
    expect((await callers.admin.privacy.erasePerson({ email: 'ada@example.com' })).invoices).toBe(0);
    expect(await env.db.selectFrom('invoices').select('number').where('bookingId', '=', booking.id).execute()).toHaveLength(2);
  });
});
