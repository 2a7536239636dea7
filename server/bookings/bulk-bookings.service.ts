// One status for several bookings at once (the bookings screen's Confirm / Cancel on the rows chosen
// or on everything the filters match). Each booking is changed as a single change would be, in a
// transaction of its own: the capacity rules, the participant's message and the audit row hold for
// each, and one that cannot change (a confirm into a full slot) is reported with its reason while
// the others go ahead.
import type { z } from 'zod';
import type { BookingStatus } from '@db/schema';
import type { ServiceDeps } from '@server/core/deps';
import type { ServiceContext } from '@server/core/service-context';
import { DomainError, invalidField } from '@server/core/errors';
import { englishOf } from '@server/shared/i18n/catalogs';
import { message } from '@server/shared/i18n/message';
import { findBookingHolders } from './bookings.repository';
import { BULK_MAX_MATCHING, type setBookingStatusManyInput } from './bookings.schemas';
import { MAX_PAGE_SIZE } from '@server/shared/common.schemas';
import { listStaffBookings } from './booking-list.service';
import { setBookingStatus } from './bookings.service';

export interface BulkItem {
  id: string;
  /** Null for an id that matched no booking. */
  participantName: string | null;
  /** Why it was not changed (refused only). */
  reason?: string;
}

export interface BulkStatusResult {
  changed: BulkItem[];
  /** Already in that status: nothing to do, nobody told. */
  unchanged: BulkItem[];
  refused: BulkItem[];
}

type Holder = { id: string; participantName: string; status: BookingStatus };

export function tooManyMatching(total: number): DomainError {
  return invalidField('filter', message('api.bookings.tooManyMatching', { total, max: BULK_MAX_MATCHING }));
}

/** Every booking the list's filters match, newest first, page by page; refused past BULK_MAX_MATCHING. */
async function matchingHolders(deps: ServiceDeps, filter: NonNullable<z.output<typeof setBookingStatusManyInput>['filter']>): Promise<Holder[]> {
  // By id: a booking made meanwhile shifts the pages, and one may be read twice.
  const holders = new Map<string, Holder>();
  for (let page = 1; ; page += 1) {
    const { items, total } = await listStaffBookings(deps, { ...filter, page, pageSize: MAX_PAGE_SIZE });
    if (total > BULK_MAX_MATCHING) throw tooManyMatching(total);
    for (const { id, participantName, status } of items) holders.set(id, { id, participantName, status });
    if (items.length < MAX_PAGE_SIZE) return [...holders.values()];
  }
}

export async function setBookingStatusMany(
  deps: ServiceContext,
  input: z.output<typeof setBookingStatusManyInput>,
): Promise<BulkStatusResult> {
  const result: BulkStatusResult = { changed: [], unchanged: [], refused: [] };
  let holders: Holder[];
  if (input.ids !== undefined) {
    const ids = [...new Set(input.ids)];
    const found = new Map((await findBookingHolders(deps.db, ids)).map((holder) => [holder.id, holder]));
    holders = [];
    for (const id of ids) {
      const holder = found.get(id);
      if (holder === undefined) result.refused.push({ id, participantName: null, reason: englishOf(message('api.bookings.notFound')) });
      else holders.push(holder);
    }
  } else if (input.filter !== undefined) {
    holders = await matchingHolders(deps, input.filter);
  } else {
    holders = [];
  }
  for (const holder of holders) {
    const item = { id: holder.id, participantName: holder.participantName };
    if (holder.status === input.status) {
      result.unchanged.push(item);
      continue;
    }
    try {
      await setBookingStatus(deps, { id: holder.id, status: input.status });
      result.changed.push(item);
    } catch (error) {
      // A rule of this booking (a full slot, a booking deleted meanwhile): reported, the rest go on.
      if (!(error instanceof DomainError) || error.kind === 'unavailable') throw error;
      result.refused.push({ ...item, reason: error.message });
    }
  }
  return result;
}
