// Booking statuses as the back office shows them: the labels are the server's (the CSV export uses
// the same words), the colours are the back office's own.
import type { BookingStatus } from '@db/schema';
import { BOOKING_STATUS_LABELS, type BookingViewStatus } from '@server/bookings/bookings.schemas';
import type { StatusOption } from '@client/features/admin/kit/StatusBadgeMenu';

export type { BookingStatus };

export const BOOKING_STATUS_OPTIONS: readonly StatusOption<BookingStatus>[] = [
  { value: 'pending', label: BOOKING_STATUS_LABELS.pending, color: 'yellow' },
  { value: 'confirmed', label: BOOKING_STATUS_LABELS.confirmed, color: 'green' },
  { value: 'waitlisted', label: BOOKING_STATUS_LABELS.waitlisted, color: 'orange' },
  { value: 'cancelled', label: BOOKING_STATUS_LABELS.cancelled, color: 'gray' },
];

/**
 * The badge's statuses: the stored ones and "Awaiting payment" (a paid booking's pending seat),
 * which is shown, never chosen: it ends when the money arrives or the deadline passes.
 */
export const BOOKING_VIEW_STATUS_OPTIONS: readonly StatusOption<BookingViewStatus>[] = [
  ...BOOKING_STATUS_OPTIONS,
  { value: 'awaiting-payment', label: BOOKING_STATUS_LABELS['awaiting-payment'], color: 'blue' },
];

/** The list filter: all, then confirmed first, as staff look for confirmed bookings most. */
export const BOOKING_FILTER_OPTIONS: { value: 'all' | BookingViewStatus; label: string }[] = [
  { value: 'all', label: 'All Status' },
  ...(['confirmed', 'pending', 'awaiting-payment', 'waitlisted', 'cancelled'] as const).map((value) => ({
    value,
    label: BOOKING_STATUS_LABELS[value],
  })),
];
