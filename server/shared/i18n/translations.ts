// The translations column of the firm's texts (JSON per language, like events'): parsed keeping only
// the languages the site speaks and the fields each kind of row has, so a stray value never reaches a page.
import type { Translations } from './translations.schemas';
import { TRANSLATED_LANGUAGES } from './languages';

/** A text or null; anything else stored (a number, an object) counts as not translated. */
export function storedText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** A stored list of texts (a question's choices), each a text or null. */
export function storedTexts(value: unknown): (string | null)[] {
  return Array.isArray(value) ? value.map(storedText) : [];
}

/** The stored JSON of one row; `read` picks the fields of one language's object. */
export function parseTranslations<Texts>(json: string, read: (texts: Record<string, unknown>) => Texts): Translations<Texts> {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return {};
    const translations: Translations<Texts> = {};
    for (const code of TRANSLATED_LANGUAGES) {
      const texts: unknown = (value as Record<string, unknown>)[code];
      if (typeof texts === 'object' && texts !== null) translations[code] = read(texts as Record<string, unknown>);
    }
    return translations;
  } catch {
    return {};
  }
}

/** Title and description in each language: sessions' and consultation types'. */
export interface TitleTexts {
  title: string | null;
  description: string | null;
}

export function parseTitleTranslations(json: string): Translations<TitleTexts> {
  return parseTranslations(json, (texts) => ({ title: storedText(texts.title), description: storedText(texts.description) }));
}
