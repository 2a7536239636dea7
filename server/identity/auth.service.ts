// Sign-in, sign-out, password changes and first-run admin creation: the rules that touch both
// accounts and sessions.
import type { DB } from '@db/database';
import { runAlone } from '@db/postgres';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { type AuthSession, type AuthUser, createSession, invalidateSession, invalidateUserSessions } from './session.service';
import type { AppDeps } from '@server/core/deps';
import type { AccountContext, LimitedContext, ServiceContext } from '@server/core/service-context';
import { countSetupLinks, deleteAllSetupLinks, setupLinkExists } from './setup-links.repository';
import { countUsers, findUserByEmail, findUserById, insertUser, recordSignInTimes, setPasswordHash } from './users.repository';
import { deleteChallenge, deleteChallengesOfUser, findChallenge } from './two-factor.repository';
import { looksLikeTotp } from './totp';
import { challengeIdFromToken, checkSecondFactor, startChallenge, tooManyAttempts as tooManyCredentialAttempts } from './two-factor.service';
import { type AuditActor, actorOf, recordAudit } from '@server/audit/audit.service';
import { signInAddresses } from '@server/audit/audit.repository';
import { inKnownNetwork } from '@server/core/account-slowdown';
import { ForbiddenError, NotFoundError, PreconditionError, TooManyRequestsError, UnauthenticatedError, invalidField, waitOf } from '@server/core/errors';
import { message } from '@server/shared/i18n/message';
import { passwordSignInAllowed } from '@server/sso/sso-settings.service';


export interface SignedIn {
  token: string;
  session: AuthSession;
  user: AuthUser;
}

function tooManyAttempts(retryAfterSeconds: number): TooManyRequestsError {
  return new TooManyRequestsError(message('api.auth.tooManySignIns', waitOf(retryAfterSeconds)), retryAfterSeconds);
}

function tooManyAccountAttempts(retryAfterSeconds: number): TooManyRequestsError {
  return new TooManyRequestsError(message('api.auth.tooManyAccountSignIns', waitOf(retryAfterSeconds)), retryAfterSeconds);
}

/** A network the account signed in from within this many days skips the account's slowdown. */
const KNOWN_NETWORK_DAYS = 90;

/**
 * The per-account slowdown (server/core/account-slowdown.ts): past the account's free failures from
 * every address together, this password check waits its turn, unless it comes from a network the
 * account signed in from lately (its owner's office or home). A turn too far off is refused for now,
 * and the attempt is not counted anywhere.
 */
async function waitForAccountTurn(deps: LimitedContext, email: string, userId: string | null, ip: string): Promise<void> {
  const slowdown = deps.limits.accountSlowdown;
  if (!(await slowdown.count(email, ip))) return;
  if (userId !== null) {
    const since = new Date(Date.now() - KNOWN_NETWORK_DAYS * 86_400_000).toISOString();
    if (inKnownNetwork(ip, await signInAddresses(deps.db, userId, since))) return;
  }
  const turn = slowdown.turn(email);
  if (!turn.allowed) {
    await slowdown.notAFailure(email);
    await deps.limits.credentials.stepPassed(email, ip);
    throw tooManyAccountAttempts(turn.retryAfterSeconds);
  }
  if (turn.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, turn.waitMs));
}

/** A session for the account, as every way of signing in starts one (and the audit row saying how). */
export async function startSession(db: DB, userId: string, ip: string, summary = 'signed in'): Promise<SignedIn> {
  const now = new Date().toISOString();
  const before = await findUserById(db, userId);
  if (before === undefined) throw new NotFoundError('api.auth.accountNotFound');
  const { token, session } = await db.transaction().execute(async (trx) => {
    // The dashboard's Last Login is the sign-in before this one.
    await recordSignInTimes(trx, userId, before.lastSignInAt, now);
    const started = await createSession(trx, userId, before.sessionTimeoutMinutes);
    await recordAudit(trx, actorOf({ user: before, ip }), { action: 'sign-in', entity: 'account', entityId: userId, summary });
    return started;
  });
  const user: AuthUser = {
    id: before.id,
    email: before.email,
    name: before.name,
    role: before.role,
    avatarUrl: before.avatarUrl,
    lastSignInAt: now,
    previousSignInAt: before.lastSignInAt,
  };
  return { token, session, user };
}

/** A right password for an account with two-factor on: the code is asked for next. */
export interface TwoFactorRequired {
  twoFactorRequired: true;
  challenge: { token: string; expiresAt: string };
}

