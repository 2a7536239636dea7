// The session a change to one of its slots or delegates belongs to: NOT_FOUND when it is gone.
import type { DB } from '@db/database';
import { NotFoundError } from '@server/core/errors';
import * as sessions from './sessions.repository';

export async function requireSession(db: DB, sessionId: string): Promise<sessions.SessionDto> {
  const session = await sessions.findSession(db, sessionId);
  if (session === undefined) throw new NotFoundError('api.sessions.notFound');
  return session;
}
