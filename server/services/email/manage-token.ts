// The manage-my-booking link: a random secret per booking, of which only the SHA-256 is stored. The
// plain token exists in the e-mail that carries the link and nowhere else (the sender removes it
// from the stored copy once the message is sent).
import { createHash, randomBytes } from 'node:crypto';

export const MANAGE_PATH = '/booking/manage/';

/** 32 random bytes, base64url: 43 characters, 256 bits. */
export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashManageToken(token) };
}

export function hashManageToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function manageLink(publicOrigin: string, token: string): string {
  return `${publicOrigin}${MANAGE_PATH}${token}`;
}

/** A consultation's manage link (services/consultations): the same kind of token. */
export const CONSULTATION_MANAGE_PATH = '/consultations/manage/';

const LINK_TOKEN = /\/(booking|consultations)\/manage\/[A-Za-z0-9_-]+/g;
export const REDACTED_LINK = `${MANAGE_PATH}[removed-after-sending]`;

/** The stored copy of a sent message keeps its wording but no longer opens the booking. */
export function redactManageLinks(body: string): string {
  return body.replace(LINK_TOKEN, (_link, area: string) => (area === 'booking' ? REDACTED_LINK : `${CONSULTATION_MANAGE_PATH}[removed-after-sending]`));
}