/**
 * Checks the credentials. Any wrong part gets the same answer. Failures are counted per account
 * and client network together and per network, so a stranger's guesses elsewhere never lock the
 * owner out; past the account's failures from every address together, checks wait their turn
 * (waitForAccountTurn). For an account with two-factor on, a right password starts no session: it
 * answers a challenge for `verifyTwoFactor`.
 */
export async function signIn(
  deps: LimitedContext,
  { email, password }: { email: string; password: string },
): Promise<SignedIn | TwoFactorRequired> {
  const { ip } = deps;
  const verdict = await deps.limits.credentials.attempt(email, ip);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);

  const user = await findUserByEmail(deps.db, email);
  await waitForAccountTurn(deps, email, user?.id ?? null, ip);
  const valid = user === undefined ? (await burnPasswordCheck(password), false) : await verifyPassword(user.passwordHash, password);
  if (user === undefined || !valid) {
    await recordFailedSignIn(deps.db, email, user?.id ?? null, ip);
    deps.metrics.signInFailed();
    throw new UnauthenticatedError('api.auth.invalidCredentials');
  }
  await deps.limits.accountSlowdown.notAFailure(email);
  // With single sign-on on and the password form closed, only the owner still signs in here.
  if (!(await passwordSignInAllowed(deps, user.id))) {
    await deps.limits.credentials.succeeded(email, ip);
    throw new ForbiddenError('api.sso.passwordSignInOff');
  }
  if (user.twoFactorEnabled === 1) {
    // Earlier failures stay counted until the code is right too.
    await deps.limits.credentials.stepPassed(email, ip);
    return { twoFactorRequired: true, challenge: await startChallenge(deps.db, user.id) };
  }
  await deps.limits.credentials.succeeded(email, ip);
  return startSession(deps.db, user.id, ip);
}

/**
 * A failed sign-in: the e-mail tried (never the password), and the account it belongs to when
 * there is one, so filtering the log by that person shows attempts on their account.
 */
async function recordFailedSignIn(db: DB, email: string, userId: string | null, ip: string): Promise<void> {
  const actor: AuditActor = { userId, name: null, email, ip };
  await recordAudit(db, actor, { action: 'sign-in-failed', entity: 'account', entityId: userId, summary: `failed sign-in as ${email}` });
}

/** Ends the caller's session, when there is one; recorded with who it was and from where. */
export async function signOut(
  ctx: Pick<ServiceContext, 'db' | 'user' | 'ip'> & { session: Pick<AuthSession, 'id'> | null },
): Promise<{ signedOut: true }> {
  const { db, ip } = ctx;
  const caller = ctx.user === null || ctx.session === null ? null : { user: ctx.user, session: ctx.session };
  if (caller === null) return { signedOut: true };
  await db.transaction().execute(async (trx) => {
    await invalidateSession(trx, caller.session.id);
    await recordAudit(trx, actorOf({ user: caller.user, ip }), {
      action: 'sign-out',
      entity: 'account',
      entityId: caller.user.id,
      summary: 'signed out',
    });
  });
  return { signedOut: true };
}

/**
 * The second step of signing in: the challenge from the cookie and a current or recovery code.
 * Wrong codes count like wrong passwords.
 */
export async function verifyTwoFactor(
  deps: LimitedContext & { challenge: { token: string | null } },
  { code }: { code: string },
): Promise<SignedIn> {
  const { ip } = deps;
  const challengeToken = deps.challenge.token;
  if (challengeToken === null) throw new UnauthenticatedError('api.auth.challengeExpired');
  const challengeId = challengeIdFromToken(challengeToken);
  const challenge = await findChallenge(deps.db, challengeId);
  if (challenge === undefined || Date.parse(challenge.expiresAt) <= Date.now()) {
    if (challenge !== undefined) await deleteChallenge(deps.db, challengeId);
    throw new UnauthenticatedError('api.auth.challengeExpired');
  }
  const user = await findUserById(deps.db, challenge.userId);
  if (user === undefined) throw new UnauthenticatedError('api.auth.challengeExpired');
  const verdict = await deps.limits.credentials.attempt(user.email, ip);
  if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
  // App codes are capped per account across addresses too; recovery codes are not (see RATE_LIMITS).
  const appCode = looksLikeTotp(code);
  if (appCode) {
    const capped = await deps.limits.appCodes.check(user.email);
    if (!capped.allowed) {
      await deps.limits.credentials.stepPassed(user.email, ip);
      throw new TooManyRequestsError(message('api.auth.appCodesCapped', waitOf(capped.retryAfterSeconds)), capped.retryAfterSeconds);
    }
  }
  if (!(await checkSecondFactor(deps.db, user.id, code))) {
    await recordFailedSignIn(deps.db, user.email, user.id, ip);
    deps.metrics.twoFactorFailed();
    if (appCode) await deps.limits.appCodes.failed(user.email, ip);
    throw new UnauthenticatedError('api.auth.invalidCode');
  }
  await deps.limits.credentials.succeeded(user.email, ip);
  await deps.limits.appCodes.succeeded(user.email);
  await deleteChallenge(deps.db, challengeId);
  return startSession(deps.db, user.id, ip);
}

