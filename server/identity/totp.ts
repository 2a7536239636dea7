// Time-based one-time passwords (RFC 6238, 30-second steps, 6 digits, HMAC-SHA1: what every
// authenticator app understands) on @oslojs/otp, and the single-use recovery codes.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { encodeBase32UpperCaseNoPadding, decodeHex, encodeHexLowerCase } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock drift accepted either way: a phone a little fast or slow still works. */
export const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

export interface NewTotpKey {
  /** Stored server-side, hex. */
  hex: string;
  /** What a person types into an app without a camera. */
  base32: string;
  uri: string;
}

/** A new key for `accountName`; the authenticator app lists it under `issuer` (the Site Name). */
export function newTotpKey(accountName: string, issuer: string): NewTotpKey {
  const key = new Uint8Array(randomBytes(20));
  return {
    hex: encodeHexLowerCase(key),
    base32: encodeBase32UpperCaseNoPadding(key),
    uri: createTOTPKeyURI(issuer, accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS),
  };
}

export function timeStep(now = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

export function looksLikeTotp(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/**
 * The time step whose code this is (within the drift allowed around `now`), or null. The caller
 * refuses steps at or before the last one used, so a code signs in once.
 */
export function matchTotpStep(secretHex: string, code: string, now = Date.now()): number | null {
  if (!looksLikeTotp(code)) return null;
  const key = decodeHex(secretHex);
  const current = timeStep(now);
  for (let offset = -TOTP_DRIFT_STEPS; offset <= TOTP_DRIFT_STEPS; offset += 1) {
    const step = current + offset;
    if (constantTimeEqual(generateHOTP(key, BigInt(step), TOTP_DIGITS), code)) return step;
  }
  return null;
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

// No 0/o, 1/l/i: easy to read off paper and type.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten characters (about 49 bits) shown as xxxxx-xxxxx. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Recovery codes are random, so a plain SHA-256 is enough to keep a leaked database from using them. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}
