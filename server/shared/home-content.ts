// The home page's content as a page in one language shows it. Pure and free of zod, so the home
// page's own JavaScript stays small: it imports only this and the content's types.
import type { HomeContent } from '@server/home-page/home-page.schemas';
import type { Translations } from './i18n/translations.schemas';
import { DEFAULT_LANGUAGE, firmText, type Language } from './i18n/languages';

type TitleAndText = { title: string; text: string; translations?: Translations<{ title: string | null; text: string | null }> | undefined };

function titleAndTextIn<Item extends TitleAndText>(item: Item, language: Language): Item {
  return { ...item, title: firmText(item.title, item.translations, 'title', language), text: firmText(item.text, item.translations, 'text', language) };
}

/**
 * The content as a page in `language` shows it: each text in that language when it has one, else
 * the English one. The shape stays the same, so the sections render it as they render English.
 */
export function homeContentIn(content: HomeContent, language: Language): HomeContent {
  if (language === DEFAULT_LANGUAGE) return content;
  const { founder } = content;
  const bio = founder.translations?.[language]?.bio ?? [];
  return {
    heroSlides: content.heroSlides.map((slide) => titleAndTextIn(slide, language)),
    services: content.services.map((service) => titleAndTextIn(service, language)),
    testimonials: content.testimonials.map((testimonial) => ({
      ...testimonial,
      role: firmText(testimonial.role, testimonial.translations, 'role', language),
      text: firmText(testimonial.text, testimonial.translations, 'text', language),
    })),
    founder: {
      ...founder,
      role: firmText(founder.role, founder.translations, 'role', language),
      bio: founder.bio.map((paragraph, index) => bio[index]?.trim() || paragraph),
    },
    priorities: content.priorities.map((priority) => titleAndTextIn(priority, language)),
  };
}
