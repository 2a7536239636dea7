import {
  createWebhookInput,
  deleteWebhookInput,
  redeliverWebhookInput,
  updateWebhookInput,
  webhookDeliveriesInput,
  webhookListInput,
} from './webhooks.schemas';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhook, updateWebhook } from './webhooks.service';
import { adminProcedure, router } from '@server/trpc/init';

export const webhooksRouter = router({
  list: adminProcedure
    .meta({ description: 'Webhook endpoints, newest first, paged: address, events, description, whether on (and why off), failing since; never the secret.' })
    .input(webhookListInput)
    .query(({ ctx, input }) => listWebhooks(ctx, input)),

  create: adminProcedure
    .meta({ description: 'Adds a webhook endpoint (https address, events, optional description); answers its signing secret (`whsec_...`) once (audited).' })
    .input(createWebhookInput)
    .mutation(({ ctx, input }) => createWebhook(ctx, input)),

  update: adminProcedure
    .meta({ description: "Changes an endpoint's address, events, description, or turns it on or off; turning it on clears a failing state (audited)." })
    .input(updateWebhookInput)
    .mutation(({ ctx, input }) => updateWebhook(ctx, input)),

  delete: adminProcedure
    .meta({ description: 'Removes an endpoint and its delivery log (audited).' })
    .input(deleteWebhookInput)
    .mutation(({ ctx, input }) => deleteWebhook(ctx, input)),

  deliveries: adminProcedure
    .meta({ description: "One endpoint's delivery log, newest first, paged: event, status, attempts, last response code and excerpt, times." })
    .input(webhookDeliveriesInput)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx, input)),

  redeliver: adminProcedure
    .meta({ description: 'Sends a delivery again at once, with the same webhook-id (audited).' })
    .input(redeliverWebhookInput)
    .mutation(({ ctx, input }) => redeliverWebhook(ctx, input)),
});
