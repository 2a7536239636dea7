// The audit log: one row per staff change and per sign-in, failed sign-in and sign-out, written in
// the transaction of the change. Who is kept as a snapshot (id, name, e-mail) without a foreign
// key, so deleting an account keeps its history. Frozen like the migrations before it.
import { type Kysely, sql } from 'kysely';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('user_id', 'text') // null: nobody signed in (a failed sign-in for an unknown address)
    .addColumn('actor_name', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull()) // create, update, delete, status, sign-in...: no CHECK, actions grow
    .addColumn('entity', 'text', (c) => c.notNull()) // event, booking, user, settings...
    .addColumn('entity_id', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute();
  // One index per filter, each ending in the list's order (newest first, id breaking ties), so a
  // page and its count read the index alone.
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('audit_log_user_created_idx')
    .on('audit_log')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  // Person and kind together: without it, a rare (or empty) combination scans all of one person's rows.
  await db.schema
    .createIndex('audit_log_user_entity_created_idx')
    .on('audit_log')
    .columns(['user_id', 'entity', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_entity_created_idx')
    .on('audit_log')
    .columns(['entity', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
