// The page's language in React: which language the page speaks and the runtime that formats its
// catalog's messages (Lingui). The server writes the page's language and its compiled catalog into
// the page (#page-language); the browser reads them before React renders, so a French page is
// French from its first paint and only that language's catalog is ever downloaded. The API's
// messages come with their keys (server/trpc/init.ts), so a page says them from the same catalog.
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { MessageKey } from '@server/shared/i18n/catalogs/en';
import { DEFAULT_LANGUAGE, type Language, LANGUAGE_HEADER, localeOf, PAGE_LANGUAGE_ELEMENT_ID } from '@server/shared/i18n/languages';
import type { SentMessage } from '@server/shared/i18n/message';

export interface PageLanguage {
  language: Language;
  /** The language's catalog, compiled (server/shared/i18n/catalogs.ts). */
  messages: Messages;
}

export interface Translator {
  language: Language;
  /** The message `key` of the page's catalog with its values ({title}, {count, plural, ...}). */
  t(key: MessageKey, values?: Record<string, unknown>): string;
  /** The Intl locale of the page's language, for numbers. */
  locale: string;
  /**
   * A message the API said by key (`error.data.messageKey`...): in the page's language when its
   * catalog carries the key, else `english` as the server said it (the back office's messages).
   */
  said(message: SentMessage | null, english: string): string;
}

export function createTranslator({ language, messages }: PageLanguage): Translator {
  const locale = localeOf(language);
  const i18n: I18n = setupI18n({ locale, messages: { [locale]: messages } });
  const t: Translator['t'] = (key, values) => i18n._(key, values);
  return {
    language,
    locale,
    t,
    said: (message, english) => (message !== null && Object.hasOwn(messages, message.key) ? i18n._(message.key, message.values) : english),
  };
}

let fallback: Translator | null = null;

/** The translator of components rendered outside a LanguageProvider (component tests). */
export function setDefaultTranslator(translator: Translator): void {
  fallback = translator;
}

const LanguageContext = createContext<Translator | null>(null);

export function LanguageProvider({ page, children }: { page: PageLanguage; children: ReactNode }) {
  const translator = useMemo(() => createTranslator(page), [page]);
  return <LanguageContext.Provider value={translator}>{children}</LanguageContext.Provider>;
}

export function useTranslator(): Translator {
  const translator = useContext(LanguageContext) ?? fallback;
  if (translator === null) throw new Error('no LanguageProvider above this component');
  return translator;
}

/** The headers of a page's API calls: its language, which a booking or consultation made there keeps (its e-mails'). */
export function languageHeaders(language: Language): Record<string, string> | undefined {
  return language === DEFAULT_LANGUAGE ? undefined : { [LANGUAGE_HEADER]: language };
}

/** The language and catalog the server wrote into the page, or null on a page it did not write (Vite's dev server). */
export function readPageLanguage(): PageLanguage | null {
  const element = document.getElementById(PAGE_LANGUAGE_ELEMENT_ID);
  if (element === null) return null;
  return JSON.parse(element.textContent ?? 'null') as PageLanguage;
}
