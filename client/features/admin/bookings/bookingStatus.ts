// Booking statuses as the back office shows them (PRODUCT.md section 4 lists the values).
import type { BookingStatus } from '@db/schema';
import type { StatusOption } from '../kit/StatusBadgeMenu';

export type { BookingStatus };

export const BOOKING_STATUS_OPTIONS: readonly StatusOption<BookingStatus>[] = [
  { value: 'pending', label: 'Pending', color: 'yellow' },
  { value: 'confirmed', label: 'Confirmed', color: 'green' },
  { value: 'waitlisted', label: 'Waitlisted', color: 'orange' },
  { value: 'cancelled', label: 'Cancelled', color: 'gray' },
];

/** The list filter, in SPEC's order: all, confirmed, pending, waitlisted, cancelled. */
export const BOOKING_FILTER_OPTIONS: { value: 'all' | BookingStatus; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Pending' },
  { value: 'waitlisted', label: 'Waitlisted' },
  { value: 'cancelled', label: 'Cancelled' },
];
