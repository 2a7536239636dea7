// Single sign-on for staff (OpenID Connect): the Settings form's fields and what the sign-in page
// reads. Shared with the browser.
import { z } from 'zod';
import { isOneLine, LIMITS, ONE_LINE_MESSAGE, tooLong } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';

const ISSUER_INVALID = keyed('api.sso.issuerInvalid', 'Enter the issuer as an https:// address (http:// only on this machine)');
const CLIENT_ID_REQUIRED = keyed('api.sso.clientIdRequired', 'Client ID is required');
const BUTTON_LABEL_REQUIRED = keyed('api.sso.buttonLabelRequired', 'Button label is required');
const DOMAIN_INVALID = keyed('api.sso.domainInvalid', 'Enter domains such as example.com');
const SECRET_TOO_LONG = keyed('api.sso.secretTooLong', 'Client secret is too long');

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** An issuer is https, or http on this machine only (a provider run beside the site for a trial). */
export function isAcceptableIssuer(value: string): boolean {
  const url = parsedUrl(value);
  if (url === null || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return false;
  return url.protocol === 'https:' || isLoopbackIssuer(value);
}

/** An http:// issuer on this machine (the only kind of plain-http issuer accepted). */
export function isLoopbackIssuer(value: string): boolean {
  const url = parsedUrl(value);
  return url !== null && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The Single sign-on tab. An empty issuer turns single sign-on off. An absent clientSecret keeps the
 * stored one; `passwordSignIn: false` leaves the password form to the owner only (the first admin).
 */
export const updateSsoInput = z.object({
  issuer: z
    .string({ error: ISSUER_INVALID })
    .trim()
    .max(LIMITS.url, ISSUER_INVALID)
    .refine((value) => value === '' || isAcceptableIssuer(value), ISSUER_INVALID)
    .transform((value) => value.replace(/\/+$/, '')),
  clientId: z.string({ error: CLIENT_ID_REQUIRED }).trim().max(LIMITS.shortText, tooLong(LIMITS.shortText)).refine(isOneLine, ONE_LINE_MESSAGE),
  clientSecret: z.string({ error: SECRET_TOO_LONG }).max(LIMITS.longText, SECRET_TOO_LONG).optional(),
  buttonLabel: z.string({ error: BUTTON_LABEL_REQUIRED }).trim().max(60, tooLong(60)).refine(isOneLine, ONE_LINE_MESSAGE),
  allowedDomains: z
    .array(z.string({ error: DOMAIN_INVALID }).trim().toLowerCase().regex(DOMAIN, DOMAIN_INVALID), { error: DOMAIN_INVALID })
    .max(50, DOMAIN_INVALID)
    .default([]),
  passwordSignIn: z.boolean().default(true),
}).superRefine((value, ctx) => {
  if (value.issuer === '') return;
  if (value.clientId === '') ctx.addIssue({ code: 'custom', path: ['clientId'], message: CLIENT_ID_REQUIRED });
  if (value.buttonLabel === '') ctx.addIssue({ code: 'custom', path: ['buttonLabel'], message: BUTTON_LABEL_REQUIRED });
});
export type UpdateSsoInput = z.output<typeof updateSsoInput>;

/** The tab as an admin reads it: never the secret, only whether one is stored. */
export interface SsoSettingsView {
  issuer: string;
  clientId: string;
  hasClientSecret: boolean;
  buttonLabel: string;
  allowedDomains: string[];
  passwordSignIn: boolean;
  /** The address to register at the provider. */
  redirectUri: string;
}

/** What the sign-in page offers. */
export interface SignInOptions {
  sso: { label: string } | null;
  passwordSignIn: boolean;
}

/** Why a single sign-on came back to the sign-in page without a session (?sso=...). */
export const SSO_FAILURES = ['failed', 'unverified', 'no-account', 'off', 'password-only'] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

export const SSO_PATHS = { start: '/auth/sso/start', callback: '/auth/sso/callback' } as const;
