// Webhook endpoints (admins, audited): the address a CRM or another tool receives events at, the
// events it wants and its signing secret. The secret (`whsec_` and 32 random bytes in base64, as
// Standard Webhooks receivers expect) is answered once, when the endpoint is made, and stored
// encrypted with the calendar secrets' key (server/calendars/calendar-secrets.ts). The address is
// checked when saved (https, a name that resolves to a public address, unless
// WEBHOOK_ALLOW_PRIVATE_NETWORK) and again at each delivery (webhook-http.ts).
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { WebhookDeliveryStatus } from '@db/schema';
import { NotFoundError, invalidField } from '@server/core/errors';
import { newId } from '@server/core/ids';
import type { AuditContext, ServiceContext } from '@server/core/service-context';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { encryptSecret, secretKeyOf } from '@server/calendars/calendar-secrets';
import { CalendarHttpError, checkCalendarUrl } from '@server/calendars/calendar-http';
import type { Page } from '@server/shared/common.schemas';
import { eventsOf } from './webhook-events.service';
import {
  type WebhookEndpointListRow,
  deleteEndpointRow,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  requeueDelivery,
  updateEndpointRow,
} from './webhooks.repository';
import type {
  WebhookEvent,
  createWebhookInput,
  deleteWebhookInput,
  redeliverWebhookInput,
  updateWebhookInput,
  webhookDeliveriesInput,
  webhookListInput,
} from './webhooks.schemas';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

type ConfiguredContext = AuditContext & Pick<ServiceContext, 'config'>;

export interface WebhookEndpointDto {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEvent[];
  enabled: boolean;
  /** 'failing': turned off after a day without a successful delivery; null otherwise. */
  disabledReason: 'failing' | null;
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookDeliveryDto {
  id: string;
  /** The webhook-id header the receiver saw (the same for every attempt). */
  messageId: string;
  eventType: string;
  subject: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  responseStatus: number | null;
  responseExcerpt: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
}

function toDto(row: WebhookEndpointListRow): WebhookEndpointDto {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row.id, row.events),
    enabled: Boolean(row.enabled),
    disabledReason: row.disabledReason === 'failing' ? 'failing' : null,
    failingSince: row.failingSince,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const URL_REFUSALS = {
  'not-https': 'api.webhooks.notHttps',
  'bad-address': 'api.webhooks.urlInvalid',
  'private-address': 'api.webhooks.privateAddress',
  'site-itself': 'api.webhooks.siteItself',
  'not-found-host': 'api.webhooks.notFoundHost',
} as const;

/** The address as saved: https to a public address unless the operator allows private ones. */
async function checkEndpointUrl(ctx: Pick<ServiceContext, 'config'>, url: string): Promise<void> {
  try {
    await checkCalendarUrl(url, { allowPrivateNetwork: ctx.config.webhooks.allowPrivateNetwork, publicOrigin: ctx.config.publicOrigin });
  } catch (error) {
    if (error instanceof CalendarHttpError) {
      const failure = error.failure;
      throw invalidField('url', failure in URL_REFUSALS ? URL_REFUSALS[failure as keyof typeof URL_REFUSALS] : 'api.webhooks.urlInvalid');
    }
    throw error;
  }
}

export async function listWebhooks(ctx: Pick<ServiceContext, 'db'>, input: z.output<typeof webhookListInput>): Promise<Page<WebhookEndpointDto>> {
  const page = await listEndpoints(ctx.db, input);
  return { items: page.items.map(toDto), total: page.total };
}

/** Makes an endpoint; the answer's `secret` is the only time it is shown. */
export async function createWebhook(ctx: ConfiguredContext, input: z.output<typeof createWebhookInput>): Promise<{ endpoint: WebhookEndpointDto; secret: string }> {
  await checkEndpointUrl(ctx, input.url);
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
  const now = new Date().toISOString();
  const row = {
    id: newId(),
    url: input.url,
    description: input.description,
    events: JSON.stringify(input.events),
    secret: encryptSecret(secretKeyOf(ctx.config), secret),
    enabled: 1,
    createdBy: ctx.user?.id ?? null,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertEndpoint(trx, row);
    await recordAudit(trx, actorOf(ctx), { action: 'create', entity: 'webhook-endpoint', entityId: row.id, summary: `${input.url}: ${input.events.join(', ')}` });
  });
  return { endpoint: toDto({ ...row, disabledReason: null, failingSince: null }), secret };
}

