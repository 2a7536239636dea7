// GET /auth/sso/start and /auth/sso/callback: the browser's round trip to the identity provider.
// The start sends the browser to the provider with a state that a short-lived cookie of this
// browser carries too (so an answer started in another browser is refused); the callback signs in
// and sends the person on to the back office, to the code step when two-factor is still due, or
// back to the sign-in page saying why not (?sso=...).
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppDeps } from '@server/core/deps';
import type { LimitedContext } from '@server/core/service-context';
import { TooManyRequestsError } from '@server/core/errors';
import { DEFAULT_LANGUAGE } from '@server/shared/i18n/languages';
import { challengeCookie, sessionCookieWriter } from '@server/trpc/context';
import { SSO_PATHS, type SsoFailure } from './sso.schemas';
import { finishSsoSignIn, SSO_LOGIN_TTL_MS, startSsoSignIn } from './sso.service';

export const SSO_STATE_COOKIE = 'sso_state';

function toSignInPage(reply: FastifyReply, reason: SsoFailure): FastifyReply {
  return reply.redirect(`/admin/login?sso=${reason}`, 303);
}

export function ssoRoutes(deps: AppDeps): FastifyPluginAsync {
  const secure = deps.config.publicOrigin.startsWith('https:');
  const stateCookie = { httpOnly: true, sameSite: 'lax', secure, path: '/auth/sso' } as const;
  return async (app) => {
    app.get<{ Querystring: { redirect?: string } }>(SSO_PATHS.start, async (req, reply) => {
      const context: LimitedContext = { ...deps, user: null, ip: req.ip, language: DEFAULT_LANGUAGE };
      const redirect = typeof req.query.redirect === 'string' ? req.query.redirect : undefined;
      let started: Awaited<ReturnType<typeof startSsoSignIn>>;
      try {
        started = await startSsoSignIn(context, { returnTo: redirect });
      } catch (error) {
        if (!(error instanceof TooManyRequestsError)) throw error;
        return reply.code(429).header('Retry-After', String(error.retryAfterSeconds)).type('text/plain; charset=utf-8').send(error.message);
      }
      if (started.kind === 'failed') return toSignInPage(reply, started.reason);
      reply.setCookie(SSO_STATE_COOKIE, started.state, { ...stateCookie, maxAge: SSO_LOGIN_TTL_MS / 1000 });
      return reply.redirect(started.url, 303);
    });

    app.get(SSO_PATHS.callback, async (req, reply) => {
      const context: LimitedContext = { ...deps, user: null, ip: req.ip, language: DEFAULT_LANGUAGE };
      const cookie = req.cookies[SSO_STATE_COOKIE];
      // The state is single-use: its cookie goes whatever the answer.
      reply.setCookie(SSO_STATE_COOKIE, '', { ...stateCookie, maxAge: 0 });
      const outcome = await finishSsoSignIn(context, {
        url: `${deps.config.publicOrigin}${req.url}`,
        stateCookie: cookie === undefined || cookie === '' ? null : cookie,
      });
      if (outcome.kind === 'failed') return toSignInPage(reply, outcome.reason);
      if (outcome.kind === 'two-factor') {
        challengeCookie(deps, req, reply).set(outcome.challenge.token, outcome.challenge.expiresAt);
        return reply.redirect(`/admin/login?step=code&redirect=${encodeURIComponent(outcome.returnTo)}`, 303);
      }
      sessionCookieWriter(deps, reply).set(outcome.signedIn.token, outcome.signedIn.session.expiresAt);
      return reply.redirect(outcome.returnTo, 303);
    });
  };
}
