// Request logs never hold a secret that comes in a URL: the manage-my-booking token (page path and
// the tRPC query input) and the one-time setup token. Only hashes of those are stored, so the log
// must not become the place where they can be read back.
const MANAGE_PATH = /\/booking\/manage\/[^/?#]+/g;
const TOKEN_PARAM = /([?&]token=)[^&#]*/g;
const TOKEN_PROCEDURES = /bookings\.(manage|cancelByToken)/;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const redactedPath = path.replace(MANAGE_PATH, '/booking/manage/[redacted]');
  if (queryStart === -1) return redactedPath;
  // A tRPC GET carries the procedure input, here the token, in the query string.
  if (TOKEN_PROCEDURES.test(path)) return `${redactedPath}?[redacted]`;
  return `${redactedPath}${url.slice(queryStart).replace(TOKEN_PARAM, '$1[redacted]')}`;
}
