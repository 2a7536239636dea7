import { z } from 'zod';
import {
  idInput,
  LIMITS,
  listInputBase,
  NAME_REQUIRED,
  optionalLine,
  optionalText,
  optionalUrl,
  requiredEmail,
  requiredLine,
  STATUS_REQUIRED,
  timestamp,
  TITLE_REQUIRED,
} from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';
import { translationsInput } from '@server/shared/i18n/translations.schemas';
import { isCurrencyCode } from '@server/shared/money';

export const DEFAULT_MAX_PARTICIPANTS = 20;
export const MAX_SLOTS_PER_SESSION = 200;
export const MAX_DELEGATES_PER_SESSION = 100;

const EVENT_REQUIRED = keyed('api.sessions.eventRequired', 'Event is required');
const MAX_WHOLE = keyed('api.sessions.maxWhole', 'Max participants must be a whole number');
const OFFER_WHOLE = keyed('api.sessions.offerWhole', 'Offer hours must be a whole number');
const SLOT_REQUIRED = keyed('api.sessions.slotRequired', 'At least one time slot is required');

const PRICE_WHOLE = keyed('api.sessions.priceWhole', 'Price must be a whole number of cents');
const PRICE_MESSAGE = keyed('api.sessions.priceRange', 'Price must be more than 0 (a free session has no price)');
const CURRENCY_MESSAGE = keyed('api.sessions.priceCurrency', 'Currency must be an ISO 4217 code such as EUR');
const TAX_MESSAGE = keyed('api.sessions.taxRate', 'Tax rate must be between 0 and 100%, with at most two decimals');

/** The most a seat may cost, in minor units: high enough for any workshop, far from a float's limits. */
export const MAX_PRICE_MINOR = 100_000_000;

/** A session's price per seat: minor units (cents) of an ISO 4217 currency and a tax rate in percent. */
export const priceInput = z.object({
  amountMinor: z.number({ error: PRICE_WHOLE }).int(PRICE_WHOLE).min(1, PRICE_MESSAGE).max(MAX_PRICE_MINOR, PRICE_MESSAGE),
  currency: z.string({ error: CURRENCY_MESSAGE }).refine(isCurrencyCode, CURRENCY_MESSAGE),
  taxRatePercent: z
    .number({ error: TAX_MESSAGE })
    .min(0, TAX_MESSAGE)
    .max(100, TAX_MESSAGE)
    .refine((rate) => Number.isInteger(Math.round(rate * 100)) && Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, TAX_MESSAGE),
});

export const timeSlotFields = z
  .object({
    startTime: timestamp(keyed('api.sessions.startRequired', 'Start time is required')),
    endTime: timestamp(keyed('api.sessions.endRequired', 'End time is required')),
  })
  .refine((slot) => slot.endTime > slot.startTime, {
    path: ['endTime'],
    message: keyed('api.sessions.endAfterStart', 'End time must be after start time'),
  });

export const delegateFields = z.object({
  name: requiredLine(NAME_REQUIRED, LIMITS.name),
  email: requiredEmail(),
  phone: optionalLine(LIMITS.phone),
  organization: optionalLine(LIMITS.shortText),
  position: optionalLine(LIMITS.shortText),
  bio: optionalText(LIMITS.longText),
  photoUrl: optionalUrl(),
});

export const sessionFields = z.object({
  eventId: z.string({ error: EVENT_REQUIRED }).trim().min(1, EVENT_REQUIRED).max(64),
  title: requiredLine(TITLE_REQUIRED, LIMITS.title),
  description: optionalText(LIMITS.longText),
  /** The title and description in the other languages (French), each optional. */
  translations: translationsInput({ title: optionalLine(LIMITS.title), description: optionalText(LIMITS.longText) }),
  location: optionalText(LIMITS.shortText),
  facilitator: optionalText(LIMITS.name),
  /** null means no limit ('Unlimited'). */
  maxParticipants: z
    .number({ error: MAX_WHOLE })
    .int(MAX_WHOLE)
    .min(1, keyed('api.sessions.maxMin', 'Max participants must be at least 1'))
    .max(100_000, keyed('api.sessions.maxTooLarge', 'Max participants is too large'))
    .nullable()
    .default(DEFAULT_MAX_PARTICIPANTS),
  isActive: z.boolean().default(true),
  /** When a seat frees: null promotes the first waitlisted at once; N offers it for N hours. */
  offerHours: z
    .number({ error: OFFER_WHOLE })
    .int(OFFER_WHOLE)
    .min(1, keyed('api.sessions.offerMin', 'Offer hours must be at least 1'))
    .max(168, keyed('api.sessions.offerMax', 'Offer hours must be at most 168 (a week)'))
    .nullable()
    .default(null),
  /** null (or absent): a free session. */
  price: priceInput.nullable().default(null),
});

/** The wizard's one save: the session, its time slots and its new delegates, in one transaction. */
export const createSessionInput = sessionFields.extend({
  timeSlots: z
    .array(timeSlotFields)
    .min(1, SLOT_REQUIRED)
    .max(MAX_SLOTS_PER_SESSION, keyed('api.sessions.mostSlots', `At most ${MAX_SLOTS_PER_SESSION} time slots`, { max: MAX_SLOTS_PER_SESSION })),
  delegates: z.array(delegateFields).max(MAX_DELEGATES_PER_SESSION).default([]),
});

/**
 * Updating from the wizard: the session's fields and, when given, the full wanted list of its time
 * slots and delegates. Items with an id are kept and updated, items without one are created, and
 * the session's items missing from the list are removed, all in one transaction.
 */
export const updateSessionInput = sessionFields.extend({
  id: idInput,
  // Required on update (no defaults), so an omitted field never reactivates or resizes a session.
  isActive: z.boolean({ error: STATUS_REQUIRED }),
  maxParticipants: sessionFields.shape.maxParticipants.unwrap(),
  /** Absent: unchanged. */
  offerHours: sessionFields.shape.offerHours.unwrap().optional(),
  /** Absent: unchanged. */
  translations: sessionFields.shape.translations.unwrap().optional(),
  /** Absent: unchanged; null: free. */
  price: priceInput.nullable().optional(),
  timeSlots: z
    .array(timeSlotFields.and(z.object({ id: idInput.optional() })))
    .min(1, SLOT_REQUIRED)
    .max(MAX_SLOTS_PER_SESSION)
    .optional(),
  delegates: z
    .array(delegateFields.extend({ id: idInput.optional() }))
    .max(MAX_DELEGATES_PER_SESSION)
    .optional(),
});

export const sessionListInput = listInputBase.extend({
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  eventId: idInput.optional(),
});

export const listByEventInput = z.object({ eventId: idInput });
export const listBySessionInput = z.object({ sessionId: idInput });

export const createTimeSlotInput = z.object({ sessionId: idInput }).and(timeSlotFields);
export const updateTimeSlotInput = z.object({ id: idInput }).and(timeSlotFields);
