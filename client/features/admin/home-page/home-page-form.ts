// The Home Page editor's form values: the saved content as the form holds it ('' for an empty photo,
// link or text not translated; the schema turns '' back into none), and the sections of the page.
import type { UseFormReturnType } from '@mantine/form';
import type { HomeContent } from '@server/home-page/home-page.schemas';
import type { RouterOutputs } from '@client/trpc';
import { TRANSLATED_LANGUAGES } from '@server/shared/i18n/languages';
import type { TranslatedLanguage } from '@server/shared/i18n/translations.schemas';
import type { PageSection } from '@client/features/admin/kit/SectionNav';

export type SavedHomeContent = RouterOutputs['homePage']['get'];

/** An item's texts in each other language, '' for not translated. */
type FormTranslations<Key extends string> = Record<TranslatedLanguage, Record<Key, string>>;

export interface HomePageFormValues {
  heroSlides: (Omit<HomeContent['heroSlides'][number], 'translations'> & { translations: FormTranslations<'title' | 'text'> })[];
  services: (Omit<HomeContent['services'][number], 'translations'> & { translations: FormTranslations<'title' | 'text'> })[];
  testimonials: { name: string; role: string; photo: string; text: string; link: string; translations: FormTranslations<'role' | 'text'> }[];
  founder: {
    name: string;
    role: string;
    photo: string;
    bio: string[];
    stats: HomeContent['founder']['stats'];
    /** The bio's French paragraphs at the English ones' places. */
    translations: Record<TranslatedLanguage, { role: string; bio: string[] }>;
  };
  priorities: (Omit<HomeContent['priorities'][number], 'translations'> & { translations: FormTranslations<'title' | 'text'> })[];
}

export type HomePageForm = UseFormReturnType<HomePageFormValues>;

/** The page's sections, in order: the side navigation and the sections' anchors. */
export const HOME_SECTIONS = [
  { id: 'home-hero-slides', title: 'Hero Slides' },
  { id: 'home-services', title: 'Services' },
  { id: 'home-testimonials', title: 'Testimonials' },
  { id: 'home-founder', title: 'Founder' },
  { id: 'home-priorities', title: 'Priorities' },
  { id: 'home-preview', title: 'How it looks' },
] as const satisfies readonly PageSection[];

export function sectionId(title: (typeof HOME_SECTIONS)[number]['title']): string {
  return HOME_SECTIONS.find((section) => section.title === title)?.id ?? '';
}

type StoredTexts = Partial<Record<TranslatedLanguage, Partial<Record<string, string | null | (string | null)[]>>>> | undefined;

/** A stored item's translations of `keys` as the form holds them. */
function formTranslations<Key extends string>(keys: readonly Key[], stored: StoredTexts): FormTranslations<Key> {
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((code) => [code, Object.fromEntries(keys.map((key) => [key, typeof stored?.[code]?.[key] === 'string' ? stored[code][key] : '']))]),
  ) as FormTranslations<Key>;
}

export const TITLE_AND_TEXT = ['title', 'text'] as const;

export function emptyTranslations<Key extends string>(keys: readonly Key[]): FormTranslations<Key> {
  return formTranslations(keys, undefined);
}

export function homePageFormValues(saved: SavedHomeContent): HomePageFormValues {
  const founder = saved.founder;
  return {
    heroSlides: saved.heroSlides.map((slide) => ({ ...slide, translations: formTranslations(TITLE_AND_TEXT, slide.translations) })),
    services: saved.services.map((service) => ({ ...service, translations: formTranslations(TITLE_AND_TEXT, service.translations) })),
    testimonials: saved.testimonials.map((t) => ({ ...t, photo: t.photo ?? '', link: t.link ?? '', translations: formTranslations(['role', 'text'], t.translations) })),
    founder: {
      ...founder,
      photo: founder.photo ?? '',
      bio: [...founder.bio],
      stats: founder.stats.map((s) => ({ ...s })),
      translations: Object.fromEntries(
        TRANSLATED_LANGUAGES.map((code) => [
          code,
          { role: founder.translations?.[code]?.role ?? '', bio: founder.bio.map((_, index) => founder.translations?.[code]?.bio[index] ?? '') },
        ]),
      ) as HomePageFormValues['founder']['translations'],
    },
    priorities: saved.priorities.map((priority) => ({ ...priority, translations: formTranslations(TITLE_AND_TEXT, priority.translations) })),
  };
}

/** Whether any of a language's texts of one item is blank (its tab then says texts are missing). */
export function anyBlank(texts: Record<string, string | string[]> | undefined): boolean {
  if (texts === undefined) return false;
  return Object.values(texts).some((value) => (Array.isArray(value) ? value.some((line) => line.trim() === '') : value.trim() === ''));
}

/** Whether the form has an error under any of these paths (a tab says so while another is shown). */
export function hasErrorUnder(errors: HomePageForm['errors'], paths: readonly string[]): boolean {
  return Object.keys(errors).some((key) => paths.some((path) => key === path || key.startsWith(`${path}.`)));
}
