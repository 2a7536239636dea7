// Every language's catalog, compiled once into the form the runtime (Lingui) formats without a
// parser: the server formats with it (pages, messages), and each page carries its own language's
// compiled catalog to the browser, which so never downloads a parser or another language.
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, type Language, localeOf } from './languages';
import type { Message } from './message';
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

/**
 * Which messages a page carries: the home page and the event pages, which have scripts of their own
 * and link to the others, only theirs ('own'); a page of the app (booking, the manage links, the
 * consultation page, where the browser may move on to another) all the public ones ('app'). None
 * carries what only the server writes (e-mails, alerts, reports, page titles, invoices) or what no public page
 * shows (the API's messages to the back office, api.*, which it shows in the server's English).
 */
export type PageScope = 'own' | 'app';

const SERVER_ONLY = /^(?:email|alert|report|status|page|api|invoice)\./;
const APP_ONLY = /^(?:booking|manage|consultation|time|message|common|notFound)\./;

/** Whether a page of `scope` carries the message `key`. */
export function carries(scope: PageScope, key: string): boolean {
  return !SERVER_ONLY.test(key) && (scope === 'app' || !APP_ONLY.test(key));
}

const forPages = new Map<string, Messages>();

/** The part of a language's compiled catalog a page of `scope` carries to the browser, made once. */
export function pageCatalog(language: Language, scope: PageScope): Messages {
  let messages = forPages.get(`${language} ${scope}`);
  if (messages === undefined) {
    messages = Object.fromEntries(Object.entries(compiledCatalog(language)).filter(([key]) => carries(scope, key)));
    forPages.set(`${language} ${scope}`, messages);
  }
  return messages;
}

const instances = new Map<Language, I18n>();

/** The server's words of a language: a message by key with its values. */
export type ServerTranslator = (key: MessageKey, values?: Record<string, unknown>) => string;

const translators = new Map<Language, ServerTranslator>();

/**
 * One translating function per language, the same each time: the date formatter is kept per
 * translator (server/shared/format-date.ts), so a new function for every e-mail or invoice would
 * make a new formatter for each.
 */
export function translatorOf(language: Language): ServerTranslator {
  let t = translators.get(language);
  if (t === undefined) {
    const i18n = i18nOf(language);
    t = (key, values) => i18n._(key, values);
    translators.set(language, t);
  }
  return t;
}

/** A message said by key, in English: the API's `message`, the server's logs. */
export function englishOf(said: Message): string {
  return i18nOf(DEFAULT_LANGUAGE)._(said.key, said.values);
}

/** The runtime of one language, for the server's own texts (rendered pages, messages). */
export function i18nOf(language: Language): I18n {
  let i18n = instances.get(language);
  if (i18n === undefined) {
    i18n = setupI18n({ locale: localeOf(language), messages: { [localeOf(language)]: compiledCatalog(language) } });
    instances.set(language, i18n);
  }
  return i18n;
}
