// API tokens (issue 37): an admin's token for another tool (a CRM), with the scopes it may use.
// The database keeps only the SHA-256 of the token, as it does for sessions; the token itself is
// shown once. A revoked token keeps its row (the list says when it was revoked) and is refused at
// once: every request looks its hash up. Both dialects share this builder; the PostgreSQL form
// (name.postgres.ts) passes its native types. Frozen.
import { type Kysely, sql } from 'kysely';

export interface ColumnTypes {
  time: 'text' | 'timestamptz(3)';
  now: ReturnType<typeof sql>;
}

const SQLITE: ColumnTypes = { time: 'text', now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` };

export async function createApiTokenTable(db: Kysely<any>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The admin who made it: the token never acts with more than this account's rights.
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // JSON list of scopes ('bookings:read'...).
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('expires_at', types.time)
    .addColumn('last_used_at', types.time)
    .addColumn('revoked_at', types.time)
    .addColumn('created_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .execute();
  await db.schema.createIndex('api_tokens_created_idx').on('api_tokens').column('created_at').execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await createApiTokenTable(db, SQLITE);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
