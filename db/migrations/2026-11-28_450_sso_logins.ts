// Single sign-on for staff (issue 37): each sign-in started at the identity provider keeps its
// state (stored as its SHA-256), nonce and PKCE verifier here until the provider sends the person
// back, at most ten minutes; the row is taken once, so a state cannot be replayed. Both dialects
// share this builder; the PostgreSQL form (name.postgres.ts) passes its native time type. Frozen.
import type { Kysely } from 'kysely';

export async function createSsoLogins(db: Kysely<any>, time: 'text' | 'timestamptz(3)'): Promise<void> {
  await db.schema
    .createTable('sso_logins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    // The back-office page the person asked for before signing in.
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_logins_expires_idx').on('sso_logins').column('expires_at').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await createSsoLogins(db, 'text');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_logins').execute();
}
