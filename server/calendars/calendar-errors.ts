// Why reading or writing a calendar failed, in the words the back office shows and the e-mail
// sends: never a stack, an address with its secret, or the server's own text.
import { CalendarHttpError } from './calendar-http';
import { CalendarParseError } from './calendar-ics';

export class CalendarReadError extends Error {
  override name = 'CalendarReadError';
}

export const CALENDAR_WORDS = {
  passwordRefused: 'The server refused the password',
  accessRefused: 'The server refused access to this calendar',
  feedGone: 'The feed is no longer published',
  calendarGone: 'The calendar was not found on the server',
  noCalDav: 'No CalDAV server answered at this address',
  notCalendar: 'The address did not answer with a calendar',
  malformed: 'The calendar could not be read: it is not valid iCalendar',
  secretUnreadable: 'The stored password can no longer be read: please remove this connection and connect again',
  serverError: (status: number) => `The server answered with an error (HTTP ${status})`,
} as const;

/** The words of an HTTP status that is not a success, for a feed or a CalDAV calendar. */
export function wordsOfStatus(status: number, kind: 'feed' | 'caldav'): string {
  if (status === 401) return CALENDAR_WORDS.passwordRefused;
  if (status === 403) return CALENDAR_WORDS.accessRefused;
  if (status === 404 || status === 410) return kind === 'feed' ? CALENDAR_WORDS.feedGone : CALENDAR_WORDS.calendarGone;
  return CALENDAR_WORDS.serverError(status);
}

/** Any failure of a read or a write, as a sentence. */
export function wordsOfFailure(error: unknown): string {
  if (error instanceof CalendarReadError || error instanceof CalendarHttpError) return error.message;
  if (error instanceof CalendarParseError) return CALENDAR_WORDS.malformed;
  return 'The calendar could not be read';
}
