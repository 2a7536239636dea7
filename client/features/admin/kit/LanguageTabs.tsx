// One group of an editor's texts in each language, as tabs: English (the texts every page falls back
// to) first, then each translated language. Every editor with translations shows its texts this way,
// so English and French are never interleaved field by field. A language whose texts are missing
// says so on its tab, so an admin sees what is left to translate without opening it.
import { Stack, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TranslatedLanguage } from '@server/shared/i18n/translations.schemas';
import { type Language, LANGUAGE_CODES, LANGUAGES, TRANSLATED_LANGUAGES } from '@server/shared/i18n/languages';

export function LanguageTabs({
  label,
  english,
  translated,
  missing,
  invalid,
}: {
  /** What the texts are ('Slide 1'): names the tab list for a screen reader. */
  label: string;
  /** The English fields. */
  english: ReactNode;
  /** The fields of one translated language. */
  translated: (code: TranslatedLanguage) => ReactNode;
  /** The languages with at least one text missing. */
  missing?: (code: TranslatedLanguage) => boolean;
  /** The languages with a field in error: their tab says so even while another one is shown. */
  invalid?: (code: Language) => boolean;
}) {
  const mark = (code: Language) =>
    invalid?.(code) === true ? { colour: 'red.7', note: ' (has errors)' } : code !== 'en' && missing?.(code) === true ? { colour: 'orange.8', note: ' (texts missing)' } : null;
  const tab = (code: Language) => {
    const marked = mark(code);
    return (
      <Tabs.Tab
        key={code}
        value={code}
        // The mark beside the name is a coloured dot; a screen reader hears what it means instead.
        aria-label={`${LANGUAGES[code].english}${marked?.note ?? ''}`}
        rightSection={
          marked === null ? undefined : (
            <Text span c={marked.colour} fw={700} aria-hidden="true">
              •
            </Text>
          )
        }
      >
        {LANGUAGES[code].english}
      </Tabs.Tab>
    );
  };
  return (
    // Hidden panels stay in the page (display: none), so an uncontrolled form keeps what was typed
    // in a tab that is not shown.
    <Tabs defaultValue="en" keepMounted keepMountedMode="display-none" variant="outline">
      <Tabs.List aria-label={`${label}: language`}>
        {LANGUAGE_CODES.map(tab)}
      </Tabs.List>
      <Tabs.Panel value="en" pt="sm">
        <Stack gap="sm">{english}</Stack>
      </Tabs.Panel>
      {TRANSLATED_LANGUAGES.map((code) => (
        <Tabs.Panel key={code} value={code} pt="sm" lang={code}>
          <Stack gap="sm">{translated(code)}</Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
