// The bookings screen's filters as URL search params (/admin/bookings?status=pending&from=...), so a
// filtered view can be shared and reloaded. The route validates them with this plain function
// rather than zod: router.tsx is in the first bundle every visitor downloads, and these are a
// few strings. Anything malformed is dropped, never an error page; the server validates again.
import { BOOKING_VIEW_STATUSES, type BookingViewStatus } from '@server/bookings/bookings.schemas';

export interface BookingSearch {
  search?: string | undefined;
  status?: BookingViewStatus | undefined;
  eventId?: string | undefined;
  sessionId?: string | undefined;
  /** One booking (a row of the Payments screen links to it). */
  bookingId?: string | undefined;
  /** One time slot's bookings (from the dashboard's next sessions and the calendar). */
  timeSlotId?: string | undefined;
  /** The partner site whose booking widget they were made in (its origin). */
  partner?: string | undefined;
  /** A day in the site's timezone, YYYY-MM-DD; the slot starts on or after it. */
  from?: string | undefined;
  /** A day in the site's timezone, YYYY-MM-DD, included. */
  to?: string | undefined;
  page?: number | undefined;
}

const STATUSES: readonly string[] = BOOKING_VIEW_STATUSES;

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.length > max ? undefined : trimmed;
}

function day(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
}

export function validateBookingSearch(raw: Record<string, unknown>): BookingSearch {
  const status = typeof raw.status === 'string' && STATUSES.includes(raw.status) ? (raw.status as BookingViewStatus) : undefined;
  const pageNumber = typeof raw.page === 'number' ? raw.page : typeof raw.page === 'string' ? Number(raw.page) : NaN;
  let from = day(raw.from);
  let to = day(raw.to);
  // A reversed range (a hand-edited link) reads as the same range in order.
  if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
  const search: BookingSearch = {
    search: text(raw.search, 200),
    status,
    eventId: text(raw.eventId, 64),
    sessionId: text(raw.sessionId, 64),
    timeSlotId: text(raw.timeSlotId, 64),
    bookingId: text(raw.bookingId, 64),
    partner: text(raw.partner, 300),
    from,
    to,
    page: Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : undefined,
  };
  // Absent keys stay absent, so the URL carries only the filters in use.
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as BookingSearch;
}
