import { z } from 'zod';
import { CONTACT_STATUSES } from '@db/schema';
import { idInput, LIMITS, listInputBase, NAME_REQUIRED, optionalLine, optionalText, requiredEmail, requiredLine, requiredText, STATUS_REQUIRED } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';

export { CONTACT_STATUSES };

export const CONTACT_STATUS_LABELS = {
  new: 'New',
  'in-progress': 'In Progress',
  completed: 'Completed',
  closed: 'Closed',
} as const;

const contactBase = {
  name: requiredLine(NAME_REQUIRED, LIMITS.name),
  email: requiredEmail(),
  company: optionalLine(LIMITS.shortText),
  message: requiredText(keyed('validation.messageRequired', 'Message is required'), LIMITS.longText),
};

/** The public Get In Touch form. */
export const submitContactInput = z.object(contactBase);
export type SubmitContactInput = z.input<typeof submitContactInput>;

const status = z.enum(CONTACT_STATUSES, { error: STATUS_REQUIRED });

/** Staff contact modal: also status and internal notes. */
const contactFields = z.object({
  ...contactBase,
  status: status.default('new'),
  notes: optionalText(LIMITS.longText),
});
export const createContactInput = contactFields;
export type CreateContactInput = z.input<typeof createContactInput>;

export const updateContactInput = contactFields.extend({ id: idInput, status });

export const setContactStatusInput = z.object({ id: idInput, status });

export const contactListInput = listInputBase.extend({
  status: z.enum(['all', ...CONTACT_STATUSES]).default('all'),
});

/** A contact message as the API answers it: what the REST face documents (server/http/rest-api.route.ts). */
export const contactOutput = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const contactStatsOutput = z.object({
  total: z.number().int(),
  new: z.number().int(),
  inProgress: z.number().int(),
  completed: z.number().int(),
  closed: z.number().int(),
});
