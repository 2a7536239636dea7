// Request context. The inner part (deps + caller) is what procedures use and what tests build
// directly; the outer part reads the session cookie of a real HTTP request.
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGE_HEADER } from '@server/shared/i18n/languages';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthSession, type AuthUser, SESSION_COOKIE, validateSessionToken } from '@server/identity/session.service';
import type { AppDeps } from '@server/core/deps';
import { infrastructureFault } from '@server/core/errors';
import { toTRPCError } from './init';
import { type ApiTokenCaller } from '@server/api-tokens/api-tokens.service';
import { bearerCaller } from './bearer';

/** How procedures set or clear the session cookie without knowing about HTTP. */
export interface SessionCookieWriter {
  set(token: string, expiresAt: string): void;
  clear(): void;
}

export interface Context extends AppDeps {
  user: AuthUser | null;
  session: AuthSession | null;
  /** Client address, used by rate limits. */
  ip: string;
  cookies: SessionCookieWriter;
  challenge: ChallengeCookie;
  /** The language of the page that called (its header), for the messages of errors. */
  language: Language;
  /** A call with `Authorization: Bearer`: the token and its scopes (`user` is its maker); else null. */
  apiToken: ApiTokenCaller['token'] | null;
}

const noCookies: SessionCookieWriter = { set: () => undefined, clear: () => undefined };

/** The short-lived HttpOnly cookie between a right password and the second factor. */
export const TWO_FACTOR_COOKIE = 'two_factor_challenge';

/** The two-factor challenge cookie: what the request carried, and how to set or clear it. */
export interface ChallengeCookie {
  token: string | null;
  set(token: string, expiresAt: string): void;
  clear(): void;
}

const noChallenge: ChallengeCookie = { token: null, set: () => undefined, clear: () => undefined };

export function createContextInner(
  deps: AppDeps,
  caller: {
    user?: AuthUser | null;
    session?: AuthSession | null;
    ip?: string;
    cookies?: SessionCookieWriter;
    challenge?: ChallengeCookie;
    language?: Language;
    apiToken?: ApiTokenCaller['token'] | null;
  } = {},
): Context {
  return {
    ...deps,
    user: caller.user ?? null,
    session: caller.session ?? null,
    ip: caller.ip ?? '127.0.0.1',
    cookies: caller.cookies ?? noCookies,
    challenge: caller.challenge ?? noChallenge,
    language: caller.language ?? DEFAULT_LANGUAGE,
    apiToken: caller.apiToken ?? null,
  };
}

export function sessionCookieWriter(deps: AppDeps, reply: FastifyReply): SessionCookieWriter {
  const secure = deps.config.publicOrigin.startsWith('https:');
  return {
    set(token, expiresAt) {
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        expires: new Date(expiresAt),
      });
    },
    clear() {
      reply.setCookie(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 });
    },
  };
}

export function challengeCookie(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): ChallengeCookie {
  const secure = deps.config.publicOrigin.startsWith('https:');
  const token = req.cookies[TWO_FACTOR_COOKIE];
  return {
    token: token === undefined || token === '' ? null : token,
    set(value, expiresAt) {
      reply.setCookie(TWO_FACTOR_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: new Date(expiresAt) });
    },
    clear() {
      reply.setCookie(TWO_FACTOR_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 });
    },
  };
}

/** Resolves the caller of an HTTP request from its session cookie, renewing or clearing it. */
export async function authenticateRequest(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<{ user: AuthUser | null; session: AuthSession | null; cookies: SessionCookieWriter }> {
  const cookies = sessionCookieWriter(deps, reply);
  const token = req.cookies[SESSION_COOKIE];
  if (token === undefined || token === '') return { user: null, session: null, cookies };
  const validated = await validateSessionToken(deps.db, token);
  if (validated === null) {
    cookies.clear();
    return { user: null, session: null, cookies };
  }
  if (validated.renewed) cookies.set(token, validated.session.expiresAt);
  return { user: validated.user, session: validated.session, cookies };
}

export function makeCreateContext(deps: AppDeps) {
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    let caller: Awaited<ReturnType<typeof authenticateRequest>> & { apiToken?: ApiTokenCaller['token'] };
    try {
      // A bearer call is not a browser's: its cookies are never read, so a page elsewhere cannot
      // borrow a signed-in session by adding a header.
      caller = req.headers.authorization === undefined ? await authenticateRequest(deps, req, res) : await bearerCaller(deps, req);
    } catch (error) {
      // The session lookup is the first read of a request: a database fault here is a 503 too.
      const fault = deps.faults.report(error);
      if (fault !== null) throw toTRPCError(infrastructureFault(fault));
      throw error;
    }
    const language = req.headers[LANGUAGE_HEADER];
    return createContextInner(deps, {
      ...caller,
      ip: req.ip,
      challenge: challengeCookie(deps, req, res),
      ...(isLanguage(language) ? { language } : {}),
    });
  };
}
