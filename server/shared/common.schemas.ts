// Building blocks for input schemas. Zod only: the client imports these files too. Every message is
// said with `keyed(key, english)` (server/shared/i18n/schema-messages.ts), so a page can say it in
// its own language; the helpers below take such messages only.
import { z } from 'zod';
import { keyed, type KeyedText } from '@server/shared/i18n/schema-messages';

export const LIMITS = {
  name: 200,
  title: 200,
  email: 254,
  phone: 50,
  shortText: 500,
  longText: 5000,
  url: 2000,
  search: 200,
} as const;

export const ONE_LINE_MESSAGE = keyed('validation.oneLine', 'Must be one line of text, without control characters.');
export const SEARCH_CONTROL_MESSAGE = keyed('api.searchControl', 'Search text cannot contain control characters.');
const TEXT_MESSAGE = keyed('validation.text', 'Must be text');
const EMAIL_REQUIRED = keyed('validation.emailRequired', 'Email is required');
const EMAIL_INVALID = keyed('validation.emailInvalid', 'Please enter a valid email address');
const URL_INVALID = keyed('api.urlInvalid', 'Please enter a valid URL');
const ID_REQUIRED = keyed('api.idRequired', 'Id is required');
export const DATE_TIME_INVALID = keyed('message.dateTimeInvalid', 'Please enter a valid date and time');
/** Messages several forms share. */
export const NAME_REQUIRED = keyed('validation.nameRequired', 'Name is required');
export const TITLE_REQUIRED = keyed('api.titleRequired', 'Title is required');
export const STATUS_REQUIRED = keyed('api.statusRequired', 'Status is required');

/** 'Must be at most 200 characters'. */
export function tooLong(max: number): KeyedText {
  return keyed('validation.tooLong', `Must be at most ${max} characters`, { max });
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** No line breaks, tabs or other control characters (a name with CR/LF could forge lines of a plain-text e-mail). */
export function isOneLine(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value);
}

/** requiredText for a name, title or other one-line value that goes into e-mails and headers. */
export function requiredLine(message: KeyedText, max: number = LIMITS.shortText) {
  return requiredText(message, max).refine(isOneLine, ONE_LINE_MESSAGE);
}

/** optionalText for a one-line value (a phone number, a company). */
export function optionalLine(max: number = LIMITS.shortText) {
  return optionalText(max).refine((value) => value === null || isOneLine(value), ONE_LINE_MESSAGE);
}

/** A required, trimmed string whose every failure (missing, wrong type, blank) says `message`. */
export function requiredText(message: KeyedText, max: number = LIMITS.shortText) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));
}

/** An optional trimmed string; blank or absent becomes null (the forms send empty fields as absent). */
export function optionalText(max: number = LIMITS.shortText) {
  return z
    .string({ error: TEXT_MESSAGE })
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));
}

/** A required e-mail address, trimmed and lower-cased. */
export function requiredEmail(requiredMessage: KeyedText = EMAIL_REQUIRED, invalidMessage: KeyedText = EMAIL_INVALID) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LIMITS.email, invalidMessage)
    .pipe(z.email({ error: invalidMessage }))
    .transform((value) => value.toLowerCase());
}

export const idInput = z
  .string({ error: ID_REQUIRED })
  .trim()
  .min(1, ID_REQUIRED)
  .max(64, keyed('api.idTooLong', 'Id is too long'));

export const byIdInput = z.object({ id: idInput });

/**
 * A link or a path on this site: uploads come back as '/uploads/...', seed images as '/images/...'.
 */
export function optionalUrl(message: KeyedText = URL_INVALID) {
  return optionalText(LIMITS.url).refine((value) => value === null || isUrlOrSitePath(value), message);
}

/**
 * A path on this site ('/uploads/...', '/images/...'), the one check every path field uses.
 * Control characters (tabs and newlines are dropped by URL parsers) and backslashes (browsers read
 * '/\host' as '//host') could turn a site path into a link to another host.
 */
export function isSitePath(value: string): boolean {
  if (!isOneLine(value) || value.includes('\\')) return false;
  return /^\/(?!\/)\S*$/.test(value);
}

export function isUrlOrSitePath(value: string): boolean {
  if (value.startsWith('/')) return isSitePath(value);
  if (!isOneLine(value) || value.includes('\\')) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** UTC or offset ISO-8601 timestamp, normalised to UTC ISO with milliseconds. */
export function timestamp(requiredMessage: KeyedText) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .pipe(z.iso.datetime({ offset: true, error: DATE_TIME_INVALID }))
    .transform((value) => new Date(value).toISOString());
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Every admin list: optional search, page (1-based) and page size. Status is added per list. */
export const listInputBase = z.object({
  search: z
    .string()
    .trim()
    .max(LIMITS.search, tooLong(LIMITS.search))
    // A NUL ended the full-text query early (a 500) and emptied the CSV export.
    .refine(isOneLine, SEARCH_CONTROL_MESSAGE)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export interface Page<T> {
  items: T[];
  total: number;
}

/** A page of a list as the API answers it (the REST face documents it; server/http/rest-api.route.ts). */
export function pageOutput<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), total: z.number().int() });
}
