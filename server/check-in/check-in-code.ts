// Check-in codes: 10 characters from an alphabet without look-alikes (no I, L, O, U, 0 or 1), so a
// code read out or typed at the door is rarely mistaken; 30^10 (about 6e14) codes.
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const CHECK_IN_CODE_LENGTH = 10;

export function newCheckInCode(): string {
  let code = '';
  for (let index = 0; index < CHECK_IN_CODE_LENGTH; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
