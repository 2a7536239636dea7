// Security headers on every response (pages, API answers, uploads, errors), set in onRequest so
// error and not-found answers carry them too.
// - Content-Security-Policy: scripts only from this site (the built client has no inline script);
//   styles may be inline because Mantine injects <style> tags and style attributes. Event images
//   and videos may be links to other https sites; the contact section embeds an OpenStreetMap map.
//   No page may be framed (frame-ancestors 'none'), but the partner widget's pages (/embed/...),
//   which the partner sites an admin allows may frame (frame-ancestors lists them, read from the
//   settings at each request so every instance follows a change; no X-Frame-Options, which knows
//   no list). The widget's script (/embed.js) is loaded by those sites: Cross-Origin-Resource-Policy
//   cross-origin on it alone.
// - Strict-Transport-Security and upgrade-insecure-requests only when the public origin is https:
//   on plain http (a laptop, a LAN) they would make the browser refuse the site.
// - Cache-Control: no-store on every mutation and on every answer to a caller with a session
//   cookie (their pages and API answers hold private data), except the public, fingerprinted
//   built assets and uploads.
//
// The headers come from helmet's middleware, built once at start-up. (@fastify/helmet builds a new
// one on every request, which was about 9% of the CPU of a small API call under load.)
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@server/identity/session.service';
import type { IncomingMessage } from 'node:http';
import type { Config } from '@server/core/config';
import { EMBED_PATHS } from '@server/embed/embed.schemas';
import { languageOfPath } from '@server/shared/i18n/languages';

/** Every powerful feature off, the camera included. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), interest-cohort=()';

/**
 * The back office's check-in screen scans QR codes: its page alone may use the camera (a policy is
 * the document's, so the screen is opened as a page of its own: client/features/admin/AdminLayout.tsx).
 */
export const CHECK_IN_PAGE = '/admin/check-in';
const CHECK_IN_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace('camera=()', 'camera=(self)');

function permissionsPolicyOf(url: string): string {
  const pathname = url.split('?', 1)[0] ?? url;
  return pathname === CHECK_IN_PAGE || pathname === `${CHECK_IN_PAGE}/` ? CHECK_IN_PERMISSIONS_POLICY : PERMISSIONS_POLICY;
}

/** A page of the partner widget, which the allowed partner sites may frame. */
export function isEmbedPage(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? url;
  return languageOfPath(pathname).path.startsWith(EMBED_PATHS.prefix);
}

function isEmbedScript(url: string): boolean {
  return (url.split('?', 1)[0] ?? url) === EMBED_PATHS.script;
}

export function contentSecurityPolicy(https: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    // blob: for the back office's preview of a video being uploaded; https: for event videos linked from elsewhere.
    'media-src': ["'self'", 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ['https://www.openstreetmap.org'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': https ? [] : null,
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PUBLIC_STATIC = ['/assets/', '/uploads/'];

export function needsNoStore(req: FastifyRequest): boolean {
  if (!SAFE_METHODS.has(req.method)) return true;
  // Null when a hook answered before the cookie plugin read them (a request shed under load).
  const cookies: FastifyRequest['cookies'] | null = req.cookies;
  const token = cookies?.[SESSION_COOKIE];
  if (token === undefined || token === '') return false;
  return !PUBLIC_STATIC.some((prefix) => req.url.startsWith(prefix));
}

/** The partner sites allowed to frame the widget pages, read at each widget request. */
export type EmbedAncestors = () => Promise<string[]>;

export function registerSecurityHeaders(app: FastifyInstance, config: Config, embedAncestors: EmbedAncestors): void {
  const https = config.publicOrigin.startsWith('https:');
  const common = {
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  } as const;
  const applyHelmet = helmet({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const applyScriptHelmet = helmet({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  // The widget page's frame-ancestors, per request: the allowed sites read just before.
  const ancestorsOf = new WeakMap<IncomingMessage, string>();
  const applyEmbedHelmet = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...contentSecurityPolicy(https), 'frame-ancestors': [(req: IncomingMessage) => ancestorsOf.get(req) ?? "'none'"] },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: false,
  });
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    reply.header('Permissions-Policy', permissionsPolicyOf(req.url));
    if (needsNoStore(req)) reply.header('Cache-Control', 'no-store');
    const finish = (apply: typeof applyHelmet) =>
      apply(req.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    // Only a widget page waits for the database; every other answer stays synchronous here.
    if (!isEmbedPage(req.url)) return finish(isEmbedScript(req.url) ? applyScriptHelmet : applyHelmet);
    // A widget page is a copy of the site's own booking page inside a partner's: search engines
    // index the original (in the sitemap), never the copy.
    reply.header('X-Robots-Tag', 'noindex');
    embedAncestors().then(
      (origins) => {
        ancestorsOf.set(req.raw, origins.length === 0 ? "'none'" : origins.join(' '));
        finish(applyEmbedHelmet);
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
  // @fastify/static and route handlers may set their own Cache-Control; no-store wins.
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply) => {
    if (needsNoStore(req)) reply.header('Cache-Control', 'no-store');
  });
}
