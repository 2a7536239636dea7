import { z } from 'zod';
import { EMAIL_STATUSES } from '@db/schema';
import { listInputBase } from '@server/shared/common.schemas';

export { EMAIL_STATUSES };

export const EMAIL_STATUS_LABELS = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
} as const;

/** The e-mail log: newest first, searchable by recipient and subject. */
export const emailListInput = listInputBase.extend({
  status: z.enum(['all', ...EMAIL_STATUSES]).default('all'),
});
