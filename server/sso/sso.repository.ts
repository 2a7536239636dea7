// Single sign-on's rows: the settings group 'sso' (one JSON row, read field by field like every
// settings group) and the sign-ins waiting for the identity provider's answer.
import { z } from 'zod';
import type { DB } from '@db/database';
import { readStoredFields } from '@server/core/stored-json';

const storedSsoFields = {
  /** Empty: single sign-on is off. */
  issuer: z.string(),
  clientId: z.string(),
  /** AES-256-GCM (server/calendars/calendar-secrets.ts); never answered back. */
  clientSecret: z.string().nullable(),
  buttonLabel: z.string(),
  allowedDomains: z.array(z.string()),
  passwordSignIn: z.boolean(),
};
export type StoredSsoSettings = z.output<z.ZodObject<typeof storedSsoFields>>;

export const DEFAULT_SSO_SETTINGS: StoredSsoSettings = {
  issuer: '',
  clientId: '',
  clientSecret: null,
  buttonLabel: '',
  allowedDomains: [],
  passwordSignIn: true,
};

export async function readSsoSettings(db: DB): Promise<StoredSsoSettings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'sso').executeTakeFirst();
  return readStoredFields('settings group "sso"', row?.value, storedSsoFields, DEFAULT_SSO_SETTINGS);
}

export async function saveSsoSettings(db: DB, settings: StoredSsoSettings): Promise<void> {
  const value = JSON.stringify(settings);
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('settings')
    .values({ key: 'sso', value, updatedAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updatedAt }))
    .execute();
}

/** The owner: the first admin account made (the one the setup link created), who keeps the password form. */
export async function findOwnerId(db: DB): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface PendingSsoLogin {
  stateHash: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  expiresAt: string;
}

export async function insertSsoLogin(db: DB, login: PendingSsoLogin): Promise<void> {
  await db.insertInto('ssoLogins').values(login).execute();
}

/** Takes the waiting sign-in of `stateHash` out, so a second use of the same state finds nothing. */
export function takeSsoLogin(db: DB, stateHash: string): Promise<PendingSsoLogin | undefined> {
  return db.deleteFrom('ssoLogins').where('stateHash', '=', stateHash).returningAll().executeTakeFirst();
}

export async function deleteExpiredSsoLogins(db: DB, nowIso: string): Promise<void> {
  await db.deleteFrom('ssoLogins').where('expiresAt', '<=', nowIso).execute();
}
