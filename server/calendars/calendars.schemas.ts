// Inputs of the calendar procedures: connecting a CalDAV account or a calendar feed, choosing the
// calendars that count as busy and the one consultations are written to. Zod only: the client's
// forms validate with the same schemas. Whether an address may be reached (https, not a private
// network, not the site itself) is checked by the service, which knows the operator's settings.
import { z } from 'zod';
import { idInput, LIMITS, NAME_REQUIRED, requiredLine, tooLong } from '@server/shared/common.schemas';
import { keyed, type KeyedText } from '@server/shared/i18n/schema-messages';

const ADDRESS_MESSAGE = keyed('api.calendars.address', 'Please enter a web address such as https://calendar.example.com/');
const PASSWORD_REQUIRED = keyed('api.calendars.passwordRequired', 'App password is required');
const MOST_CALENDARS = 100;

function webAddress(requiredMessage: KeyedText) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LIMITS.url, tooLong(LIMITS.url))
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, ADDRESS_MESSAGE);
}

const ownerInput = idInput.optional();

export const calendarListInput = z.object({
  /** Whose connections; absent: the caller's own. */
  userId: ownerInput,
});

export const connectCalDavInput = z.object({
  serverUrl: webAddress(keyed('api.calendars.serverRequired', 'Server address is required')),
  username: requiredLine(keyed('api.calendars.usernameRequired', 'User name is required'), LIMITS.email),
  /** An app password: stored encrypted, never answered back. */
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(LIMITS.shortText, tooLong(LIMITS.shortText)),
  userId: ownerInput,
});

export const connectFeedInput = z.object({
  /** The secret iCal address; stored encrypted, only its host is shown. */
  url: webAddress(keyed('api.calendars.feedRequired', 'Feed address is required')),
  name: requiredLine(NAME_REQUIRED, LIMITS.name),
  userId: ownerInput,
});

export const updateCalendarInput = z.object({
  id: idInput,
  /** The addresses of the connection's calendars whose events count as busy. */
  busyCalendars: z
    .array(z.string().max(LIMITS.url))
    .max(MOST_CALENDARS, keyed('api.calendars.mostCalendars', `At most ${MOST_CALENDARS} calendars`, { max: MOST_CALENDARS })),
  /** The calendar consultations are written to; null or absent: none. */
  writeCalendar: z.string().max(LIMITS.url).nullable().optional(),
});

export const calendarByIdInput = z.object({ id: idInput });
