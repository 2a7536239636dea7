// The sessions table: rows in and out for the session logic of session.service.ts. Only the
// SHA-256 of a session's token is ever stored.
import type { DB } from '@db/database';
import { type Params, preparedQuery } from '@db/prepared';

export interface SessionRow {
  id: string;
  userId: string;
  expiresAt: string;
}

export async function insertSession(db: DB, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
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

/** The session with its account, or undefined when there is no such session. */
export function findSessionWithUser(db: DB, sessionId: string) {
  return sessionWithUserQuery.first(db, { sessionId });
}

export async function setSessionExpiry(db: DB, sessionId: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expiresAt }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: DB, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Brings every session of the account that would outlive `capIso` down to it (a shorter timeout applies at once). */
export async function capSessionExpiry(db: DB, userId: string, capIso: string): Promise<void> {
  await db.updateTable('sessions').set({ expiresAt: capIso }).where('userId', '=', userId).where('expiresAt', '>', capIso).execute();
}

/** Ends every session of a user, except `keepSessionId` when given (the caller's own). */
export async function deleteUserSessions(db: DB, userId: string, keepSessionId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (keepSessionId !== undefined) query = query.where('id', '<>', keepSessionId);
  await query.execute();
}

export async function deleteExpiredSessions(db: DB, now = Date.now()): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', new Date(now).toISOString()).execute();
}
