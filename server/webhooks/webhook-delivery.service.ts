// The webhooks' sender: a loop in the server process (like the e-mail sender) that takes the due
// deliveries and POSTs each, signed per the Standard Webhooks specification with the endpoint's
// secret (`standardwebhooks`: webhook-id, webhook-timestamp, webhook-signature). A 2xx answer is
// a delivery; anything else is retried after 1, 5 and 15 minutes and then hourly, until an attempt
// a day or more after the event fails too, when the delivery gives up ('failed').
//
// Once across instances: a delivery is taken by a conditional UPDATE that moves its next attempt
// past the request's deadline (a lease, as the calendar write-back does), so of several senders
// exactly one sends it; a process that dies mid-request leaves the lease to run out and the
// delivery goes again with the same webhook-id, which receivers use to de-duplicate. In order per
// subject: a delivery waits while an earlier one of the same endpoint and booking (consultation,
// contact) is pending (webhooks.repository.ts, dueDeliveries), retries included.
//
// An endpoint failing for a day (no success since its first failure 24 hours ago) is turned off and
// the admins are told once (a system alert written with the change that turned it off).
import { Webhook } from 'standardwebhooks';
import type { DB } from '@db/database';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '@db/schema';
import type { ServiceDeps } from '@server/core/deps';
import { decryptSecret, secretKeyOf } from '@server/calendars/calendar-secrets';
import { raiseSystemAlert, webhookDisabledAlert } from '@server/monitoring/system-alerts.service';
import { clearFailing, deleteSettledBefore, disableFailingEndpoint, dueDeliveries, findEndpoint, leaseDelivery, noteFailing, recordAttempt } from './webhooks.repository';
import { sendWebhook, WebhookSendError } from './webhook-http';

/** The waits after the first, second and third failures; every later one waits an hour. */
const RETRY_WAITS_MS = [60_000, 5 * 60_000, 15 * 60_000] as const;
const RETRY_HOURLY_MS = 3_600_000;
/** A delivery gives up, and an endpoint failing this long is turned off. */
export const GIVE_UP_MS = 24 * 3_600_000;
const BATCH_SIZE = 50;
/** Rounds of one pass at most: each round sends the next event of every subject. */
const MAX_ROUNDS = 20;
/** Requests in flight at once (each to a different subject, so order holds). */
const CONCURRENCY = 5;

export function retryDelayMs(failedAttempts: number): number {
  return RETRY_WAITS_MS[failedAttempts - 1] ?? RETRY_HOURLY_MS;
}

/** The Standard Webhooks message id of a delivery: stable across its retries and redeliveries. */
export function messageIdOf(delivery: Pick<WebhookDeliveryRow, 'id'>): string {
  return `msg_${delivery.id}`;
}

/** The signed headers of one attempt; `sentAt` is the real time of sending (receivers check it). */
export function signedHeaders(secret: string, delivery: Pick<WebhookDeliveryRow, 'id' | 'payload'>, sentAt: Date): Record<string, string> {
  const id = messageIdOf(delivery);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, sentAt, delivery.payload),
  };
}

type Outcome = { ok: true; status: number; excerpt: string } | { ok: false; status: number | null; excerpt: string };

async function attempt(deps: Pick<ServiceDeps, 'config'>, endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow): Promise<Outcome> {
  let secret: string;
  try {
    secret = decryptSecret(secretKeyOf(deps.config), endpoint.secret);
  } catch {
    return { ok: false, status: null, excerpt: 'The signing secret cannot be read: make a new endpoint' };
  }
  try {
    // Signed with the real time, not the scheduler's clock: receivers compare it with theirs.
    const answer = await sendWebhook(endpoint.url, signedHeaders(secret, delivery, new Date()), delivery.payload, {
      allowPrivateNetwork: deps.config.webhooks.allowPrivateNetwork,
      publicOrigin: deps.config.publicOrigin,
      timeoutMs: deps.config.webhooks.timeoutMs,
    });
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, excerpt: answer.excerpt };
  } catch (error) {
    if (error instanceof WebhookSendError) return { ok: false, status: null, excerpt: error.message };
    throw error;
  }
}

