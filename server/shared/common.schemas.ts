// Building blocks for input schemas. Zod only: the client imports these files too.
import { z } from 'zod';

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

export const ONE_LINE_MESSAGE = 'Must be one line of text, without control characters.';
export const SEARCH_CONTROL_MESSAGE = 'Search text cannot contain control characters.';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** No line breaks, tabs or other control characters (a name with CR/LF could forge lines of a plain-text e-mail). */
export function isOneLine(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value);
}

/** requiredText for a name, title or other one-line value that goes into e-mails and headers. */
export function requiredLine(message: string, max: number = LIMITS.shortText) {
  return requiredText(message, max).refine(isOneLine, ONE_LINE_MESSAGE);
}

/** optionalText for a one-line value (a phone number, a company). */
export function optionalLine(max: number = LIMITS.shortText) {
  return optionalText(max).refine((value) => value === null || isOneLine(value), ONE_LINE_MESSAGE);
}

/** A required, trimmed string whose every failure (missing, wrong type, blank) says `message`. */
export function requiredText(message: string, max: number = LIMITS.shortText) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`);
}

/** An optional trimmed string; blank or absent becomes null (the forms send empty fields as absent). */
export function optionalText(max: number = LIMITS.shortText) {
  return z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));
}

/** A required e-mail address, trimmed and lower-cased. */
export function requiredEmail(requiredMessage = 'Email is required', invalidMessage = 'Please enter a valid email address') {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LIMITS.email, invalidMessage)
    .pipe(z.email({ error: invalidMessage }))
    .transform((value) => value.toLowerCase());
}

export const idInput = z.string({ error: 'Id is required' }).trim().min(1, 'Id is required').max(64, 'Id is too long');

export const byIdInput = z.object({ id: idInput });

/**
 * A link or a path on this site: uploads come back as '/uploads/...', seed images as '/images/...'.
 */
export function optionalUrl(message = 'Please enter a valid URL') {
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
export function timestamp(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .pipe(z.iso.datetime({ offset: true, error: 'Please enter a valid date and time' }))
    .transform((value) => new Date(value).toISOString());
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Every admin list: optional search, page (1-based) and page size. Status is added per list. */
export const listInputBase = z.object({
  search: z
    .string()
    .trim()
    .max(LIMITS.search, `Must be at most ${LIMITS.search} characters`)
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
