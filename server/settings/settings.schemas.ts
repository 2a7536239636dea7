import { z } from 'zod';
import { LANGUAGE_CODES, type Language } from '@server/shared/i18n/languages';
import { LIMITS, NAME_REQUIRED, optionalText, optionalUrl, requiredEmail, requiredLine, requiredText } from '@server/shared/common.schemas';
import { keyed, type KeyedText } from '@server/shared/i18n/schema-messages';
import type { KeyTaking } from '@server/shared/i18n/message';
import { isTimeZone } from '@server/shared/time';
import { isCurrencyCode } from '@server/shared/money';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const SESSION_TIMEOUT_RANGE = { min: 15, max: 480, default: 60 } as const;
export const MAX_FILE_SIZE_RANGE = { min: 1, max: 100, default: 10 } as const;
export const DEFAULT_SMTP_PORT = 587;
export const REMINDER_HOURS_RANGE = { min: 0, max: 168, default: 24 } as const;
export const OUTBOX_RETENTION_DAYS_RANGE = { min: 1, max: 3650, default: 90 } as const;
/** Days an unpaid booking of a paid session holds its seat (never past the session's start). */
export const PAYMENT_DEADLINE_DAYS_RANGE = { min: 1, max: 60, default: 7 } as const;
export const EMAIL_GIVE_UP_HOURS_RANGE = { min: 1, max: 168, default: 24 } as const;
export const BACKUP_KEEP_RANGE = { min: 1, max: 90, default: 7 } as const;
export const BACKUP_SCHEDULES = ['off', 'daily'] as const;

/** A whole number in `range`, whose every failure says `english` (which names the range). */
function wholeNumberIn(range: { min: number; max: number }, key: KeyTaking<'min' | 'max'>, english: string) {
  const message: KeyedText = keyed(key, english, { min: range.min, max: range.max });
  return z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);
}

export const PASSWORD_REQUIRED = keyed('api.auth.passwordRequired', 'Password is required');
export const PASSWORD_TOO_LONG = keyed('api.auth.passwordTooLong', 'Password is too long');
export const CURRENT_PASSWORD_REQUIRED = keyed('api.auth.currentPasswordRequired', 'Current password is required to set a new password');
export const NEW_PASSWORD_TOO_SHORT = keyed('api.auth.newPasswordTooShort', `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`, {
  min: MIN_PASSWORD_LENGTH,
});
export const PASSWORDS_DIFFER = keyed('api.auth.passwordsDiffer', 'New passwords do not match');

const PROFILE_EMAIL = keyed('api.settings.profileEmail', 'Valid email address is required');

export const profileSettingsInput = z.object({
  name: requiredLine(NAME_REQUIRED, LIMITS.name),
  email: requiredEmail(PROFILE_EMAIL, PROFILE_EMAIL),
  avatarUrl: optionalUrl(),
  /** Needed only when the e-mail changes: the sign-in address is the account's key. */
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG).optional(),
});

const optionalPassword = z
  .string()
  .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG)
  .optional()
  .transform((value) => value ?? '');

export const securitySettingsInput = z
  .object({
    currentPassword: optionalPassword,
    newPassword: optionalPassword,
    confirmPassword: optionalPassword,
    sessionTimeout: wholeNumberIn(SESSION_TIMEOUT_RANGE, 'api.settings.sessionTimeout', `Session timeout must be between ${SESSION_TIMEOUT_RANGE.min} and ${SESSION_TIMEOUT_RANGE.max} minutes`),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword === '' && value.confirmPassword === '') return;
    if (value.currentPassword === '') {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: CURRENT_PASSWORD_REQUIRED });
    }
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DIFFER });
    }
    if (value.newPassword.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: NEW_PASSWORD_TOO_SHORT });
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
  language: z.enum(LANGUAGE_CODES as [Language, ...Language[]], { error: keyed('api.settings.language', 'Language is required') }),
});

const BACKUP_TIME_MESSAGE = keyed('api.settings.backupTime', 'Please enter a time as HH:MM');
export const MEETING_BASE_URL_MESSAGE = keyed('api.settings.meetingBaseUrl', 'Please enter an https:// address, such as https://meet.example.org');
const TIMEZONE_MESSAGE = keyed('api.settings.timezone', 'Please choose a timezone');
const CURRENCY_MESSAGE = keyed('api.settings.currency', 'Please choose a currency (an ISO 4217 code such as EUR)');

