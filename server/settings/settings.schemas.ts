import { z } from 'zod';
import { LANGUAGE_CODES, type Language } from '@server/shared/i18n/languages';
import { LIMITS, optionalText, optionalUrl, requiredEmail, requiredLine, requiredText } from '@server/shared/common.schemas';
import { isTimeZone } from '@server/shared/time';

export const TIMEZONE_MESSAGE = 'Please choose a timezone';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const SESSION_TIMEOUT_RANGE = { min: 15, max: 480, default: 60 } as const;
export const MAX_FILE_SIZE_RANGE = { min: 1, max: 100, default: 10 } as const;
export const DEFAULT_SMTP_PORT = 587;
export const REMINDER_HOURS_RANGE = { min: 0, max: 168, default: 24 } as const;
export const OUTBOX_RETENTION_DAYS_RANGE = { min: 1, max: 3650, default: 90 } as const;
const REMINDER_MESSAGE = 'Reminder before a booked slot must be between 0 and 168 hours';
const RETENTION_MESSAGE = 'Keep sent e-mails must be between 1 and 3650 days';
export const EMAIL_GIVE_UP_HOURS_RANGE = { min: 1, max: 168, default: 24 } as const;
const GIVE_UP_MESSAGE = 'Give up on an e-mail after must be between 1 and 168 hours';
export const BACKUP_KEEP_RANGE = { min: 1, max: 90, default: 7 } as const;
const BACKUP_KEEP_MESSAGE = 'Backups to keep must be between 1 and 90';
export const BACKUP_SCHEDULES = ['off', 'daily'] as const;

export const profileSettingsInput = z.object({
  name: requiredLine('Name is required', LIMITS.name),
  email: requiredEmail('Valid email address is required', 'Valid email address is required'),
  avatarUrl: optionalUrl(),
  /** Needed only when the e-mail changes: the sign-in address is the account's key. */
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH, 'Password is too long').optional(),
});

const optionalPassword = z
  .string()
  .max(MAX_PASSWORD_LENGTH, 'Password is too long')
  .optional()
  .transform((value) => value ?? '');

export const securitySettingsInput = z
  .object({
    currentPassword: optionalPassword,
    newPassword: optionalPassword,
    confirmPassword: optionalPassword,
    sessionTimeout: z
      .number({ error: 'Session timeout must be between 15 and 480 minutes' })
      .int('Session timeout must be between 15 and 480 minutes')
      .min(SESSION_TIMEOUT_RANGE.min, 'Session timeout must be between 15 and 480 minutes')
      .max(SESSION_TIMEOUT_RANGE.max, 'Session timeout must be between 15 and 480 minutes'),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword === '' && value.confirmPassword === '') return;
    if (value.currentPassword === '') {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Current password is required to set a new password' });
    }
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'New passwords do not match' });
    }
    if (value.newPassword.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'New password must be at least 8 characters long' });
    }
  });
export type SecuritySettingsInput = z.input<typeof securitySettingsInput>;

export const notificationSettingsInput = z.object({
  emailNotifications: z.boolean(),
  newBookings: z.boolean(),
  newContacts: z.boolean(),
  systemAlerts: z.boolean(),
  weeklyReports: z.boolean(),
  /** The language of the notices this account receives. */
  language: z.enum(LANGUAGE_CODES as [Language, ...Language[]], { error: 'Language is required' }),
});

/**
 * The System group. The name, time zone, switches and upload size are required; every other field
 * may be left out and then keeps its stored value (an API client that does not know a field must
 * not erase it): the description, to clear it, is sent as '' or null.
 */
