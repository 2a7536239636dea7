// Request logs never hold a secret or a person's address that comes in a URL: the manage-link
// tokens of bookings and consultations (page path, tRPC query input, the free times asked while
// moving a consultation), the one-time setup token, and the address an admin looks up in "find a
// person". Only hashes of the tokens are stored, so the log must not become the place where they
// can be read back.

/** The manage pages, in any language (`/fr/consultations/manage/...` too). */
const MANAGE_PATHS = /\/(booking|consultations)\/manage\/[^/?#]+/g;
const TOKEN_PARAM = /([?&]token=)[^&#]*/g;
/** Procedures whose GET input holds a token or an address: their whole query string goes. */
const SECRET_INPUT_PROCEDURES = /bookings\.(manage|cancelByToken)|consultations\.(manage|cancelByToken|rescheduleByToken|freeTimes)|privacy\.(findPerson|erasePerson)/;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const redactedPath = path.replace(MANAGE_PATHS, '/$1/manage/[redacted]');
  if (queryStart === -1) return redactedPath;
  // A tRPC GET carries the procedure input in the query string.
  if (SECRET_INPUT_PROCEDURES.test(path)) return `${redactedPath}?[redacted]`;
  return `${redactedPath}${url.slice(queryStart).replace(TOKEN_PARAM, '$1[redacted]')}`;
}
