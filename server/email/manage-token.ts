// The manage-my-booking link: a random secret per booking, of which only the SHA-256 is stored. The
// plain token exists in the e-mail that carries the link and nowhere else (the sender removes it
// from the stored copy once the message is sent).
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_LANGUAGE, isLanguage } from '@server/shared/i18n/languages';

export const MANAGE_PATH = '/booking/manage/';

/** 32 random bytes, base64url: 43 characters, 256 bits. */
export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashManageToken(token) };
}

export function hashManageToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The address of a page of the site as a message in `language` links to it: under the language's
 * prefix (/fr/...), so a French reader lands on the French page (a page not yet translated answers
 * its French address with a redirect to the English one).
 */
export function siteLink(publicOrigin: string, path: string, language: string = DEFAULT_LANGUAGE): string {
  return !isLanguage(language) || language === DEFAULT_LANGUAGE ? `${publicOrigin}${path}` : `${publicOrigin}/${language}${path}`;
}

export function manageLink(publicOrigin: string, token: string, language: string = DEFAULT_LANGUAGE): string {
  return siteLink(publicOrigin, `${MANAGE_PATH}${token}`, language);
}

/** A consultation's manage link (services/consultations): the same kind of token. */
export const CONSULTATION_MANAGE_PATH = '/consultations/manage/';

const LINK_TOKEN = /\/(booking|consultations)\/manage\/[A-Za-z0-9_-]+/g;
export const REDACTED_LINK = `${MANAGE_PATH}[removed-after-sending]`;

/** The stored copy of a sent message keeps its wording but no longer opens the booking. */
export function redactManageLinks(body: string): string {
  return body.replace(LINK_TOKEN, (_link, area: string) => (area === 'booking' ? REDACTED_LINK : `${CONSULTATION_MANAGE_PATH}[removed-after-sending]`));
}
