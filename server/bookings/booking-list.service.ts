// The staff bookings list and its CSV export: the date filter names days in the site's timezone,
// which become UTC instants here (stored slot times are UTC).
import type { z } from 'zod';
import type { DB } from '@db/database';
import { listPartnersOf } from '@server/embed/embed.repository';
import { type BookingListFilter, type BookingListItem, bookingStats as countBookingsByStatus, listBookings } from './bookings.repository';
import { getSystemSettings } from '@server/settings/settings.repository';
import type { bookingListInput } from './bookings.schemas';
import type { Page } from '@server/shared/common.schemas';
import { plainReadNoInput, type ServiceContext } from '@server/core/service-context';
import { zonedDateTimeToUtc } from '@server/shared/time';

type BookingListRequest = z.output<typeof bookingListInput>;

/** The day after a YYYY-MM-DD date, as YYYY-MM-DD (calendar arithmetic, no timezone involved). */
export function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** `from` starts at its local midnight; `to` is included, so the range ends at the next local midnight. */
export async function resolveBookingListFilter(db: DB, request: BookingListRequest): Promise<BookingListFilter> {
  const { from, to, ...rest } = request;
  if (from === undefined && to === undefined) return rest;
  const { timezone } = await getSystemSettings(db);
  return {
    ...rest,
    slotStartFrom: from === undefined ? undefined : zonedDateTimeToUtc(from, '00:00', timezone),
    slotStartBefore: to === undefined ? undefined : zonedDateTimeToUtc(nextDay(to), '00:00', timezone),
  };
}

export async function listStaffBookings({ db }: Pick<ServiceContext, 'db'>, request: BookingListRequest): Promise<Page<BookingListItem>> {
  return listBookings(db, await resolveBookingListFilter(db, request));
}

// Reads with no rule of their own: the router reaches them through this service, as it does every
// change, so routers never touch the database layer themselves.
export const bookingStats = plainReadNoInput(countBookingsByStatus);

/** The partner sites whose booking widget bookings were made in: the Bookings screen's partner filter. */
export const bookingPartners = plainReadNoInput((db) => listPartnersOf(db, 'bookings'));
