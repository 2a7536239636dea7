import { z } from 'zod';
import { type Language, LANGUAGE_CODES, TRANSLATED_LANGUAGES } from '@server/shared/i18n/languages';
import { idInput, LIMITS, listInputBase, optionalLine, optionalText, optionalUrl, requiredLine, requiredText, STATUS_REQUIRED, TITLE_REQUIRED, tooLong } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';

export const MAX_BENEFITS = 20;
const ORDER_WHOLE = keyed('api.events.orderWhole', 'Display order must be a whole number');
const FOCUS_RANGE = keyed('api.events.focusRange', 'Focus must be a whole number from 0 to 100');
const FOCUS_BOTH = keyed('api.events.focusBoth', 'Give both focus values or neither');

/** One coordinate of the image's focal point in percent; null: no point (the centre); absent: unchanged. */
const focusPercent = z
  .number({ error: FOCUS_RANGE })
  .int(FOCUS_RANGE)
  .min(0, FOCUS_RANGE)
  .max(100, FOCUS_RANGE)
  .nullable()
  .optional();

/**
 * The focal point is given whole or not at all: both numbers, both null (back to the centre) or both
 * absent (an update keeps the stored point). The message goes on the one missing.
 */
function focusBothOrNeither(input: { imageFocusX?: number | null | undefined; imageFocusY?: number | null | undefined }, context: z.RefinementCtx) {
  const { imageFocusX: x, imageFocusY: y } = input;
  if ((x === undefined) !== (y === undefined)) {
    context.addIssue({ code: 'custom', path: [x === undefined ? 'imageFocusX' : 'imageFocusY'], message: FOCUS_BOTH });
  } else if ((x === null) !== (y === null)) {
    context.addIssue({ code: 'custom', path: [x === null ? 'imageFocusX' : 'imageFocusY'], message: FOCUS_BOTH });
  }
}

/** An event's own texts in another language; blank means not translated (English is shown). */
const translatedTexts = z.object({
  title: optionalLine(LIMITS.title),
  description: optionalText(LIMITS.longText),
});

type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
export type EventTranslations = Partial<Record<TranslatedLanguage, z.output<typeof translatedTexts>>>;

const eventFields = z.object({
  title: requiredLine(TITLE_REQUIRED, LIMITS.title),
  description: optionalText(LIMITS.longText),
  /** The title and description in the other languages (French), each optional. */
  translations: z
    .partialRecord(z.enum(TRANSLATED_LANGUAGES as [TranslatedLanguage, ...TranslatedLanguage[]]), translatedTexts)
    .default({}),
  date: optionalText(LIMITS.title),
  location: optionalText(LIMITS.shortText),
  imageUrl: requiredText(keyed('api.events.imageRequired', 'Image is required'), LIMITS.url).refine(
    (value) => optionalUrl().safeParse(value).success,
    keyed('api.urlInvalid', 'Please enter a valid URL'),
  ),
  /** Where the image's subject is, in percent from the left and from the top: the crop keeps it in view. */
  imageFocusX: focusPercent,
  imageFocusY: focusPercent,
  videoUrl: optionalUrl(),
  registrationLink: optionalUrl(keyed('api.events.registrationLink', 'Registration link must be a valid URL')),
  attendees: optionalText(LIMITS.shortText),
  benefits: z
    .array(z.string().trim().max(LIMITS.shortText, tooLong(LIMITS.shortText)))
    .max(MAX_BENEFITS, keyed('api.events.mostBenefits', `At most ${MAX_BENEFITS} benefits`, { max: MAX_BENEFITS }))
    .default([])
    .transform((items) => items.filter((item) => item !== '')),
  isActive: z.boolean().default(true),
  displayOrder: z
    .number({ error: ORDER_WHOLE })
    .int(ORDER_WHOLE)
    .min(1, keyed('api.events.orderMin', 'Display order must be at least 1'))
    .max(1_000_000, keyed('api.events.orderMax', 'Display order is too large'))
    .default(1),
});

export const createEventInput = eventFields.superRefine(focusBothOrNeither);
export type CreateEventInput = z.input<typeof createEventInput>;

/**
 * Update replaces every editable field; flags and order are required so nothing resets silently.
 * The image's focal point is the exception: left out, the stored one stays (older API clients).
 */
export const updateEventInput = eventFields
  .extend({
    id: idInput,
    isActive: z.boolean({ error: STATUS_REQUIRED }),
    displayOrder: eventFields.shape.displayOrder.unwrap(),
  })
  .superRefine(focusBothOrNeither);

export const setEventActiveInput = z.object({ id: idInput, isActive: z.boolean() });

/** Moves one event up or down one place in the display order. */
export const reorderEventInput = z.object({ id: idInput, direction: z.enum(['up', 'down']) });

export const adminEventListInput = listInputBase.extend({
  status: z.enum(['all', 'active', 'inactive']).default('all'),
});


/** The public list of active events: at most `limit` (100 by default); absent input is the default. */
export const eventListInput = z.object({ limit: z.number().int().min(1).max(100).default(100) }).default({ limit: 100 });


/** An event as the API answers it: what the REST face documents (server/http/rest-api.route.ts). */
export const eventOutput = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string().nullable(),
  location: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The image's focal point in percent from the left and the top; null: the centre. */
  imageFocusX: z.number().int().nullable(),
  imageFocusY: z.number().int().nullable(),
  videoUrl: z.string().nullable(),
  registrationLink: z.string().nullable(),
  attendees: z.string().nullable(),
  benefits: z.array(z.string()),
  isActive: z.boolean(),
  displayOrder: z.number().int(),
  translations: z.partialRecord(
    z.enum(TRANSLATED_LANGUAGES as [TranslatedLanguage, ...TranslatedLanguage[]]),
    z.object({ title: z.string().nullable(), description: z.string().nullable() }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * An event as it is read, with the days it runs derived from its slots (first and last slot start
 * of its active sessions, the upcoming ones when it has any, and those days written out); null
 * when no slot is scheduled, and `date` is then the label shown in its place.
 */
export const eventWithScheduleOutput = eventOutput.extend({
  schedule: z
    .object({
      firstStartsAt: z.string(),
      lastStartsAt: z.string(),
      /** The days written in the site's zone, in each language: { en: 'March 13 – 15, 2031', fr: '13–15 mars 2031' }. */
      days: z.object(Object.fromEntries(LANGUAGE_CODES.map((code) => [code, z.string()])) as Record<Language, z.ZodString>),
    })
    .nullable(),
});
