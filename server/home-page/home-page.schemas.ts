// The home page's editable content: hero slides, services, testimonials, the founder and the
// priorities. One document, read by every visitor and replaced as a whole by an admin. Zod only:
// the back-office form imports this file too.
import { z } from 'zod';
import { isSitePath, isUrlOrSitePath, LIMITS, optionalLine, optionalText, requiredLine, requiredText } from '@server/shared/common.schemas';
import { translationsInput } from '@server/shared/i18n/translations.schemas';

export const SERVICE_ICONS = ['compass', 'handshake', 'plane', 'megaphone', 'globe', 'people'] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

/** Upper bounds that keep the page readable and the document small. */
export const HOME_LIMITS = {
  heroSlides: 6,
  services: 12,
  testimonials: 12,
  priorities: 10,
  bioParagraphs: 6,
  stats: 6,
  paragraph: 1500,
} as const;

/** A picture on this site: an upload ('/uploads/...') or a bundled image ('/images/...'). */
function sitePath(requiredMessage: string) {
  return requiredText(requiredMessage, LIMITS.url).refine(isSitePath, 'Please choose an uploaded image');
}

/** An optional photo; blank means none, and the page shows the person's initials instead. */
const optionalPhoto = optionalText(LIMITS.url).refine((value) => value === null || isSitePath(value), 'Please choose an uploaded image');

const optionalLink = optionalText(LIMITS.url).refine(
  (value) => value === null || (isUrlOrSitePath(value) && /^(https?:\/\/|\/)/.test(value)),
  'Please enter a valid URL',
);

/**
 * An item's texts in the other languages (French), each optional: blank or absent shows the English.
 * Optional as a whole, so content saved before it (and the shipped texts) stays valid as it is.
 */
function homeTranslations<Shape extends z.ZodRawShape>(texts: Shape) {
  return translationsInput(texts).unwrap().optional();
}

const titleAndText = () => ({ title: optionalLine(LIMITS.title), text: optionalText(HOME_LIMITS.paragraph) });

export const heroSlideSchema = z.object({
  title: requiredLine('Slide title is required', LIMITS.title),
  text: requiredText('Slide text is required', HOME_LIMITS.paragraph),
  image: sitePath('Slide image is required'),
  translations: homeTranslations(titleAndText()),
});

export const serviceSchema = z.object({
  title: requiredLine('Service title is required', LIMITS.title),
  text: requiredText('Service text is required', HOME_LIMITS.paragraph),
  icon: z.enum(SERVICE_ICONS, { error: 'Please choose an icon' }),
  translations: homeTranslations(titleAndText()),
});

export const testimonialSchema = z.object({
  name: requiredLine('Name is required', LIMITS.name),
  role: requiredText('Role is required', LIMITS.title),
  photo: optionalPhoto,
  text: requiredText('Testimonial text is required', HOME_LIMITS.paragraph),
  link: optionalLink,
  translations: homeTranslations({ role: optionalText(LIMITS.title), text: optionalText(HOME_LIMITS.paragraph) }),
});

export const founderSchema = z.object({
  name: requiredLine('Founder name is required', LIMITS.name),
  role: requiredText('Founder role is required', LIMITS.title),
  photo: optionalPhoto,
  bio: z
    .array(requiredText('Bio paragraph cannot be empty', HOME_LIMITS.paragraph), { error: 'Bio is required' })
    .min(1, 'Bio is required')
    .max(HOME_LIMITS.bioParagraphs, `At most ${HOME_LIMITS.bioParagraphs} paragraphs`),
  stats: z
    .array(
      z.object({
        value: requiredText('Figure is required', 20),
        label: requiredText('Label is required', 60),
      }),
    )
    .max(HOME_LIMITS.stats, `At most ${HOME_LIMITS.stats} figures`),
  /** The role and the bio's paragraphs (at the English ones' places) in the other languages. */
  translations: homeTranslations({
    role: optionalText(LIMITS.title),
    bio: z.array(optionalText(HOME_LIMITS.paragraph)).max(HOME_LIMITS.bioParagraphs, `At most ${HOME_LIMITS.bioParagraphs} paragraphs`).default([]),
  }),
});

export const prioritySchema = z.object({
  title: requiredLine('Priority title is required', LIMITS.title),
  text: requiredText('Priority text is required', HOME_LIMITS.paragraph),
  translations: homeTranslations(titleAndText()),
});

function list<T extends z.ZodType>(item: T, label: string, max: number) {
  return z
    .array(item, { error: `${label} are required` })
    .min(1, `Add at least one of the ${label.toLowerCase()}`)
    .max(max, `At most ${max} ${label.toLowerCase()}`);
}

export const homeContentInput = z.object({
  heroSlides: list(heroSlideSchema, 'Hero slides', HOME_LIMITS.heroSlides),
  services: list(serviceSchema, 'Services', HOME_LIMITS.services),
  // A firm may have none yet: the home page then leaves the section out.
  testimonials: z
    .array(testimonialSchema, { error: 'Testimonials are required' })
    .max(HOME_LIMITS.testimonials, `At most ${HOME_LIMITS.testimonials} testimonials`),
  founder: founderSchema,
  priorities: list(prioritySchema, 'Priorities', HOME_LIMITS.priorities),
});

export type HomeContent = z.output<typeof homeContentInput>;
