// Invoices for tests: a booking to issue for (with a manage token when asked) and the input the
// booking flow would give issueInvoice.
import type { DB } from '@db/database';
import { hashManageToken, newManageToken } from '@server/email/manage-token';
import type { IssueInvoiceInput } from '@server/invoices/invoices.schemas';
import { insertBookableSlot, insertBookingRow } from './fixtures';

/** A booking row and its manage token (the one its e-mail link would carry). */
export async function bookingWithToken(db: DB): Promise<{ bookingId: string; token: string }> {
  const { event, slot } = await insertBookableSlot(db);
  const booking = await insertBookingRow(db, slot, event.id);
  const { token } = newManageToken();
  await db.updateTable('bookings').set({ manageTokenHash: hashManageToken(token) }).where('id', '=', booking.id).execute();
  return { bookingId: booking.id, token };
}

/** Three seats at 100.00 net with 19% tax, due two weeks after issue. */
export function paidSeatsInvoice(bookingId: string, overrides: Partial<IssueInvoiceInput> = {}): IssueInvoiceInput {
  return {
    bookingId,
    issuedAt: '2031-03-10T09:30:00.000Z',
    buyer: {
      company: 'Fjord Trading AS',
      name: 'Ingrid Berg',
      email: 'ingrid@fjord.example',
      addressLines: ['Karl Johans gate 22'],
      postcode: '0159',
      city: 'Oslo',
      country: 'NO',
      vatNumber: 'NO123456789MVA',
    },
    lines: [{ description: 'Market-entry workshop: Germany (seat)', quantity: 3, unitNetMinor: 10_000, taxRatePercent: 19 }],
    currency: 'EUR',
    paymentReference: 'RF18 5390 0754 7034',
    dueDate: '2031-03-24',
    language: 'en',
    ...overrides,
  };
}
