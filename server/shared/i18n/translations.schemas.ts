// The firm's own texts in the other languages, as every editor sends them: per language (French),
// each text optional; blank means not translated, and the pages and e-mails show the English one.
import { z } from 'zod';
import { type Language, TRANSLATED_LANGUAGES } from './languages';

export type TranslatedLanguage = Exclude<Language, 'en'>;

/** Texts per translated language, each language optional. */
export type Translations<Texts> = Partial<Record<TranslatedLanguage, Texts>>;

/** The translations input of an editor whose texts have the shape `texts`: `{ fr: { title, ... } }`. */
export function translationsInput<Shape extends z.ZodRawShape>(texts: Shape) {
  return z.partialRecord(z.enum(TRANSLATED_LANGUAGES as [TranslatedLanguage, ...TranslatedLanguage[]]), z.object(texts)).default({});
}
