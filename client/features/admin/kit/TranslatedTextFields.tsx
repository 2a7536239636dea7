// The firm's texts in the other languages (French), in tabs beside the English ones (LanguageTabs): one
// input per text and language, each saying when it is missing (those pages and e-mails show the English).
import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageTabs } from './LanguageTabs';
import type { TranslatedLanguage } from '@server/shared/i18n/translations.schemas';
import { LANGUAGES, TRANSLATED_LANGUAGES } from '@server/shared/i18n/languages';

export interface TranslatedField<Key extends string> {
  key: Key;
  /** Lower case, after the language's name: 'title' reads 'French title'. */
  label: string;
  multiline?: boolean;
  /** When the text counts as missing: blank unless said otherwise (a list missing some lines). */
  missing?: (value: string) => boolean;
}

/** '' for a text not translated. */
export type TranslatedFormTexts<Key extends string> = Record<TranslatedLanguage, Record<Key, string>>;

/** Empty texts of every translated language: a new item's. */
export function emptyTranslations<Key extends string>(keys: readonly Key[]): TranslatedFormTexts<Key> {
  return Object.fromEntries(TRANSLATED_LANGUAGES.map((code) => [code, Object.fromEntries(keys.map((key) => [key, '']))])) as TranslatedFormTexts<Key>;
}

/** A stored item's translations as the form holds them ('' for missing). */
export function translationsForForm<Key extends string>(
  keys: readonly Key[],
  stored: Partial<Record<TranslatedLanguage, Partial<Record<Key, string | null | unknown>>>> | undefined,
): TranslatedFormTexts<Key> {
  const form = emptyTranslations(keys);
  for (const code of TRANSLATED_LANGUAGES) {
    for (const key of keys) {
      const value = stored?.[code]?.[key];
      form[code][key] = typeof value === 'string' ? value : '';
    }
  }
  return form;
}

/** What the editor says under a text that has no translation. */
export function missingText(code: TranslatedLanguage): string {
  return `Missing: the ${LANGUAGES[code].english} pages show the English one.`;
}

function isBlank(value: string): boolean {
  return value.trim() === '';
}

interface TranslatedTextFieldsProps<Key extends string> {
  /** What the texts are ('Session texts'): names the language tabs. */
  label: string;
  /** The English inputs of the same texts: the first tab. */
  english: ReactNode;
  fields: readonly TranslatedField<Key>[];
  values: TranslatedFormTexts<Key>;
  onChange: (code: TranslatedLanguage, key: Key, value: string) => void;
  errorOf?: (code: TranslatedLanguage, key: Key) => string | undefined;
  /** Side by side from 768 px (two, for short texts), or one under the other as the English tab has them. */
  columns?: 1 | 2;
}

export function TranslatedTextFields<Key extends string>({ label, english, fields, values, onChange, errorOf, columns }: TranslatedTextFieldsProps<Key>) {
  const isMissing = (code: TranslatedLanguage, field: TranslatedField<Key>) => (field.missing ?? isBlank)(values[code][field.key]);
  return (
    <LanguageTabs
      label={label}
      english={english}
      missing={(code) => fields.some((field) => isMissing(code, field))}
      invalid={(code) => code !== 'en' && fields.some((field) => errorOf?.(code, field.key) !== undefined)}
      translated={(code) => (
        <SimpleGrid cols={{ base: 1, sm: columns ?? (fields.length > 1 ? 2 : 1) }}>
          {fields.map((field) => {
            const common = {
              label: `${LANGUAGES[code].english} ${field.label}`,
              lang: code,
              value: values[code][field.key],
              description: isMissing(code, field) ? missingText(code) : undefined,
              error: errorOf?.(code, field.key),
              onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(code, field.key, event.currentTarget.value),
            };
            return field.multiline === true ? <Textarea key={field.key} autosize minRows={1} maxRows={8} {...common} /> : <TextInput key={field.key} {...common} />;
          })}
        </SimpleGrid>
      )}
    />
  );
}
