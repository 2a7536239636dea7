// Where a page request goes before it is rendered: one spelling per path (percent-encoding undone
// and redone), and the page's language (the address's, else the visitor's choice, else the
// browser's). No redirect built here may leave the site: every target goes through sameSiteTarget.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  isTranslatedPage,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  languageOfAcceptHeader,
  languageOfPath,
  pathInLanguage,
} from '@server/shared/i18n/languages';
import { isSitePage } from '@server/shared/site-pages';
import { EMBED_PATHS } from '@server/embed/embed.schemas';

/** The page's path without query or fragment, and '/' for the home page. */
export function pagePath(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** What an unprefixed translated page's answer depends on: the chosen language and the browser's. */
export function varyOf(pathname: string): string {
  const { path, prefixed } = languageOfPath(pathname);
  return !prefixed && isTranslatedPage(path) ? 'accept-encoding, cookie, accept-language' : 'accept-encoding';
}

/**
 * A redirect target that stays on the site. A browser reads a Location starting with `//` (or `/\\`,
 * which it takes for `//`) as another host: `/fr//evil.example/x` must not become
 * `//evil.example/x`. Any run of slashes and backslashes at the start becomes one slash.
 */
export function sameSiteTarget(target: string): string {
  return target.replace(/^[/\\]+/, '/');
}

const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Where a page request goes instead, or null to render it. The language comes from the address
 * (`/fr/...`), else from the visitor's choice (the cookie the switcher's `?lang=` sets), else from the
 * browser's Accept-Language; English pages stay at `/`. A page that exists only in English is
 * sent to its English address.
 */
export function languageRedirect(req: FastifyRequest, reply: FastifyReply, pathname: string, secure: boolean): string | null {
  const target = languageTarget(req, reply, pathname, secure);
  return target === null ? null : sameSiteTarget(target);
}

function languageTarget(req: FastifyRequest, reply: FastifyReply, pathname: string, secure: boolean): string | null {
  const { path, prefixed } = languageOfPath(pathname);
  // The widget's language is the partner page's, put in its address by /embed.js: never moved.
  if (path.startsWith(EMBED_PATHS.prefix)) return null;
  const query = new URLSearchParams(req.url.slice(pathname.length).replace(/^\?/, '').replace(/#.*$/, ''));
  const search = () => (query.size === 0 ? '' : `?${query.toString()}`);
  const chosen = query.get(LANGUAGE_PARAM);
  if (query.has(LANGUAGE_PARAM)) {
    query.delete(LANGUAGE_PARAM);
    if (isLanguage(chosen)) {
      reply.setCookie(LANGUAGE_COOKIE, chosen, { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: LANGUAGE_COOKIE_MAX_AGE_S });
      return `${pathInLanguage(path, chosen)}${search()}`;
    }
    return `${pathname}${search()}`;
  }
  // An address the site does not have stays where it is: its 404 page speaks the prefix's language.
  if (prefixed) return isTranslatedPage(path) || !isSitePage(path) ? null : `${path}${search()}`;
  if (!isTranslatedPage(path)) return null;
  const cookie = req.cookies[LANGUAGE_COOKIE];
  const preferred = isLanguage(cookie) ? cookie : languageOfAcceptHeader(req.headers['accept-language']);
  if (preferred === undefined || preferred === DEFAULT_LANGUAGE) return null;
  reply.header('vary', varyOf(pathname));
  return `${pathInLanguage(path, preferred)}${search()}`;
}

/**
 * The one spelling of a path: each segment decoded and encoded again, so that percent-encoded
 * letters (`%61`, `%2D` and `%2d`) name the page once. A segment that cannot be decoded is left as it is.
 */
export function canonicalPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return encodeURIComponent(decodeURIComponent(segment));
      } catch {
        return segment;
      }
    })
    .join('/');
}

