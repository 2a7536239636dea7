// Inputs of two-factor sign-in, shared with the client's forms.
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '@server/settings/settings.schemas';

/** A 6-digit code from the app or a recovery code; spaces are ignored ('123 456'). */
export const verificationCode = z
  .string({ error: 'Verification code is required' })
  .max(64, 'Invalid verification code.')
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => value !== '', 'Verification code is required');

export const twoFactorCodeInput = z.object({ code: verificationCode });

const accountPassword = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(MAX_PASSWORD_LENGTH, 'Password is too long');

/** Turning two-factor on: the account's password and a current code from the new authenticator. */
export const enableTwoFactorInput = z.object({ password: accountPassword, code: verificationCode });

export const disableTwoFactorInput = z.object({
  password: accountPassword,
  code: verificationCode,
});
