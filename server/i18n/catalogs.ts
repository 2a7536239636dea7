// Every language's catalog, compiled once into the form the runtime (Lingui) formats without a
// parser: the server formats with it (pages, messages), and each page carries its own language's
// compiled catalog to the browser, which so never downloads a parser or another language.
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { type Language, localeOf } from '../shared/i18n/languages';
import { en, type MessageKey } from './catalogs/en';
import { fr } from './catalogs/fr';

export type { MessageKey };

/** A language's catalog: a message for every key of the English one. */
export type Catalog = Record<MessageKey, string>;

/** One catalog per language of the list (server/shared/i18n/languages.ts). */
export const CATALOGS: Record<Language, Catalog> = { en, fr };

const compiled = new Map<Language, Messages>();

/** A language's catalog compiled for the runtime, made on first use. */
export function compiledCatalog(language: Language): Messages {
  let messages = compiled.get(language);
  if (messages === undefined) {
    messages = Object.fromEntries(Object.entries(CATALOGS[language]).map(([key, message]) => [key, compileMessage(message)]));
    compiled.set(language, messages);
  }
  return messages;
}

/** Messages only the server writes (e-mails, alerts, reports): no page shows them. */
const SERVER_ONLY_PREFIXES = ['email.', 'alert.', 'report.', 'status.'];

const forPages = new Map<Language, Messages>();

/**
 * The compiled catalog a page carries to the browser: every message but the server's own (e-mails,
 * alerts, reports), which would only make each page heavier.
 */
export function pageCatalog(language: Language): Messages {
  let messages = forPages.get(language);
  if (messages === undefined) {
    messages = Object.fromEntries(Object.entries(compiledCatalog(language)).filter(([key]) => !SERVER_ONLY_PREFIXES.some((prefix) => key.startsWith(prefix))));
    forPages.set(language, messages);
  }
  return messages;
}

const instances = new Map<Language, I18n>();

/** The runtime of one language, for the server's own texts (rendered pages, messages). */
export function i18nOf(language: Language): I18n {
  let i18n = instances.get(language);
  if (i18n === undefined) {
    i18n = setupI18n({ locale: localeOf(language), messages: { [localeOf(language)]: compiledCatalog(language) } });
    instances.set(language, i18n);
  }
  return i18n;
}
