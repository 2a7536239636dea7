// An invoiced booking is never deleted. Its invoice and credit notes are accounting records a firm
// keeps for years (they stay even without the booking, but the books must still show what was sold
// to whom): deleting the booking, or the slot, session or event it belongs to, is refused with a
// CONFLICT that says what to do instead. A privacy erasure does not delete either: it anonymises the
// booking and keeps the documents (server/privacy).
import { ConflictError } from '@server/core/errors';
import type { DB } from '@db/database';
import { hasInvoicedBooking } from '@server/invoices/invoices.repository';
import { type AffectedScope, scopeColumn } from './change-notices';

/** Throws CONFLICT when a booking of `scope` has an invoice; run in the deleting transaction, before the delete. */
export async function refuseDeletingInvoiced(db: DB, scope: AffectedScope): Promise<void> {
  const [column, value] = scopeColumn(scope);
  if (!(await hasInvoicedBooking(db, column, value))) return;
  throw new ConflictError(column === 'id' ? 'api.bookings.invoicedNotDeleted' : 'api.bookings.invoicedScopeNotDeleted');
}
