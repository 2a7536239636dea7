// The Payments screen's statuses and their words. No zod here: the router's URL check (in the first
// bundle every visitor downloads) reads them too.

/**
 * Where a paid booking's money stands, as the list filters it: 'overdue' is awaiting payment past its
 * deadline (the scheduler cancels it at its next run); 'awaiting' is still within it.
 */
export const PAYMENT_LIST_STATUSES = ['awaiting', 'overdue', 'paid', 'refund-due', 'refunded'] as const;
export type PaymentListStatus = (typeof PAYMENT_LIST_STATUSES)[number];

/**
 * A row's status: one of the filter's, or, for a booking that was awaiting payment and no longer
 * holds a seat, 'cancelled' (expired unpaid or cancelled before paying) or 'waitlisted' (it owes
 * nothing until a seat is offered).
 */
export const PAYMENT_ROW_STATUSES = [...PAYMENT_LIST_STATUSES, 'cancelled', 'waitlisted'] as const;
export type PaymentRowStatus = (typeof PAYMENT_ROW_STATUSES)[number];

export const PAYMENT_ROW_STATUS_LABELS: Record<PaymentRowStatus, string> = {
  awaiting: 'Awaiting payment',
  overdue: 'Overdue',
  paid: 'Paid',
  'refund-due': 'Refund due',
  refunded: 'Refunded',
  cancelled: 'Cancelled unpaid',
  waitlisted: 'Waitlisted',
};