/** The System group as stored: every field set. */
export const systemSettingsFields = {
  siteName: requiredText(keyed('api.settings.siteName', 'Site name is required'), LIMITS.title),
  siteDescription: optionalText(LIMITS.longText),
  /** Any IANA zone the runtime knows ('Europe/Paris', 'Asia/Singapore'), or UTC. */
  timezone: z.string({ error: TIMEZONE_MESSAGE }).trim().refine(isTimeZone, TIMEZONE_MESSAGE),
  maintenanceMode: z.boolean(),
  allowRegistrations: z.boolean(),
  maxFileSize: wholeNumberIn(MAX_FILE_SIZE_RANGE, 'api.settings.maxFileSize', `Max file size must be between ${MAX_FILE_SIZE_RANGE.min} and ${MAX_FILE_SIZE_RANGE.max} MB`),
  /** Hours before a booked slot that its reminder goes out; 0 sends none. */
  reminderHours: wholeNumberIn(REMINDER_HOURS_RANGE, 'api.settings.reminder', `Reminder before a booked slot must be between ${REMINDER_HOURS_RANGE.min} and ${REMINDER_HOURS_RANGE.max} hours`),
  /** Days a sent e-mail stays in the outbox; failed ones stay until retried or dismissed. */
  outboxRetentionDays: wholeNumberIn(OUTBOX_RETENTION_DAYS_RANGE, 'api.settings.retention', `Keep sent e-mails must be between ${OUTBOX_RETENTION_DAYS_RANGE.min} and ${OUTBOX_RETENTION_DAYS_RANGE.max} days`),
  /** A message that keeps failing is retried (1, 5, 15 minutes, then hourly) for this long, then marked failed. */
  emailGiveUpHours: wholeNumberIn(EMAIL_GIVE_UP_HOURS_RANGE, 'api.settings.giveUp', `Give up on an e-mail after must be between ${EMAIL_GIVE_UP_HOURS_RANGE.min} and ${EMAIL_GIVE_UP_HOURS_RANGE.max} hours`),
  /** Automatic backups: off, or daily at `backupTime` in the site's timezone, keeping the last `backupKeep`. */
  backupSchedule: z.enum(BACKUP_SCHEDULES, { error: keyed('api.settings.backupSchedule', 'Please choose when to back up') }),
  backupTime: z.string({ error: BACKUP_TIME_MESSAGE }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, BACKUP_TIME_MESSAGE),
  backupKeep: wholeNumberIn(BACKUP_KEEP_RANGE, 'api.settings.backupKeep', `Backups to keep must be between ${BACKUP_KEEP_RANGE.min} and ${BACKUP_KEEP_RANGE.max}`),
  /**
   * Where a consultation type that makes a room per consultation makes it: a self-hosted Jitsi,
   * for instance (https://meet.example.org, a room is <base>/<firm>-<random words>); null: none.
   */
  meetingBaseUrl: optionalText(LIMITS.url).refine((value) => value === null || /^https:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(value), MEETING_BASE_URL_MESSAGE),
  /** The currency of paid sessions (ISO 4217); a session keeps the currency it was priced in. */
  currency: z.string({ error: CURRENCY_MESSAGE }).trim().toUpperCase().refine(isCurrencyCode, CURRENCY_MESSAGE),
  /** Whether session prices are entered (and shown) including tax; else excluding it, as B2B firms quote. */
  pricesIncludeTax: z.boolean(),
  /** Days after booking that a paid booking must be paid by; the session's start when that is sooner. */
  paymentDeadlineDays: wholeNumberIn(PAYMENT_DEADLINE_DAYS_RANGE, 'api.settings.paymentDeadline', `Payment deadline must be between ${PAYMENT_DEADLINE_DAYS_RANGE.min} and ${PAYMENT_DEADLINE_DAYS_RANGE.max} days`),
};
export type SystemSettings = z.output<z.ZodObject<typeof systemSettingsFields>>;

/**
 * An update of the System group. The name, time zone, switches and upload size are required; every
 * other field may be left out and then keeps its stored value (an API client that does not know a
 * field must not erase it): the description, to clear it, is sent as '' or null.
 */
export const systemSettingsInput = z.object({
  ...systemSettingsFields,
  siteDescription: systemSettingsFields.siteDescription.optional(),
  reminderHours: systemSettingsFields.reminderHours.optional(),
  outboxRetentionDays: systemSettingsFields.outboxRetentionDays.optional(),
  emailGiveUpHours: systemSettingsFields.emailGiveUpHours.optional(),
  backupSchedule: systemSettingsFields.backupSchedule.optional(),
  backupTime: systemSettingsFields.backupTime.optional(),
  backupKeep: systemSettingsFields.backupKeep.optional(),
  meetingBaseUrl: systemSettingsFields.meetingBaseUrl.optional(),
  currency: systemSettingsFields.currency.optional(),
  pricesIncludeTax: systemSettingsFields.pricesIncludeTax.optional(),
  paymentDeadlineDays: systemSettingsFields.paymentDeadlineDays.optional(),
});
export type SystemSettingsInput = z.input<typeof systemSettingsInput>;
/** An update as parsed: a field left out is undefined (kept). */
export type SystemSettingsUpdate = z.output<typeof systemSettingsInput>;

const PORT_MESSAGE = keyed('api.settings.smtpPort', 'Valid SMTP port is required (1-65535)');
const FROM_MESSAGE = keyed('api.settings.fromEmail', 'Valid from email address is required');

export const emailSettingsInput = z
  .object({
    smtpHost: optionalText(LIMITS.shortText),
    smtpPort: z.number({ error: PORT_MESSAGE }).int(PORT_MESSAGE).min(1, PORT_MESSAGE).max(65535, PORT_MESSAGE).nullish(),
    smtpUser: optionalText(LIMITS.shortText),
    /** Absent keeps the stored password; a string (even empty) replaces it. Never read back. */
    smtpPassword: z.string().max(LIMITS.shortText, PASSWORD_TOO_LONG).optional(),
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

