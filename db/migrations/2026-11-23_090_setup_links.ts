// First-run setup links shared by every instance: the SHA-256 of each one-time token a server printed
// while no account existed, so a link printed by one instance works on any other behind the same
// proxy. The token itself is never stored. Creating the first admin deletes every row in the same
// transaction. Frozen like the others.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('setup_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('setup_links').execute();
}
