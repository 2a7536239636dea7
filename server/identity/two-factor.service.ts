// Two-factor sign-in: enrolment (setup, then enable with a first code), turning it off, the admin's
// reset for a locked-out colleague, the second-factor check and the sign-in challenge.
// Each exported function is one action, so an audit hook can be added around it.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import type { DB } from '@db/database';
import { generateSessionToken, invalidateUserSessions } from './session.service';
import { verifyPassword } from './password';
import {
  RECOVERY_CODE_COUNT,
  hashRecoveryCode,
  looksLikeTotp,
  matchTotpStep,
  newRecoveryCode,
  newTotpKey,
} from './totp';
import type { AccountContext, AuditContext } from '@server/core/service-context';
import { NotFoundError, PreconditionError, TooManyRequestsError, invalidField, waitOf } from '@server/core/errors';
import { message } from '@server/shared/i18n/message';
import { getSystemSettings } from '@server/settings/settings.repository';
import { findUserById } from './users.repository';
import {
  claimTimeStep,
  findCredential,
  insertChallenge,
  markEnabled,
  removeTwoFactor,
  savePendingCredential,
  useRecoveryCode,
} from './two-factor.repository';
import { actorOf, recordAudit } from '@server/audit/audit.service';

/** How long the challenge between the password and the code lives. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export function tooManyAttempts(retryAfterSeconds: number): TooManyRequestsError {
  return new TooManyRequestsError(message('api.auth.tooManyAttempts', waitOf(retryAfterSeconds)), retryAfterSeconds);
}

/**
 * Checks a second factor of an enrolled account: a current code (one step of drift either way)
 * that has not signed in before, or an unused recovery code, which is then used up.
 */
export async function checkSecondFactor(db: DB, userId: string, code: string, now = Date.now()): Promise<boolean> {
  const credential = await findCredential(db, userId);
  if (credential === undefined || credential.enabledAt === null) return false;
  if (looksLikeTotp(code)) {
    const step = matchTotpStep(credential.secret, code, now);
    return step !== null && claimTimeStep(db, userId, step);
  }
  return useRecoveryCode(db, userId, hashRecoveryCode(code));
}

/** Starts (or restarts) an enrolment: a new key, enabled by nothing until `enableTwoFactor`. */
export async function setupTwoFactor(ctx: Pick<AccountContext, 'db' | 'user' | 'ip'>): Promise<{ secret: string; uri: string }> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const actor = actorOf(ctx);
  const user = await findUserById(db, userId);
  if (user === undefined) throw new NotFoundError('api.auth.accountNotFound');
  if (user.twoFactorEnabled === 1) throw new PreconditionError('api.twoFactor.alreadyOn');
  const key = newTotpKey(user.email, (await getSystemSettings(db)).siteName);
  await db.transaction().execute(async (trx) => {
    await savePendingCredential(trx, userId, key.hex);
    await recordAudit(trx, actor, { action: 'two-factor', entity: 'user', entityId: userId, summary: 'two-factor set-up started' });
  });
  return { secret: key.base32, uri: key.uri };
}

/**
 * Finishes the enrolment with the account's password and a current code; answers the recovery
 * codes, shown this once. Every other session of the account ends: whoever held one without the
 * second factor must now pass it. The password keeps a borrowed session from locking the owner
 * behind an authenticator the borrower holds.
 */
export async function enableTwoFactor(deps: AccountContext, input: { password: string; code: string }): Promise<{ recoveryCodes: string[] }> {
  const caller = { userId: deps.user.id, sessionId: deps.session.id, email: deps.user.email, ip: deps.ip };
  const actor = actorOf(deps);
  const credential = await findCredential(deps.db, caller.userId);
  if (credential !== undefined && credential.enabledAt !== null) throw new PreconditionError('api.twoFactor.alreadyOn');
  if (credential === undefined) throw new PreconditionError('api.twoFactor.notStarted');
  const user = await findUserById(deps.db, caller.userId);
  if (user === undefined) throw new NotFoundError('api.auth.accountNotFound');
  const verdict = await deps.limits.credentials.attempt(caller.email, caller.ip);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
  if (!(await verifyPassword(user.passwordHash, input.password))) throw invalidField('password', 'api.auth.currentPasswordIncorrect');
  const step = matchTotpStep(credential.secret, input.code);
  if (step === null) throw invalidField('code', 'api.auth.invalidCode');
  await deps.limits.credentials.succeeded(caller.email, caller.ip);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
  await deps.db.transaction().execute(async (trx) => {
    // The enrolment's code counts as used: it cannot sign in afterwards.
    await claimTimeStep(trx, caller.userId, step);
    await markEnabled(trx, caller.userId, recoveryCodes.map(hashRecoveryCode));
    await invalidateUserSessions(trx, caller.userId, caller.sessionId);
    await recordAudit(trx, actor, { action: 'two-factor', entity: 'user', entityId: caller.userId, summary: 'two-factor enabled' });
  });
  return { recoveryCodes };
}

/** Turns two-factor off; needs the password and a current (or recovery) code, throttled like sign-in. */
export async function disableTwoFactor(
  deps: Omit<AccountContext, 'session'>,
  input: { password: string; code: string },
): Promise<{ twoFactorEnabled: false }> {
  const caller = { userId: deps.user.id, email: deps.user.email, ip: deps.ip };
  const actor = actorOf(deps);
  const user = await findUserById(deps.db, caller.userId);
  if (user === undefined) throw new NotFoundError('api.auth.accountNotFound');
  if (user.twoFactorEnabled !== 1) throw new PreconditionError('api.twoFactor.notOn');
  const verdict = await deps.limits.credentials.attempt(caller.email, caller.ip);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
  if (!(await verifyPassword(user.passwordHash, input.password))) throw invalidField('password', 'api.auth.currentPasswordIncorrect');
  if (!(await checkSecondFactor(deps.db, user.id, input.code))) throw invalidField('code', 'api.auth.invalidCode');
  await deps.limits.credentials.succeeded(caller.email, caller.ip);
  await deps.db.transaction().execute(async (trx) => {
    await removeTwoFactor(trx, user.id);
    await recordAudit(trx, actor, { action: 'two-factor', entity: 'user', entityId: user.id, summary: 'two-factor disabled' });
  });
  return { twoFactorEnabled: false };
}

/** An admin turns two-factor off for a colleague who lost the device and the recovery codes. */
export async function resetTwoFactor(ctx: AuditContext, { id: userId }: { id: string }): Promise<{ id: string; twoFactorEnabled: false }> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  const user = await findUserById(db, userId);
  if (user === undefined) throw new NotFoundError('api.auth.accountNotFound');
  await db.transaction().execute(async (trx) => {
    await removeTwoFactor(trx, userId);
    await recordAudit(trx, actor, { action: 'two-factor', entity: 'user', entityId: userId, summary: `two-factor reset for ${user.email}` });
  });
  return { id: userId, twoFactorEnabled: false };
}

export function challengeIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** After a right password: a challenge whose token goes into the short-lived cookie. */
export async function startChallenge(db: DB, userId: string, now = Date.now()): Promise<{ token: string; expiresAt: string }> {
  const token = generateSessionToken();
  const expiresAt = new Date(now + CHALLENGE_TTL_MS).toISOString();
  await insertChallenge(db, { id: challengeIdFromToken(token), userId, expiresAt });
  return { token, expiresAt };
}
