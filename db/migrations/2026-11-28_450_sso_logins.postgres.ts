// The single sign-on table on PostgreSQL: the same builder with a native time. Frozen.
import type { Kysely } from 'kysely';
import { createSsoLogins } from './2026-11-28_450_sso_logins';

export async function up(db: Kysely<any>): Promise<void> {
  await createSsoLogins(db, 'timestamptz(3)');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_logins').execute();
}