export const systemSettingsInput = z.object({
  siteName: requiredText('Site name is required', LIMITS.title),
  siteDescription: z
    .string({ error: 'Must be text' })
    .trim()
    .max(LIMITS.longText, `Must be at most ${LIMITS.longText} characters`)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  /** Any IANA zone the runtime knows ('Europe/Paris', 'Asia/Singapore'), or UTC. */
  timezone: z.string({ error: TIMEZONE_MESSAGE }).trim().refine(isTimeZone, TIMEZONE_MESSAGE),
  maintenanceMode: z.boolean(),
  allowRegistrations: z.boolean(),
  maxFileSize: z
    .number({ error: 'Max file size must be between 1 and 100 MB' })
    .int('Max file size must be between 1 and 100 MB')
    .min(MAX_FILE_SIZE_RANGE.min, 'Max file size must be between 1 and 100 MB')
    .max(MAX_FILE_SIZE_RANGE.max, 'Max file size must be between 1 and 100 MB'),
  /** Hours before a booked slot that its reminder goes out; 0 sends none. */
  reminderHours: z
    .number({ error: REMINDER_MESSAGE })
    .int(REMINDER_MESSAGE)
    .min(REMINDER_HOURS_RANGE.min, REMINDER_MESSAGE)
    .max(REMINDER_HOURS_RANGE.max, REMINDER_MESSAGE)
    .optional(),
  /** Days a sent e-mail stays in the outbox; failed ones stay until retried or dismissed. */
  outboxRetentionDays: z
    .number({ error: RETENTION_MESSAGE })
    .int(RETENTION_MESSAGE)
    .min(OUTBOX_RETENTION_DAYS_RANGE.min, RETENTION_MESSAGE)
    .max(OUTBOX_RETENTION_DAYS_RANGE.max, RETENTION_MESSAGE)
    .optional(),
  /** A message that keeps failing is retried (1, 5, 15 minutes, then hourly) for this long, then marked failed. */
  emailGiveUpHours: z
    .number({ error: GIVE_UP_MESSAGE })
    .int(GIVE_UP_MESSAGE)
    .min(EMAIL_GIVE_UP_HOURS_RANGE.min, GIVE_UP_MESSAGE)
    .max(EMAIL_GIVE_UP_HOURS_RANGE.max, GIVE_UP_MESSAGE)
    .optional(),
  /** Automatic backups: off, or daily at `backupTime` in the site's timezone, keeping the last `backupKeep`. */
  backupSchedule: z.enum(BACKUP_SCHEDULES, { error: 'Please choose when to back up' }).optional(),
  backupTime: z
    .string({ error: 'Please enter a time as HH:MM' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please enter a time as HH:MM')
    .optional(),
  backupKeep: z
    .number({ error: BACKUP_KEEP_MESSAGE })
    .int(BACKUP_KEEP_MESSAGE)
    .min(BACKUP_KEEP_RANGE.min, BACKUP_KEEP_MESSAGE)
    .max(BACKUP_KEEP_RANGE.max, BACKUP_KEEP_MESSAGE)
    .optional(),
});
export type SystemSettingsInput = z.input<typeof systemSettingsInput>;
/** An update as parsed: a field left out is undefined (kept). */
export type SystemSettingsUpdate = z.output<typeof systemSettingsInput>;
/** The stored group: every field set. */
export type SystemSettings = { [K in keyof SystemSettingsUpdate]-?: Exclude<SystemSettingsUpdate[K], undefined> };

const PORT_MESSAGE = 'Valid SMTP port is required (1-65535)';
const FROM_MESSAGE = 'Valid from email address is required';

export const emailSettingsInput = z
  .object({
    smtpHost: optionalText(LIMITS.shortText),
    smtpPort: z.number({ error: PORT_MESSAGE }).int(PORT_MESSAGE).min(1, PORT_MESSAGE).max(65535, PORT_MESSAGE).nullish(),
    smtpUser: optionalText(LIMITS.shortText),
    /** Absent keeps the stored password; a string (even empty) replaces it. Never read back. */
    smtpPassword: z.string().max(LIMITS.shortText, 'Password is too long').optional(),
    fromEmail: optionalText(LIMITS.email),
    fromName: optionalText(LIMITS.name),
  })
  .superRefine((value, ctx) => {
    if (value.smtpHost !== null && (value.smtpPort === null || value.smtpPort === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['smtpPort'], message: PORT_MESSAGE });
    }
    const fromEmailValid = value.fromEmail !== null && z.email().safeParse(value.fromEmail).success;
    if ((value.smtpHost !== null || value.fromEmail !== null) && !fromEmailValid) {
      ctx.addIssue({ code: 'custom', path: ['fromEmail'], message: FROM_MESSAGE });
    }
  })
  .transform((value) => ({ ...value, smtpPort: value.smtpPort ?? null, fromEmail: value.fromEmail?.toLowerCase() ?? null }));
export type EmailSettingsInput = z.input<typeof emailSettingsInput>;

