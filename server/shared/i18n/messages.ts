// The server's and the shared schemas' messages in the reader's language. Schemas and services say
// their messages in English (the texts the API has always given); the messages a public page can show
// are listed here with their catalog key, and those with a value are recognised by the issue's code
// (a text too long says its limit). Anything else stays as it was said. Pure: the public forms use it
// on their own validation, the API's error formatter on what it sends.
import type { MessageKey } from './catalogs/en';
import { ONE_LINE_MESSAGE } from '@server/shared/common.schemas';
import { BOOKINGS_CLOSED_MESSAGE, MAINTENANCE_MESSAGE } from '@server/shared/site-notices';

/** An English message as schemas and services say it, and its catalog key (a test checks they agree). */
export const MESSAGE_KEYS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  [MAINTENANCE_MESSAGE, 'notice.maintenance'],
  [BOOKINGS_CLOSED_MESSAGE, 'notice.bookingsClosed'],
  [ONE_LINE_MESSAGE, 'validation.oneLine'],
  ['Must be text', 'validation.text'],
  ['Name is required', 'validation.nameRequired'],
  ['Email is required', 'validation.emailRequired'],
  ['Please enter a valid email address', 'validation.emailInvalid'],
  ['Message is required', 'validation.messageRequired'],
  ['Something went wrong. Please try again.', 'error.generic'],
  // The booking and consultation pages: their fields, and the refusals their procedures give (written
  // out rather than imported, so the contact form's chunk does not carry those schemas and services;
  // server/shared/i18n/messages.test.ts checks they are the ones the server says).
  ['Participant name is required', 'message.participantNameRequired'],
  ['Time slot is required', 'message.timeSlotRequired'],
  ['This booking link is not valid.', 'message.manageLinkInvalid'],
  ['This booking can no longer be cancelled: its session has already started.', 'message.cannotCancelStarted'],
  ['This time slot is no longer available.', 'message.slotUnavailable'],
  ['Time slot not found.', 'message.slotNotFound'],
  ['This time slot is full.', 'message.slotFull'],
  ['You already have a booking for this time slot.', 'message.duplicateBooking'],
  ['Please check your answers to the questions.', 'message.answersRefused'],
  ['Please answer this question', 'message.answerRequired'],
  ['Please choose one of the options', 'message.answerUnknownChoice'],
  ['Please choose a country from the list', 'message.answerUnknownCountry'],
  ['Please answer yes or no', 'message.answerYesNo'],
  ['This booking has no seat on offer: the offer was already answered, or none was made.', 'message.offerNone'],
  ['This offer has expired: the seat has passed to the next person on the waitlist, and this booking is cancelled.', 'message.offerExpired'],
  [
    'Sorry, the seat has just been taken by someone else. You stay on the waitlist and will be e-mailed if another seat frees up.',
    'message.offerSeatTaken',
  ],
  ['This consultation type is not available.', 'message.consultationTypeUnavailable'],
  ['This time was just taken. Please choose one of the next free times.', 'message.consultationTimeTaken'],
  ['This consultation is already cancelled.', 'message.consultationAlreadyCancelled'],
  ['This consultation has already started.', 'message.consultationAlreadyStarted'],
  ['Please choose a time', 'message.chooseTime'],
  ['Please choose a valid time zone', 'message.timeZoneInvalid'],
]);

type Translate = (key: MessageKey, values?: Record<string, unknown>) => string;

/** What a validation issue carries that its message depends on (a zod issue has these). */
export interface IssueLike {
  code: string;
  message: string;
  maximum?: number | bigint | undefined;
}

/** An English message in the reader's language, or as it is when the catalog does not have it. */
export function translateMessage(message: string, t: Translate): string {
  const key = MESSAGE_KEYS.get(message);
  return key === undefined ? message : t(key);
}

/** A validation issue's message in the reader's language: by its code when it names a limit. */
export function translateIssue(issue: IssueLike, t: Translate): string {
  if (issue.code === 'too_big' && issue.maximum !== undefined && MESSAGE_KEYS.get(issue.message) === undefined) {
    return t('validation.tooLong', { max: Number(issue.maximum) });
  }
  return translateMessage(issue.message, t);
}
