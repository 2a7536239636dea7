// The Payments screen's filters as URL search params (/admin/payments?status=overdue&from=...), so a
// filtered view can be shared and reloaded. Plain checks rather than zod, as for the Bookings
// screen (router.tsx is in the first bundle); anything malformed is dropped, the server checks again.
import { PAYMENT_LIST_STATUSES, type PaymentListStatus } from '@server/payments/payment-list-statuses.schemas';

export interface PaymentSearch {
  search?: string | undefined;
  status?: PaymentListStatus | undefined;
  /** The invoice's date, YYYY-MM-DD, from this day. */
  from?: string | undefined;
  /** The invoice's date, YYYY-MM-DD, up to this day included. */
  to?: string | undefined;
  page?: number | undefined;
}

const STATUSES: readonly string[] = PAYMENT_LIST_STATUSES;

function day(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
}

export function validatePaymentSearch(raw: Record<string, unknown>): PaymentSearch {
  const status = typeof raw.status === 'string' && STATUSES.includes(raw.status) ? (raw.status as PaymentListStatus) : undefined;
  const pageNumber = typeof raw.page === 'number' ? raw.page : typeof raw.page === 'string' ? Number(raw.page) : NaN;
  const text = typeof raw.search === 'string' ? raw.search.trim() : '';
  let from = day(raw.from);
  let to = day(raw.to);
  // A reversed range (a hand-edited link) reads as the same range in order.
  if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
  const search: PaymentSearch = {
    search: text === '' || text.length > 200 ? undefined : text,
    status,
    from,
    to,
    page: Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : undefined,
  };
  // Absent keys stay absent, so the URL carries only the filters in use.
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as PaymentSearch;
}
