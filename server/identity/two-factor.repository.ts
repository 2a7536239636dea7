// Two-factor rows: the TOTP key per account, its recovery codes (hashed) and sign-in challenges.
import type { DB } from '@db/database';
import { newId } from '@server/core/ids';

export function findCredential(db: DB, userId: string) {
  return db.selectFrom('twoFactorCredentials').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** A new (or replaced) enrolment waiting for its first code. */
export async function savePendingCredential(db: DB, userId: string, secretHex: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('twoFactorCredentials')
    .values({ userId, secret: secretHex, enabledAt: null, lastUsedStep: null, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ secret: secretHex, enabledAt: null, lastUsedStep: null, updatedAt: now }))
    .execute();
}

/**
 * Records `step` as used, only if it is newer than the last one: false means the code was already
 * used (a replay), and two requests racing with one code cannot both win.
 */
export async function claimTimeStep(db: DB, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('twoFactorCredentials')
    .set({ lastUsedStep: step, updatedAt: new Date().toISOString() })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function markEnabled(db: DB, userId: string, recoveryCodeHashes: string[]): Promise<void> {
  const now = new Date().toISOString();
  await db.updateTable('twoFactorCredentials').set({ enabledAt: now, updatedAt: now }).where('userId', '=', userId).execute();
  await db.updateTable('users').set({ twoFactorEnabled: 1, updatedAt: now }).where('id', '=', userId).execute();
  await db.deleteFrom('twoFactorRecoveryCodes').where('userId', '=', userId).execute();
  await db
    .insertInto('twoFactorRecoveryCodes')
    .values(recoveryCodeHashes.map((codeHash) => ({ id: newId(), userId, codeHash, usedAt: null, createdAt: now })))
    .execute();
}

/** Removes the key, the recovery codes and open challenges, and clears the account's flag. */
export async function removeTwoFactor(db: DB, userId: string): Promise<void> {
  const now = new Date().toISOString();
  await db.deleteFrom('twoFactorCredentials').where('userId', '=', userId).execute();
  await db.deleteFrom('twoFactorRecoveryCodes').where('userId', '=', userId).execute();
  await deleteChallengesOfUser(db, userId);
  await db.updateTable('users').set({ twoFactorEnabled: 0, updatedAt: now }).where('id', '=', userId).execute();
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export async function useRecoveryCode(db: DB, userId: string, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('twoFactorRecoveryCodes')
    .set({ usedAt: new Date().toISOString() })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function insertChallenge(db: DB, values: { id: string; userId: string; expiresAt: string }): Promise<void> {
  const now = new Date().toISOString();
  // Expired challenges of anyone are swept here, so the table stays small without a timer.
  await db.deleteFrom('twoFactorChallenges').where('expiresAt', '<=', now).execute();
  await db.insertInto('twoFactorChallenges').values({ ...values, createdAt: now }).execute();
}

export function findChallenge(db: DB, id: string) {
  return db.selectFrom('twoFactorChallenges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ends every pending sign-in challenge of the account (its password changed: they were won with the old one). */
export async function deleteChallengesOfUser(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('twoFactorChallenges').where('userId', '=', userId).execute();
}

export async function deleteChallenge(db: DB, id: string): Promise<void> {
  await db.deleteFrom('twoFactorChallenges').where('id', '=', id).execute();
}
