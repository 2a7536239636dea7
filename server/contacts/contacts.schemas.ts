import { z } from 'zod';
import { CONTACT_STATUSES } from '@db/schema';
import { idInput, LIMITS, listInputBase, optionalLine, optionalText, requiredEmail, requiredLine, requiredText } from '@server/shared/common.schemas';

export { CONTACT_STATUSES };

export const CONTACT_STATUS_LABELS = {
  new: 'New',
  'in-progress': 'In Progress',
  completed: 'Completed',
  closed: 'Closed',
} as const;

const contactBase = {
  name: requiredLine('Name is required', LIMITS.name),
  email: requiredEmail('Email is required', 'Please enter a valid email address'),
  company: optionalLine(LIMITS.shortText),
  message: requiredText('Message is required', LIMITS.longText),
};

/** The public Get In Touch form. */
export const submitContactInput = z.object(contactBase);
export type SubmitContactInput = z.input<typeof submitContactInput>;

const status = z.enum(CONTACT_STATUSES, { error: 'Status is required' });

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
