// Cross-site request forgery guard: state-changing requests must come from this site. Browsers
// always send Origin on cross-origin POSTs; scripts such as curl send none and carry no ambient
// cookies, so a missing Origin is allowed unless Sec-Fetch-Site says the request is cross-site.
import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSameOriginRequest(req: FastifyRequest, publicOrigin: string, trustProxy: boolean): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const origin = req.headers.origin;
  const fetchSite = req.headers['sec-fetch-site'];
  if (origin === undefined || origin === '') {
    return fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
  }
  if (origin === publicOrigin) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const forwardedHost = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const host = typeof forwardedHost === 'string' && forwardedHost !== '' ? forwardedHost.split(',')[0]?.trim() : req.headers.host;
  return host !== undefined && originHost === host;
}