/** Changes an endpoint; turning it on again clears why it was off and its failing time. */
export async function updateWebhook(ctx: ConfiguredContext, input: z.output<typeof updateWebhookInput>): Promise<WebhookEndpointDto> {
  await checkEndpointUrl(ctx, input.url);
  return ctx.db.transaction().execute(async (trx) => {
    const current = await findEndpoint(trx, input.id);
    if (current === undefined) throw new NotFoundError('api.webhooks.notFound');
    const keepsState = Boolean(current.enabled) === input.enabled;
    const updated = await updateEndpointRow(trx, input.id, {
      url: input.url,
      events: JSON.stringify(input.events),
      description: input.description,
      enabled: input.enabled ? 1 : 0,
      disabledReason: keepsState ? current.disabledReason : null,
      failingSince: keepsState ? current.failingSince : null,
      updatedAt: new Date().toISOString(),
    });
    if (updated === undefined) throw new NotFoundError('api.webhooks.notFound');
    const state = keepsState ? '' : input.enabled ? ', turned on' : ', turned off';
    await recordAudit(trx, actorOf(ctx), { action: 'update', entity: 'webhook-endpoint', entityId: input.id, summary: `${input.url}: ${input.events.join(', ')}${state}` });
    return toDto(updated);
  });
}

/** Removes an endpoint with its delivery log; nothing more is sent to it. */
export async function deleteWebhook(ctx: AuditContext, input: z.output<typeof deleteWebhookInput>): Promise<{ ok: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await findEndpoint(trx, input.id);
    if (current === undefined || !(await deleteEndpointRow(trx, input.id))) throw new NotFoundError('api.webhooks.notFound');
    await recordAudit(trx, actorOf(ctx), { action: 'delete', entity: 'webhook-endpoint', entityId: input.id, summary: current.url });
  });
  return { ok: true };
}

/** One endpoint's delivery log, newest first, paged. */
export async function listWebhookDeliveries(ctx: Pick<ServiceContext, 'db'>, input: z.output<typeof webhookDeliveriesInput>): Promise<Page<WebhookDeliveryDto>> {
  if ((await findEndpoint(ctx.db, input.endpointId)) === undefined) throw new NotFoundError('api.webhooks.notFound');
  const page = await listDeliveries(ctx.db, input);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      messageId: `msg_${row.id}`,
      eventType: row.eventType,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
      responseStatus: row.responseStatus,
      responseExcerpt: row.responseExcerpt,
      lastAttemptAt: row.lastAttemptAt,
      createdAt: row.createdAt,
    })),
    total: page.total,
  };
}

/** Puts a delivery back in line at once, with the same webhook-id (audited). */
export async function redeliverWebhook(ctx: AuditContext, input: z.output<typeof redeliverWebhookInput>): Promise<{ ok: true }> {
  await ctx.db.transaction().execute(async (trx) => {
    const delivery = await findDelivery(trx, input.deliveryId);
    if (delivery === undefined || !(await requeueDelivery(trx, delivery.id, new Date().toISOString()))) throw new NotFoundError('api.webhooks.deliveryNotFound');
    await recordAudit(trx, actorOf(ctx), { action: 'retry', entity: 'webhook-endpoint', entityId: delivery.endpointId, summary: `${delivery.eventType} msg_${delivery.id} sent again` });
  });
  return { ok: true };
}
