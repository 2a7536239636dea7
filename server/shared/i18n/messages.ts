// The server's and the shared schemas' messages in the reader's language. Schemas and services say
// their messages in English (the texts the API has always given); the messages a public page can show
// are listed here with their catalog key, and those with a value are recognised by the issue's code
// (a text too long says its limit). Anything else stays as it was said. Pure: the public forms use it
// on their own validation, the API's error formatter on what it sends.
import type { MessageKey } from '../../i18n/catalogs/en';
import { ONE_LINE_MESSAGE } from '../../schemas/common';
import { BOOKINGS_CLOSED_MESSAGE, MAINTENANCE_MESSAGE } from '../site-notices';

/** An English message as schemas and services say it, and its catalog key (a test checks they agree). */
export const MESSAGE_KEYS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  [MAINTENANCE_MESSAGE, 'notice.maintenance'],
  [BOOKINGS_CLOSED_MESSAGE, 'notice.bookingsClosed'],
  [ONE_LINE_MESSAGE, 'validation.oneLine'],
  ['Must be text', 'validation.text'],
  ['Name is required', 'validation.nameRequired'],
  ['Email is required', 'validation.emailRequired'],
  ['Please enter a valid email address', 'validation.emailInvalid'],
  ['Message is required', 'validation.messageRequired'],
  ['Something went wrong. Please try again.', 'error.generic'],
]);

type Translate = (key: MessageKey, values?: Record<string, unknown>) => string;

/** What a validation issue carries that its message depends on (a zod issue has these). */
export interface IssueLike {
  code: string;
  message: string;
  maximum?: number | bigint | undefined;
}

/** An English message in the reader's language, or as it is when the catalog does not have it. */
export function translateMessage(message: string, t: Translate): string {
  const key = MESSAGE_KEYS.get(message);
  return key === undefined ? message : t(key);
}

/** A validation issue's message in the reader's language: by its code when it names a limit. */
export function translateIssue(issue: IssueLike, t: Translate): string {
  if (issue.code === 'too_big' && issue.maximum !== undefined && MESSAGE_KEYS.get(issue.message) === undefined) {
    return t('validation.tooLong', { max: Number(issue.maximum) });
  }
  return translateMessage(issue.message, t);
}
