// Security headers on every response (pages, API answers, uploads, errors), set in onRequest so
// error and not-found answers carry them too.
// - Content-Security-Policy: scripts only from this site (the built client has no inline script);
//   styles may be inline because Mantine injects <style> tags and style attributes. Event images
//   and videos may be links to other https sites; the contact section embeds an OpenStreetMap map.
//   No page may be framed (frame-ancestors 'none').
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
import type { Config } from '@server/core/config';

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

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const https = config.publicOrigin.startsWith('https:');
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    reply.header('Permissions-Policy', permissionsPolicyOf(req.url));
    if (needsNoStore(req)) reply.header('Cache-Control', 'no-store');
    applyHelmet(req.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  // @fastify/static and route handlers may set their own Cache-Control; no-store wins.
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply) => {
    if (needsNoStore(req)) reply.header('Cache-Control', 'no-store');
  });
}
