// Why reading or writing a calendar failed, in the words the back office shows and the e-mail
// sends: never a stack, an address with its secret, or the server's own text. Said by catalog key;
// a connection's health stores the English text (`message`).
import { englishOf } from '@server/shared/i18n/catalogs';
import { type Message, message } from '@server/shared/i18n/message';
import { CalendarHttpError } from './calendar-http';
import { CalendarParseError } from './calendar-ics';

export class CalendarReadError extends Error {
  override name = 'CalendarReadError';
  constructor(readonly said: Message) {
    super(englishOf(said));
  }
}

export const CALENDAR_WORDS = {
  passwordRefused: message('api.calendars.passwordRefused'),
  accessRefused: message('api.calendars.accessRefused'),
  feedGone: message('api.calendars.feedGone'),
  calendarGone: message('api.calendars.calendarGone'),
  noCalDav: message('api.calendars.noCalDav'),
  notCalendar: message('api.calendars.notCalendar'),
  malformed: message('api.calendars.malformed'),
  secretUnreadable: message('api.calendars.secretUnreadable'),
  serverError: (status: number) => message('api.calendars.serverError', { status }),
} as const;

/** The words of an HTTP status that is not a success, for a feed or a CalDAV calendar. */
export function wordsOfStatus(status: number, kind: 'feed' | 'caldav'): Message {
  if (status === 401) return CALENDAR_WORDS.passwordRefused;
  if (status === 403) return CALENDAR_WORDS.accessRefused;
  if (status === 404 || status === 410) return kind === 'feed' ? CALENDAR_WORDS.feedGone : CALENDAR_WORDS.calendarGone;
  return CALENDAR_WORDS.serverError(status);
}

/** Any failure of a read or a write, by key. */
export function wordsOfFailure(error: unknown): Message {
  if (error instanceof CalendarReadError || error instanceof CalendarHttpError) return error.said;
  if (error instanceof CalendarParseError) return CALENDAR_WORDS.malformed;
  return message('api.calendars.unreadable');
}
