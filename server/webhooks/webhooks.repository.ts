// Webhook endpoints and their deliveries (the webhooks' outbox): what admins list and change, what
// a change's transaction writes, and what the delivery worker leases and records.
import { CompiledQuery, type Insertable } from 'kysely';
import type { DB } from '@db/database';
import type { Database, WebhookDeliveryRow, WebhookDeliveryStatus, WebhookEndpointRow } from '@db/schema';
import type { Page } from '@server/shared/common.schemas';

export type NewWebhookEndpoint = Insertable<Database['webhookEndpoints']>;
export type NewWebhookDelivery = Insertable<Database['webhookDeliveries']>;

/** An endpoint as lists show it: never its secret. */
export type WebhookEndpointListRow = Omit<WebhookEndpointRow, 'secret'>;

const LIST_COLUMNS = ['id', 'url', 'description', 'events', 'enabled', 'disabledReason', 'failingSince', 'createdBy', 'createdAt', 'updatedAt'] as const;

export async function insertEndpoint(db: DB, row: NewWebhookEndpoint): Promise<void> {
  await db.insertInto('webhookEndpoints').values(row).execute();
}

export function findEndpoint(db: DB, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhookEndpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listEndpoints(db: DB, page: { page: number; pageSize: number }): Promise<Page<WebhookEndpointListRow>> {
  const [items, count] = await Promise.all([
    db
      .selectFrom('webhookEndpoints')
      .select(LIST_COLUMNS)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    db.selectFrom('webhookEndpoints').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

export async function updateEndpointRow(
  db: DB,
  id: string,
  values: { url: string; events: string; description: string | null; enabled: number; disabledReason: string | null; failingSince: string | null; updatedAt: string },
): Promise<WebhookEndpointListRow | undefined> {
  return db.updateTable('webhookEndpoints').set(values).where('id', '=', id).returning(LIST_COLUMNS).executeTakeFirst();
}

export async function deleteEndpointRow(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhookEndpoints').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The enabled endpoints with their event lists: few rows, read by every change that may notify. */
export function enabledEndpoints(db: DB): Promise<Pick<WebhookEndpointRow, 'id' | 'events'>[]> {
  return db.selectFrom('webhookEndpoints').select(['id', 'events']).where('enabled', '=', 1).execute();
}

/** What a change writes for one endpoint; the rest of the row takes its defaults. */
export type DeliveryToWrite = Pick<NewWebhookDelivery, 'id' | 'endpointId' | 'eventType' | 'subject' | 'payload' | 'nextAttemptAt' | 'createdAt'>;

const DELIVERY_COLUMNS = ['id', 'endpointId', 'eventType', 'subject', 'payload', 'nextAttemptAt', 'createdAt'] as const satisfies readonly (keyof DeliveryToWrite)[];

/** The delivery's INSERT as each dialect writes it, and the order of its parameters. */
const compiledInserts = new WeakMap<object, { sql: string; order: (keyof DeliveryToWrite)[] }>();

/**
 * The delivery's INSERT, compiled once per dialect. It runs in the transaction of every change an
 * endpoint wants, and Kysely compiling it again each time was a sixth of what an endpoint added to
 * a booking (docs/performance.md, Webhooks). The parameters' order is read from the compiled
 * query itself (each column's placeholder value is its name), not assumed.
 */
function compiledInsert(db: DB): { sql: string; order: (keyof DeliveryToWrite)[] } {
  const dialect = db.getExecutor().adapter.constructor;
  let compiled = compiledInserts.get(dialect);
  if (compiled === undefined) {
    const named = Object.fromEntries(DELIVERY_COLUMNS.map((column) => [column, column])) as Record<keyof DeliveryToWrite, string>;
    const query = db.insertInto('webhookDeliveries').values(named).compile();
    compiled = { sql: query.sql, order: query.parameters as (keyof DeliveryToWrite)[] };
    compiledInserts.set(dialect, compiled);
  }
  return compiled;
}

export async function insertDeliveries(db: DB, rows: DeliveryToWrite[]): Promise<void> {
  const { sql, order } = compiledInsert(db);
  for (const row of rows) await db.executeQuery(CompiledQuery.raw(sql, order.map((column) => row[column])));
}

/**
 * Up to `limit` deliveries due now, of enabled endpoints, oldest first; a delivery waits while an
 * earlier one of the same endpoint and subject is still pending (so a booking's events arrive in
 * the order they happened, retries included).
 */
export function dueDeliveries(db: DB, nowIso: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhookDeliveries as d')
    .innerJoin('webhookEndpoints as e', 'e.id', 'd.endpointId')
    .selectAll('d')
    .where('d.status', '=', 'pending')
    .where('d.nextAttemptAt', '<=', nowIso)
    .where('e.enabled', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhookDeliveries as earlier')
            .select('earlier.id')
            .whereRef('earlier.endpointId', '=', 'd.endpointId')
            .whereRef('earlier.subject', '=', 'd.subject')
            .where('earlier.status', '=', 'pending')
            .whereRef('earlier.id', '<', 'd.id'),
        ),
      ),
    )
    .orderBy('d.nextAttemptAt')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/**
 * Takes a due delivery by moving its next attempt to `leaseUntil`: true for the one caller, on any
 * instance, whose conditional UPDATE changed the row.
 */
export async function leaseDelivery(db: DB, id: string, expectedNextAttemptAt: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('webhookDeliveries')
    .set({ nextAttemptAt: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '=', expectedNextAttemptAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordAttempt(
  db: DB,
  id: string,
  values: { status: WebhookDeliveryStatus; attempts: number; nextAttemptAt: string; responseStatus: number | null; responseExcerpt: string | null; lastAttemptAt: string },
): Promise<void> {
  await db.updateTable('webhookDeliveries').set(values).where('id', '=', id).execute();
}

/** The endpoint answered: it is no longer failing. */
export async function clearFailing(db: DB, endpointId: string): Promise<void> {
  await db.updateTable('webhookEndpoints').set({ failingSince: null }).where('id', '=', endpointId).where('failingSince', 'is not', null).execute();
}

/** Notes the first failure since the last success; answers when the endpoint started failing. */
export async function noteFailing(db: DB, endpointId: string, nowIso: string): Promise<string> {
  await db.updateTable('webhookEndpoints').set({ failingSince: nowIso }).where('id', '=', endpointId).where('failingSince', 'is', null).execute();
  const row = await db.selectFrom('webhookEndpoints').select('failingSince').where('id', '=', endpointId).executeTakeFirst();
  return row?.failingSince ?? nowIso;
}

/** Turns a failing endpoint off; true for the one caller that did (the one that tells the admins). */
export async function disableFailingEndpoint(db: DB, endpointId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('webhookEndpoints')
    .set({ enabled: 0, disabledReason: 'failing', updatedAt: nowIso })
    .where('id', '=', endpointId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A delivery as the log shows it: never its payload. */
export type WebhookDeliveryListRow = Omit<WebhookDeliveryRow, 'payload'>;

/**
 * One endpoint's delivery log, newest first. Ids are time-ordered, so the primary key read backwards
 * is creation order and a page stops as soon as it is full; no index on the endpoint, because every
 * index here is one more page each booking's commit writes (migration 2026-11-29_210).
 */
export async function listDeliveries(db: DB, filter: { endpointId: string; page: number; pageSize: number }): Promise<Page<WebhookDeliveryListRow>> {
  const [items, count] = await Promise.all([
    db
      .selectFrom('webhookDeliveries')
      .select(['id', 'endpointId', 'eventType', 'subject', 'status', 'attempts', 'nextAttemptAt', 'responseStatus', 'responseExcerpt', 'lastAttemptAt', 'createdAt'])
      .where('endpointId', '=', filter.endpointId)
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    db
      .selectFrom('webhookDeliveries')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('endpointId', '=', filter.endpointId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

export function findDelivery(db: DB, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhookDeliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Back in line at once (a delivered or failed one is sent again, with the same webhook-id). */
export async function requeueDelivery(db: DB, id: string, nowIso: string): Promise<boolean> {
  const result = await db.updateTable('webhookDeliveries').set({ status: 'pending', nextAttemptAt: nowIso }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Retention: deliveries settled (delivered or given up) before `beforeIso` go; their bodies hold
 * personal data the log no longer needs. Settled rows keep their last attempt's time in
 * next_attempt_at, so this is a range of the (status, next_attempt_at) index.
 */
export async function deleteSettledBefore(db: DB, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('webhookDeliveries').where('status', 'in', ['delivered', 'failed']).where('nextAttemptAt', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The queue's size by state, for the metrics (read by the index on status). */
export async function countDeliveriesByStatus(db: DB): Promise<Record<WebhookDeliveryStatus, number>> {
  const rows = await db
    .selectFrom('webhookDeliveries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('total')])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy('status')
    .execute();
  const counts: Record<WebhookDeliveryStatus, number> = { pending: 0, delivered: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.total);
  return counts;
}
