import { z } from 'zod';
import { TRANSLATED_LANGUAGES } from '@server/shared/i18n/languages';
import { idInput, LIMITS, listInputBase, optionalLine, optionalText, optionalUrl, requiredLine, requiredText } from '@server/shared/common.schemas';

export const MAX_BENEFITS = 20;

/** An event's own texts in another language; blank means not translated (English is shown). */
const translatedTexts = z.object({
  title: optionalLine(LIMITS.title),
  description: optionalText(LIMITS.longText),
});

type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
export type EventTranslations = Partial<Record<TranslatedLanguage, z.output<typeof translatedTexts>>>;

const eventFields = z.object({
  title: requiredLine('Title is required', LIMITS.title),
  description: optionalText(LIMITS.longText),
  /** The title and description in the other languages (French), each optional. */
  translations: z
    .partialRecord(z.enum(TRANSLATED_LANGUAGES as [TranslatedLanguage, ...TranslatedLanguage[]]), translatedTexts)
    .default({}),
  date: optionalText(LIMITS.title),
  location: optionalText(LIMITS.shortText),
  imageUrl: requiredText('Image is required', LIMITS.url).refine(
    (value) => optionalUrl().safeParse(value).success,
    'Please enter a valid URL',
  ),
  videoUrl: optionalUrl(),
  registrationLink: optionalUrl('Registration link must be a valid URL'),
  attendees: optionalText(LIMITS.shortText),
  benefits: z
    .array(z.string().trim().max(LIMITS.shortText, `Must be at most ${LIMITS.shortText} characters`))
    .max(MAX_BENEFITS, `At most ${MAX_BENEFITS} benefits`)
    .default([])
    .transform((items) => items.filter((item) => item !== '')),
  isActive: z.boolean().default(true),
  displayOrder: z
    .number({ error: 'Display order must be a whole number' })
    .int('Display order must be a whole number')
    .min(1, 'Display order must be at least 1')
    .max(1_000_000, 'Display order is too large')
    .default(1),
});

export const createEventInput = eventFields;
export type CreateEventInput = z.input<typeof createEventInput>;

/** Update replaces every editable field; flags and order are required so nothing resets silently. */
export const updateEventInput = eventFields.extend({
  id: idInput,
  isActive: z.boolean({ error: 'Status is required' }),
  displayOrder: eventFields.shape.displayOrder.unwrap(),
});

export const setEventActiveInput = z.object({ id: idInput, isActive: z.boolean() });

/** Moves one event up or down one place in the display order. */
export const reorderEventInput = z.object({ id: idInput, direction: z.enum(['up', 'down']) });

export const adminEventListInput = listInputBase.extend({
  status: z.enum(['all', 'active', 'inactive']).default('all'),
});


/** The public list of active events: at most `limit` (100 by default); absent input is the default. */
export const eventListInput = z.object({ limit: z.number().int().min(1).max(100).default(100) }).default({ limit: 100 });

