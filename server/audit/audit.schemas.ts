// The audit log's list input and the words the back office shows for kinds of record. Zod only:
// the client imports this file too.
import { z } from 'zod';
import { DATE_TIME_INVALID, idInput, listInputBase, timestamp } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';

/** Kinds of record a row can be about, in the order the filter lists them. */
export const AUDIT_ENTITIES = [
  'account',
  'user',
  'event',
  'session',
  'time-slot',
  'delegate',
  'booking',
  'contact',
  'settings',
  'home-page',
  'email',
  'upload',
  'person',
  'consultation-type',
  'consultation',
  'availability',
  'calendar-connection',
  'api-token',
  'webhook-endpoint',
  'voucher',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  account: 'Sign-in',
  user: 'User',
  event: 'Event',
  session: 'Session',
  'time-slot': 'Time slot',
  delegate: 'Delegate',
  booking: 'Booking',
  contact: 'Contact',
  settings: 'Settings',
  'home-page': 'Home page',
  email: 'Email',
  upload: 'Upload',
  person: 'Person',
  'calendar-connection': 'Calendar connection',
  'consultation-type': 'Consultation type',
  consultation: 'Consultation',
  availability: 'Availability',
  'api-token': 'API token',
  'webhook-endpoint': 'Webhook endpoint',
  voucher: 'Voucher',
};

/**
 * What happened. `two-factor` is for enabling, disabling or resetting a second factor; `test-email`
 * for a test message (sent or not); `export` for a CSV export of personal data.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'reorder',
  'settings',
  'password',
  'two-factor',
  'retry',
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'test-email',
  'export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  status: 'Status changed',
  reorder: 'Reordered',
  settings: 'Settings changed',
  password: 'Password changed',
  'two-factor': 'Two-factor changed',
  retry: 'Retried',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'sign-out': 'Signed out',
  'test-email': 'Test e-mail sent',
  export: 'Exported',
};

/**
 * Newest first. `from` is inclusive and `to` exclusive, both UTC instants (the page turns the
 * site-timezone days it shows into instants); `search` matches the summary, the person's name or
 * e-mail, the address and the record id.
 */
export const auditListInput = listInputBase
  .extend({
    userId: idInput.optional(),
    entity: z.enum(AUDIT_ENTITIES, { error: keyed('api.audit.kindRequired', 'Please choose a kind of record') }).optional(),
    from: timestamp(DATE_TIME_INVALID).optional(),
    to: timestamp(DATE_TIME_INVALID).optional(),
  })
  .refine((input) => input.from === undefined || input.to === undefined || input.from < input.to, {
    message: keyed('api.audit.endAfterStart', 'The end must be after the start'),
    path: ['to'],
  });
