// Sessions after Lucia's design (lucia-auth.com/sessions): the cookie holds a random token, the
// database holds only its SHA-256. Expiry slides: every request pushes it to now + the user's
// Session Timeout, so a session ends after that many idle minutes.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { DB } from '@db/database';
import { type Params, preparedQuery } from '@db/prepared';
import type { Role } from '@db/schema';

export const SESSION_COOKIE = 'session';

/** Renewing writes to the database; skip it when the expiry would move by less than this. */
const RENEW_GRANULARITY_MS = 60_000;

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  avatarUrl: string | null;
  lastSignInAt: string | null;
  previousSignInAt: string | null;
}

export interface AuthSession {
  id: string;
  userId: string;
  expiresAt: string;
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

function expiryFrom(now: number, timeoutMinutes: number): string {
  return new Date(now + timeoutMinutes * 60_000).toISOString();
}

export async function createSession(
  db: DB,
  userId: string,
  timeoutMinutes: number,
  now = Date.now(),
): Promise<{ token: string; session: AuthSession }> {
  const token = generateSessionToken();
  const session: AuthSession = {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: expiryFrom(now, timeoutMinutes),
  };
  await db.insertInto('sessions').values(session).execute();
  return { token, session };
}

export interface ValidatedSession {
  session: AuthSession;
  user: AuthUser;
  /** True when the expiry moved and the cookie should be sent again. */
  renewed: boolean;
}

/** Every signed-in request reads it: prepared once (db/prepared.ts). */
const sessionWithUserQuery = preparedQuery((db, args: Params<{ sessionId: string }>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id as sessionId',
      'sessions.expiresAt',
      'users.id',
      'users.email',
      'users.name',
      'users.role',
      'users.avatarUrl',
      'users.lastSignInAt',
      'users.previousSignInAt',
      'users.sessionTimeoutMinutes',
    ])
    .where('sessions.id', '=', args.sessionId),
);

export async function validateSessionToken(db: DB, token: string, now = Date.now()): Promise<ValidatedSession | null> {
  const sessionId = sessionIdFromToken(token);
  const row = await sessionWithUserQuery.first(db, { sessionId });
  if (row === undefined) return null;

  if (Date.parse(row.expiresAt) <= now) {
    await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    return null;
  }

  const session: AuthSession = { id: row.sessionId, userId: row.id, expiresAt: row.expiresAt };
  const slidTo = expiryFrom(now, row.sessionTimeoutMinutes);
  let renewed = false;
  // Both ways: a shorter Session Timeout applies to sessions already open, not only to new ones.
  if (Math.abs(Date.parse(slidTo) - Date.parse(row.expiresAt)) >= RENEW_GRANULARITY_MS) {
    await db.updateTable('sessions').set({ expiresAt: slidTo }).where('id', '=', sessionId).execute();
    session.expiresAt = slidTo;
    renewed = true;
  }
  const user: AuthUser = {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    avatarUrl: row.avatarUrl,
    lastSignInAt: row.lastSignInAt,
    previousSignInAt: row.previousSignInAt,
  };
  return { session, user, renewed };
}

export async function invalidateSession(db: DB, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user, except `keepSessionId` when given (the caller's own). */
/** Brings every session of the account that would outlive `capIso` down to it (a shorter timeout applies at once). */
export async function capSessionExpiry(db: DB, userId: string, capIso: string): Promise<void> {
  await db.updateTable('sessions').set({ expiresAt: capIso }).where('userId', '=', userId).where('expiresAt', '>', capIso).execute();
}

export async function invalidateUserSessions(db: DB, userId: string, keepSessionId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (keepSessionId !== undefined) query = query.where('id', '<>', keepSessionId);
  await query.execute();
}

export async function deleteExpiredSessions(db: DB, now = Date.now()): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', new Date(now).toISOString()).execute();
}
