// Signed webhooks (issue 37): the endpoints admins register (the signing secret encrypted by the
// app, never answered back after creation) and the deliveries, an outbox written in the same
// transaction as the change it reports, one row per endpoint and event, sent by a worker and
// retried for a day. Both dialects share this builder; the PostgreSQL form (name.postgres.ts)
// passes its native types. Frozen.
import { type Kysely, sql } from 'kysely';

export interface ColumnTypes {
  time: 'text' | 'timestamptz(3)';
  flag: 'integer' | 'boolean';
  now: ReturnType<typeof sql>;
  yes: ReturnType<typeof sql>;
}

const SQLITE: ColumnTypes = { time: 'text', flag: 'integer', now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`, yes: sql`1` };

export async function createWebhookTables(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // JSON list of the event types it receives ('booking.created'...).
    .addColumn('events', 'text', (c) => c.notNull())
    // AES-256-GCM of the whsec_ secret: shown once when made, decrypted only to sign.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', types.flag, (c) => c.notNull().defaultTo(types.yes))
    // Why it was turned off: null (by an admin, or on), 'failing' (a day without a success).
    .addColumn('disabled_reason', 'text')
    // The first failure since the last success: a day of it turns the endpoint off.
    .addColumn('failing_since', types.time)
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .addColumn('updated_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .execute();
  await db.schema.createIndex('webhook_endpoints_created_idx').on('webhook_endpoints').column('created_at').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    // What the event is about ('booking:<id>'): deliveries of one subject go out in order.
    .addColumn('subject', 'text', (c) => c.notNull())
    // The JSON body, exactly as signed and sent.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .addColumn('response_status', 'integer')
    // The first few hundred characters of the last answer, or why there was none.
    .addColumn('response_excerpt', 'text')
    .addColumn('last_attempt_at', types.time)
    .addColumn('created_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .execute();
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute();
  // A subject's deliveries: the order check (its earlier pending ones) and a person's erasure.
  await db.schema.createIndex('webhook_deliveries_subject_idx').on('webhook_deliveries').columns(['subject', 'endpoint_id', 'status', 'id']).execute();
}

export async function dropWebhookTables(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await createWebhookTables(db, SQLITE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropWebhookTables(db);
}
