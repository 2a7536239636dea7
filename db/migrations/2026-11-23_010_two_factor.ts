// Two-factor sign-in (TOTP): the key and the last used time step of each account, its hashed
// single-use recovery codes, and the short-lived challenges between the password and the code.
// users.two_factor_enabled (from 001) stays the flag that says an account is enrolled.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('two_factor_credentials')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull()) // the TOTP key, hex
    .addColumn('enabled_at', 'text') // null while the enrolment waits for its first code
    .addColumn('last_used_step', 'integer') // the newest 30-second step that signed in; older and equal ones are refused
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull()) // SHA-256 hex of the normalised code
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user_hash_idx')
    .unique()
    .on('two_factor_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey()) // SHA-256 hex of the cookie's token
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('two_factor_challenges_user_idx').on('two_factor_challenges').column('user_id').execute();
  await db.schema.createIndex('two_factor_challenges_expires_idx').on('two_factor_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor_credentials').execute();
}
