// The site's languages and where a page's language comes from. English is the default and lives at
// `/`; every other language lives under its code (`/fr/`, `/fr/events/<id>`). Pure: used by the
// client (links, the switcher) and the server (redirects, the sitemap, e-mails) alike.

/**
 * Each language the public site speaks, by code: its name in that language (the switcher) and in
 * English (the back office).
 */
export const LANGUAGES = {
  en: { name: 'English', english: 'English' },
  fr: { name: 'Français', english: 'French' },
} as const;

export type Language = keyof typeof LANGUAGES;

export const DEFAULT_LANGUAGE = 'en' satisfies Language;

export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];

/** The cookie that remembers the language a visitor chose with the switcher. */
export const LANGUAGE_COOKIE = 'lang';

/** The query parameter the switcher's links carry: the server remembers the choice and drops it. */
export const LANGUAGE_PARAM = 'lang';

/** The header a page's API calls carry when its language is not English: the API answers errors in it. */
export const LANGUAGE_HEADER = 'x-site-language';

/** The element of a page that carries its language and compiled catalog (JSON). */
export const PAGE_LANGUAGE_ELEMENT_ID = 'page-language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(LANGUAGES, value);
}

/** A page's language by its address, and its path without the language's prefix. */
export function languageOfPath(pathname: string): { language: Language; path: string; prefixed: boolean } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  const code = match?.[1];
  if (match === null || code === undefined || code === DEFAULT_LANGUAGE || !isLanguage(code)) {
    return { language: DEFAULT_LANGUAGE, path: pathname, prefixed: false };
  }
  const rest = match[2] ?? '';
  return { language: code, path: rest === '' ? '/' : rest, prefixed: true };
}

const EVENT_PAGE = /^\/events\/[^/]+$/;

/**
 * The booking pages: the choice, an event's form, a booking's and a consultation's manage link, and
 * the partner widget's two pages (an event's form, consultations) framed in partners' sites.
 */
const BOOKING_PAGE =
  /^\/(?:booking|booking\/[^/]+|booking\/manage\/[^/]+|consultation|consultations\/manage\/[^/]+|embed\/booking\/[^/]+|embed\/consultation)$/;

/**
 * Whether a page of the site exists in every language: the home page, the event pages and the
 * booking pages (the manage links of a booking or a consultation too) and the privacy page. The back
 * office is English only.
 */
export function isTranslatedPage(path: string): boolean {
  return path === '/' || path === '/privacy' || EVENT_PAGE.test(path) || BOOKING_PAGE.test(path);
}

/** The address of a page of the site in `language`: under its prefix when the page is translated. */
export function pathInLanguage(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE || !isTranslatedPage(path)) return path;
  return path === '/' ? `/${language}/` : `/${language}${path}`;
}

/**
 * The language a browser asks for first among the site's (Accept-Language, weighed by q), or
 * undefined when it names none of them.
 */
export function languageOfAcceptHeader(header: string | undefined): Language | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const ranked = header
    .split(',')
    .map((part, position) => {
      const [range = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
      return { code: range.trim().toLowerCase().split('-')[0] ?? '', weight: q === undefined ? 1 : Number(q), position };
    })
    .filter((entry) => entry.weight > 0 && Number.isFinite(entry.weight))
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  return ranked.map((entry) => entry.code).find(isLanguage);
}

/** The languages other than English: the firm's own texts may have a value in each. */
export const TRANSLATED_LANGUAGES = LANGUAGE_CODES.filter((code) => code !== DEFAULT_LANGUAGE) as Exclude<Language, 'en'>[];

type TranslatedTexts<Field extends string> = Partial<Record<Exclude<Language, 'en'>, Partial<Record<Field, string | null>>>>;

/**
 * A firm's text (an event's title, say) in `language` from its translations, else the English one
 * it was entered in: a missing translation falls back to English.
 */
export function firmText<Field extends string>(
  english: string,
  translations: TranslatedTexts<Field> | undefined,
  field: Field,
  language: Language,
): string {
  if (language === DEFAULT_LANGUAGE) return english;
  const text = translations?.[language]?.[field]?.trim() ?? '';
  return text === '' ? english : text;
}

/**
 * What an event's "Date" reads on a page: the days its slots run, as the server wrote them in the
 * page's language and the site's zone (server/events/event-schedule.ts); before any slot is
 * scheduled, the label the firm typed ('Spring 2027'); null with neither (the page then says the
 * date is to be announced). Nothing is formatted here, so pages open without the browser's date
 * data; it sits beside firmText because every public page that shows an event already loads it.
 */
export function eventDateText(event: { date: string | null; schedule: { days: Record<Language, string> } | null }, language: Language): string | null {
  if (event.schedule !== null) return event.schedule.days[language];
  const label = event.date?.trim() ?? '';
  return label === '' ? null : label;
}

/** The language tag Intl formats dates and numbers with. */
export function localeOf(language: Language): string {
  return language === 'en' ? 'en-US' : language;
}
