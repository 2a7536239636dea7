// The Payments screen's list: the paid bookings as staff filter them. 'Overdue' is measured against
// now, taken here once per request so the page and its count agree.
import type { ServiceContext } from '@server/core/service-context';
import type { Page } from '@server/shared/common.schemas';
import type { PaymentListInput, PaymentListItem } from './payments-list.schemas';
import { listPaidBookings } from './payments-list.repository';

export function listPayments({ db }: Pick<ServiceContext, 'db'>, input: PaymentListInput, now = new Date()): Promise<Page<PaymentListItem>> {
  return listPaidBookings(db, { ...input, now: now.toISOString() });
}
