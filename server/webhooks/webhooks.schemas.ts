// Webhooks: the events an endpoint may receive and the inputs of the admin procedures. Shared with
// the client, whose Integrations tab validates with the same schemas.
import { z } from 'zod';
import { idInput, isOneLine, LIMITS, optionalLine } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';

/** Every event a webhook endpoint can subscribe to; docs/api.md documents each payload. */
export const WEBHOOK_EVENTS = [
  'booking.created',
  'booking.status_changed',
  'booking.cancelled',
  'consultation.booked',
  'consultation.rescheduled',
  'consultation.cancelled',
  'contact.received',
  'payment.received',
  'payment.refunded',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

const URL_REQUIRED = keyed('api.webhooks.urlRequired', 'Endpoint URL is required');
const URL_INVALID = keyed('api.webhooks.urlInvalid', 'Please enter a web address such as https://crm.example.com/hooks');
const EVENTS_REQUIRED = keyed('api.webhooks.eventsRequired', 'Choose at least one event');

/** An http(s) address without credentials; whether it may be reached is the service's check. */
const endpointUrl = z
  .string({ error: URL_REQUIRED })
  .trim()
  .min(1, URL_REQUIRED)
  .max(LIMITS.url, URL_INVALID)
  .refine((value) => {
    if (!isOneLine(value)) return false;
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, URL_INVALID);

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: keyed('api.webhooks.eventUnknown', 'Unknown event') }), { error: EVENTS_REQUIRED })
  .min(1, EVENTS_REQUIRED)
  .transform((list) => [...new Set(list)]);

export const createWebhookInput = z.object({
  url: endpointUrl,
  events,
  description: optionalLine(LIMITS.shortText),
});

export const updateWebhookInput = z.object({
  id: idInput,
  url: endpointUrl,
  events,
  description: optionalLine(LIMITS.shortText),
  enabled: z.boolean({ error: keyed('api.webhooks.enabledRequired', 'Say whether the endpoint is on') }),
});

export const webhookListInput = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const webhookDeliveriesInput = z.object({
  endpointId: idInput,
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const deleteWebhookInput = z.object({ id: idInput });
export const redeliverWebhookInput = z.object({ deliveryId: idInput });
