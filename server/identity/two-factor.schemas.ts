// Inputs of two-factor sign-in, shared with the client's forms.
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, PASSWORD_REQUIRED, PASSWORD_TOO_LONG } from '@server/settings/settings.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';

const CODE_REQUIRED = keyed('api.auth.codeRequired', 'Verification code is required');

/** A 6-digit code from the app or a recovery code; spaces are ignored ('123 456'). */
export const verificationCode = z
  .string({ error: CODE_REQUIRED })
  .max(64, keyed('api.auth.invalidCode', 'Invalid verification code.'))
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => value !== '', CODE_REQUIRED);

export const twoFactorCodeInput = z.object({ code: verificationCode });

const accountPassword = z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG);

/** Turning two-factor on: the account's password and a current code from the new authenticator. */
export const enableTwoFactorInput = z.object({ password: accountPassword, code: verificationCode });

export const disableTwoFactorInput = z.object({
  password: accountPassword,
  code: verificationCode,
});
