// An e-mail address as a whole in a text: the privacy tools look for a person's address in message
// bodies and audit summaries, and `anna@acme.co` must not find `anna@acme.com`, `joanna@acme.co` or
// `anna@acme.co.uk`. The database narrows the rows with LIKE (a substring); these decide.

/**
 * What continues an address on its left: a local part's characters, but for `=`, `/`, `&` and `?`,
 * which in a message are far more often a link's (`?email=anna@acme.co`) than an address's.
 */
const BEFORE = "(?<![A-Za-z0-9.!#$%'*+^_`{|}~-])";
/** What continues it on its right: a domain's characters, or a dot followed by one (a full stop is not). */
const AFTER = '(?![A-Za-z0-9_-]|\\.[A-Za-z0-9_-])';

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every whole occurrence of `email` in a text, in any case. */
export function wholeAddressPattern(email: string): RegExp {
  return new RegExp(`${BEFORE}${escaped(email)}${AFTER}`, 'gi');
}

/** Whether `text` holds `email` as a whole address. */
export function mentionsAddress(text: string | null, email: string): boolean {
  return text !== null && wholeAddressPattern(email).test(text);
}

/** `text` with each whole occurrence of `email` replaced by `marker`. */
export function replaceAddress(text: string, email: string, marker: string): string {
  return text.replace(wholeAddressPattern(email), marker);
}
