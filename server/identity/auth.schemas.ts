import { z } from 'zod';
import { idInput, LIMITS, listInputBase, NAME_REQUIRED, requiredEmail, requiredLine } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';
import {
  CURRENT_PASSWORD_REQUIRED,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  NEW_PASSWORD_TOO_SHORT,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_LONG,
  PASSWORDS_DIFFER,
} from '@server/settings/settings.schemas';

export const ROLES = ['admin', 'user'] as const;
export const ROLE_LABELS = { admin: 'Administrator', user: 'User' } as const;

export const signInInput = z.object({
  email: requiredEmail(),
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
});

export const newPassword = z
  .string({ error: PASSWORD_REQUIRED })
  .min(MIN_PASSWORD_LENGTH, keyed('api.auth.passwordTooShort', `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`, { min: MIN_PASSWORD_LENGTH }))
  .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG);

export const changePasswordInput = z
  .object({
    currentPassword: z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
    newPassword: z.string({ error: NEW_PASSWORD_TOO_SHORT }).min(MIN_PASSWORD_LENGTH, NEW_PASSWORD_TOO_SHORT).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
    confirmPassword: z.string({ error: PASSWORDS_DIFFER }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER,
  });

const SETUP_TOKEN_REQUIRED = keyed('api.auth.setupTokenRequired', 'Setup token is required');

export const setupAdminInput = z.object({
  token: z.string({ error: SETUP_TOKEN_REQUIRED }).min(1, SETUP_TOKEN_REQUIRED).max(200),
  name: requiredLine(NAME_REQUIRED, LIMITS.name),
  email: requiredEmail(),
  password: newPassword,
});

const role = z.enum(ROLES, { error: keyed('api.roleRequired', 'Role is required') });

export const createUserInput = z.object({
  name: requiredLine(NAME_REQUIRED, LIMITS.name),
  email: requiredEmail(),
  password: newPassword,
  role,
});

export const updateUserInput = z.object({
  id: idInput,
  name: requiredLine(NAME_REQUIRED, LIMITS.name),
  email: requiredEmail(),
  role,
});

export const userListInput = listInputBase.extend({
  role: z.enum(['all', ...ROLES]).default('all'),
});
