// The back office's consultations: each staff member's own by default, anyone's on request.
import type { z } from 'zod';
import type { AuthUser } from '@server/auth/session';
import type { ServiceContext } from '../context';
import { type ConsultationListItem, listCalendarConsultations, listConsultations } from '@server/repositories/consultations';
import { getSystemSettings } from '@server/repositories/settings';
import type { calendarInput } from '@server/schemas/calendar';
import { zonedDateTimeToUtc } from '@server/shared/time';
import { nextDay } from '../booking-list';
import { CALENDAR_MAX_SLOTS } from '../slot-calendar';
import type { consultationListInput } from '@server/schemas/consultations';
import type { Page } from '@server/schemas/common';

export function listStaffConsultations(
  { db, user: caller }: Pick<ServiceContext, 'db'> & { user: Pick<AuthUser, 'id'> },
  input: z.output<typeof consultationListInput>,
): Promise<Page<ConsultationListItem>> {
  const now = Date.now();
  const consultantId = input.consultantId === undefined ? caller.id : input.consultantId === 'all' ? undefined : input.consultantId;
  return listConsultations(
    db,
    { when: input.when, consultantId, typeId: input.typeId, status: input.status, search: input.search, now: new Date(now).toISOString() },
    { limit: input.pageSize, offset: (input.page - 1) * input.pageSize },
  );
}

/** The calendar's consultations: the same site-zone days as its slots, and the same cap. */
export async function consultationCalendar({ db }: Pick<ServiceContext, 'db'>, range: z.output<typeof calendarInput>) {
  const { timezone } = await getSystemSettings(db);
  const from = zonedDateTimeToUtc(range.from, '00:00', timezone);
  const before = zonedDateTimeToUtc(nextDay(range.to), '00:00', timezone);
  const rows = await listCalendarConsultations(db, from, before, CALENDAR_MAX_SLOTS + 1);
  return { consultations: rows.slice(0, CALENDAR_MAX_SLOTS), truncated: rows.length > CALENDAR_MAX_SLOTS };
}
