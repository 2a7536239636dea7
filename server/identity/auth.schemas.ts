import { z } from 'zod';
import { idInput, LIMITS, listInputBase, requiredEmail, requiredLine } from '@server/shared/common.schemas';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@server/settings/settings.schemas';

export const ROLES = ['admin', 'user'] as const;
export const ROLE_LABELS = { admin: 'Administrator', user: 'User' } as const;

export const signInInput = z.object({
  email: requiredEmail('Email is required', 'Please enter a valid email address'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(MAX_PASSWORD_LENGTH, 'Password is too long'),
});

export const newPassword = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters long')
  .max(MAX_PASSWORD_LENGTH, 'Password is too long');

export const changePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required to set a new password' })
      .min(1, 'Current password is required to set a new password')
      .max(MAX_PASSWORD_LENGTH, 'Password is too long'),
    newPassword: z
      .string({ error: 'New password must be at least 8 characters long' })
      .min(MIN_PASSWORD_LENGTH, 'New password must be at least 8 characters long')
      .max(MAX_PASSWORD_LENGTH, 'Password is too long'),
    confirmPassword: z.string({ error: 'New passwords do not match' }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'New passwords do not match',
  });

export const setupAdminInput = z.object({
  token: z.string({ error: 'Setup token is required' }).min(1, 'Setup token is required').max(200),
  name: requiredLine('Name is required', LIMITS.name),
  email: requiredEmail('Email is required', 'Please enter a valid email address'),
  password: newPassword,
});

const role = z.enum(ROLES, { error: 'Role is required' });

export const createUserInput = z.object({
  name: requiredLine('Name is required', LIMITS.name),
  email: requiredEmail('Email is required', 'Please enter a valid email address'),
  password: newPassword,
  role,
});

export const updateUserInput = z.object({
  id: idInput,
  name: requiredLine('Name is required', LIMITS.name),
  email: requiredEmail('Email is required', 'Please enter a valid email address'),
  role,
});

export const userListInput = listInputBase.extend({
  role: z.enum(['all', ...ROLES]).default('all'),
});
