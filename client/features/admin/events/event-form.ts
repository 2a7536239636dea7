// The event form's values and their mapping to the API input. Validation is the server's own schema
// (server/events/events.schemas.ts), run on what would be sent, so the messages match word for word.
import { schemaResolver } from '@mantine/form';
import { type CreateEventInput, createEventInput } from '@server/events/events.schemas';
import type { RouterOutputs } from '@client/trpc';
import { TRANSLATED_LANGUAGES } from '@server/shared/i18n/languages';

type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** The title and description in another language: '' for not translated (English is shown). */
export interface TranslatedFormTexts {
  title: string;
  description: string;
}

export type EventDto = RouterOutputs['events']['adminList']['items'][number];

/** Text fields hold '' for "none"; the schema turns blanks into null. */
export interface EventFormValues {
  title: string;
  description: string;
  date: string;
  location: string;
  imageUrl: string;
  /** The image's focal point in percent; '' (NumberInput's empty) for none, the centre. */
  imageFocusX: number | string;
  imageFocusY: number | string;
  videoUrl: string;
  registrationLink: string;
  attendees: string;
  benefits: string[];
  /** NumberInput gives '' while the field is empty. */
  displayOrder: number | string;
  isActive: boolean;
  translations: Record<TranslatedLanguage, TranslatedFormTexts>;
}

function translationsOf(event: EventDto | null): Record<TranslatedLanguage, TranslatedFormTexts> {
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((code) => [
      code,
      { title: event?.translations[code]?.title ?? '', description: event?.translations[code]?.description ?? '' },
    ]),
  ) as Record<TranslatedLanguage, TranslatedFormTexts>;
}

export const DEFAULT_DISPLAY_ORDER = 1;

export function emptyEventForm(): EventFormValues {
  return {
    title: '',
    description: '',
    date: '',
    location: '',
    imageUrl: '',
    imageFocusX: '',
    imageFocusY: '',
    videoUrl: '',
    registrationLink: '',
    attendees: '',
    benefits: [],
    displayOrder: DEFAULT_DISPLAY_ORDER,
    isActive: true,
    translations: translationsOf(null),
  };
}

export function eventFormValues(event: EventDto): EventFormValues {
  return {
    title: event.title,
    description: event.description ?? '',
    date: event.date ?? '',
    location: event.location ?? '',
    imageUrl: event.imageUrl ?? '',
    imageFocusX: event.imageFocusX ?? '',
    imageFocusY: event.imageFocusY ?? '',
    videoUrl: event.videoUrl ?? '',
    registrationLink: event.registrationLink ?? '',
    attendees: event.attendees ?? '',
    benefits: [...event.benefits],
    displayOrder: event.displayOrder,
    isActive: event.isActive,
    translations: translationsOf(event),
  };
}

/**
 * The display order falls back to 1 when it is empty or not a number. A number
 * that breaks the rules (0, 2.5) is kept, so the schema's message tells the person what is wrong.
 */
export function displayOrderOf(value: number | string): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : DEFAULT_DISPLAY_ORDER;
  const trimmed = value.trim();
  const parsed = Number(trimmed);
  return trimmed === '' || !Number.isFinite(parsed) ? DEFAULT_DISPLAY_ORDER : parsed;
}

/**
 * A focal point coordinate as sent: null when empty (both empty: the centre). A number outside
 * 0-100 or not whole is kept, so the schema's message tells the person what is wrong.
 */
export function focusOf(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  const parsed = Number(trimmed);
  return trimmed === '' || !Number.isFinite(parsed) ? null : parsed;
}

/** What the form sends. Blank benefits go too: the schema drops them, here and on the server. */
export function toEventInput(values: EventFormValues) {
  return {
    ...values,
    imageFocusX: focusOf(values.imageFocusX),
    imageFocusY: focusOf(values.imageFocusY),
    displayOrder: displayOrderOf(values.displayOrder),
  } satisfies CreateEventInput;
}

const resolveEventInput = schemaResolver(createEventInput, { sync: true });

/** Field messages for the form, keyed like its fields ('title', 'imageUrl', 'benefits.0'). */
export function validateEventForm(values: EventFormValues) {
  return resolveEventInput(toEventInput(values));
}
