// Reading a calendar feed: the "secret address in iCal format" Google Calendar and Outlook publish.
// One GET through the guarded fetch; its events expanded in the window.
import { type BusyInterval, type BusyWindow, busyFromIcs, CalendarParseError } from './calendar-ics';
import { CALENDAR_WORDS, CalendarReadError, wordsOfStatus } from './calendar-errors';
import type { CalendarFetch } from './caldav-client';

/** The busy times of the feed at `url`, or why it could not be read (CalendarReadError, CalendarHttpError). */
export async function feedBusy(url: string, window: BusyWindow, fetch: CalendarFetch): Promise<BusyInterval[]> {
  const response = await fetch(url, { method: 'GET', headers: { accept: 'text/calendar, */*;q=0.5' } });
  const text = await response.text();
  if (!response.ok) throw new CalendarReadError(wordsOfStatus(response.status, 'feed'));
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new CalendarReadError(CALENDAR_WORDS.notCalendar);
  try {
    return busyFromIcs(text, window);
  } catch (error) {
    if (error instanceof CalendarParseError) throw new CalendarReadError(CALENDAR_WORDS.malformed);
    throw error;
  }
}
