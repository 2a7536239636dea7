// Sign-in, sign-out, password changes and first-run admin creation: the rules that touch both
// accounts and sessions.
import { timingSafeEqual } from 'node:crypto';
import type { DB } from '@db/database';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/password';
import { type AuthSession, type AuthUser, createSession, invalidateSession, invalidateUserSessions } from '../auth/session';
import { describeWait } from '../auth/throttle';
import type { AppDeps } from '../deps';
import { countUsers, findUserByEmail, findUserById, insertUser } from '../repositories/users';
import { type AuditActor, actorOf, recordAudit } from './audit';
import { ForbiddenError, NotFoundError, PreconditionError, TooManyRequestsError, UnauthenticatedError, invalidField } from '../errors';

export const INVALID_CREDENTIALS = 'Invalid email or password.';

export interface SignedIn {
  token: string;
  session: AuthSession;
  user: AuthUser;
}

function tooManyAttempts(retryAfterSeconds: number): TooManyRequestsError {
  return new TooManyRequestsError(
    `Too many sign-in attempts. Please try again in ${describeWait(retryAfterSeconds)}.`,
    retryAfterSeconds,
  );
}

async function startSession(db: DB, userId: string, ip: string): Promise<SignedIn> {
  const now = new Date().toISOString();
  const before = await findUserById(db, userId);
  if (before === undefined) throw new NotFoundError('Account not found.');
  const { token, session } = await db.transaction().execute(async (trx) => {
    // The dashboard's Last Login is the sign-in before this one.
    await trx
      .updateTable('users')
      .set({ previousSignInAt: before.lastSignInAt, lastSignInAt: now })
      .where('id', '=', userId)
      .execute();
    const started = await createSession(trx, userId, before.sessionTimeoutMinutes);
    await recordAudit(trx, actorOf({ user: before, ip }), { action: 'sign-in', entity: 'account', entityId: userId, summary: 'signed in' });
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

/**
 * Checks the credentials. Any wrong part gets the same answer, and after repeated failures for an
 * e-mail address or a client address the answers are refused for a growing delay.
 */
export async function signIn(deps: AppDeps, email: string, password: string, ip: string): Promise<SignedIn> {
  const emailKey = `email:${email}`;
  const ipKey = `ip:${ip}`;
  for (const verdict of [deps.limits.signInByEmail.check(emailKey), deps.limits.signInByIp.check(ipKey)]) {
    if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
  }
  // Counted as a failure before the (slow) password check, in the same tick as the check above:
  // otherwise any number of simultaneous attempts would all pass the check. A success takes it back.
  deps.limits.signInByEmail.recordFailure(emailKey);
  deps.limits.signInByIp.recordFailure(ipKey);

  const user = await findUserByEmail(deps.db, email);
  const valid = user === undefined ? (await burnPasswordCheck(password), false) : await verifyPassword(user.passwordHash, password);
  if (user === undefined || !valid) {
    await recordFailedSignIn(deps.db, email, user?.id ?? null, ip);
    throw new UnauthenticatedError(INVALID_CREDENTIALS);
  }
  deps.limits.signInByEmail.reset(emailKey);
  deps.limits.signInByIp.forgive(ipKey);
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

/** Ends the caller's session; recorded with who it was and from where. */
export async function signOut(db: DB, caller: { user: AuthUser; session: AuthSession }, ip: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await invalidateSession(trx, caller.session.id);
    await recordAudit(trx, actorOf({ user: caller.user, ip }), {
      action: 'sign-out',
      entity: 'account',
      entityId: caller.user.id,
      summary: 'signed out',
    });
  });
}

/** Changes the password after checking the current one; every other session of the user ends. */
export async function changePassword(
  db: DB,
  userId: string,
  currentSessionId: string,
  currentPassword: string,
  newPassword: string,
  actor: AuditActor,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (user === undefined) throw new NotFoundError('Account not found.');
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw invalidField('currentPassword', 'Current password is incorrect.');
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ passwordHash, updatedAt: new Date().toISOString() })
      .where('id', '=', userId)
      .execute();
    await invalidateUserSessions(trx, userId, currentSessionId);
    await recordAudit(trx, actor, { action: 'password', entity: 'user', entityId: userId, summary: 'password changed' });
  });
}

function tokensMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** First run: the setup token creates the first admin, once, and signs them in. */
export async function setupFirstAdmin(
  deps: AppDeps,
  input: { token: string; name: string; email: string; password: string },
  ip = '127.0.0.1',
): Promise<SignedIn> {
  const expected = deps.firstRun.setupToken;
  if (expected === null || (await countUsers(deps.db)) > 0) {
    throw new PreconditionError('Setup is already complete. Please sign in.');
  }
  if (!tokensMatch(expected, input.token)) {
    throw new ForbiddenError('This setup link is not valid. Use the link printed by the server.');
  }
  const passwordHash = await hashPassword(input.password);
  const created = await deps.db.transaction().execute(async (trx) => {
    // Checked again inside the write transaction so two racing requests cannot both succeed.
    if ((await countUsers(trx)) > 0) return null;
    return insertUser(trx, { name: input.name, email: input.email, passwordHash, role: 'admin' });
  });
  if (created === null) {
    throw new PreconditionError('Setup is already complete. Please sign in.');
  }
  deps.firstRun.setupToken = null;
  return startSession(deps.db, created.id, ip);
}
