// What the widget page and /embed.js say to each other, and what a partner site is. Shared with
// the browser; no zod here, as the widget's frame is in the first bundle.

/** What the widget page posts to the partner page when its content's height changes. */
export const HEIGHT_MESSAGE = 'booking-widget:height';

/** The query parameter that tells the widget page which page frames it (its origin). */
export const PARTNER_PARAM = 'partner';

/** Plain http only on this machine (a partner page tried beside the site); everywhere else https. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A partner site as the browser names it in frame-ancestors and in Origin: scheme, host and port
 * only, lower case, default port dropped ('https://Partner.example:443/' is 'https://partner.example').
 * Null for anything else: a path, a query, credentials, a wildcard, plain http off this machine.
 */
export function normalisedOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const plainPath = url.pathname === '/' || url.pathname === '';
  if (!plainPath || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return null;
  if (url.hostname.includes('*')) return null;
  if (url.protocol === 'https:') return url.origin;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url.origin;
  return null;
}

