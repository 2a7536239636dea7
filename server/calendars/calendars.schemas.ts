// Inputs of the calendar procedures: connecting a CalDAV account or a calendar feed, choosing the
// calendars that count as busy and the one consultations are written to. Zod only: the client's
// forms validate with the same schemas. Whether an address may be reached (https, not a private
// network, not the site itself) is checked by the service, which knows the operator's settings.
import { z } from 'zod';
import { idInput, isOneLine, LIMITS } from '@server/shared/common.schemas';

export const ADDRESS_MESSAGE = 'Please enter a web address such as https://calendar.example.com/';

function webAddress(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LIMITS.url, 'The address is too long')
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
  serverUrl: webAddress('Server address is required'),
  username: z.string({ error: 'User name is required' }).trim().min(1, 'User name is required').max(LIMITS.email, 'User name is too long').refine(isOneLine, 'User name must be one line'),
  /** An app password: stored encrypted, never answered back. */
  password: z.string({ error: 'App password is required' }).min(1, 'App password is required').max(LIMITS.shortText, 'App password is too long'),
  userId: ownerInput,
});

export const connectFeedInput = z.object({
  /** The secret iCal address; stored encrypted, only its host is shown. */
  url: webAddress('Feed address is required'),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(LIMITS.name, 'Name is too long').refine(isOneLine, 'Name must be one line'),
  userId: ownerInput,
});

export const updateCalendarInput = z.object({
  id: idInput,
  /** The addresses of the connection's calendars whose events count as busy. */
  busyCalendars: z.array(z.string().max(LIMITS.url)).max(100, 'At most 100 calendars'),
  /** The calendar consultations are written to; null or absent: none. */
  writeCalendar: z.string().max(LIMITS.url).nullable().optional(),
});

export const calendarByIdInput = z.object({ id: idInput });
