// An event as it is read, with the days it runs (event-schedule.repository.ts) written out on the
// server, in the site's zone, in each of the site's languages: 'March 13 – 15, 2031' and
// '13–15 mars 2031'. A page shows the one of its language as it is, so neither the home page nor
// an event page loads the browser's date data to open (a long task on a slow phone), and every
// page and e-mail says an event's days with the one formatter's words.
import type { DB } from '@db/database';
import { formatDateSpan } from '@server/shared/date-span';
import { type Language, LANGUAGE_CODES, localeOf } from '@server/shared/i18n/languages';
import { getSystemSettings } from '@server/settings/settings.repository';
import { type EventSchedule, listEventSchedules } from './event-schedule.repository';
import type { EventDto } from './events.repository';

export interface DescribedSchedule extends EventSchedule {
  /** The days, written in each language: { en: 'March 13 – 15, 2031', fr: '13–15 mars 2031' }. */
  days: Record<Language, string>;
}

/** An event as it is read: with the days it runs, derived from its slots (null: none scheduled). */
export type EventWithSchedule = EventDto & { schedule: DescribedSchedule | null };

/** The events with their schedules, read in one query whatever their number. */
export async function withSchedules(db: DB, events: readonly EventDto[]): Promise<EventWithSchedule[]> {
  if (events.length === 0) return [];
  const [schedules, { timezone }] = await Promise.all([
    listEventSchedules(db, events.map((event) => event.id), new Date().toISOString()),
    getSystemSettings(db),
  ]);
  return events.map((event) => {
    const schedule = schedules.get(event.id);
    if (schedule === undefined) return { ...event, schedule: null };
    const days = Object.fromEntries(
      LANGUAGE_CODES.map((language) => [language, formatDateSpan(schedule.firstStartsAt, schedule.lastStartsAt, timezone, localeOf(language))]),
    ) as Record<Language, string>;
    return { ...event, schedule: { ...schedule, days } };
  });
}

export async function withSchedule(db: DB, event: EventDto): Promise<EventWithSchedule> {
  const [read] = await withSchedules(db, [event]);
  return read ?? { ...event, schedule: null };
}