async function record(trx: DB, deps: Pick<ServiceDeps, 'config'>, endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow, outcome: Outcome, at: Date): Promise<void> {
  const attempts = delivery.attempts + 1;
  const atIso = at.toISOString();
  if (outcome.ok) {
    await recordAttempt(trx, delivery.id, { status: 'delivered', attempts, nextAttemptAt: atIso, responseStatus: outcome.status, responseExcerpt: outcome.excerpt, lastAttemptAt: atIso });
    await clearFailing(trx, endpoint.id);
    return;
  }
  const next = at.getTime() + retryDelayMs(attempts);
  // The first attempt a day or more after the event is the last: so an endpoint that never answered
  // has failed for a whole day by then, and is turned off below.
  const gaveUp = at.getTime() - Date.parse(delivery.createdAt) >= GIVE_UP_MS;
  await recordAttempt(trx, delivery.id, {
    status: gaveUp ? 'failed' : 'pending',
    attempts,
    // A delivery that gave up keeps its last attempt's time here (retention counts from it).
    nextAttemptAt: gaveUp ? atIso : new Date(next).toISOString(),
    responseStatus: outcome.status,
    responseExcerpt: outcome.excerpt,
    lastAttemptAt: atIso,
  });
  const failingSince = await noteFailing(trx, endpoint.id, atIso);
  if (at.getTime() - Date.parse(failingSince) >= GIVE_UP_MS && (await disableFailingEndpoint(trx, endpoint.id, atIso))) {
    await raiseSystemAlert(trx, deps.config.publicOrigin, webhookDisabledAlert({ url: endpoint.url, failingSince, lastError: outcome.status === null ? outcome.excerpt : `HTTP ${outcome.status}` }), at);
  }
}

/** Leases, sends and records one delivery; true when the receiver took it. */
async function deliverOne(deps: Pick<ServiceDeps, 'db' | 'config'>, delivery: WebhookDeliveryRow, at: Date): Promise<boolean> {
  const lease = new Date(at.getTime() + deps.config.webhooks.timeoutMs + 60_000).toISOString();
  if (!(await leaseDelivery(deps.db, delivery.id, delivery.nextAttemptAt, lease))) return false;
  const endpoint = await findEndpoint(deps.db, delivery.endpointId);
  if (endpoint === undefined) return false;
  const outcome = await attempt(deps, endpoint, delivery);
  await deps.db.transaction().execute((trx) => record(trx, deps, endpoint, delivery, outcome, at));
  return outcome.ok;
}

/**
 * One pass at `at`: round after round, every due delivery whose subject has nothing earlier
 * waiting, until none is due (or MAX_ROUNDS). Answers how many were delivered.
 */
export async function processDueWebhooks(deps: Pick<ServiceDeps, 'db' | 'config'>, at: Date): Promise<number> {
  let delivered = 0;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const due = await dueDeliveries(deps.db, at.toISOString(), BATCH_SIZE);
    if (due.length === 0) break;
    const queue = [...due];
    let sentThisRound = 0;
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        if (await deliverOne(deps, next, at)) delivered += 1;
        sentThisRound += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
    if (sentThisRound === 0) break;
  }
  return delivered;
}

/** How long the delivery log keeps a delivered or given-up delivery (and the personal data in it). */
export const DELIVERY_LOG_DAYS = 30;

/** Deletes the deliveries settled more than DELIVERY_LOG_DAYS before `at`; answers how many. */
export function applyWebhookRetention(deps: Pick<ServiceDeps, 'db'>, at: Date): Promise<number> {
  return deleteSettledBefore(deps.db, new Date(at.getTime() - DELIVERY_LOG_DAYS * 86_400_000).toISOString());
}
