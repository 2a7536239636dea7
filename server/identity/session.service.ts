// Sessions after Lucia's design (lucia-auth.com/sessions): the cookie holds a random token, the
// database holds only its SHA-256. Expiry slides: every request pushes it to now + the user's
// Session Timeout, so a session ends after that many idle minutes.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { DB } from '@db/database';
import type { Role } from '@db/schema';
import { capSessionExpiry as capExpiry, deleteExpiredSessions as deleteExpired, deleteSession, deleteUserSessions, findSessionWithUser, insertSession, setSessionExpiry } from './session.repository';

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
  await insertSession(db, session);
  return { token, session };
}

export interface ValidatedSession {
  session: AuthSession;
  user: AuthUser;
  /** True when the expiry moved and the cookie should be sent again. */
  renewed: boolean;
}

export async function validateSessionToken(db: DB, token: string, now = Date.now()): Promise<ValidatedSession | null> {
  const sessionId = sessionIdFromToken(token);
  const row = await findSessionWithUser(db, sessionId);
  if (row === undefined) return null;

  if (Date.parse(row.expiresAt) <= now) {
    await deleteSession(db, sessionId);
    return null;
  }

  const session: AuthSession = { id: row.sessionId, userId: row.id, expiresAt: row.expiresAt };
  const slidTo = expiryFrom(now, row.sessionTimeoutMinutes);
  let renewed = false;
  // Both ways: a shorter Session Timeout applies to sessions already open, not only to new ones.
  if (Math.abs(Date.parse(slidTo) - Date.parse(row.expiresAt)) >= RENEW_GRANULARITY_MS) {
    await setSessionExpiry(db, sessionId, slidTo);
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
  await deleteSession(db, sessionId);
}

/** Brings every session of the account that would outlive `capIso` down to it (a shorter timeout applies at once). */
export async function capSessionExpiry(db: DB, userId: string, capIso: string): Promise<void> {
  await capExpiry(db, userId, capIso);
}

/** Ends every session of a user, except `keepSessionId` when given (the caller's own). */
export async function invalidateUserSessions(db: DB, userId: string, keepSessionId?: string): Promise<void> {
  await deleteUserSessions(db, userId, keepSessionId);
}

/** Removes the sessions that have run out (at start-up). */
export async function deleteExpiredSessions(db: DB, now = Date.now()): Promise<void> {
  await deleteExpired(db, now);
}