/** Who changes a password, for the limit on wrong current passwords (per account and address). */
export interface PasswordChanger {
  userId: string;
  sessionId: string;
  email: string;
  ip: string;
}

/** The caller of a change to their own account, as the limits and the session rules name them. */
export function passwordChangerOf(ctx: Pick<AccountContext, 'user' | 'session' | 'ip'>): PasswordChanger {
  return { userId: ctx.user.id, sessionId: ctx.session.id, email: ctx.user.email, ip: ctx.ip };
}

/**
 * The signed-in caller proves they know the account's password again before a sensitive change (a
 * new password, a new sign-in e-mail, turning two-factor on). Wrong passwords count like wrong
 * sign-in passwords, per account and address, so a borrowed session cannot guess it.
 */
export async function checkCurrentPassword(
  deps: Pick<AppDeps, 'db' | 'limits'>,
  caller: Pick<PasswordChanger, 'userId' | 'email' | 'ip'>,
  password: string,
  field = 'currentPassword',
): Promise<void> {
  const user = await findUserById(deps.db, caller.userId);
  if (user === undefined) throw new NotFoundError('api.auth.accountNotFound');
  const verdict = await deps.limits.credentials.attempt(caller.email, caller.ip);
  if (!verdict.allowed) throw tooManyCredentialAttempts(verdict.retryAfterSeconds);
  if (!(await verifyPassword(user.passwordHash, password))) throw invalidField(field, 'api.auth.currentPasswordIncorrect');
  await deps.limits.credentials.succeeded(caller.email, caller.ip);
}

/**
 * Changes the password after checking the current one; every other session of the user ends, and
 * every sign-in waiting for its second factor.
 * Wrong current passwords count like wrong sign-in passwords.
 */
export async function changePassword(
  deps: AccountContext,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
): Promise<{ changed: true }> {
  const { db } = deps;
  const caller = passwordChangerOf(deps);
  const actor = actorOf(deps);
  const { userId, sessionId: currentSessionId } = caller;
  await checkCurrentPassword(deps, caller, currentPassword);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, userId, passwordHash);
    await invalidateUserSessions(trx, userId, currentSessionId);
    // A sign-in half done with the old password (a challenge waiting for its code) ends too.
    await deleteChallengesOfUser(trx, userId);
    await recordAudit(trx, actor, { action: 'password', entity: 'user', entityId: userId, summary: 'password changed' });
  });
  return { changed: true };
}

/** First run: a setup link printed by any instance creates the first admin, once, and signs them in. */
export async function setupFirstAdmin(
  deps: Pick<AppDeps, 'db' | 'firstRun'> & Pick<ServiceContext, 'ip'>,
  input: { token: string; name: string; email: string; password: string },
): Promise<SignedIn> {
  const { ip } = deps;
  if ((await countUsers(deps.db)) > 0 || (await countSetupLinks(deps.db)) === 0) {
    throw new PreconditionError('api.auth.setupComplete');
  }
  if (!(await setupLinkExists(deps.db, input.token))) {
    throw new ForbiddenError('api.auth.setupLinkInvalid');
  }
  const passwordHash = await hashPassword(input.password);
  const created = await deps.db.transaction().execute(async (trx) => {
    // Checked again inside the write transaction, alone, so two racing requests cannot both succeed.
    await runAlone(trx, 'accounts');
    if ((await countUsers(trx)) > 0 || !(await setupLinkExists(trx, input.token))) return null;
    const user = await insertUser(trx, { name: input.name, email: input.email, passwordHash, role: 'admin' });
    // Every instance's links go with the first account, so none can be used again.
    await deleteAllSetupLinks(trx);
    return user;
  });
  if (created === null) {
    throw new PreconditionError('api.auth.setupComplete');
  }
  deps.firstRun.setupToken = null;
  return startSession(deps.db, created.id, ip);
}
