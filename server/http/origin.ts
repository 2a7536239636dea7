// Cross-site request forgery guard: state-changing requests must come from this site. Browsers
// always send Origin on cross-origin POSTs; scripts such as curl send none and carry no ambient
// cookies, so a missing Origin is allowed unless Sec-Fetch-Site says the request is cross-site.
// An Origin must match PUBLIC_ORIGIN in scheme, host and port: the Host header (or a forwarded
// host) is chosen by the caller, so it is never a reason to accept one.
import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** scheme://host:port with default ports dropped and the host lower-cased, or null if not an http(s) origin. */
export function normalizeOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

export function isSameOriginRequest(req: FastifyRequest, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const origin = req.headers.origin;
  const fetchSite = req.headers['sec-fetch-site'];
  if (origin === undefined || origin === '') {
    return fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
  }
  const normalized = normalizeOrigin(origin);
  return normalized !== null && normalized === normalizeOrigin(publicOrigin);
}
