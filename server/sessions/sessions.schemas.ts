import { z } from 'zod';
import { idInput, LIMITS, listInputBase, optionalLine, optionalText, optionalUrl, requiredEmail, requiredLine, timestamp } from '@server/shared/common.schemas';
import { translationsInput } from '@server/shared/i18n/translations.schemas';

export const DEFAULT_MAX_PARTICIPANTS = 20;
export const MAX_SLOTS_PER_SESSION = 200;
export const MAX_DELEGATES_PER_SESSION = 100;

export const timeSlotFields = z
  .object({
    startTime: timestamp('Start time is required'),
    endTime: timestamp('End time is required'),
  })
  .refine((slot) => slot.endTime > slot.startTime, {
    path: ['endTime'],
    message: 'End time must be after start time',
  });

export const delegateFields = z.object({
  name: requiredLine('Name is required', LIMITS.name),
  email: requiredEmail('Email is required', 'Please enter a valid email address'),
  phone: optionalLine(LIMITS.phone),
  organization: optionalLine(LIMITS.shortText),
  position: optionalLine(LIMITS.shortText),
  bio: optionalText(LIMITS.longText),
  photoUrl: optionalUrl(),
});

export const sessionFields = z.object({
  eventId: z.string({ error: 'Event is required' }).trim().min(1, 'Event is required').max(64),
  title: requiredLine('Title is required', LIMITS.title),
  description: optionalText(LIMITS.longText),
  /** The title and description in the other languages (French), each optional. */
  translations: translationsInput({ title: optionalLine(LIMITS.title), description: optionalText(LIMITS.longText) }),
  location: optionalText(LIMITS.shortText),
  facilitator: optionalText(LIMITS.name),
  /** null means no limit ('Unlimited'). */
  maxParticipants: z
    .number({ error: 'Max participants must be a whole number' })
    .int('Max participants must be a whole number')
    .min(1, 'Max participants must be at least 1')
    .max(100_000, 'Max participants is too large')
    .nullable()
    .default(DEFAULT_MAX_PARTICIPANTS),
  isActive: z.boolean().default(true),
  /** When a seat frees: null promotes the first waitlisted at once; N offers it for N hours. */
  offerHours: z
    .number({ error: 'Offer hours must be a whole number' })
    .int('Offer hours must be a whole number')
    .min(1, 'Offer hours must be at least 1')
    .max(168, 'Offer hours must be at most 168 (a week)')
    .nullable()
    .default(null),
});

/** The wizard's one save: the session, its time slots and its new delegates, in one transaction. */
export const createSessionInput = sessionFields.extend({
  timeSlots: z
    .array(timeSlotFields)
    .min(1, 'At least one time slot is required')
    .max(MAX_SLOTS_PER_SESSION, `At most ${MAX_SLOTS_PER_SESSION} time slots`),
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
  isActive: z.boolean({ error: 'Status is required' }),
  maxParticipants: sessionFields.shape.maxParticipants.unwrap(),
  /** Absent: unchanged. */
  offerHours: sessionFields.shape.offerHours.unwrap().optional(),
  /** Absent: unchanged. */
  translations: sessionFields.shape.translations.unwrap().optional(),
  timeSlots: z
    .array(timeSlotFields.and(z.object({ id: idInput.optional() })))
    .min(1, 'At least one time slot is required')
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
