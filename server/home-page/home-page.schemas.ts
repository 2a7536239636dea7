// The home page's editable content: hero slides, services, testimonials, the founder and the
// priorities. One document, read by every visitor and replaced as a whole by an admin. Zod only:
// the back-office form imports this file too.
import { z } from 'zod';
import { isSitePath, isUrlOrSitePath, LIMITS, NAME_REQUIRED, optionalLine, optionalText, requiredLine, requiredText } from '@server/shared/common.schemas';
import { keyed, type KeyedText } from '@server/shared/i18n/schema-messages';
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
const UPLOADED_IMAGE = keyed('api.home.uploadedImage', 'Please choose an uploaded image');
const BIO_REQUIRED = keyed('api.home.bioRequired', 'Bio is required');
const MOST_PARAGRAPHS = keyed('api.home.mostParagraphs', `At most ${HOME_LIMITS.bioParagraphs} paragraphs`, { max: HOME_LIMITS.bioParagraphs });

function sitePath(requiredMessage: KeyedText) {
  return requiredText(requiredMessage, LIMITS.url).refine(isSitePath, UPLOADED_IMAGE);
}

/** An optional photo; blank means none, and the page shows the person's initials instead. */
const optionalPhoto = optionalText(LIMITS.url).refine((value) => value === null || isSitePath(value), UPLOADED_IMAGE);

const optionalLink = optionalText(LIMITS.url).refine(
  (value) => value === null || (isUrlOrSitePath(value) && /^(https?:\/\/|\/)/.test(value)),
  keyed('api.urlInvalid', 'Please enter a valid URL'),
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
  title: requiredLine(keyed('api.home.slideTitle', 'Slide title is required'), LIMITS.title),
  text: requiredText(keyed('api.home.slideText', 'Slide text is required'), HOME_LIMITS.paragraph),
  image: sitePath(keyed('api.home.slideImage', 'Slide image is required')),
  translations: homeTranslations(titleAndText()),
});

export const serviceSchema = z.object({
  title: requiredLine(keyed('api.home.serviceTitle', 'Service title is required'), LIMITS.title),
  text: requiredText(keyed('api.home.serviceText', 'Service text is required'), HOME_LIMITS.paragraph),
  icon: z.enum(SERVICE_ICONS, { error: keyed('api.home.icon', 'Please choose an icon') }),
  translations: homeTranslations(titleAndText()),
});

export const testimonialSchema = z.object({
  name: requiredLine(NAME_REQUIRED, LIMITS.name),
  role: requiredText(keyed('api.roleRequired', 'Role is required'), LIMITS.title),
  photo: optionalPhoto,
  text: requiredText(keyed('api.home.testimonialText', 'Testimonial text is required'), HOME_LIMITS.paragraph),
  link: optionalLink,
  translations: homeTranslations({ role: optionalText(LIMITS.title), text: optionalText(HOME_LIMITS.paragraph) }),
});

export const founderSchema = z.object({
  name: requiredLine(keyed('api.home.founderName', 'Founder name is required'), LIMITS.name),
  role: requiredText(keyed('api.home.founderRole', 'Founder role is required'), LIMITS.title),
  photo: optionalPhoto,
  bio: z
    .array(requiredText(keyed('api.home.bioParagraph', 'Bio paragraph cannot be empty'), HOME_LIMITS.paragraph), { error: BIO_REQUIRED })
    .min(1, BIO_REQUIRED)
    .max(HOME_LIMITS.bioParagraphs, MOST_PARAGRAPHS),
  stats: z
    .array(
      z.object({
        value: requiredText(keyed('api.home.figure', 'Figure is required'), 20),
        label: requiredText(keyed('api.home.label', 'Label is required'), 60),
      }),
    )
    .max(HOME_LIMITS.stats, keyed('api.home.mostFigures', `At most ${HOME_LIMITS.stats} figures`, { max: HOME_LIMITS.stats })),
  /** The role and the bio's paragraphs (at the English ones' places) in the other languages. */
  translations: homeTranslations({
    role: optionalText(LIMITS.title),
    bio: z.array(optionalText(HOME_LIMITS.paragraph)).max(HOME_LIMITS.bioParagraphs, MOST_PARAGRAPHS).default([]),
  }),
});

export const prioritySchema = z.object({
  title: requiredLine(keyed('api.home.priorityTitle', 'Priority title is required'), LIMITS.title),
  text: requiredText(keyed('api.home.priorityText', 'Priority text is required'), HOME_LIMITS.paragraph),
  translations: homeTranslations(titleAndText()),
});

/** A list of at least one and at most `max` items, with its three messages. */
function list<T extends z.ZodType>(item: T, max: number, messages: { required: KeyedText; atLeastOne: KeyedText; atMost: KeyedText }) {
  return z.array(item, { error: messages.required }).min(1, messages.atLeastOne).max(max, messages.atMost);
}

const { heroSlides, services, priorities, testimonials } = HOME_LIMITS;

export const homeContentInput = z.object({
  heroSlides: list(heroSlideSchema, heroSlides, {
    required: keyed('api.home.slidesRequired', 'Hero slides are required'),
    atLeastOne: keyed('api.home.oneSlide', 'Add at least one of the hero slides'),
    atMost: keyed('api.home.mostSlides', `At most ${heroSlides} hero slides`, { max: heroSlides }),
  }),
  services: list(serviceSchema, services, {
    required: keyed('api.home.servicesRequired', 'Services are required'),
    atLeastOne: keyed('api.home.oneService', 'Add at least one of the services'),
    atMost: keyed('api.home.mostServices', `At most ${services} services`, { max: services }),
  }),
  // A firm may have none yet: the home page then leaves the section out.
  testimonials: z
    .array(testimonialSchema, { error: keyed('api.home.testimonialsRequired', 'Testimonials are required') })
    .max(testimonials, keyed('api.home.mostTestimonials', `At most ${testimonials} testimonials`, { max: testimonials })),
  founder: founderSchema,
  priorities: list(prioritySchema, priorities, {
    required: keyed('api.home.prioritiesRequired', 'Priorities are required'),
    atLeastOne: keyed('api.home.onePriority', 'Add at least one of the priorities'),
    atMost: keyed('api.home.mostPriorities', `At most ${priorities} priorities`, { max: priorities }),
  }),
});

export type HomeContent = z.output<typeof homeContentInput>;
