// The caller of a request carrying `Authorization: Bearer <API token>`: the token's maker with the
// token's scopes, looked up on every request (a revoke holds at once on every instance), counted by
// the tokens' own rate limit (per token, RATE_LIMITS.apiTokens). Anything else in the header, or a
// token unknown, revoked or expired, is UNAUTHORIZED.
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '@server/core/deps';
import { tooManyRequests, UnauthenticatedError } from '@server/core/errors';
import { authenticateApiToken, type ApiTokenCaller } from '@server/api-tokens/api-tokens.service';
import type { AuthSession, AuthUser } from '@server/identity/session.service';
import type { SessionCookieWriter } from './context';
import { toTRPCError } from './init';

const noCookies: SessionCookieWriter = { set: () => undefined, clear: () => undefined };
const BEARER = /^Bearer ([^\s]+)$/;

export interface BearerCaller {
  user: AuthUser;
  /**
   * Staff procedures ask for a session; a token's stands in for one, named after the token. It is
   * never stored: the procedures that use a session's id (sign-out, ending other sessions) are
   * outside every scope.
   */
  session: AuthSession;
  cookies: SessionCookieWriter;
  apiToken: ApiTokenCaller['token'];
}

export async function bearerCaller(deps: AppDeps, req: FastifyRequest): Promise<BearerCaller> {
  const match = BEARER.exec(req.headers.authorization ?? '');
  const found = match?.[1] === undefined ? null : await authenticateApiToken(deps.db, match[1]);
  if (found === null) throw toTRPCError(new UnauthenticatedError('api.apiTokens.invalid'));
  const verdict = await deps.limits.apiTokens.hit(`token:${found.token.id}`);
  if (!verdict.allowed) throw toTRPCError(tooManyRequests(verdict.retryAfterSeconds));
  return {
    user: found.user,
    session: { id: `api-token:${found.token.id}`, userId: found.user.id, expiresAt: new Date(Date.now() + 60_000).toISOString() },
    cookies: noCookies,
    apiToken: found.token,
  };
}
