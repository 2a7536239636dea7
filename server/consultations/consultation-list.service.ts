// The back office's consultations: each staff member's own by default, anyone's on request.
import type { z } from 'zod';
import type { AuthUser } from '@server/identity/session.service';
import type { ServiceContext } from '@server/core/service-context';
import { type ConsultationListItem, listCalendarConsultations, listConsultations } from './consultations.repository';
import { getSystemSettings } from '@server/settings/settings.repository';
import type { calendarInput } from '@server/sessions/slot-calendar.schemas';
import { zonedDateTimeToUtc } from '@server/shared/time';
import { nextDay } from '@server/bookings/booking-list.service';
import { CALENDAR_MAX_SLOTS } from '@server/sessions/slot-calendar.service';
import type { consultationListInput } from './consultations.schemas';
import type { Page } from '@server/shared/common.schemas';
import { latestWritesOf } from '@server/calendars/calendars.repository';
import { type CalendarWriteState, writeStateOf } from '@server/calendars/calendar-write-back.service';
import { listPartnersOf } from '@server/embed/embed.repository';
import { plainReadNoInput } from '@server/core/service-context';

/** A consultation's row, with how its write to the consultant's calendar went (null: none asked). */
export type StaffConsultationItem = ConsultationListItem & { calendarWrite: CalendarWriteState | null };

export async function listStaffConsultations(
  { db, user: caller }: Pick<ServiceContext, 'db'> & { user: Pick<AuthUser, 'id'> },
  input: z.output<typeof consultationListInput>,
): Promise<Page<StaffConsultationItem>> {
  const now = Date.now();
  const consultantId = input.consultantId === undefined ? caller.id : input.consultantId === 'all' ? undefined : input.consultantId;
  const page = await listConsultations(
    db,
    { when: input.when, consultantId, typeId: input.typeId, status: input.status, partner: input.partner, search: input.search, now: new Date(now).toISOString() },
    { limit: input.pageSize, offset: (input.page - 1) * input.pageSize },
  );
  // One query for the page's writes, never one per row.
  const writes = await latestWritesOf(db, page.items.map((item) => item.id));
  return { ...page, items: page.items.map((item) => ({ ...item, calendarWrite: writeStateOf(writes.get(item.id)) })) };
}

/** The partner sites whose booking widget consultations were booked in: the Consultations screen's partner filter. */
export const consultationPartners = plainReadNoInput((db) => listPartnersOf(db, 'consultations'));

/** The calendar's consultations: the same site-zone days as its slots, and the same cap. */
export async function consultationCalendar({ db }: Pick<ServiceContext, 'db'>, range: z.output<typeof calendarInput>) {
  const { timezone } = await getSystemSettings(db);
  const from = zonedDateTimeToUtc(range.from, '00:00', timezone);
  const before = zonedDateTimeToUtc(nextDay(range.to), '00:00', timezone);
  const rows = await listCalendarConsultations(db, from, before, CALENDAR_MAX_SLOTS + 1);
  return { consultations: rows.slice(0, CALENDAR_MAX_SLOTS), truncated: rows.length > CALENDAR_MAX_SLOTS };
}
